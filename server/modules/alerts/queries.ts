// A user's e-mail alert configs (email_alert_configs): one per quick search, and one for the
// feed (saved_search_id NULL). Every query is scoped by user_id.
import crypto from "node:crypto";
import type { Db, Queryable } from "../../db/client.js";
import { hashSecret } from "../auth/tokens.js";
import { FEED_ALERT_NAME, type AlertConfig, type Frequency } from "../../../common/alerts.js";

export { FREQUENCIES } from "../../../common/alerts.js";
export type { AlertConfig, Frequency };
/** (The name the digest job and the unsubscribe page use.) */
export const FEED_NAME = FEED_ALERT_NAME;
export const MAX_ALERTS = 200;

interface Row {
  id: number;
  saved_search_id: number | null;
  name: string | null;
  resource: string | null;
  frequency: Frequency;
  enabled: boolean;
  last_sent_at: Date | null;
  created_at: Date;
}

const SELECT = `SELECT c.id, c.saved_search_id, s.name, s.resource, c.frequency, c.enabled, c.last_sent_at, c.created_at
                  FROM email_alert_configs c LEFT JOIN saved_searches s ON s.id = c.saved_search_id`;

const toConfig = (r: Row): AlertConfig => ({
  id: r.id,
  saved_search_id: r.saved_search_id,
  name: r.saved_search_id === null ? FEED_NAME : (r.name ?? ""),
  resource: r.saved_search_id === null ? "/my-feed" : (r.resource ?? ""),
  frequency: r.frequency,
  enabled: r.enabled,
  last_sent_at: r.last_sent_at ? new Date(r.last_sent_at).toISOString() : null,
  created_at: new Date(r.created_at).toISOString(),
});

export async function listAlerts(db: Queryable, userId: number): Promise<AlertConfig[]> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE c.user_id = $1 ORDER BY c.saved_search_id NULLS FIRST, lower(s.name), c.id`, [userId]);
  return rows.map(toConfig);
}

export async function getAlert(db: Queryable, userId: number, id: number): Promise<AlertConfig | undefined> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE c.id = $1 AND c.user_id = $2`, [id, userId]);
  return rows[0] && toConfig(rows[0]);
}

export async function countAlerts(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_alert_configs WHERE user_id = $1`, [userId]);
  return rows[0].n;
}

/** The user's alert on this quick search (or the feed), if any. */
export async function alertFor(db: Queryable, userId: number, savedSearchId: number | null): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM email_alert_configs WHERE user_id = $1 AND coalesce(saved_search_id, 0) = coalesce($2::bigint, 0)`,
    [userId, savedSearchId],
  );
  return rows[0]?.id;
}

export async function insertAlert(db: Queryable, userId: number, a: { saved_search_id: number | null; frequency: Frequency; enabled: boolean }): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO email_alert_configs (user_id, saved_search_id, frequency, enabled) VALUES ($1, $2, $3, $4) RETURNING id`,
    [userId, a.saved_search_id, a.frequency, a.enabled],
  );
  return rows[0].id;
}

export async function updateAlert(
  db: Queryable,
  userId: number,
  id: number,
  a: { saved_search_id?: number | null; frequency?: Frequency; enabled?: boolean },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE email_alert_configs SET
        saved_search_id = CASE WHEN $3 THEN $4::bigint ELSE saved_search_id END,
        frequency = coalesce($5, frequency),
        enabled = coalesce($6, enabled)
      WHERE id = $1 AND user_id = $2`,
    [id, userId, a.saved_search_id !== undefined, a.saved_search_id ?? null, a.frequency ?? null, a.enabled ?? null],
  );
  return rowCount > 0;
}

export async function deleteAlert(db: Queryable, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM email_alert_configs WHERE id = $1 AND user_id = $2`, [id, userId]);
  return rowCount > 0;
}

// ───────────── unsubscribe links ─────────────

/** A new unsubscribe token for a config; only its hash is stored (pass the digest's transaction). */
export async function mintUnsubscribeToken(db: Queryable, configId: number): Promise<string> {
  const token = crypto.randomBytes(24).toString("base64url");
  await db.query(`INSERT INTO alert_unsubscribe_tokens (token_hash, config_id) VALUES ($1, $2)`, [hashSecret(token), configId]);
  return token;
}

/** Turns off the alert a token belongs to; undefined for an unknown token. */
export async function unsubscribe(db: Queryable, token: string): Promise<{ name: string; frequency: Frequency; email: string } | undefined> {
  const { rows } = await db.query<{ name: string | null; saved_search_id: number | null; frequency: Frequency; email: string }>(
    `UPDATE email_alert_configs c SET enabled = false
       FROM alert_unsubscribe_tokens t, users u
      WHERE t.token_hash = $1 AND c.id = t.config_id AND u.id = c.user_id
  RETURNING c.saved_search_id, c.frequency, u.email, (SELECT s.name FROM saved_searches s WHERE s.id = c.saved_search_id) AS name`,
    [hashSecret(token)],
  );
  const r = rows[0];
  return r && { name: r.saved_search_id === null ? FEED_NAME : (r.name ?? ""), frequency: r.frequency, email: r.email };
}

// My Feed's seen mark (feed-seen.ts): one instant per user, only ever moved forward.
export async function feedSeenAt(db: Queryable, userId: number): Promise<Date | null> {
  const { rows } = await db.query<{ seen_at: Date }>(`SELECT seen_at FROM feed_seen WHERE user_id = $1`, [userId]);
  return rows[0] ? new Date(rows[0].seen_at) : null;
}

/** Moves the user's mark forward to `at`; answers the mark before and after. */
export async function markFeedSeen(db: Db, userId: number, at: Date): Promise<{ previous: Date | null; seenAt: Date }> {
  return db.transaction(async (tx) => {
    const before = await tx.query<{ seen_at: Date }>(`SELECT seen_at FROM feed_seen WHERE user_id = $1 FOR UPDATE`, [userId]);
    const { rows } = await tx.query<{ seen_at: Date }>(
      `INSERT INTO feed_seen (user_id, seen_at) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET seen_at = greatest(feed_seen.seen_at, excluded.seen_at)
       RETURNING seen_at`,
      [userId, at],
    );
    return { previous: before.rows[0] ? new Date(before.rows[0].seen_at) : null, seenAt: new Date(rows[0].seen_at) };
  });
}
