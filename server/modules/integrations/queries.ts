// The SQL of webhooks and their deliveries (migration 033). Every read and write by id is within a
// team: another team's ids are simply not found. Routes: routes.ts; sending: server/jobs/webhooks.ts.
import crypto from "node:crypto";
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_SECONDS, type WebhookDeliveryStatus, type WebhookEvent } from "../../../common/webhooks.js";
import type { Queryable } from "../../db/client.js";

export interface WebhookRow {
  id: number;
  team_id: number;
  url: string;
  events: WebhookEvent[];
  secret_hint: string;
  active: boolean;
  created_at: Date;
  created_by_name: string | null;
}

const WEBHOOK_COLUMNS = `w.id, w.team_id, w.url, w.events, w.secret_hint, w.active, w.created_at,
  nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS created_by_name`;

export async function teamWebhooks(db: Queryable, teamId: number): Promise<WebhookRow[]> {
  const { rows } = await db.query<WebhookRow>(
    `SELECT ${WEBHOOK_COLUMNS} FROM webhooks w LEFT JOIN users u ON u.id = w.created_by WHERE w.team_id = $1 ORDER BY w.id`,
    [teamId],
  );
  return rows;
}

export async function findWebhook(db: Queryable, teamId: number, id: number): Promise<WebhookRow | undefined> {
  const { rows } = await db.query<WebhookRow>(
    `SELECT ${WEBHOOK_COLUMNS} FROM webhooks w LEFT JOIN users u ON u.id = w.created_by WHERE w.team_id = $1 AND w.id = $2`,
    [teamId, id],
  );
  return rows[0];
}

/** Inserts a webhook; the secret is sealed by the caller, which needs the id-free context (team). */
export async function insertWebhook(
  tx: Queryable,
  w: { teamId: number; url: string; secretEnc: string; secretHint: string; events: readonly WebhookEvent[]; createdBy: number },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO webhooks (team_id, url, secret_enc, secret_hint, events, created_by) VALUES ($1, $2, $3, $4, $5::text[], $6) RETURNING id`,
    [w.teamId, w.url, w.secretEnc, w.secretHint, [...w.events], w.createdBy],
  );
  return rows[0].id;
}

export async function deleteWebhook(tx: Queryable, teamId: number, id: number): Promise<boolean> {
  const { rowCount } = await tx.query(`DELETE FROM webhooks WHERE team_id = $1 AND id = $2`, [teamId, id]);
  return rowCount === 1;
}

/** How many webhooks a team has (a team may have at most MAX_WEBHOOKS_PER_TEAM). */
export async function webhookCount(db: Queryable, teamId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhooks WHERE team_id = $1`, [teamId]);
  return rows[0].n;
}

/** The team's active webhooks that listen to the event. */
export async function listeningWebhooks(db: Queryable, teamId: number, event: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM webhooks WHERE team_id = $1 AND active AND $2 = ANY(events) ORDER BY id`, [teamId, event]);
  return rows.map((r) => r.id);
}

/** The teams with an active webhook listening to the event (few: most teams have none). */
export async function teamsListeningTo(db: Queryable, event: string): Promise<number[]> {
  const { rows } = await db.query<{ team_id: number }>(`SELECT DISTINCT team_id FROM webhooks WHERE active AND $1 = ANY(events)`, [event]);
  return rows.map((r) => r.team_id);
}

export interface DeliveryRow {
  id: number;
  delivery_uuid: string;
  webhook_id: number;
  event: string;
  event_id: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
  replay_of: number | null;
}

const DELIVERY_COLUMNS = `d.id, d.delivery_uuid, d.webhook_id, d.event, d.event_id, d.status, d.attempts, d.last_status_code, d.last_error,
  d.last_attempt_at, d.next_attempt_at, d.delivered_at, d.created_at, d.replay_of`;

/** Queues one delivery of a body (the exact bytes to send), due at `at`. */
export async function insertDelivery(
  tx: Queryable,
  d: { webhookId: number; event: string; eventId: string; body: string; at: Date; replayOf?: number },
): Promise<DeliveryRow> {
  const { rows } = await tx.query<DeliveryRow>(
    `INSERT INTO webhook_deliveries AS d (delivery_uuid, webhook_id, event, event_id, body, replay_of, next_attempt_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING ${DELIVERY_COLUMNS}`,
    [crypto.randomUUID(), d.webhookId, d.event, d.eventId, d.body, d.replayOf ?? null, d.at],
  );
  return rows[0];
}

/** A webhook's deliveries, newest first (the webhook is the team's: the route checked it). */
export async function webhookDeliveries(db: Queryable, webhookId: number, limit: number, offset: number): Promise<{ count: number; rows: DeliveryRow[] }> {
  const [{ rows }, count] = await Promise.all([
    db.query<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.webhook_id = $1 ORDER BY d.id DESC LIMIT $2 OFFSET $3`, [webhookId, limit, offset]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1`, [webhookId]),
  ]);
  return { count: count.rows[0].n, rows };
}

/** One delivery of this webhook, with its body (for a replay). */
export async function findDelivery(db: Queryable, webhookId: number, id: number): Promise<(DeliveryRow & { body: string }) | undefined> {
  const { rows } = await db.query<DeliveryRow & { body: string }>(
    `SELECT ${DELIVERY_COLUMNS}, d.body FROM webhook_deliveries d WHERE d.webhook_id = $1 AND d.id = $2`,
    [webhookId, id],
  );
  return rows[0];
}

export async function deliveryById(db: Queryable, id: number): Promise<DeliveryRow | undefined> {
  const { rows } = await db.query<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.id = $1`, [id]);
  return rows[0];
}

