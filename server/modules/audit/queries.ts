// Reading the audit log (staff): newest first, a page at a time, by user (as actor, as the
// account acted on, or as the user a staff change was about), kind and time. Writing is log.ts.
import type { Queryable } from "../../db/client.js";
import type { AuditRow } from "../../../common/audit.js";

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilter {
  userId?: number;
  actions?: string[];
  /** ISO instants; either end may be open. */
  from?: string;
  to?: string;
}


/** The WHERE clause and its parameters; every value is a parameter. */
function where(f: AuditFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const parts: string[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  if (f.userId !== undefined) {
    const id = p(f.userId);
    // Whoever acted, on whose account, or the user the row is about (a staff member's grant to them).
    parts.push(`(a.actor_id = ${id} OR a.as_user_id = ${id} OR (a.item_type = 'user' AND a.item_id = ${id}))`);
  }
  if (f.actions?.length) parts.push(`a.action = ANY(${p(f.actions)}::text[])`);
  if (f.from) parts.push(`a.created_at >= ${p(f.from)}::timestamptz`);
  if (f.to) parts.push(`a.created_at <= ${p(f.to)}::timestamptz`);
  return { sql: parts.length ? `WHERE ${parts.join(" AND ")}` : "", params };
}

const person = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'email', ${alias}.email,
     'name', trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, ''))) END`;

export async function listAudit(db: Queryable, f: AuditFilter, page: number): Promise<{ count: number; results: AuditRow[] }> {
  const w = where(f);
  const count = await db.query<{ n: string }>(`SELECT count(*) AS n FROM audit_log a ${w.sql}`, w.params);
  const { rows } = await db.query<AuditRow & { created_at: Date | string }>(
    `SELECT a.id, a.created_at, a.action, a.item_type, a.item_id, a.ip, a.details,
            ${person("actor")} AS actor, ${person("as_user")} AS as_user
       FROM audit_log a
       LEFT JOIN users actor ON actor.id = a.actor_id
       LEFT JOIN users as_user ON as_user.id = a.as_user_id
       ${w.sql}
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT $${w.params.length + 1} OFFSET $${w.params.length + 2}`,
    [...w.params, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE],
  );
  return {
    count: Number(count.rows[0].n),
    results: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      item_id: r.item_id === null ? null : Number(r.item_id),
      created_at: new Date(r.created_at).toISOString(),
      details: typeof r.details === "string" ? JSON.parse(r.details) : r.details,
    })),
  };
}
