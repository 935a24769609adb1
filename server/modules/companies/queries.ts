// Reading one company: details, project and tender figures, contacts (masked until this user
// unlocked the company or the contact), contact history, financials and directors.
import type { Queryable } from "../../db/client.js";
import { CONTACT_QUALITY_THRESHOLD, CONTACT_SOURCE_LABELS, CONTACT_SOURCES, SENIORITY_LEVELS, type ContactSource } from "../../../common/constants.js";
import { COMPANY_UNLOCK_COST } from "../../../common/companies.js";
import { contactColumns, iso, toContactView, type ContactRow } from "../credits/contacts.js";
import { maskChanges } from "../projects/detail-queries.js";
import { bidFigures } from "../competitors/figures.js";

export const CONTACTS_PAGE_SIZE = 20;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export async function companyExists(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM companies WHERE id = $1`, [id]);
  return rows.length > 0;
}

/** Whether userId unlocked the company. */
/** A company's id, name and CIN, or undefined. */
export async function companyIdentity(db: Queryable, id: number): Promise<{ id: number; name: string; cin: string | null } | undefined> {
  const { rows } = await db.query<{ id: number; name: string; cin: string | null }>(`SELECT id, name, cin FROM companies WHERE id = $1`, [id]);
  return rows[0] && { ...rows[0], id: Number(rows[0].id) };
}

export async function companyUnlocked(db: Queryable, userId: number, companyId: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM unlocks_visible_to($1) WHERE item_type = 'company' AND item_id = $2`, [userId, companyId]);
  return rows.length > 0;
}

/** Of the ids, those userId unlocked. */
export async function unlockedAmong(db: Queryable, userId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const { rows } = await db.query<{ item_id: string | number }>(
    `SELECT item_id FROM unlocks_visible_to($1) WHERE item_type = 'company' AND item_id = ANY($2::bigint[])`,
    [userId, ids],
  );
  return new Set(rows.map((r) => Number(r.item_id)));
}

interface DetailRow {
  id: number; name: string; cin: string | null; company_type: string | null; industry: string | null; state: string | null;
  city: string | null; employee_band: string | null; capital_band: string | null; paid_up_capital: number | null;
  authorized_capital: number | null; incorporation_date: string | null; company_status: string | null; listing_status: string | null;
  address: string | null; website: string | null; roc_code: string | null; nic_code: string | null; category: string | null;
  sub_category: string | null; company_class: string | null; created_at: Date; updated_at: Date; contact_count: number;
  high_quality_contact_count: number; director_count: number; has_financials: boolean; unlocked_at: Date | null; is_tracked_competitor: boolean;
}

export async function companyDetails(db: Queryable, userId: number, id: number) {
  const { rows } = await db.query<DetailRow>(
    `SELECT co.id, co.name, co.cin, co.company_type, co.industry, co.state, co.city, co.employee_band, co.capital_band,
            co.paid_up_capital::float8 AS paid_up_capital, co.authorized_capital::float8 AS authorized_capital,
            to_char(co.incorporation_date, 'YYYY-MM-DD') AS incorporation_date, co.company_status, co.listing_status,
            co.address, co.website, co.roc_code, co.nic_code, co.category, co.sub_category, co.company_class, co.created_at, co.updated_at,
            (SELECT count(*)::int FROM contacts c WHERE c.company_id = co.id) AS contact_count,
            (SELECT count(*)::int FROM contacts c WHERE c.company_id = co.id AND c.contact_fuzz_score > $3) AS high_quality_contact_count,
            (SELECT count(*)::int FROM company_directors d WHERE d.company_id = co.id) AS director_count,
            EXISTS (SELECT 1 FROM company_financials f WHERE f.company_id = co.id) AS has_financials,
            (SELECT min(u.created_at) FROM unlocks_visible_to($2) u WHERE u.item_type = 'company' AND u.item_id = co.id) AS unlocked_at,
            EXISTS (SELECT 1 FROM competitors k WHERE k.user_id = $2 AND k.company_id = co.id) AS is_tracked_competitor
       FROM companies co WHERE co.id = $1`,
    [id, userId, CONTACT_QUALITY_THRESHOLD],
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    ...r,
    id: Number(r.id),
    paid_up_capital: num(r.paid_up_capital),
    authorized_capital: num(r.authorized_capital),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    unlocked_at: iso(r.unlocked_at),
    is_unlocked: r.unlocked_at !== null,
    unlock_cost: r.unlocked_at !== null ? 0 : COMPANY_UNLOCK_COST,
  };
}

interface CountValue {
  text: string;
  count: number;
  value: number;
}

