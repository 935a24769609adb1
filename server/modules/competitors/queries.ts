// The user's tracked competitors and the companies suggested as competitors.
//
// How the user's company is known: users.company (the company name given at signup or in the
// profile), normalised like every company name (companies/normalize.ts) and matched to
// companies.normalized_name; when several companies share that name, the one with the most bids
// in results data. Competitors are then the companies that bid on the same tenders (results)
// as it. Without a match (or without bids), suggestions are the companies that win most often
// in the user's preferred states (everywhere when none are set).
import type { Queryable } from "../../db/client.js";
import { iso } from "../credits/contacts.js";
import { normalizeCompanyName } from "../companies/normalize.js";
import { findUserRow } from "../users/queries.js";
import { bidFigures } from "./figures.js";

export const LISTER_PAGE_SIZE = 20;

interface CompanyInfo {
  id: number;
  name: string;
  cin: string | null;
  city: string | null;
  state: string | null;
  company_type: string | null;
}

export async function companiesByIds(db: Queryable, ids: number[]): Promise<Map<number, CompanyInfo>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<CompanyInfo>(`SELECT id, name, cin, city, state, company_type FROM companies WHERE id = ANY($1::bigint[])`, [ids]);
  return new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));
}

/** Locks the user's row: one user's additions queue there, so the cap holds under a double click. False when no such user. */
export async function lockUser(tx: Queryable, userId: number): Promise<boolean> {
  return (await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId])).rows.length > 0;
}

export async function trackedCount(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM competitors WHERE user_id = $1`, [userId]);
  return rows[0].n;
}

export async function track(tx: Queryable, userId: number, companyId: number): Promise<void> {
  await tx.query(`INSERT INTO competitors (user_id, company_id) VALUES ($1, $2)`, [userId, companyId]);
}

/** Stops tracking; false when the user did not track the company. */
export async function untrack(db: Queryable, userId: number, companyId: number): Promise<boolean> {
  const { rows } = await db.query(`DELETE FROM competitors WHERE user_id = $1 AND company_id = $2 RETURNING company_id`, [userId, companyId]);
  return rows.length > 0;
}

/** The user's tracked competitors with their figures, newest tracked first. */
export async function trackedCompetitors(db: Queryable, userId: number, days: number | null = null) {
  const { rows } = await db.query<{ company_id: string | number; created_at: Date }>(
    `SELECT company_id, created_at FROM competitors WHERE user_id = $1 ORDER BY created_at DESC, company_id DESC`,
    [userId],
  );
  const ids = rows.map((r) => Number(r.company_id));
  const [info, figures] = await Promise.all([companiesByIds(db, ids), bidFigures(db, ids, days)]);
  return rows.map((r) => {
    const id = Number(r.company_id);
    return { company: info.get(id)!, tracked_at: iso(r.created_at)!, ...figures.get(id)! };
  });
}

export async function isTracked(db: Queryable, userId: number, companyId: number): Promise<Date | null> {
  const { rows } = await db.query<{ created_at: Date }>(`SELECT created_at FROM competitors WHERE user_id = $1 AND company_id = $2`, [userId, companyId]);
  return rows[0]?.created_at ?? null;
}

/** The user's own company: users.company matched by normalised name (see the header). */
export async function yourCompany(db: Queryable, userId: number): Promise<{ name: string | null; company: { id: number; name: string } | null }> {
  const user = await findUserRow(db, userId);
  const name = user?.company?.trim() || null;
  const norm = normalizeCompanyName(name);
  if (!name || !norm) return { name, company: null };
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT co.id, co.name FROM companies co WHERE co.normalized_name = $1
      ORDER BY (SELECT count(*) FROM result_bidders b WHERE b.company_id = co.id) DESC, co.id LIMIT 1`,
    [norm],
  );
  return { name, company: rows[0] ? { id: Number(rows[0].id), name: rows[0].name } : null };
}

/**
 * The lister's tie-break (companies `co` with equal counts): by name, ignoring case, then id, so
 * ties read alphabetically and a page never changes between calls. Byte order ("C") so both
 * databases (PGlite, a server with any locale) agree.
 */
const BY_NAME = `lower(co.name) COLLATE "C", co.name COLLATE "C", co.id`;

interface ListerRow {
  company_id: number;
  shared: number;
  above: number;
}

