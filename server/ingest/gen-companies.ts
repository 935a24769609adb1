// Companies (builders, developers, contractors, architects, consultants, manufacturers) with
// CIN-shaped ids, directors, yearly financials and their contacts.
import { CONTACT_SOURCES } from "../../common/constants.js";
import { Batch } from "./bulk.js";
import { STATE_WEIGHTS, type StateInfo } from "./india-data.js";
import {
  COMPANY_DESIGNATIONS, CONSULTANT_WORDS, DIRECTOR_DESIGNATIONS, FIRST_NAMES, INDUSTRY_WORDS, NIC_CODES, OWNER_WORDS, PLACE_WORDS, REGION_OF_STATE, SURNAMES,
  TRADE_CONTRACTOR_WORDS, TRADE_WORDS,
} from "./names.js";
import { Rng } from "./prng.js";
import { INDUSTRIAL_SECTORS } from "./templates.js";
import { normalizeCompanyName } from "../modules/companies/normalize.js";
import { addDays, DAY, iso, isoDate, slug } from "./text.js";

export type CompanyType = "developer" | "builder" | "contractor" | "architect" | "consultant" | "manufacturer";

export interface CompanyRef {
  id: number;
  name: string;
  type: CompanyType;
  industry: string;
  state: string;
  /** Consultants: structural, mep or pmc; contractors: main, or the trade of a sub-contractor. */
  specialty: string;
  /** Contacts in order: for owners the projects head, then the purchase head, then others. */
  contactIds: number[];
}

/** What the project and tender generators need to know about the companies. */
export class CompanyIndex {
  all: CompanyRef[] = [];
  private byKey = new Map<string, CompanyRef[]>();

  add(c: CompanyRef): void {
    this.all.push(c);
    // Kinds a generator asks for: 'developer', 'contractor' (main contractors), 'sub|hvac',
    // 'consultant|mep', 'ind|Pharmaceuticals' (owners in an industry), each also by state.
    const kind = c.type === "contractor" && c.specialty !== "main" ? `sub|${c.specialty}` : c.type === "consultant" ? `consultant|${c.specialty}` : c.type;
    for (const key of [kind, `ind|${c.industry}`].flatMap((k) => [k, `${k}|${c.state}`])) {
      let list = this.byKey.get(key);
      if (!list) this.byKey.set(key, (list = []));
      list.push(c);
    }
  }

  /** A company of one of the kinds, preferring the state with probability pLocal. */
  pick(rng: Rng, kinds: string[], state: string | null, pLocal = 0.6): CompanyRef | null {
    if (this.all.length === 0) return null;
    const kind = kinds[rng.int(0, kinds.length - 1)];
    if (state && rng.chance(pLocal)) {
      const local = this.byKey.get(`${kind}|${state}`);
      if (local?.length) return rng.pick(local);
    }
    const any = this.byKey.get(kind);
    if (any?.length) return rng.pick(any);
    return rng.pick(this.all);
  }
}

const TYPE_WEIGHTS: [CompanyType, number][] = [
  ["developer", 24], ["builder", 8], ["contractor", 30], ["architect", 8], ["consultant", 8], ["manufacturer", 22],
];
const DEVELOPER_INDUSTRIES: [string, number][] = [["Real Estate", 70], ["Healthcare", 11], ["Education", 10], ["Hospitality", 9]];
const CONTRACTOR_SPECIALTIES: [string, number][] = [
  ["main", 62], ["electrical", 6], ["hvac", 6], ["facade", 5], ["piling", 5], ["fire", 5], ["plumbing", 4], ["lifts", 4], ["waterproofing", 3],
];
const CONSULTANT_SPECIALTIES: [string, number][] = [["structural", 45], ["mep", 35], ["pmc", 20]];
/** Equity as a share of revenue, and debt to equity, by kind: contractors run leaner and borrow more. */
const BALANCE: Record<CompanyType, { equity: [number, number]; de: [number, number] }> = {
  developer: { equity: [0.4, 1.2], de: [0.4, 1.8] }, builder: { equity: [0.3, 0.8], de: [0.3, 1.4] },
  contractor: { equity: [0.2, 0.5], de: [0.3, 1.5] }, architect: { equity: [0.2, 0.5], de: [0, 0.3] },
  consultant: { equity: [0.2, 0.5], de: [0, 0.3] }, manufacturer: { equity: [0.35, 0.9], de: [0.2, 1.2] },
};
const SOURCE_WEIGHTS: [string, number][] = CONTACT_SOURCES.map((s) => [s, { telephone: 45, internet: 40, official_govt_website: 15 }[s]]);
const EMPLOYEE_BANDS = ["11-50", "51-200", "201-500", "501-1000", "1001-5000", "5000+"];

