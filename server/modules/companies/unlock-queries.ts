// The company lists of unlock-routes.ts, both scoped to one user: the companies they unlocked and
// those they have not, each searchable by part of the name or the start of the CIN.
import type { Queryable } from "../../db/client.js";
import { CONTACT_QUALITY_THRESHOLD } from "../../../common/constants.js";
import { normalizeCompanyName } from "./normalize.js";

export const STATIC_PAGE_SIZE = 20;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A name/CIN condition over alias co with its two parameters (or none for a blank q). */
function nameOrCin(q: string | undefined, first: number): { sql: string; params: unknown[] } {
  const text = q?.trim();
  if (!text) return { sql: "true", params: [] };
  const norm = normalizeCompanyName(text) || text.toLowerCase();
  return {
    sql: `(co.normalized_name LIKE $${first} ESCAPE '\\' OR co.name ILIKE $${first + 1} ESCAPE '\\' OR co.cin LIKE $${first + 2} ESCAPE '\\')`,
    params: [`%${likeEscape(norm)}%`, `%${likeEscape(text)}%`, `${likeEscape(text.toUpperCase())}%`],
  };
}

const staticColumns = `co.id, co.name, co.cin, co.company_type, co.industry, co.state, co.city,
  (SELECT count(*)::int FROM contacts c WHERE c.company_id = co.id) AS contact_count,
  (SELECT count(*)::int FROM contacts c WHERE c.company_id = co.id AND c.contact_fuzz_score > ${CONTACT_QUALITY_THRESHOLD}) AS high_quality_contact_count`;

export async function unlockedAt(db: Queryable, unlockId: number): Promise<Date> {
  const { rows } = await db.query<{ created_at: Date }>(`SELECT created_at FROM unlocks WHERE id = $1`, [unlockId]);
  return rows[0].created_at;
}

/** One page of the companies the user unlocked, newest first, with the count. */
export async function unlockedCompanies(db: Queryable, userId: number, q: string | undefined, page: number) {
  const cond = nameOrCin(q, 2);
  const from = `FROM unlocks_visible_to($1) u JOIN companies co ON co.id = u.item_id WHERE u.item_type = 'company' AND ${cond.sql}`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, [userId, ...cond.params]);
  const n = cond.params.length + 2;
  const { rows } = await db.query<Record<string, unknown> & { id: number; unlocked_at: Date }>(
    `SELECT ${staticColumns}, u.created_at AS unlocked_at, u.credits ${from} ORDER BY u.created_at DESC, u.id DESC LIMIT $${n} OFFSET $${n + 1}`,
    [userId, ...cond.params, STATIC_PAGE_SIZE, (page - 1) * STATIC_PAGE_SIZE],
  );
  return { count: count.rows[0].n, rows };
}

/** One page of the companies the user has not unlocked, by name, with the count. */
export async function lockedCompanies(db: Queryable, userId: number, q: string | undefined, page: number) {
  const cond = nameOrCin(q, 2);
  const from = `FROM companies co WHERE NOT EXISTS (SELECT 1 FROM unlocks_visible_to($1) u WHERE u.item_type = 'company' AND u.item_id = co.id) AND ${cond.sql}`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, [userId, ...cond.params]);
  const n = cond.params.length + 2;
  const { rows } = await db.query<Record<string, unknown> & { id: number }>(
    `SELECT ${staticColumns} ${from} ORDER BY co.name, co.id LIMIT $${n} OFFSET $${n + 1}`,
    [userId, ...cond.params, STATIC_PAGE_SIZE, (page - 1) * STATIC_PAGE_SIZE],
  );
  return { count: count.rows[0].n, rows };
}
