// Settings staff change at run time, kept in the one-row app_settings table (migration 018).
import type { Queryable } from "../../db/client.js";

/** How long a new shared link works when nobody has changed the setting. */
export const DEFAULT_SHARE_LINK_DAYS = 30;
export const MAX_SHARE_LINK_DAYS = 365;

export interface AppSettings {
  share_link_days: number;
  updated_at: string;
  updated_by_email: string | null;
}

export async function getSettings(db: Queryable): Promise<AppSettings> {
  const { rows } = await db.query<{ share_link_days: number; updated_at: Date; updated_by_email: string | null }>(
    `SELECT s.share_link_days, s.updated_at, u.email AS updated_by_email
       FROM app_settings s LEFT JOIN users u ON u.id = s.updated_by`,
  );
  const row = rows[0];
  // The migration inserts the row; should it ever be missing, the defaults apply.
  if (!row) return { share_link_days: DEFAULT_SHARE_LINK_DAYS, updated_at: new Date(0).toISOString(), updated_by_email: null };
  return { share_link_days: row.share_link_days, updated_at: row.updated_at.toISOString(), updated_by_email: row.updated_by_email };
}

/** The current value, locked until the transaction ends (so two staff edits audit in order). */
export async function lockShareLinkDays(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ share_link_days: number }>(`SELECT share_link_days FROM app_settings WHERE id FOR UPDATE`);
  return rows[0]?.share_link_days ?? DEFAULT_SHARE_LINK_DAYS;
}

export async function setShareLinkDays(tx: Queryable, days: number, staffId: number): Promise<void> {
  await tx.query(
    `INSERT INTO app_settings (id, share_link_days, updated_at, updated_by) VALUES (true, $1, now(), $2)
     ON CONFLICT (id) DO UPDATE SET share_link_days = excluded.share_link_days, updated_at = now(), updated_by = excluded.updated_by`,
    [days, staffId],
  );
}