export function personName(rng: Rng, stateCode: string): { first: string; last: string } {
  // Most people carry their state's names; a quarter come from anywhere in India.
  const region = rng.chance(0.75) ? REGION_OF_STATE[stateCode] ?? "north" : rng.pick(Object.values(REGION_OF_STATE));
  const names = FIRST_NAMES[region];
  const first = rng.chance(0.72) ? rng.pick(names.male) : rng.pick(names.female);
  return { first, last: rng.pick(SURNAMES[region]) };
}

/** An Indian mobile number in E.164: +91 and ten digits starting 6–9. */
export function mobile(rng: Rng): string {
  return "+91" + rng.int(6, 9) + rng.digits(9);
}

export function contactScore(rng: Rng, source: string): number {
  if (source === "telephone") return rng.int(55, 100);
  if (source === "official_govt_website") return rng.int(35, 98);
  return rng.int(10, 95);
}

export interface CompanyBatches {
  companies: Batch;
  directors: Batch;
  financials: Batch;
  contacts: Batch;
}

export function newCompanyBatches(): CompanyBatches {
  return {
    companies: new Batch("companies", [
      ["id", "bigint"], ["name", "text"], ["normalized_name", "text"], ["cin", "text"], ["company_type", "text"], ["industry", "text"],
      ["state", "text"], ["city", "text"], ["address", "text"], ["website", "text"], ["incorporation_date", "date"],
      ["authorized_capital", "numeric"], ["paid_up_capital", "numeric"], ["company_status", "text"], ["roc_code", "text"],
      ["listing_status", "text"], ["employee_band", "text"], ["created_at", "timestamptz"],
    ]),
    directors: new Batch("company_directors", [["company_id", "bigint"], ["din", "text"], ["name", "text"], ["designation", "text"], ["appointment_date", "date"]]),
    financials: new Batch("company_financials", [
      ["company_id", "bigint"], ["fiscal_year", "text"], ["revenue", "numeric"], ["profit", "numeric"], ["net_worth", "numeric"], ["borrowings", "numeric"],
    ]),
    contacts: new Batch("contacts", [
      ["id", "bigint"], ["company_id", "bigint"], ["name", "text"], ["designation", "text"], ["seniority", "text"], ["email", "text"],
      ["phone", "text"], ["source", "text"], ["contact_fuzz_score", "int"], ["verified_at", "timestamptz"], ["created_at", "timestamptz"],
    ]),
  };
}

/** Fiscal years ending before `now`, newest first: '2024-25', '2023-24', … */
export function pastFiscalYears(now: Date, n: number): string[] {
  const y = now.getUTCFullYear();
  const currentStart = now.getUTCMonth() >= 3 ? y : y - 1; // the fiscal year starts on 1 April
  const out: string[] = [];
  for (let i = 1; i <= n; i++) {
    const s = currentStart - i;
    out.push(`${s}-${String((s + 1) % 100).padStart(2, "0")}`);
  }
  return out;
}

/** Which designation list a company's people come from (names.ts COMPANY_DESIGNATIONS). */
function designationKind(type: CompanyType, specialty: string): string {
  if (type === "manufacturer" || type === "architect") return type;
  if (type === "consultant") return specialty;
  if (type === "contractor") return specialty === "main" ? "contractor" : "trade";
  return "owner";
}

/** The industry a specialist firm lists. */
function specialtyIndustry(type: CompanyType, specialty: string): string {
  const consultants: Record<string, string> = { structural: "Structural Engineering", mep: "Building Services (MEP)", pmc: "Project Management" };
  const trades: Record<string, string> = {
    electrical: "Electrical Contracting", hvac: "HVAC Contracting", facade: "Facade & Glazing", piling: "Piling & Foundations",
    fire: "Fire Protection", plumbing: "Plumbing Contracting", lifts: "Lifts & Escalators", waterproofing: "Waterproofing",
  };
  return (type === "consultant" ? consultants : trades)[specialty] ?? "Construction";
}

export class CompanyGenerator {
  private usedNames = new Set<string>();
  constructor(
    private readonly rng: Rng,
    /** A separate stream for contact counts, drawn before ids are allocated. */
    private readonly countRng: Rng,
    private readonly now: Date,
    readonly index: CompanyIndex,
  ) {}

