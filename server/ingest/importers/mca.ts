// Importer for the Ministry of Corporate Affairs company master data as published on the national
// open-data portal (data.gov.in, "Company Master Data"), CSV or XLSX (told apart by content, so
// an upload's temporary name does not matter). `npm run import -- mca <file…>`.
//
// Columns (header names matched without case, spaces or punctuation; unknown ones are warned
// about and ignored): CIN, CompanyName (both required), CompanyROCcode, CompanyCategory,
// CompanySubCategory, CompanyClass, AuthorizedCapital, PaidupCapital, the registration date
// (CompanyRegistrationdate_date, or any header with "registration date": an Excel serial such as
// 39234, an XLSX date cell, or a date such as 2007-06-01 / 01-06-2007 / 1-Jun-2007),
// Registered_Office_Address, Listingstatus, CompanyStatus, CompanyStateCode (a state name or
// its two-letter code; the CIN's state when blank), CompanyIndian/Foreign Company, nic_code,
// CompanyIndustrialClassification.
//
// Each row is one company, written in its own transaction (the runner's), so a bad row is
// rejected alone with its reason and a re-run completes an interrupted import:
//   - the CIN must match the CIN pattern (common/companies.ts), else the row is rejected;
//   - it merges onto the company with that CIN, else onto the one company without a CIN whose
//     normalised name (companies/normalize.ts) is the same; several such companies → rejected
//     (which one is meant cannot be told); none → a new company;
//   - registry fields (CIN, ROC, category, sub-category, class, capitals, incorporation date,
//     listing and company status, NIC code) take the register's values; descriptive fields we
//     may have curated (industry, type, state, city, address) are only filled when empty. The
//     name changes only when the CIN matched and the normalised name differs (a renamed company);
//   - nothing changed → 'unchanged' and no write, so importing a file again changes nothing;
//   - a CIN seen earlier in the same file is 'skipped' (with a warning).
import fs from "node:fs";
import { loadConfig } from "../../config.js";
import type { Tx } from "../../db/client.js";
import { CIN_PATTERN } from "../../../common/companies.js";
import { normalizeCompanyName } from "../../modules/companies/normalize.js";
import { readCsv } from "./csv.js";
import { FileError } from "./json.js";
import type { ImporterContext, Unit } from "./model.js";
import { amount, date, RowError, text } from "./values.js";
import { readXlsxRows } from "./xlsx-rows.js";
import { isZipFile } from "./zip-guard.js";
import { STATES } from "../india-data.js";

type Field =
  | "cin" | "name" | "roc_code" | "category" | "sub_category" | "company_class" | "authorized_capital" | "paid_up_capital"
  | "registration_date" | "address" | "listing_status" | "company_status" | "state" | "origin" | "nic_code" | "industry";

/** Header (lower case, letters and digits only) → field. */
const HEADERS: Record<string, Field> = {
  cin: "cin", corporateidentificationnumber: "cin",
  companyname: "name",
  companyroccode: "roc_code", registrarofcompanies: "roc_code",
  companycategory: "category",
  companysubcategory: "sub_category",
  companyclass: "company_class",
  authorizedcapital: "authorized_capital", authorisedcapital: "authorized_capital", authorizedcap: "authorized_capital",
  paidupcapital: "paid_up_capital",
  registeredofficeaddress: "address",
  listingstatus: "listing_status",
  companystatus: "company_status",
  companystatecode: "state", registeredstate: "state",
  companyindianforeigncompany: "origin",
  niccode: "nic_code",
  companyindustrialclassification: "industry", industrialclass: "industry",
};
const headerKey = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, "");
export const fieldOf = (h: string): Field | undefined => {
  const k = headerKey(h);
  return (Object.hasOwn(HEADERS, k) ? HEADERS[k] : undefined) ?? (/registrationdate|dateofregistration/.test(k) ? "registration_date" : undefined);
};