/** A delivery as its sender needs it: where, with which (sealed) secret, what. */
export interface ClaimedDelivery {
  id: number;
  delivery_uuid: string;
  event: string;
  body: string;
  attempts: number;
  url: string;
  team_id: number;
  secret_enc: string;
}

/** While a claimed delivery is being sent it is not due: a sender that dies leaves it due again after this. */
export const CLAIM_SECONDS = 120;

/**
 * Claims up to `limit` due deliveries for `holder` (FOR UPDATE SKIP LOCKED: two senders never claim
 * one delivery), moving their next try CLAIM_SECONDS ahead while they are sent. `only` claims just
 * that delivery, whether due or not (the test event is sent at once).
 */
export async function claimDue(db: Queryable, holder: string, now: Date, limit: number, only?: number): Promise<ClaimedDelivery[]> {
  const { rows } = await db.query<ClaimedDelivery>(
    `WITH due AS (
       SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
        WHERE d.status = 'pending' AND w.active AND ($4::bigint IS NULL AND d.next_attempt_at <= $2 OR d.id = $4::bigint)
        ORDER BY d.next_attempt_at, d.id LIMIT $3
        FOR UPDATE OF d SKIP LOCKED
     )
     UPDATE webhook_deliveries d SET claimed_by = $1, next_attempt_at = $2::timestamptz + make_interval(secs => $5)
       FROM due, webhooks w
      WHERE d.id = due.id AND w.id = d.webhook_id
     RETURNING d.id, d.delivery_uuid, d.event, d.body, d.attempts, w.url, w.team_id, w.secret_enc`,
    [holder, now, limit, only ?? null, CLAIM_SECONDS],
  );
  return rows;
}

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  response: string | null;
}

/**
 * Records one try of a claimed delivery (only while the claim is still this holder's): delivered on
 * a 2xx; otherwise retried after the next delay of the schedule, or failed once the tries (or, for a
 * one-try delivery such as the test event, its one try) are used up. Answers the new status.
 */
export async function recordAttempt(db: Queryable, holder: string, d: ClaimedDelivery, r: AttemptResult, now: Date, maxAttempts = WEBHOOK_MAX_ATTEMPTS): Promise<WebhookDeliveryStatus | null> {
  const attempts = d.attempts + 1;
  const status: WebhookDeliveryStatus = r.ok ? "delivered" : attempts >= maxAttempts ? "failed" : "pending";
  const next = status === "pending" ? new Date(now.getTime() + WEBHOOK_RETRY_DELAYS_SECONDS[Math.min(attempts, WEBHOOK_RETRY_DELAYS_SECONDS.length) - 1] * 1000) : null;
  const { rowCount } = await db.query(
    `UPDATE webhook_deliveries SET status = $3, attempts = $4, last_status_code = $5, last_error = $6, last_response = $7,
            last_attempt_at = $8, next_attempt_at = $9, delivered_at = CASE WHEN $3 = 'delivered' THEN $8::timestamptz END, claimed_by = NULL
      WHERE id = $1 AND claimed_by = $2`,
    [d.id, holder, status, attempts, r.statusCode, r.error, r.response, now, next],
  );
  return rowCount === 1 ? status : null;
}

/** Whether any delivery is due (the job's cheap first question). */
export async function anyDue(db: Queryable, now: Date): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $1 LIMIT 1`, [now]);
  return rows.length > 0;
}

/** Delivered and failed deliveries are kept this long (the log a team reads), then removed. */
export const DELIVERY_RETENTION_DAYS = 30;

/** Removes up to `limit` finished deliveries older than the retention; answers how many. */
export async function pruneDeliveries(db: Queryable, now: Date, limit = 5000): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM webhook_deliveries WHERE id IN (
       SELECT id FROM webhook_deliveries WHERE status <> 'pending' AND created_at < $1::timestamptz - make_interval(days => $2) LIMIT $3)`,
    [now, DELIVERY_RETENTION_DAYS, limit],
  );
  return rowCount;
}
