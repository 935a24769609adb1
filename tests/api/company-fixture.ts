// Companies, directors, financials, tenders and results for the companies and competitors tests,
// written straight into the database.
import type { Db } from "../../server/db/client.js";
import { normalizeCompanyName } from "../../server/modules/companies/normalize.js";

let n = 0;
const uniq = () => `${++n}${Math.random().toString(36).slice(2, 6)}`;

export interface CompanyOpts {
  name?: string;
  cin?: string | null;
  type?: string;
  industry?: string;
  state?: string;
  city?: string;
  paidUp?: number | null;
  employees?: string | null;
  incorporated?: string | null;
}

/** A company with a unique name and (by default) a unique, well-formed CIN. */
export async function company(db: Db, o: CompanyOpts = {}): Promise<{ id: number; name: string; cin: string | null }> {
  const name = o.name ?? `Zx${uniq()} Infra Projects Pvt Ltd`;
  const cin = o.cin === undefined ? `U45200MH2010PTC${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}` : o.cin;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO companies (name, normalized_name, cin, company_type, industry, state, city, paid_up_capital, authorized_capital, employee_band, incorporation_date, company_status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::numeric, $8::numeric * 2, $9, $10, 'Active') RETURNING id`,
    [name, normalizeCompanyName(name), cin, o.type ?? "Contractor", o.industry ?? "Construction", o.state ?? "Maharashtra", o.city ?? "Pune",
      o.paidUp === undefined ? 5e7 : o.paidUp, o.employees === undefined ? "51-200" : o.employees, o.incorporated === undefined ? "2010-05-12" : o.incorporated],
  );
  return { id: Number(rows[0].id), name, cin };
}

export async function director(db: Db, companyId: number, din: string, name: string, designation = "Director", appointed = "2015-04-01"): Promise<void> {
  await db.query(`INSERT INTO company_directors (company_id, din, name, designation, appointment_date) VALUES ($1, $2, $3, $4, $5)`, [companyId, din, name, designation, appointed]);
}

export async function financial(db: Db, companyId: number, fy: string, f: { revenue: number; profit: number; netWorth: number; borrowings: number }): Promise<void> {
  await db.query(
    `INSERT INTO company_financials (company_id, fiscal_year, revenue, profit, net_worth, borrowings) VALUES ($1, $2, $3, $4, $5, $6)`,
    [companyId, fy, f.revenue, f.profit, f.netWorth, f.borrowings],
  );
}

export interface Bid {
  companyId: number | null;
  name?: string;
  bid: number | null;
  rank: number | null;
}

/**
 * A tender (estimate `value`) with its result: bidders in the given order, the first ranked one
 * (rank 1) the winner, the award its bid. Answers the tender and result ids.
 */
export async function tenderResult(
  db: Db,
  o: { value: number | null; bids: Bid[]; state?: string; category?: string; title?: string; resultDate?: string; winnerId?: number | null },
): Promise<{ tenderId: number; resultId: number }> {
  const t = await db.query<{ id: number }>(
    `INSERT INTO tenders (title, org_name, org_name_exact, tender_status, category, value, state) VALUES ($1, 'Public Works Department', 'Public Works Department', 'AOC', $2, $3, $4) RETURNING id`,
    [o.title ?? `Construction of road ${uniq()}`, o.category ?? "works", o.value, o.state ?? "Maharashtra"],
  );
  const winner = o.bids.find((b) => b.rank === 1) ?? null;
  const winnerId = o.winnerId !== undefined ? o.winnerId : winner?.companyId ?? null;
  const r = await db.query<{ id: number }>(
    `INSERT INTO results (tender_id, winner_company_id, winner_name, award_value, result_date) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [t.rows[0].id, winnerId, winner?.name ?? "Winner", winner?.bid ?? null, o.resultDate ?? new Date(Date.now() - 5 * 864e5).toISOString()],
  );
  for (const b of o.bids) {
    await db.query(
      `INSERT INTO result_bidders (result_id, company_id, bidder_name, bid_value, rank, rank_label, status, is_winner) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [r.rows[0].id, b.companyId, b.name ?? "Bidder", b.bid, b.rank, b.rank ? `L${b.rank}` : null, b.rank ? "Accepted-AOC" : "Rejected-Technical", b === winner],
    );
  }
  return { tenderId: Number(t.rows[0].id), resultId: Number(r.rows[0].id) };
}