/** The two-letter state codes of CINs and the register → state names. */
export const STATE_CODES: Record<string, string> = {
  AN: "Andaman and Nicobar Islands", AP: "Andhra Pradesh", AR: "Arunachal Pradesh", AS: "Assam", BR: "Bihar", CH: "Chandigarh",
  CT: "Chhattisgarh", CG: "Chhattisgarh", DN: "Dadra and Nagar Haveli and Daman and Diu", DD: "Dadra and Nagar Haveli and Daman and Diu",
  DL: "Delhi", GA: "Goa", GJ: "Gujarat", HR: "Haryana", HP: "Himachal Pradesh", JK: "Jammu and Kashmir", JH: "Jharkhand",
  KA: "Karnataka", KL: "Kerala", LA: "Ladakh", LD: "Lakshadweep", MP: "Madhya Pradesh", MH: "Maharashtra", MN: "Manipur",
  ML: "Meghalaya", MZ: "Mizoram", NL: "Nagaland", OR: "Odisha", OD: "Odisha", PY: "Puducherry", PB: "Punjab", RJ: "Rajasthan",
  SK: "Sikkim", TN: "Tamil Nadu", TG: "Telangana", TS: "Telangana", TR: "Tripura", UP: "Uttar Pradesh", UR: "Uttarakhand",
  UK: "Uttarakhand", UT: "Uttarakhand", WB: "West Bengal",
};
const STATE_NAMES = new Map([...new Set(Object.values(STATE_CODES))].map((n) => [n.toLowerCase(), n]));

/** A state name or code as the register writes it → our state name (unknown text kept, title-cased). */
export function stateName(v: string | null, cin: string): string | null {
  const s = v?.trim();
  if (!s) return STATE_CODES[cin.slice(6, 8)] ?? null;
  if (/^[a-z]{2}$/i.test(s)) return STATE_CODES[s.toUpperCase()] ?? null;
  const known = STATE_NAMES.get(s.toLowerCase().replace(/\s*&\s*/g, " and ").replace(/\s+/g, " "));
  return known ?? s.toLowerCase().replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

/** Excel's day 0 is 1899-12-30 (serial 60, the 29 February 1900 Excel believes in, is never a real registration date). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** A registration date: an Excel serial, a Date cell, or a written date → 'YYYY-MM-DD'. */
export function registrationDay(v: unknown): string | null {
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) throw new RowError("registration date is not a valid date");
    return v.toISOString().slice(0, 10);
  }
  const raw = typeof v === "number" ? String(v) : text(v);
  if (raw === null) return null;
  if (/^\d+(\.\d+)?$/.test(raw)) {
    const serial = Math.floor(Number(raw));
    // Serials up to 31 Dec 2200; a bare year (1800–2200) is not a date, though it is a serial.
    if (serial < 1 || serial > 110_939 || (serial >= 1800 && serial <= 2200 && /^\d{4}$/.test(raw))) {
      throw new RowError(`registration date '${raw}' is not an Excel date serial`);
    }
    return new Date(EXCEL_EPOCH_MS + serial * 86_400_000).toISOString().slice(0, 10);
  }
  const d = date(raw, "registration date")!; // a bare date is its midnight in India
  return new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/**
 * NIC division (first two digits) → our company type, for the builders lister. CINs carry NIC
 * 2004 codes (45 construction, 70 real estate), newer records NIC 2008 (41–43, 68, 71).
 */
export function typeFromNic(nic: string | null): string | null {
  const div = Number((nic ?? "").slice(0, 2));
  if (!Number.isInteger(div) || !nic || nic.length < 2) return null;
  if (div === 41) return "Builder";
  if (div === 42 || div === 43 || div === 45) return "Contractor";
  if (div === 68 || div === 70) return "Developer";
  if (div === 71) return "Consultant";
  if (div >= 10 && div <= 33) return "Manufacturer";
  return null;
}

