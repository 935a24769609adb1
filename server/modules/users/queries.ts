// Reading and updating a user's own account. Other modules call these, not the users table.
import type { Queryable } from "../../db/client.js";
import type { UserInfo } from "../../../common/api.js";
import { isProvenStaff } from "./staff.js";

interface UserRow {
  id: number;
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  company: string | null;
  designation: string | null;
  preferred_proj_status: string[];
  preferred_sectors: string[];
  preferred_states: string[];
  preferred_min_value: number | null;
  preferred_max_value: number | null;
  end_date: string | null;
  effective_end_date: string | null;
  total_credits: number;
  spent_credits: number;
  created_at: Date;
  staff_proven: boolean;
  email_verified_for: string | null;
}

export async function findUserRow(db: Queryable, id: number): Promise<UserRow | undefined> {
  // A team member's subscription is the team's: the owner's end date (as authenticate reads it);
  // the credits they spend are the team's pool (migration 031), so those are the ones shown.
  const { rows } = await db.query<UserRow & { pool_total: number | null; pool_spent: number | null }>(
    `SELECT u.*, CASE WHEN m.role <> 'owner' THEN COALESCE(o.end_date, u.end_date) ELSE u.end_date END AS effective_end_date,
            t.total_credits AS pool_total, t.spent_credits AS pool_spent
       FROM users u LEFT JOIN team_members m ON m.user_id = u.id LEFT JOIN teams t ON t.id = m.team_id LEFT JOIN users o ON o.id = t.owner_id
      WHERE u.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  row.end_date = row.effective_end_date;
  if (row.pool_total !== null) Object.assign(row, { total_credits: row.pool_total, spent_credits: row.pool_spent });
  return row;
}

export function toUserInfo(row: UserRow, opts: { impersonated: boolean; staffDomains: readonly string[] }): UserInfo & { email_verified: boolean } {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    company: row.company,
    designation: row.designation,
    preferred_proj_status: row.preferred_proj_status,
    preferred_sectors: row.preferred_sectors,
    preferred_states: row.preferred_states,
    end_date: row.end_date,
    is_impersonated: opts.impersonated,
    is_staff: isProvenStaff(row, opts.staffDomains),
    email_verified: !!row.email_verified_for && row.email_verified_for.toLowerCase() === row.email.toLowerCase(),
    remaining_credits: row.total_credits - row.spent_credits,
    total_credits: row.total_credits,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export type ProfileChanges = Partial<
  Pick<UserRow, "first_name" | "last_name" | "phone" | "company" | "designation" | "preferred_proj_status" | "preferred_sectors" | "preferred_states" | "preferred_min_value" | "preferred_max_value">
>;

const EDITABLE = new Set<keyof ProfileChanges>([
  "first_name", "last_name", "phone", "company", "designation",
  "preferred_proj_status", "preferred_sectors", "preferred_states", "preferred_min_value", "preferred_max_value",
]);

/** Updates the given profile fields; column names come from a fixed list, values are parameters. */
export async function updateProfile(db: Queryable, id: number, changes: ProfileChanges): Promise<void> {
  const entries = Object.entries(changes).filter(([k, v]) => EDITABLE.has(k as keyof ProfileChanges) && v !== undefined);
  if (entries.length === 0) return;
  const sets = entries.map(([k], i) => `${k} = $${i + 2}`).join(", ");
  await db.query(`UPDATE users SET ${sets}, updated_at = now() WHERE id = $1`, [id, ...entries.map(([, v]) => v)]);
}

/** The user's password hash (null when they never set one) and e-mail, for a password change. */
export async function passwordOf(db: Queryable, id: number): Promise<{ password_hash: string | null; email: string } | undefined> {
  const { rows } = await db.query<{ password_hash: string | null; email: string }>(`SELECT password_hash, email FROM users WHERE id = $1`, [id]);
  return rows[0];
}

export async function setPasswordHash(db: Queryable, id: number, hash: string): Promise<void> {
  await db.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [id, hash]);
}
