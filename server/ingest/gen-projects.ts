// Private-sector project leads with their contacts, status updates and documents.
import { Batch } from "./bulk.js";
import type { CompanyIndex, CompanyRef } from "./gen-companies.js";
import { STATE_WEIGHTS, STATES } from "./india-data.js";
import { Rng } from "./prng.js";
import {
  CONCRETE_GRADES, DESCRIPTION_DETAILS, DESCRIPTION_OPENERS, MATERIAL_KEYWORDS, PROJECT_SOURCES, SECTORS, STAGES, STATUS_ORDER,
  STATUS_WEIGHTS, STEEL_GRADES, type SectorInfo,
} from "./templates.js";
import { addDays, DAY, fill, indianNumber, iso, isoDate, roundValue } from "./text.js";

export const MIN_PROJECT_VALUE = 1e6; // 10 lakh
export const MAX_PROJECT_VALUE = 5e10; // 5,000 crore

export interface ProjectBatches {
  projects: Batch;
  contacts: Batch;
  statusUpdates: Batch;
  documents: Batch;
}

export function newProjectBatches(): ProjectBatches {
  return {
    projects: new Batch("projects", [
      ["id", "bigint"], ["title", "text"], ["description", "text"], ["category", "text"], ["is_ai", "bool"], ["project_type", "text[]"],
      ["sector", "text"], ["ownership", "text"], ["status", "text"], ["stage", "text"], ["value", "numeric"], ["state", "text"],
      ["district", "text"], ["city", "text"], ["pincode", "text"], ["address", "text"], ["owner_company_id", "bigint"],
      ["architect_company_id", "bigint"], ["contractor_company_id", "bigint"], ["owner_name", "text"], ["start_date", "date"],
      ["completion_date", "date"], ["retrieved_on", "timestamptz"], ["reviewed_date", "timestamptz"], ["arrived_date", "timestamptz"],
      ["keywords", "text[]"], ["source", "text"], ["area_sq_ft", "numeric"], ["created_at", "timestamptz"], ["updated_at", "timestamptz"],
    ]),
    contacts: new Batch("project_contacts", [["project_id", "bigint"], ["contact_id", "bigint"], ["role", "text"]]),
    statusUpdates: new Batch("project_status_updates", [["project_id", "bigint"], ["old_status", "text"], ["new_status", "text"], ["note", "text"], ["created_at", "timestamptz"]]),
    documents: new Batch("project_documents", [["project_id", "bigint"], ["title", "text"], ["body", "text"], ["specs", "jsonb"], ["contacts", "jsonb"], ["created_at", "timestamptz"]]),
  };
}

/** Below this value (₹50 crore) titles that promise towers, townships or campuses are not used. */
const BIG_PROJECT = 5e8;
const BIG_WORDS = /towers|township|campus|hyperscale|integrated|five-star|medical college|metro|IT park|elevated corridor|Grade-A/i;