function tally(rows: { key: string | null; n: number; v: number }[]): CountValue[] {
  const m = new Map<string, CountValue>();
  for (const r of rows) {
    const text = r.key ?? "Not Specified";
    const cur = m.get(text) ?? { text, count: 0, value: 0 };
    cur.count += r.n;
    cur.value += r.v;
    m.set(text, cur);
  }
  return [...m.values()].sort((a, b) => b.count - a.count || b.value - a.value || a.text.localeCompare(b.text));
}

/** Projects by role, status and sector (each project once), and tenders bid and won. */
export async function companyStats(db: Queryable, id: number) {
  const { rows } = await db.query<{ role: string; status: string | null; sector: string | null; n: number; v: number }>(
    `SELECT CASE WHEN p.owner_company_id = $1 THEN 'Owner' WHEN p.contractor_company_id = $1 THEN 'Contractor' ELSE 'Architect' END AS role,
            p.status, p.sector, count(*)::int AS n, coalesce(sum(p.value), 0)::float8 AS v
       FROM projects p
      WHERE p.owner_company_id = $1 OR p.architect_company_id = $1 OR p.contractor_company_id = $1
      GROUP BY 1, 2, 3`,
    [id],
  );
  const total = rows.reduce((s, r) => s + r.n, 0);
  const totalValue = rows.reduce((s, r) => s + Number(r.v), 0);
  const figures = (await bidFigures(db, [id])).get(id)!;
  return {
    company_id: id,
    projects: {
      total,
      total_value: totalValue,
      by_role: tally(rows.map((r) => ({ key: r.role, n: r.n, v: Number(r.v) }))),
      by_status: tally(rows.map((r) => ({ key: r.status, n: r.n, v: Number(r.v) }))),
      by_sector: tally(rows.map((r) => ({ key: r.sector, n: r.n, v: Number(r.v) }))),
    },
    tenders: { bid: figures.tenders_bid, won: figures.tenders_won, win_rate: figures.win_rate, won_value: figures.won_value },
    total_value: totalValue + figures.won_value,
  };
}