export interface McaCompany {
  cin: string;
  name: string;
  normalized_name: string;
  roc_code: string | null;
  category: string | null;
  sub_category: string | null;
  company_class: string | null;
  authorized_capital: number | null;
  paid_up_capital: number | null;
  incorporation_date: string | null;
  address: string | null;
  listing_status: string | null;
  company_status: string | null;
  state: string | null;
  nic_code: string | null;
  industry: string | null;
  company_type: string | null;
}

type Row = Partial<Record<Field, unknown>>;

/** One row → the company it describes; throws RowError for what cannot be read. */
export function companyFrom(r: Row): McaCompany {
  const rawCin = text(r.cin);
  if (!rawCin) throw new RowError("CIN is required");
  const cin = rawCin.replace(/\s+/g, "").toUpperCase();
  if (!CIN_PATTERN.test(cin)) throw new RowError(`CIN '${rawCin}' is not a valid CIN (21 characters such as U45200MH2007PTC123456)`);
  const name = text(r.name);
  if (!name) throw new RowError("CompanyName is required");
  const normalized = normalizeCompanyName(name);
  if (!normalized) throw new RowError(`CompanyName '${name}' has no letters or digits`);
  const nicRaw = text(r.nic_code);
  const nic = nicRaw ? nicRaw.replace(/\.0+$/, "") : cin.slice(1, 6);
  return {
    cin,
    name,
    normalized_name: normalized,
    roc_code: text(r.roc_code),
    category: text(r.category),
    sub_category: text(r.sub_category),
    company_class: text(r.company_class),
    authorized_capital: amount(r.authorized_capital, "AuthorizedCapital"),
    paid_up_capital: amount(r.paid_up_capital, "PaidupCapital"),
    incorporation_date: registrationDay(r.registration_date),
    address: text(r.address),
    listing_status: text(r.listing_status),
    company_status: text(r.company_status),
    state: stateName(text(r.state), cin),
    nic_code: nic,
    industry: text(r.industry),
    company_type: typeFromNic(nic),
  };
}

/** A district city of the state named in the registered address, when there is one. */
function cityIn(address: string | null, state: string | null): string | null {
  if (!address || !state) return null;
  const info = STATES.find((s) => s.name === state);
  const lower = ` ${address.toLowerCase().replace(/[^a-z0-9]+/g, " ")} `;
  for (const d of info?.districts ?? []) if (lower.includes(` ${d.city.toLowerCase()} `)) return d.city;
  return null;
}

const REGISTRY = ["cin", "roc_code", "category", "sub_category", "company_class", "authorized_capital", "paid_up_capital",
  "incorporation_date", "listing_status", "company_status", "nic_code"] as const;
const FILL_ONLY = ["industry", "company_type", "state", "city", "address"] as const;

interface Existing extends Record<string, unknown> {
  id: number;
  name: string;
  normalized_name: string;
}