/** Construction cost per sq ft by sector (rupees): [min, max]. */
const BUILD_RATE: Record<string, [number, number]> = {
  Residential: [2500, 5000], Commercial: [3500, 7000], Hospitality: [6000, 12000], Healthcare: [5000, 9000], Education: [2500, 4500], Retail: [3000, 5000],
};
/** Cost per unit of capacity by sector (rupees): MW, MTPA, TPD, km, MLD … */
const CAPACITY_RATE: Record<string, Record<string, [number, number]>> = {
  Cement: { mtpa: [2.5e9, 9e9] },
  Steel: { mtpa: [3e10, 6e10], tpd: [1e6, 3e6] },
  Chemicals: { tpd: [3e6, 1e7] },
  "Food Processing": { lpd: [2e8, 4e8], tpd: [5e5, 1e6] },
  Power: { mw: [6e7, 9e7] },
  "Data Centre": { mw: [4e8, 6e8] },
  "Renewable Energy": { mw: [4e7, 6.5e7] },
  Infrastructure: { km: [3e8, 1.2e9], mld: [1e7, 2.5e7] },
  "Oil & Gas": { km: [1e7, 2e7] },
  Textiles: { spindles: [35000, 60000] },
  "Warehousing & Logistics": { sqft: [1.5e8, 2.5e8] },
};

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/** Sizes for the title placeholders, derived from the value. */
export function magnitudes(rng: Rng, sector: SectorInfo, value: number): { area: number | null; vars: Record<string, number> } {
  const rate = BUILD_RATE[sector.name];
  const cap = CAPACITY_RATE[sector.name] ?? {};
  const per = (k: string, dflt: [number, number]) => value / rng.float(...(cap[k] ?? dflt));
  const area = rate ? Math.round(clamp(value / rng.float(...rate), 1500, 2e7) / 100) * 100 : null;
  const a = area ?? value / 4000;
  const towers = Math.round(clamp(a / 300_000, 2, 14));
  const floorplate = rng.float(6000, 12000);
  return {
    area,
    vars: {
      towers,
      floors: Math.round(clamp(a / towers / floorplate, 3, 60)),
      units: Math.round(clamp(a / 1200, 8, 5000) / 2) * 2,
      sqft: Math.round(clamp(sector.name === "Warehousing & Logistics" ? per("sqft", [1.5e8, 2.5e8]) : a / 1e5, 0.5, 80) * 10) / 10,
      acres: Math.round(clamp(sector.category === "industrial" ? value / rng.float(2e7, 1e8) : a / 60_000, 2, 1500)),
      keys: Math.round(clamp(a / 900, 20, 600) / 5) * 5,
      beds: Math.round(clamp(a / 900, 20, 1500) / 10) * 10,
      rooms: Math.round(clamp(a / 1100, 6, 150)),
      km: Math.round(clamp(per("km", [3e8, 1.2e9]), 1, 400) * 10) / 10,
      mld: Math.round(clamp(per("mld", [1e7, 2.5e7]), 1, 500)),
      mtpa: Math.round(clamp(per("mtpa", [3e9, 9e9]), 0.1, 12) * 10) / 10,
      tpd: Math.round(clamp(per("tpd", [3e6, 1e7]), 5, 20_000) / 5) * 5,
      mw: Math.round(clamp(per("mw", [5e7, 9e7]), 1, 2400)),
      lpd: Math.round(clamp(per("lpd", [2e8, 4e8]), 0.5, 40) * 10) / 10,
      spindles: Math.round(clamp(per("spindles", [35000, 60000]), 2000, 200_000) / 1000) * 1000,
    },
  };
}

/** Per state, the districts with industrial areas (all districts if none has one). */
const INDUSTRIAL_DISTRICTS = new Map(
  STATES.map((s) => [s.name, s.districts.some((d) => d.industrial.length) ? s.districts.filter((d) => d.industrial.length) : s.districts]),
);
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const SECTOR_WEIGHTS: [SectorInfo, number][] = SECTORS.map((s) => [s, s.weight]);
const UPDATE_REASONS = [
  "as per the latest RERA quarterly update",
  "confirmed over a call with the site office",
  "following the board approval reported in a press release",
  "after the environmental clearance was granted",
  "as the EPC contract was signed",
  "on a field visit by our research team",
];

export class ProjectGenerator {
  constructor(private readonly rng: Rng, private readonly now: Date, private readonly companies: CompanyIndex) {}

