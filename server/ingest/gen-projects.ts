// Private-sector project leads with their contacts, status updates and documents.
import { Batch } from "./bulk.js";
import type { CompanyIndex, CompanyRef } from "./gen-companies.js";
import { STATES } from "./india-data.js";
import { PLANT_SITES, sitedPlace, stateFor } from "./plant-sites.js";
import { Rng } from "./prng.js";
import { PLACE_WORDS } from "./names.js";
import { keywordsFor, projectName, ratePerSqft, specsFor } from "./project-kinds.js";
import { documentsFor, historyFor, partiesFor } from "./project-story.js";
import {
  CITY_BODIES, CONCRETE_GRADES, DESCRIPTION_DETAILS, DESCRIPTION_OPENERS, PROJECT_SOURCES, SECTORS, STAGES, STATUS_WEIGHTS, STEEL_GRADES,
  type SectorInfo, type TitleEntry,
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

/** Cost per unit of capacity by sector (rupees): MW, MTPA, TPD, km, MLD … */
const CAPACITY_RATE: Record<string, Record<string, [number, number]>> = {
  Cement: { mtpa: [2.5e9, 9e9] },
  Steel: { mtpa: [3e10, 6e10], tpd: [1e6, 3e6] },
  Chemicals: { tpd: [3e6, 1e7] },
  "Food Processing": { lpd: [2e8, 4e8], tpd: [5e5, 1e6] },
  Power: { mw: [6e7, 9e7], km: [1.2e7, 2.5e7] },
  "Data Centre": { mw: [4e8, 6e8] },
  "Renewable Energy": { mw: [4e7, 6.5e7] },
  Infrastructure: { km: [3e8, 1.2e9], mld: [1e7, 2.5e7] },
  "Oil & Gas": { km: [1e7, 2e7] },
  Textiles: { spindles: [35000, 60000] },
  "Warehousing & Logistics": { sqft: [1.5e8, 2.5e8] },
};
/** Floor area per home, by type (sq ft, common areas included). */
const UNIT_AREA: Record<string, number> = { Villas: 2800, "Row Houses": 1600, "Affordable Housing": 520, Township: 1300 };

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/**
 * Sizes for the title placeholders, derived from the value: the built-up area is the value over
 * the type's cost per sq ft in the city's tier, and floors, homes, beds and keys follow from it.
 */
export function magnitudes(rng: Rng, sector: SectorInfo, value: number, type = sector.types[0], city = "Pune"): { area: number | null; vars: Record<string, number> } {
  const rate = sector.category === "construction" ? ratePerSqft(rng, type, city) : null;
  const cap = CAPACITY_RATE[sector.name] ?? {};
  const per = (k: string, dflt: [number, number]) => value / rng.float(...(cap[k] ?? dflt));
  const area = rate ? Math.round(clamp(value / rate, 1500, 2e7) / 100) * 100 : null;
  const a = area ?? value / 4000;
  const towers = Math.round(clamp(a / 300_000, 2, 14));
  const floorplate = rng.float(6000, 12000);
  return {
    area,
    vars: {
      towers,
      floors: Math.round(clamp(a / towers / floorplate, 3, 60)),
      storeys: Math.round(clamp(a / floorplate, 3, 45)),
      units: Math.round(clamp(a / (UNIT_AREA[type] ?? 1250), 8, 5000) / 2) * 2,
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

/** The public body that owns a public work of this type in this place. */
function publicOwner(rng: Rng, type: string, state: string, city: string): string {
  const city_ = CITY_BODIES[city] ?? `${city} Municipal Corporation`;
  if (type === "Road") return rng.pick(["National Highways Authority of India", `Public Works Department, ${state}`, `${state} Road Development Corporation`]);
  if (type === "Bridge" || type === "Flyover") return rng.pick([`Public Works Department, ${state}`, city_]);
  if (type === "Metro Rail") return `${state} Metro Rail Corporation`;
  return rng.pick([city_, `Public Health Engineering Department, ${state}`]);
}

/** A value in the title's range, within the sector's (log-uniform, skewed to smaller jobs). */
function valueFor(rng: Rng, sector: SectorInfo, entry: TitleEntry): number {
  const lo = Math.max(sector.value[0], entry[3] || 0);
  const hi = Math.min(sector.value[1], entry[4] || Infinity);
  return Math.min(MAX_PROJECT_VALUE, Math.max(MIN_PROJECT_VALUE, roundValue(rng.logUniform(lo, Math.max(lo * 1.5, hi), 1.25))));
}

export class ProjectGenerator {
  constructor(private readonly rng: Rng, private readonly now: Date, private readonly companies: CompanyIndex) {}

  generate(id: number, b: ProjectBatches): void {
    const rng = this.rng;
    const now = this.now;
    const sector = rng.weighted(SECTOR_WEIGHTS);
    const construction = sector.category === "construction";
    // The title decides the type and the value range; the sizes in it follow from the value and
    // the type's cost per sq ft in this city, so a ₹2 crore lead is not a 40-storey tower.
    const entry = rng.pick(sector.titles);
    const [template, type, group] = entry;
    // A refinery, power station or steel works goes where such plants are; the rest anywhere.
    const sited = sitedPlace(rng, PLANT_SITES[type]);
    const state = stateFor(rng, sited);
    const district = sited?.district ?? rng.pick(construction ? state.districts : INDUSTRIAL_DISTRICTS.get(state.name)!);
    const loc = !construction && district.industrial.length && rng.chance(0.8) ? rng.pick(district.industrial) : rng.pick(district.localities);
    const pincode = String(district.pincode + rng.int(0, 40));
    const river = rng.pick(state.rivers);
    const hasValue = rng.chance(0.97);
    const v = valueFor(rng, sector, entry);
    const value: number | null = hasValue ? v : null;
    const size = magnitudes(rng, sector, v, type, district.city);
    const vars: Record<string, string | number> = { loc, city: district.city, district: district.name, state: state.name, river, ...size.vars };
    const work = fill(template, vars);
    let title = work;
    const status = rng.weighted(STATUS_WEIGHTS);
    const stage = rng.pick(STAGES[status]);

    // Public works are owned by the public body; some roads, water and sewerage schemes run as PPP
    // (a concessionaire owns them); metro depots are always the metro corporation's.
    const ownership = sector.name !== "Infrastructure" ? "private" : type === "Metro Rail" ? "public" : rng.weighted([["public", 65], ["ppp", 25], ["private", 10]] as const);
    const owner = ownership === "public" ? null : this.companies.pick(rng, sector.owners, state.name, construction ? 0.7 : 0.3);
    const ownerName = ownership === "public" ? publicOwner(rng, type, state.name, district.city) : owner?.name ?? null;
    // Private buildings carry their project's name, branded by the owner ("Saxena Heights - …").
    const brand = owner && !/^(Shree|Sai|Om)\b/.test(owner.name) ? owner.name.split(" ")[0] : rng.pick(PLACE_WORDS);
    const pname = ownership === "private" && construction && rng.chance(0.85) ? projectName(rng, type, brand) : null;
    if (pname) title = `${pname} - ${title}`;
    const parties = partiesFor(rng, this.companies, { owner, status, group, state: state.name, value: v, construction });
    const architect = parties.find((p) => p.role === "architect")?.company ?? null;
    const contractor = parties.find((p) => p.role === "contractor")?.company ?? null;
    const consultant = parties.find((p) => p.role === "consultant")?.company ?? null;

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

    const keywords = keywordsFor(rng, group, sector.name, type);
    // RERA registers real estate only: housing and commercial buildings.
    const sources = sector.name === "Residential" || sector.name === "Commercial" ? PROJECT_SOURCES : PROJECT_SOURCES.filter(([s]) => s !== "RERA filing");
    const source = ownership === "public" ? rng.pick(["Press release", "Field research", "Environmental clearance"]) : rng.weighted(sources);
    const area = construction && value !== null && size.area ? size.area : null;
    const concrete = rng.pick(CONCRETE_GRADES);
    const steel = rng.pick(STEEL_GRADES);
    const completionText = `${MONTHS[completion.getUTCMonth()]} ${completion.getUTCFullYear()}`;
    const dvars = { ...vars, owner: ownerName ?? "The promoter", what: `${pname ? `${pname}, ` : ""}the ${work.charAt(0).toLowerCase()}${work.slice(1)}`, source_lc: source.toLowerCase(), area: area ? indianNumber(area) : "1,00,000", parking: rng.int(1, 3), concrete, steel, completion: completionText, months };
    const sentences = [fill(rng.pick(DESCRIPTION_OPENERS), dvars)];
    const details = DESCRIPTION_DETAILS[!construction ? "industrial" : sector.name === "Infrastructure" ? "infra" : sector.name === "Residential" ? "housing" : "building"];
    for (const s of rng.sample(details, rng.int(1, 3))) sentences.push(fill(s, dvars));
    const description = sentences.join(" ");

    b.projects.add(
      id, title, description, sector.category, rng.chance(0.05), [type], sector.name, ownership, status, stage, value, state.name,
      district.name, district.city, pincode, `${loc}, ${district.city}, ${state.name} ${pincode}`, owner?.id ?? null,
      architect?.id ?? null, contractor?.id ?? null, ownerName, isoDate(start), isoDate(completion), iso(retrieved),
      reviewed ? iso(reviewed) : null, iso(arrived), keywords, source, area, iso(arrived), iso(reviewed ?? arrived),
    );

    for (const p of parties) for (const k of p.people) b.contacts.add(id, p.company.contactIds[k], p.role);

    // Nearly every lead carries the dated history of how it got to its status.
    if (rng.chance(0.93)) {
      const events = historyFor(rng, now, {
        status, start, completion, owner: ownerName ?? "The promoter", contractor: contractor?.name ?? null, value, construction: construction && group !== "water",
        public: ownership === "public", stage,
      });
      for (const e of events) b.statusUpdates.add(id, e.from, e.to, e.note, iso(e.at));
    }

    // And documents: the brief with its specifications, often the BOQ summary and drawings list.
    if (rng.chance(0.9)) {
      // The floors the title states: one building ({storeys}) or each of its towers ({floors}).
      const single = template.includes("{storeys}") || !template.includes("{towers}");
      const floors = template.includes("{storeys}") ? size.vars.storeys : size.vars.floors;
      const specs = specsFor(rng, group, { concrete, steel, area, floors, towers: single ? 1 : size.vars.towers, acres: size.vars.acres });
      for (const d of documentsFor(rng, { title, group, value, source, specs, consultant, architect, status, completion: completionText })) {
        b.documents.add(id, d.title, d.body, d.specs, d.contacts, iso(arrived));
      }
    }
  }
}