/** Writes one company: created, updated (only what differs) or unchanged. */
export async function upsertMcaCompany(tx: Tx, c: McaCompany): Promise<"created" | "updated" | "unchanged"> {
  const cols = `id, name, normalized_name, cin, roc_code, category, sub_category, company_class, authorized_capital::float8 AS authorized_capital,
    paid_up_capital::float8 AS paid_up_capital, to_char(incorporation_date, 'YYYY-MM-DD') AS incorporation_date, listing_status, company_status,
    nic_code, industry, company_type, state, city, address`;
  let byCin = true;
  let found = (await tx.query<Existing>(`SELECT ${cols} FROM companies WHERE cin = $1 FOR UPDATE`, [c.cin])).rows[0];
  if (!found) {
    byCin = false;
    const byName = await tx.query<Existing>(`SELECT ${cols} FROM companies WHERE normalized_name = $1 AND cin IS NULL ORDER BY id LIMIT 3 FOR UPDATE`, [c.normalized_name]);
    if (byName.rows.length > 1) throw new RowError(`'${c.name}' matches several companies without a CIN by name; give them their CINs first`);
    found = byName.rows[0];
  }
  const wanted: Record<string, unknown> = { ...c, city: cityIn(c.address, c.state) };
  if (!found) {
    const names = ["name", "normalized_name", ...REGISTRY, ...FILL_ONLY];
    await tx.query(
      `INSERT INTO companies (${names.join(", ")}) VALUES (${names.map((_, i) => `$${i + 1}`).join(", ")})`,
      names.map((n) => wanted[n] ?? null),
    );
    return "created";
  }
  const changes: Record<string, unknown> = {};
  const same = (a: unknown, b: unknown) => (a === null || a === undefined ? null : typeof b === "number" ? Number(a) : a) === (b ?? null);
  for (const k of REGISTRY) if (wanted[k] !== null && !same(found[k], wanted[k])) changes[k] = wanted[k];
  for (const k of FILL_ONLY) if ((found[k] === null || found[k] === "") && wanted[k] !== null) changes[k] = wanted[k];
  if (byCin && found.normalized_name !== c.normalized_name) {
    changes.name = c.name;
    changes.normalized_name = c.normalized_name;
  }
  const keys = Object.keys(changes);
  if (!keys.length) return "unchanged";
  await tx.query(
    `UPDATE companies SET ${keys.map((k, i) => `${k} = $${i + 2}`).join(", ")}, updated_at = now() WHERE id = $1`,
    [found.id, ...keys.map((k) => changes[k])],
  );
  return "updated";
}

// ───────────── reading the file ─────────────

/** The file's rows: CSV, or an XLSX workbook's first sheet (checked and parsed off this thread: xlsx-rows.ts). */
async function* rawRows(ctx: ImporterContext): AsyncGenerator<{ row: number; cells: unknown[] }> {
  if (!isZipFile(ctx.file)) {
    for await (const rec of readCsv(ctx.file, ctx.onBytes)) yield { row: rec.row, cells: rec.fields };
    return;
  }
  yield* readXlsxRows(ctx.file, ctx.limits ?? loadConfig().importLimits);
  ctx.onBytes(fs.statSync(ctx.file).size);
}

export async function* importMca(ctx: ImporterContext): AsyncGenerator<Unit> {
  let fields: (Field | undefined)[] | null = null;
  const seen = new Set<string>();
  for await (const { row, cells } of rawRows(ctx)) {
    if (!fields) {
      const header = cells.map((c) => String(c ?? "").trim());
      if (header.every((h) => h === "")) continue;
      fields = header.map(fieldOf);
      for (const [need, label] of [["cin", "CIN"], ["name", "CompanyName"]] as const) {
        if (!fields.includes(need)) throw new FileError(`missing column '${label}': not the MCA company master layout (columns: ${header.filter(Boolean).join(", ")})`);
      }
      const unknown = header.filter((h, i) => h && !fields![i]);
      if (unknown.length) ctx.warn(row, `unknown columns ignored: ${unknown.join(", ")}`);
      continue;
    }
    if (cells.every((c) => c === null || c === undefined || String(c).trim() === "")) continue;
    ctx.onRead();
    const r: Row = {};
    fields.forEach((f, i) => {
      if (f) r[f] = cells[i];
    });
    let c: McaCompany;
    try {
      c = companyFrom(r);
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      yield { type: "reject", row, key: text(r.cin) ?? undefined, reason: err.message };
      continue;
    }
    if (seen.has(c.cin)) {
      ctx.warn(row, `CIN ${c.cin} appears again in this file: row skipped`);
      yield { type: "skip", row, key: c.cin };
      continue;
    }
    seen.add(c.cin);
    yield { type: "write", row, key: c.cin, write: (tx) => upsertMcaCompany(tx, c) };
  }
  if (!fields) throw new FileError("the file is empty");
}