  private makeName(type: CompanyType, industry: string, specialty: string, state: StateInfo, city: string): { name: string; form: "Pvt Ltd" | "Ltd" | "LLP" } {
    const rng = this.rng;
    const form =
      type === "manufacturer" ? rng.weighted([["Ltd", 45], ["Pvt Ltd", 55]] as const)
      : type === "architect" || type === "consultant" ? rng.weighted([["LLP", 30], ["Pvt Ltd", 70]] as const)
      : rng.weighted([["Pvt Ltd", 62], ["Ltd", 22], ["LLP", 16]] as const);
    const region = REGION_OF_STATE[state.code] ?? "north";
    const trade =
      type === "manufacturer" ? INDUSTRY_WORDS[industry]
      : OWNER_WORDS[industry] ? OWNER_WORDS[industry]
      : type === "consultant" ? CONSULTANT_WORDS[specialty]
      : type === "contractor" && specialty !== "main" ? TRADE_CONTRACTOR_WORDS[specialty]
      : TRADE_WORDS[type];
    for (let attempt = 0; attempt < 8; attempt++) {
      const head =
        rng.chance(0.5) ? rng.pick(SURNAMES[region])
        : rng.chance(0.75) ? rng.pick(PLACE_WORDS)
        : `${rng.pick(SURNAMES[region])} ${rng.pick(["& Sons", "Brothers", "& Associates", "Group"])}`.replace(" Group", "");
      const mid = attempt >= 3 && rng.chance(0.5) ? ` ${rng.pick(PLACE_WORDS)}` : "";
      const base = `${head}${mid} ${rng.pick(trade)}`;
      const name = `${base}${attempt >= 6 ? ` (${city})` : ""} ${form}`;
      if (!this.usedNames.has(name)) {
        this.usedNames.add(name);
        return { name, form };
      }
    }
    // Many companies: fall back to a numbered unit, as group companies are often named.
    let k = 2;
    let name: string;
    do name = `${rng.pick(SURNAMES[region])} ${rng.pick(trade)} ${["II", "III", "IV", "V", "VI", "VII"][k % 6]} ${city} ${k} ${form}`;
    while (this.usedNames.has(name) && k++ < 1000);
    this.usedNames.add(name);
    return { name, form };
  }

