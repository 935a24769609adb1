// Staff users admin: reading users with their subscription state, credits and last sign-in;
// changing a subscription, granting credits, disabling. Every change is one transaction.
import type { Queryable } from "../../db/client.js";
import { addCredits, balance, creditAccountOf } from "../credits/pool.js";
import { STAFF_FACTS_SQL, isProvenStaff } from "./staff.js";

export const USER_STATUSES = ["active", "expired", "signup", "disabled"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const ADMIN_PAGE_SIZE = 25;

export interface AdminUser {
  id: number;
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  company: string | null;
  designation: string | null;
  end_date: string | null;
  status: UserStatus;
  is_active: boolean;
  is_staff: boolean;
  /** The current address is proven (mailed link or identity provider). */
  email_verified: boolean;
  /** A staff member granted staff powers to the current address (they need email_verified too). */
  staff_granted: boolean;
  signup_source: string;
  /** The credits the user spends: their team's pool while in a team (team_name), else their own. */
  total_credits: number;
  spent_credits: number;
  remaining_credits: number;
  team_name: string | null;
  created_at: string;
  /** When the user last signed in (their own sessions, not impersonations), and last used the app. */
  last_login_at: string | null;
  last_seen_at: string | null;
}

interface Row extends Omit<AdminUser, "status" | "is_staff" | "remaining_credits" | "created_at" | "last_login_at" | "last_seen_at"> {
  status: UserStatus;
  created_at: Date;
  last_login_at: Date | null;
  last_seen_at: Date | null;
  staff_proven: boolean;
}

// One status expression, used to show and to filter, so both always agree.
const STATUS_SQL = `CASE WHEN NOT u.is_active THEN 'disabled'
                         WHEN u.end_date IS NULL THEN 'signup'
                         WHEN u.end_date < (now() AT TIME ZONE 'UTC')::date THEN 'expired'
                         ELSE 'active' END`;

const SELECT = `
  SELECT u.id, u.email, u.username, u.first_name, u.last_name, u.phone, u.company, u.designation,
         u.end_date, u.is_active, u.signup_source, u.created_at,
         COALESCE(tt.total_credits, u.total_credits) AS total_credits, COALESCE(tt.spent_credits, u.spent_credits) AS spent_credits,
         tt.name AS team_name, ${STATUS_SQL} AS status, s.last_login_at, s.last_seen_at, ${STAFF_FACTS_SQL}
    FROM users u
    LEFT JOIN team_members tm ON tm.user_id = u.id LEFT JOIN teams tt ON tt.id = tm.team_id
    LEFT JOIN LATERAL (
      SELECT max(t.created_at) AS last_login_at, max(t.last_seen_at) AS last_seen_at
        FROM auth_tokens t WHERE t.user_id = u.id AND t.impersonator_id IS NULL
    ) s ON true`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toAdminUser({ staff_proven, ...r }: Row, staffDomains: readonly string[]): AdminUser {
  return {
    ...r,
    is_staff: isProvenStaff({ email: r.email, staff_proven }, staffDomains),
    remaining_credits: r.total_credits - r.spent_credits,
    created_at: new Date(r.created_at).toISOString(),
    last_login_at: iso(r.last_login_at),
    last_seen_at: iso(r.last_seen_at),
  };
}

/** LIKE pattern for text typed by a user: its own % and _ are literal. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listUsers(
  db: Queryable,
  opts: { q?: string; status?: UserStatus; page: number; staffDomains: readonly string[] },
): Promise<{ count: number; page: number; page_size: number; results: AdminUser[] }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const q = opts.q?.trim();
  if (q) {
    params.push(likePattern(q));
    const p = `$${params.length}`;
    where.push(`(u.email ILIKE ${p} OR u.username ILIKE ${p} OR u.company ILIKE ${p}
                 OR (u.first_name || ' ' || u.last_name) ILIKE ${p})`);
  }
  if (opts.status) {
    params.push(opts.status);
    where.push(`${STATUS_SQL} = $${params.length}`);
  }
  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u ${whereSql}`, params);
  const rows = await db.query<Row>(
    `${SELECT} ${whereSql} ORDER BY u.created_at DESC, u.id DESC LIMIT ${ADMIN_PAGE_SIZE} OFFSET $${params.length + 1}`,
    [...params, (opts.page - 1) * ADMIN_PAGE_SIZE],
  );
  return { count: total.rows[0].n, page: opts.page, page_size: ADMIN_PAGE_SIZE, results: rows.rows.map((r) => toAdminUser(r, opts.staffDomains)) };
}

export async function getAdminUser(db: Queryable, id: number, staffDomains: readonly string[]): Promise<AdminUser | undefined> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE u.id = $1`, [id]);
  return rows[0] && toAdminUser(rows[0], staffDomains);
}

export interface LedgerEntry {
  id: number;
  delta: number;
  kind: string;
  note: string | null;
  actor_id: number | null;
  actor_email: string | null;
  created_at: string;
}

export async function recentLedger(db: Queryable, userId: number, limit = 50): Promise<LedgerEntry[]> {
  const { rows } = await db.query<Omit<LedgerEntry, "created_at"> & { created_at: Date }>(
    `SELECT l.id, l.delta, l.kind, l.note, l.actor_id, a.email AS actor_email, l.created_at
       FROM credit_ledger l LEFT JOIN users a ON a.id = l.actor_id
      WHERE l.user_id = $1 ORDER BY l.created_at DESC, l.id DESC LIMIT $2`, // theirs and the pool rows they made
    [userId, limit],
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

/** Locks and reads the fields an admin change compares against; undefined for an unknown id. */
export async function lockUser(tx: Queryable, id: number) {
  const { rows } = await tx.query<{ id: number; email: string; end_date: string | null; is_active: boolean; total_credits: number }>(
    `SELECT id, email, end_date, is_active, total_credits FROM users WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0];
}

export async function setSubscription(tx: Queryable, id: number, endDate: string): Promise<void> {
  await tx.query(`UPDATE users SET end_date = $2, updated_at = now() WHERE id = $1`, [id, endDate]);
}

export async function setActive(tx: Queryable, id: number, active: boolean): Promise<void> {
  await tx.query(`UPDATE users SET is_active = $2, updated_at = now() WHERE id = $1`, [id, active]);
}

/**
 * Adds credits to what the user spends: their team's pool while in a team (a grant to any
 * member is the team's), else their own; one ledger row (kind 'grant') and the total, together.
 */
export async function grantCredits(tx: Queryable, id: number, amount: number, note: string | null, actorId: number) {
  const { teamId } = await creditAccountOf(tx, id, true);
  const before = await balance(tx, id);
  await addCredits(tx, { userId: id, teamId }, amount, { kind: "grant", note, actorId });
  return { teamId, total: [before.total, before.total + amount] };
}
