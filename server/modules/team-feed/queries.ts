// The SQL of a team's daily feed (migration 035). Routes: routes.ts; sending: send.ts.
import type { FeedFormat, TeamFeedInput } from "../../../common/team-feed.js";
import type { Queryable } from "../../db/client.js";

export interface FeedRow extends TeamFeedInput {
  team_id: number;
  owner_id: number;
  owner_name: string;
  covered_until: Date | null;
  updated_at: Date;
}

export async function findFeed(db: Queryable, teamId: number, lock = false): Promise<FeedRow | undefined> {
  const { rows } = await db.query<FeedRow>(
    `SELECT f.team_id, f.owner_id, trim(u.first_name || ' ' || u.last_name) AS owner_name, f.saved_search_ids, f.format, f.email_to,
            f.webhook_id, f.enabled, f.covered_until, f.updated_at
       FROM team_feeds f JOIN users u ON u.id = f.owner_id WHERE f.team_id = $1${lock ? " FOR UPDATE OF f" : ""}`,
    [teamId],
  );
  return rows.map(numbers)[0];
}

const numbers = (r: FeedRow): FeedRow => ({
  ...r,
  saved_search_ids: r.saved_search_ids.map(Number),
  email_to: r.email_to.map(Number),
  webhook_id: r.webhook_id === null ? null : Number(r.webhook_id),
});

/** Creates or replaces the team's feed; a new owner or new searches keep the window already covered. */
export async function saveFeed(tx: Queryable, teamId: number, ownerId: number, f: TeamFeedInput): Promise<void> {
  await tx.query(
    `INSERT INTO team_feeds (team_id, owner_id, saved_search_ids, format, email_to, webhook_id, enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (team_id) DO UPDATE SET owner_id = $2, saved_search_ids = $3, format = $4, email_to = $5, webhook_id = $6, enabled = $7, updated_at = now()`,
    [teamId, ownerId, f.saved_search_ids, f.format, f.email_to, f.webhook_id, f.enabled],
  );
}

export async function deleteFeed(tx: Queryable, teamId: number): Promise<boolean> {
  return ((await tx.query(`DELETE FROM team_feeds WHERE team_id = $1 RETURNING team_id`, [teamId])).rows.length) > 0;
}

export interface SavedSearchRow {
  id: number;
  name: string;
  resource: string;
  query: string;
}

/** The user's own quick searches among the ids, in the order given (others' and deleted ones are left out). */
export async function ownSavedSearches(db: Queryable, userId: number, ids: number[]): Promise<SavedSearchRow[]> {
  const { rows } = await db.query<SavedSearchRow>(`SELECT id, name, resource, query FROM saved_searches WHERE user_id = $1 AND id = ANY($2::bigint[])`, [userId, ids]);
  const byId = new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Of the user ids, those in the team, with their addresses and first names. */
export async function teamRecipients(db: Queryable, teamId: number, userIds: number[]): Promise<{ id: number; email: string; first_name: string }[]> {
  const { rows } = await db.query<{ id: number; email: string; first_name: string }>(
    `SELECT u.id, u.email, u.first_name FROM team_members m JOIN users u ON u.id = m.user_id
      WHERE m.team_id = $1 AND u.id = ANY($2::bigint[]) AND u.is_active ORDER BY u.id`,
    [teamId, userIds],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function isTeamWebhook(db: Queryable, teamId: number, webhookId: number): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM webhooks WHERE id = $1 AND team_id = $2`, [webhookId, teamId])).rows.length > 0;
}

/** Feeds whose last window ends before the day's boundary (or that never ran), for the daily run. */
export async function dueFeeds(db: Queryable, boundary: Date): Promise<number[]> {
  const { rows } = await db.query<{ team_id: number }>(
    `SELECT team_id FROM team_feeds WHERE enabled AND (covered_until IS NULL OR covered_until < $1) ORDER BY team_id`,
    [boundary],
  );
  return rows.map((r) => Number(r.team_id));
}

export interface RunRecord {
  teamId: number;
  from: Date;
  to: Date;
  rows: number;
  emailed: number;
  deliveryId: number | null;
  status: "sent" | "empty" | "failed";
  error: string | null;
  manual: boolean;
}

export async function recordRun(db: Queryable, r: RunRecord): Promise<void> {
  await db.query(
    `INSERT INTO team_feed_runs (team_id, covered_from, covered_to, rows, emailed, webhook_delivery_id, status, error, manual)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [r.teamId, r.from, r.to, r.rows, r.emailed, r.deliveryId, r.status, r.error, r.manual],
  );
}

export async function markCovered(tx: Queryable, teamId: number, until: Date): Promise<void> {
  await tx.query(`UPDATE team_feeds SET covered_until = $2 WHERE team_id = $1`, [teamId, until]);
}

export interface RunRow {
  id: number;
  started_at: Date;
  covered_from: Date;
  covered_to: Date;
  rows: number;
  emailed: number;
  webhook_delivery_id: number | null;
  status: "sent" | "empty" | "failed";
  error: string | null;
  manual: boolean;
}

export async function recentRuns(db: Queryable, teamId: number, limit = 10): Promise<RunRow[]> {
  const { rows } = await db.query<RunRow>(
    `SELECT id, started_at, covered_from, covered_to, rows, emailed, webhook_delivery_id, status, error, manual
       FROM team_feed_runs WHERE team_id = $1 ORDER BY started_at DESC, id DESC LIMIT $2`,
    [teamId, limit],
  );
  return rows;
}

export type { FeedFormat };