export interface ContactFilter {
  query: string | null;
  sources: ContactSource[];
  seniorities: string[];
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The company's contacts for one user: a page in seniority order, with source and seniority counts. */
export async function companyContacts(db: Queryable, userId: number, companyId: number, f: ContactFilter, page: number, staff: boolean) {
  const unlockedCompany = await companyUnlocked(db, userId, companyId);
  // Name and designation only: matching e-mails or phones would reveal masked values.
  const text = f.query ? `%${likeEscape(f.query)}%` : null;
  const textSql = `($2::text IS NULL OR c.name ILIKE $2 OR coalesce(c.designation, '') ILIKE $2)`;
  const narrow = `(cardinality($3::text[]) = 0 OR c.source = ANY($3::text[])) AND (cardinality($4::text[]) = 0 OR c.seniority = ANY($4::text[]))`;
  const count = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM contacts c WHERE c.company_id = $1 AND ${textSql} AND ${narrow}`,
    [companyId, text, f.sources, f.seniorities],
  );
  const { rows } = await db.query<ContactRow>(
    `SELECT ${contactColumns("$5")} FROM contacts c LEFT JOIN companies co ON co.id = c.company_id
      WHERE c.company_id = $1 AND ${textSql} AND ${narrow}
      ORDER BY coalesce(array_position($6::text[], c.seniority), 99), c.contact_fuzz_score DESC NULLS LAST, c.id
      LIMIT $7 OFFSET $8`,
    [companyId, text, f.sources, f.seniorities, userId, [...SENIORITY_LEVELS], CONTACTS_PAGE_SIZE, (page - 1) * CONTACTS_PAGE_SIZE],
  );
  const facets = await db.query<{ source: string; seniority: string | null; n: number }>(
    `SELECT c.source, c.seniority, count(*)::int AS n FROM contacts c WHERE c.company_id = $1 AND ${textSql} GROUP BY 1, 2`,
    [companyId, text],
  );
  const sources = CONTACT_SOURCES.map((s) => ({
    value: s,
    label: CONTACT_SOURCE_LABELS[s],
    count: facets.rows.filter((r) => r.source === s).reduce((a, r) => a + r.n, 0),
  }));
  const seniorities = SENIORITY_LEVELS.map((s) => ({ value: s as string, count: facets.rows.filter((r) => r.seniority === s).reduce((a, r) => a + r.n, 0) }));
  return {
    count: count.rows[0].n,
    page,
    page_size: CONTACTS_PAGE_SIZE,
    results: rows.map((r) => toContactView({ ...r, unlocked: r.unlocked || unlockedCompany }, { staff })),
    company_unlocked: unlockedCompany,
    sources,
    seniorities,
  };
}

/** Changes to the company's contacts, newest first; phone and e-mail masked unless unlocked. */
export async function companyContactsHistory(db: Queryable, userId: number, companyId: number, staff: boolean) {
  const unlockedCompany = staff || (await companyUnlocked(db, userId, companyId));
  const { rows } = await db.query<{ id: number; contact_id: number; contact_name: string; changes: Record<string, unknown>; changed_by: string | null; created_at: Date; unlocked: boolean }>(
    `SELECT h.id, h.contact_id, c.name AS contact_name, h.changes, nullif(trim(u.first_name || ' ' || u.last_name), '') AS changed_by, h.created_at,
            EXISTS (SELECT 1 FROM unlocks_visible_to($1) x WHERE x.item_type = 'contact' AND x.item_id = h.contact_id) AS unlocked
       FROM contact_history h JOIN contacts c ON c.id = h.contact_id LEFT JOIN users u ON u.id = h.changed_by
      WHERE c.company_id = $2
      ORDER BY h.created_at DESC, h.id DESC LIMIT 500`,
    [userId, companyId],
  );
  return rows.map(({ unlocked, ...r }) => ({
    ...r,
    id: Number(r.id),
    contact_id: Number(r.contact_id),
    changes: unlockedCompany || unlocked ? r.changes : maskChanges(r.changes),
    created_at: iso(r.created_at)!,
  }));
}

const ratio = (a: number | null, b: number | null, positive = false) =>
  a === null || b === null || b === 0 || (positive && b < 0) ? null : Math.round((a / b) * 10_000) / 10_000;

/** Revenue, profit, net worth and borrowings by fiscal year, oldest first. */
export async function financials(db: Queryable, companyId: number) {
  const { rows } = await db.query<{ fiscal_year: string; revenue: number | null; profit: number | null; net_worth: number | null; borrowings: number | null }>(
    `SELECT fiscal_year, revenue::float8 AS revenue, profit::float8 AS profit, net_worth::float8 AS net_worth, borrowings::float8 AS borrowings
       FROM company_financials WHERE company_id = $1 ORDER BY fiscal_year ASC`,
    [companyId],
  );
  return rows.map((r) => ({
    ...r,
    profit_margin: ratio(num(r.profit), num(r.revenue)),
    debt_to_equity: ratio(num(r.borrowings), num(r.net_worth), true),
  }));
}

interface DirectorRow {
  company_id: number; company_name: string; cin: string | null; din: string; name: string; designation: string | null;
  appointment_date: string | null; cessation_date: string | null;
}

const directorColumns = `d.company_id, co.name AS company_name, co.cin, d.din, d.name, d.designation,
  to_char(d.appointment_date, 'YYYY-MM-DD') AS appointment_date, to_char(d.cessation_date, 'YYYY-MM-DD') AS cessation_date`;

const toCompany = (r: DirectorRow) => ({
  id: Number(r.company_id), name: r.company_name, cin: r.cin, designation: r.designation, appointment_date: r.appointment_date, cessation_date: r.cessation_date,
});

/** The directors of the company with this CIN, each with their other companies; undefined when no such company. */
export async function directorsByCin(db: Queryable, cin: string) {
  const co = await db.query<{ id: number; name: string; cin: string }>(`SELECT id, name, cin FROM companies WHERE cin = $1`, [cin]);
  const company = co.rows[0];
  if (!company) return undefined;
  const { rows } = await db.query<DirectorRow>(
    `SELECT ${directorColumns} FROM company_directors d JOIN companies co ON co.id = d.company_id
      WHERE d.din IN (SELECT din FROM company_directors WHERE company_id = $1)
      ORDER BY d.appointment_date NULLS LAST, d.name, d.company_id`,
    [company.id],
  );
  const own = rows.filter((r) => Number(r.company_id) === Number(company.id));
  return {
    company: { id: Number(company.id), name: company.name, cin: company.cin },
    directors: own.map((d) => ({
      din: d.din, name: d.name, designation: d.designation, appointment_date: d.appointment_date, cessation_date: d.cessation_date,
      other_companies: rows.filter((r) => r.din === d.din && Number(r.company_id) !== Number(company.id)).map(toCompany),
    })),
  };
}

/** The director with this DIN and all their companies; undefined when unknown. */
export async function directorByDin(db: Queryable, din: string) {
  const { rows } = await db.query<DirectorRow>(
    `SELECT ${directorColumns} FROM company_directors d JOIN companies co ON co.id = d.company_id
      WHERE d.din = $1 ORDER BY d.appointment_date DESC NULLS LAST, d.company_id`,
    [din],
  );
  if (!rows.length) return undefined;
  const latest = rows[0];
  return {
    company: null,
    directors: [{
      din, name: latest.name, designation: latest.designation, appointment_date: latest.appointment_date, cessation_date: latest.cessation_date,
      other_companies: rows.map(toCompany),
    }],
  };
}