/** Companies bidding on the same results as companyId: how often, and how often ranked above it. */
async function sharedBidders(db: Queryable, companyId: number, offset: number, limit: number): Promise<{ count: number; rows: ListerRow[] }> {
  const cte = `
    WITH mine AS (
      SELECT result_id, min(rank) AS rank FROM (
        SELECT b.result_id, b.rank FROM result_bidders b WHERE b.company_id = $1
        UNION ALL SELECT w.result_id, NULL::int FROM result_winner_list w WHERE w.company_id = $1
      ) x GROUP BY result_id
    ), others AS (
      SELECT b.company_id, b.result_id, min(b.rank) AS rank
        FROM result_bidders b JOIN mine m ON m.result_id = b.result_id
       WHERE b.company_id IS NOT NULL AND b.company_id <> $1
       GROUP BY b.company_id, b.result_id
    ), agg AS (
      SELECT o.company_id, count(*)::int AS shared,
             count(*) FILTER (WHERE o.rank IS NOT NULL AND (m.rank IS NULL OR o.rank < m.rank))::int AS above
        FROM others o JOIN mine m ON m.result_id = o.result_id GROUP BY o.company_id
    )`;
  const count = await db.query<{ n: number }>(`${cte} SELECT count(*)::int AS n FROM agg`, [companyId]);
  const { rows } = await db.query<ListerRow>(
    `${cte} SELECT agg.company_id, agg.shared, agg.above FROM agg JOIN companies co ON co.id = agg.company_id
      ORDER BY agg.shared DESC, agg.above DESC, ${BY_NAME} LIMIT $2 OFFSET $3`,
    [companyId, limit, offset],
  );
  return { count: count.rows[0].n, rows: rows.map((r) => ({ ...r, company_id: Number(r.company_id) })) };
}

/** The most frequent winners in these states (all when empty), leaving out one company. */
async function frequentWinners(db: Queryable, states: string[], exclude: number | null, offset: number, limit: number): Promise<{ count: number; ids: number[] }> {
  // Every winner of a result counts (lots, joint awards), once per result.
  const from = `FROM (SELECT DISTINCT result_id, company_id FROM result_winner_list WHERE company_id IS NOT NULL) w
    JOIN results r ON r.id = w.result_id JOIN tenders t ON t.id = r.tender_id JOIN companies co ON co.id = w.company_id
    WHERE ($1::bigint IS NULL OR w.company_id <> $1) AND (cardinality($2::text[]) = 0 OR t.state = ANY($2::text[]))`;
  const count = await db.query<{ n: number }>(`SELECT count(DISTINCT w.company_id)::int AS n ${from}`, [exclude, states]);
  const { rows } = await db.query<{ id: string | number }>(
    `SELECT co.id ${from} GROUP BY co.id ORDER BY count(*) DESC, ${BY_NAME} LIMIT $3 OFFSET $4`,
    [exclude, states, limit, offset],
  );
  return { count: count.rows[0].n, ids: rows.map((r) => Number(r.id)) };
}

export async function competitorLister(db: Queryable, userId: number, page: number) {
  const offset = (page - 1) * LISTER_PAGE_SIZE;
  const you = await yourCompany(db, userId);
  let count = 0;
  let rows: (ListerRow & { reason: "shared_tenders" | "frequent_winner" })[] = [];
  if (you.company) {
    const shared = await sharedBidders(db, you.company.id, offset, LISTER_PAGE_SIZE);
    count = shared.count;
    rows = shared.rows.map((r) => ({ ...r, reason: "shared_tenders" as const }));
  }
  if (count === 0) {
    const user = await findUserRow(db, userId);
    const winners = await frequentWinners(db, user?.preferred_states ?? [], you.company?.id ?? null, offset, LISTER_PAGE_SIZE);
    count = winners.count;
    rows = winners.ids.map((id) => ({ company_id: id, shared: 0, above: 0, reason: "frequent_winner" as const }));
  }
  const ids = rows.map((r) => r.company_id);
  const [info, figures, tracked] = await Promise.all([
    companiesByIds(db, ids),
    bidFigures(db, ids),
    db.query<{ company_id: string | number }>(`SELECT company_id FROM competitors WHERE user_id = $1 AND company_id = ANY($2::bigint[])`, [userId, ids]),
  ]);
  const trackedIds = new Set(tracked.rows.map((r) => Number(r.company_id)));
  return {
    count,
    page,
    page_size: LISTER_PAGE_SIZE,
    your_company: you,
    results: rows.map((r) => {
      const c = info.get(r.company_id)!;
      const f = figures.get(r.company_id)!;
      return {
        company: { id: c.id, name: c.name, cin: c.cin, city: c.city, state: c.state },
        reason: r.reason,
        shared_tenders: r.shared,
        ranked_above_you: r.above,
        tenders_bid: f.tenders_bid,
        tenders_won: f.tenders_won,
        win_rate: f.win_rate,
        is_tracked: trackedIds.has(r.company_id),
      };
    }),
  };
}
