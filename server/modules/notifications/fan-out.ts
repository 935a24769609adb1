// Telling followers (issue 19, point 2): change sets not yet told (notified_at IS NULL) become one
// notification per follower who may read the item, with why they follow it and how it is to be
// mailed (their setting for its kind), in one transaction that also marks the sets told. Sets are
// claimed FOR UPDATE SKIP LOCKED, so two processes never take the same one, and the unique
// (user_id, change_set_id) makes even an overlap insert nothing twice.
import { DEFAULT_NOTIFICATION_SETTINGS, DELIVERY_MODES, type FollowReason } from "../../../common/notifications.js";
import type { Db, Queryable } from "../../db/client.js";
import { queueItemChangedEvents } from "../integrations/events.js";
import { alertFollows } from "./alert-matches.js";
import { directFollows, orderedReasons, readersAmong, type ChangeSetToTell, type Follow } from "./followers.js";
import { emailFor, ITEM_EXISTS_SQL, kindOf } from "./queries.js";

/** Change sets told per transaction (an import of thousands of changed items takes several). */
export const FAN_OUT_BATCH = 200;

export interface FanOutResult {
  sets: number;
  notifications: number;
}

/**
 * Tells the followers of one batch of untold change sets; null when there was none. In the same
 * transaction, each team with a member told of a change gets one item.changed webhook event per
 * changed item (integrations/events.ts; `publicUrl` makes its links absolute).
 */
export async function tellFollowersOfBatch(db: Db, staffDomains: readonly string[], now: Date, batch = FAN_OUT_BATCH, publicUrl?: string): Promise<FanOutResult | null> {
  return db.transaction(async (tx) => {
    const claimed = await claimUntoldSets(tx, batch);
    if (!claimed.length) return null;
    // A set of an item gone since is marked told and reaches no one.
    const entries = await followersToTell(tx, claimed.filter((s) => s.item_exists), staffDomains, now);
    const inserted = await insertNotifications(tx, entries, now);
    await queueItemChangedEvents(tx, entries.map((e) => ({ userId: e.userId, changeSetId: e.set.id })), now, publicUrl);
    await tx.query(`UPDATE change_sets SET notified_at = $2 WHERE id = ANY($1::bigint[])`, [claimed.map((s) => s.id), now]);
    return { sets: claimed.length, notifications: inserted };
  });
}

interface ToTell {
  set: ChangeSetToTell;
  userId: number;
  reasons: FollowReason[];
}

/** One entry per (set, follower who may be told), with every reason they follow it; in the order the changes were found. */
async function followersToTell(tx: Queryable, sets: ChangeSetToTell[], staffDomains: readonly string[], now: Date): Promise<ToTell[]> {
  const follows = [...(await directFollows(tx, sets)), ...(await alertFollows(tx, sets, now))];
  const readers = await readersAmong(tx, follows.map((f) => f.user_id), staffDomains, now);
  const setsById = new Map(sets.map((s) => [s.id, s]));
  const byKey = new Map<string, ToTell>();
  for (const f of follows) {
    const set = setsById.get(f.change_set_id)!;
    if (!mayBeTold(set, f, readers)) continue;
    const key = `${set.id}:${f.user_id}`;
    const entry = byKey.get(key) ?? byKey.set(key, { set, userId: f.user_id, reasons: [] }).get(key)!;
    entry.reasons.push(f.reason);
  }
  // So one user's mails go in the order their changes were found.
  return [...byKey.values()].sort((x, y) => x.set.id - y.set.id || x.userId - y.userId);
}

function mayBeTold(set: ChangeSetToTell, f: Follow, readers: Awaited<ReturnType<typeof readersAmong>>): boolean {
  if (set.staff_user_id !== null && set.staff_user_id === f.user_id) return false; // their own save
  return readers[set.item_type].has(f.user_id);
}

/** The oldest untold sets, each with whether its item still exists. */
async function claimUntoldSets(tx: Queryable, limit: number): Promise<(ChangeSetToTell & { item_exists: boolean })[]> {
  const { rows } = await tx.query<ChangeSetToTell & { item_exists: boolean }>(
    `SELECT s.id, s.item_type, s.item_id, s.detected_at, s.staff_user_id,
            ${ITEM_EXISTS_SQL} AS item_exists
       FROM change_sets s
      WHERE s.notified_at IS NULL
      ORDER BY s.id
      LIMIT $1
      FOR UPDATE OF s SKIP LOCKED`,
    [limit],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), item_id: Number(r.item_id), staff_user_id: r.staff_user_id === null ? null : Number(r.staff_user_id) }));
}

/** One row per (set, user), inserted in order, its e-mail as the user's setting for the kind says; answers how many were new. */
async function insertNotifications(tx: Queryable, entries: ToTell[], now: Date): Promise<number> {
  if (!entries.length) return 0;
  const { rowCount } = await tx.query(
    `INSERT INTO notifications (user_id, change_set_id, kind, reasons, email, created_at)
     SELECT d.user_id, d.change_set_id, d.kind, string_to_array(d.reasons, ','), $6::jsonb ->> coalesce(ns.mode, $5::jsonb ->> d.kind), $7
       FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[]) WITH ORDINALITY AS d(user_id, change_set_id, kind, reasons, ord)
       LEFT JOIN notification_settings ns ON ns.user_id = d.user_id AND ns.kind = d.kind
      ORDER BY d.ord
     ON CONFLICT (user_id, change_set_id) DO NOTHING`,
    [
      entries.map((e) => e.userId),
      entries.map((e) => e.set.id),
      entries.map((e) => kindOf(e.set.item_type)),
      entries.map((e) => orderedReasons(e.reasons).join(",")),
      JSON.stringify(DEFAULT_NOTIFICATION_SETTINGS),
      JSON.stringify(Object.fromEntries(DELIVERY_MODES.map((m) => [m, emailFor(m)]))),
      now,
    ],
  );
  return rowCount;
}