  generate(id: number, b: ProjectBatches): void {
    const rng = this.rng;
    const now = this.now;
    const sector = rng.weighted(SECTOR_WEIGHTS);
    const construction = sector.category === "construction";
    const state = rng.weighted(STATE_WEIGHTS);
    const district = rng.pick(construction ? state.districts : INDUSTRIAL_DISTRICTS.get(state.name)!);
    const loc = !construction && district.industrial.length && rng.chance(0.8) ? rng.pick(district.industrial) : rng.pick(district.localities);
    const pincode = String(district.pincode + rng.int(0, 40));
    const river = rng.pick(state.rivers);
    // The value comes first; the sizes in the title follow from it, so a ₹2 crore lead is not a 40-storey tower.
    const hasValue = rng.chance(0.97);
    const v = Math.min(MAX_PROJECT_VALUE, Math.max(MIN_PROJECT_VALUE, roundValue(rng.logUniform(sector.value[0], sector.value[1], 1.25))));
    const value: number | null = hasValue ? v : null;
    const size = magnitudes(rng, sector, v);
    const vars: Record<string, string | number> = { loc, city: district.city, district: district.name, state: state.name, river, ...size.vars };
    const titles = v < BIG_PROJECT ? sector.titles.filter((t) => !BIG_WORDS.test(t)) : sector.titles;
    const title = fill(rng.pick(titles.length ? titles : sector.titles), vars);
    const status = rng.weighted(STATUS_WEIGHTS);
    const stage = rng.pick(STAGES[status]);

    const ownership = sector.name === "Infrastructure" ? rng.weighted([["public", 50], ["ppp", 25], ["private", 25]] as const) : rng.weighted([["private", 85], ["public", 8], ["ppp", 7]] as const);
    const owner = construction
      ? this.companies.pick(rng, sector.name === "Infrastructure" ? ["contractor", "developer"] : ["developer", "developer", "builder"], state.name)
      : this.companies.pick(rng, [`ind|${sector.name}`], state.name, 0.3);
    const advanced = status === "Awarded" || status === "Under Construction" || status === "Completed" || status === "On Hold";
    const contractor = rng.chance(advanced ? 0.9 : 0.2) ? this.companies.pick(rng, ["contractor"], state.name) : null;
    const architect = rng.chance(construction ? 0.7 : 0.15) ? this.companies.pick(rng, ["architect", "architect", "consultant"], state.name, 0.5) : null;
    const ownerName = owner?.name ?? null;

    // Dates: the lead was retrieved in the last ~120 days; work starts/ends around its status.
    const retrieved = new Date(now.getTime() - rng.float(0.05, 120) * DAY);
    const arrived = new Date(Math.min(now.getTime() - 60_000, retrieved.getTime() + rng.float(0, 2) * DAY));
    const reviewed = rng.chance(0.9) ? new Date(Math.min(now.getTime() - 1000, arrived.getTime() + rng.float(0.02, 3) * DAY)) : null;
    let start: Date;
    if (status === "Planning" || status === "Approval" || status === "Tendering") start = addDays(now, rng.int(30, 540));
    else if (status === "Awarded") start = addDays(now, rng.int(-60, 120));
    else if (status === "Completed") start = addDays(now, -rng.int(540, 1800));
    else start = addDays(now, -rng.int(30, 900));
    let completion = addDays(start, rng.int(9, 48) * 30);
    if (status === "Completed") completion = addDays(now, -rng.int(5, 300));
    else if (status !== "On Hold" && completion < now) completion = addDays(now, rng.int(60, 720));
    const months = Math.max(3, Math.round((completion.getTime() - start.getTime()) / (30 * DAY)));

    const types = rng.sample(sector.types, rng.chance(0.7) ? 1 : 2);
    const keywords = [...new Set([...rng.sample(MATERIAL_KEYWORDS, rng.int(2, 5)), sector.name.toLowerCase(), types[0].toLowerCase()])];
    const source = rng.weighted(PROJECT_SOURCES);
    const area = construction && value !== null && size.area ? size.area : null;
    const concrete = rng.pick(CONCRETE_GRADES);
    const steel = rng.pick(STEEL_GRADES);
    const completionText = `${MONTHS[completion.getUTCMonth()]} ${completion.getUTCFullYear()}`;
    const dvars = { ...vars, owner: ownerName ?? "The promoter", what: `the ${title.charAt(0).toLowerCase()}${title.slice(1)}`, source_lc: source.toLowerCase(), area: area ? indianNumber(area) : "1,00,000", parking: rng.int(1, 3), concrete, steel, completion: completionText, months };
    const sentences = [fill(rng.pick(DESCRIPTION_OPENERS), dvars)];
    for (const s of rng.sample(DESCRIPTION_DETAILS[sector.category], rng.int(1, 3))) sentences.push(fill(s, dvars));
    const description = sentences.join(" ");
    const created = arrived;

    b.projects.add(
      id, title, description, sector.category, rng.chance(0.05), types, sector.name, ownership, status, stage, value, state.name,
      district.name, district.city, pincode, `${loc}, ${district.city}, ${state.name} ${pincode}`, owner?.id ?? null,
      architect?.id ?? null, contractor?.id ?? null, ownerName, isoDate(start), isoDate(completion), iso(retrieved),
      reviewed ? iso(reviewed) : null, iso(arrived), keywords, source, area, iso(created), iso(reviewed ?? arrived),
    );

    // 1–4 contacts from the owner, contractor and architect.
    const pool: [CompanyRef, string][] = [];
    if (owner) pool.push([owner, "owner"]);
    if (contractor) pool.push([contractor, "contractor"]);
    if (architect) pool.push([architect, architect.type === "consultant" ? "consultant" : "architect"]);
    const want = rng.int(1, 4);
    const seen = new Set<number>();
    for (let i = 0; i < want * 2 && seen.size < want && pool.length; i++) {
      const [company, role] = i === 0 ? pool[0] : rng.pick(pool);
      if (!company.contactIds.length) continue;
      const cid = rng.pick(company.contactIds);
      if (seen.has(cid)) continue;
      seen.add(cid);
      b.contacts.add(id, cid, role);
    }

    // Some leads carry the history of how their status moved.
    const pos = STATUS_ORDER.indexOf(status);
    if ((pos > 0 || status === "On Hold") && rng.chance(0.3)) {
      const chain = status === "On Hold" ? ["Under Construction", "On Hold"] : STATUS_ORDER.slice(Math.max(0, pos - rng.int(1, 2)), pos + 1);
      const span = Math.max(0.1, (now.getTime() - arrived.getTime()) / DAY);
      for (let i = 1; i < chain.length; i++) {
        const at = new Date(arrived.getTime() + (span * i * rng.float(0.6, 1)) / chain.length * DAY);
        b.statusUpdates.add(id, chain[i - 1], chain[i], `Status changed from ${chain[i - 1]} to ${chain[i]} ${rng.pick(UPDATE_REASONS)}.`, iso(at));
      }
    }

    // And some have a document with extracted specifications.
    if (rng.chance(0.2)) {
      const specs = [{ item: "Concrete", spec: concrete }, { item: "Reinforcement", spec: steel }];
      if (area) specs.push({ item: "Built-up area", spec: `${indianNumber(area)} sq ft` });
      if (construction) specs.push({ item: "Cement", spec: rng.pick(["OPC 53 grade", "PPC", "PSC"]) }, { item: "Masonry", spec: rng.pick(["AAC blocks 200 mm", "Fly ash bricks", "Red clay bricks"]) });
      else specs.push({ item: "Sheds", spec: `PEB with ${rng.pick(["0.5 mm", "0.6 mm"])} Galvalume roofing` });
      const body = [
        `${title}.`,
        `Structural system: RCC frame in ${concrete} concrete with ${steel}${construction ? `; typical floor-to-floor height ${rng.pick(["3.0", "3.15", "3.3", "4.2"])} m` : "; heavy equipment foundations in M35"}.`,
        area ? `Total built-up area ${indianNumber(area)} sq ft across ${vars.towers} blocks.` : `Plant area about ${vars.acres} acres.`,
        `Estimated project cost ${value ? `₹${indianNumber(Math.round(value / 1e5))} lakh` : "not disclosed"}; scheduled completion ${completionText}.`,
      ].join(" ");
      const contacts = owner && owner.contactIds.length && rng.chance(0.5) ? [{ company: owner.name, role: "owner" }] : [];
      b.documents.add(id, rng.pick(["Project brief", "Environmental clearance summary", "RERA registration extract", "BOQ summary", "Site visit report"]), body, specs, contacts, iso(arrived));
    }
  }
}