  /** Generates one company with its directors, financials and contacts into the batches. */
  generate(id: number, contactIds: number[], b: CompanyBatches): void {
    const rng = this.rng;
    const type = rng.weighted(TYPE_WEIGHTS);
    const industry =
      type === "manufacturer" ? rng.pick(INDUSTRIAL_SECTORS)
      : type === "developer" ? rng.weighted(DEVELOPER_INDUSTRIES)
      : { builder: "Construction", contractor: "Construction", architect: "Architecture", consultant: "Engineering Consultancy" }[type];
    const specialty = type === "contractor" ? rng.weighted(CONTRACTOR_SPECIALTIES) : type === "consultant" ? rng.weighted(CONSULTANT_SPECIALTIES) : "";
    const state = rng.weighted(STATE_WEIGHTS);
    const district = rng.pick(state.districts);
    const { name, form } = this.makeName(type, industry, specialty, state, district.city);
    const incYear = rng.int(1978, Math.min(2022, this.now.getUTCFullYear() - 2));
    const incDate = new Date(Date.UTC(incYear, rng.int(0, 11), rng.int(1, 28)));
    let cin: string | null = null;
    const listed = form === "Ltd" && rng.chance(0.35);
    if (form !== "LLP") {
      const nic = rng.pick(NIC_CODES[type === "manufacturer" || NIC_CODES[industry] ? industry : type]);
      cin = `${listed ? "L" : "U"}${nic}${state.code}${incYear}${form === "Ltd" ? "PLC" : "PTC"}${String(id % 1_000_000).padStart(6, "0")}`;
    }
    const domainBase = slug(name.replace(/ (Pvt Ltd|Ltd|LLP)$/, "").replace(/\(.*\)/, ""));
    const domain = `${domainBase}.${rng.weighted([["com", 55], ["in", 25], ["co.in", 20]] as const)}`;
    // Annual revenue in rupees; specialist firms and design offices are smaller.
    const small = type === "architect" || type === "consultant" || (specialty !== "" && specialty !== "main");
    const size = small ? rng.logUniform(3e6, 2e9, 1.6) : rng.logUniform(1e7, 5e10, 1.6);
    const authorized = Math.max(1e5, Math.round((size * rng.float(0.02, 0.1)) / 1e5) * 1e5);
    const paidUp = Math.round((authorized * rng.float(0.4, 1)) / 1e5) * 1e5;
    const band = EMPLOYEE_BANDS[Math.min(5, Math.max(0, Math.floor(Math.log10(size) - 7 + rng.float(-0.5, 0.5))))];
    const locality = rng.pick(district.localities);
    const address = `${rng.pick(["Office No.", "Unit", "Office No.", "Plot No."])} ${rng.int(1, 12)}${rng.digits(2)}, ${rng.pick(["Sai Plaza", "Business Bay", "Trade Centre", "Corporate Park", "Arcade", "Chambers", "Tower"])}, ${locality}, ${district.city}, ${state.name} ${district.pincode + rng.int(0, 40)}`;
    const createdAt = addDays(this.now, -rng.float(30, 900));
    b.companies.add(
      id, name, normalizeCompanyName(name), cin, type === "manufacturer" ? "Manufacturer" : type[0].toUpperCase() + type.slice(1),
      specialty && specialty !== "main" ? specialtyIndustry(type, specialty) : industry,
      state.name, district.city, address, `https://www.${domain}`, isoDate(incDate), authorized, paidUp, "Active", state.roc,
      cin ? (listed ? "Listed" : "Unlisted") : null, band, iso(createdAt),
    );

    // Directors (designated partners for an LLP).
    const nDirectors = rng.int(2, 4);
    for (let i = 0; i < nDirectors; i++) {
      const p = personName(rng, state.code);
      const din = (rng.chance(0.6) ? "0" : rng.pick(["1", "2", "3", "7", "8", "9"])) + rng.digits(7);
      const spanDays = Math.max(1, Math.floor((this.now.getTime() - incDate.getTime()) / DAY) - 30);
      const appointed = i === 0 ? incDate : addDays(incDate, rng.int(0, spanDays));
      b.directors.add(id, din, `${p.first} ${p.last}`.toUpperCase(), form === "LLP" ? "Designated Partner" : i === 0 ? "Managing Director" : rng.pick(DIRECTOR_DESIGNATIONS), isoDate(appointed));
    }

    // Financials for the last 3–5 completed fiscal years (see financials()).
    this.financials(id, type, size, paidUp, b);

    // Contacts.
    const designations = COMPANY_DESIGNATIONS[designationKind(type, specialty)];
    for (const [k, cid] of contactIds.entries()) {
      const p = personName(rng, state.code);
      const [designation, seniority] = rng.pick(designations[Math.min(k, 2)]);
      const source = rng.weighted(SOURCE_WEIGHTS);
      const email = rng.chance(0.94)
        ? `${rng.weighted([[`${p.first}.${p.last}`, 60], [`${p.first[0]}${p.last}`, 25], [p.first, 15]] as const).toLowerCase()}@${domain}`
        : null;
      const phone = rng.chance(0.95) ? mobile(rng) : null;
      const verified = source === "telephone" ? iso(addDays(this.now, -rng.float(1, 400))) : null;
      b.contacts.add(cid, id, `${p.first} ${p.last}`, designation, seniority, email, phone, source, contactScore(rng, source), verified, iso(createdAt));
    }

    this.index.add({ id, name, type, industry, state: state.name, specialty, contactIds });
  }

  /**
   * Yearly figures, newest first, walked back in time: revenue grows a believable -8%..+25% a
   * year, the margin stays near the company's own, net worth is the earlier year's plus the
   * profit kept, and borrowings follow net worth at a slowly drifting debt-equity ratio.
   */
  private financials(id: number, type: CompanyType, size: number, paidUp: number, b: CompanyBatches): void {
    const rng = this.rng;
    const years = pastFiscalYears(this.now, rng.int(3, 5));
    const baseMargin = rng.float(0.01, 0.12);
    const balance = BALANCE[type];
    let revenue = size;
    let netWorth = Math.max(paidUp * rng.float(1.2, 3), size * rng.float(...balance.equity));
    let de = rng.float(...balance.de);
    for (const fy of years) {
      const margin = Math.min(0.2, Math.max(-0.06, baseMargin + rng.float(-0.03, 0.03)));
      const profit = revenue * margin;
      b.financials.add(id, fy, Math.round(revenue), Math.round(profit), Math.round(netWorth), Math.round(netWorth * de));
      revenue = revenue / rng.float(0.92, 1.25);
      netWorth = Math.max(paidUp, netWorth - Math.max(0, profit) * rng.float(0.7, 1));
      de = Math.max(0, de * rng.float(0.85, 1.15));
    }
  }

  /** How many contacts the next company will get (drawn before ids are allocated). */
  contactCount(): number {
    return this.countRng.int(3, 6);
  }
}
