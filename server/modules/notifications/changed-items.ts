// What the change e-mails say, read from the notifications: one notification's item and changes
// (the instant mail), and a user's changed items for a digest (the daily digest of changes, and
// the alert digests' "Changed since you last looked", issue 19 point 4). A digest lists an
// assignment told to the user (issue 20) as its item with the assignment in a sentence.
import { describeChange, type ChangeItemType, type ItemChange } from "../../../common/changes.js";
import { describeAssignment } from "../../../common/assignments.js";
import { formatIstMoment } from "../../../common/format.js";
import type { AssignmentNotice, FollowReason, NoticeItemType } from "../../../common/notifications.js";
import type { Queryable } from "../../db/client.js";
import type { ChangedItem } from "../alerts/mail.js";
import type { Frequency } from "../alerts/queries.js";
import { itemLink, itemTitleSql } from "../reminders/items.js";
import { readableItemTypes } from "./followers.js";
import { ASSIGNMENT_OF_NOTICE_SQL, CHANGES_OF_SET_SQL, itemExistsSql, NOTICE_JOINS } from "./queries.js";

/** Items listed in one digest's changed section (the newest changes of more are in the app). */
export const MAX_CHANGED_ITEMS = 50;

export interface NotificationMailFacts {
  user_id: number;
  user_email: string;
  first_name: string;
  kind: string;
  reasons: FollowReason[];
  read_at: Date | null;
  item_type: ChangeItemType;
  item_id: number;
  /** null: the item is gone. */
  item_title: string | null;
  detected_at: Date;
  source_kind: "import" | "staff";
  changes: ItemChange[];
}

/** One change notification with its item and changes (an assignment's: assignments.ts). */
export async function notificationMailFacts(db: Queryable, notificationId: number): Promise<NotificationMailFacts | undefined> {
  const { rows } = await db.query<NotificationMailFacts>(
    `SELECT n.user_id, u.email AS user_email, u.first_name, n.kind, n.reasons, n.read_at, s.item_type, s.item_id, ${itemTitleSql("s")} AS item_title,
            s.detected_at, s.source_kind, ${CHANGES_OF_SET_SQL} AS changes
       FROM notifications n JOIN change_sets s ON s.id = n.change_set_id JOIN users u ON u.id = n.user_id
      WHERE n.id = $1`,
    [notificationId],
  );
  return rows[0] && { ...rows[0], user_id: Number(rows[0].user_id), item_id: Number(rows[0].item_id) };
}

interface DigestRow {
  id: number;
  email: string;
  item_type: NoticeItemType;
  item_id: number;
  title: string;
  changes: ItemChange[];
  assignment: AssignmentNotice | null;
  looked: boolean;
}

/** A digest's lines of one notification: each change, or the assignment in a sentence. */
const digestLines = (r: DigestRow): string[] =>
  r.assignment ? [describeAssignment(r.assignment, formatIstMoment)] : r.changes.map((c) => describeChange(r.item_type as ChangeItemType, c));

export interface DigestChanges {
  /** The followed items that changed and the user has not looked at since, oldest change first. */
  items: ChangedItem[];
  /** Of the rows read, the pending daily ones (locked): this digest settles them. */
  pendingDaily: { id: number; listed: boolean }[];
}

/**
 * A user's told changes for a digest: those told after `since` (null: none) and, with
 * `pendingDaily`, every one still waiting for the daily digest; all told by `until`. Changes of a
 * kind the user turned off are left out, and so are those they have looked at since (the
 * notification read, or the item viewed after the change was found) and items of a type they may
 * no longer read (`readable`). Pending daily rows are locked for the caller to settle
 * (settleDaily) in the same transaction.
 */
export async function digestChanges(
  tx: Queryable,
  userId: number,
  opts: { since: Date | null; pendingDaily: boolean; until: Date; readable: ReadonlySet<NoticeItemType> },
): Promise<DigestChanges> {
  const { rows } = await tx.query<DigestRow>(
    `SELECT n.id, n.email, i.item_type, i.item_id, ${itemTitleSql("i")} AS title, ${CHANGES_OF_SET_SQL} AS changes,
            ${ASSIGNMENT_OF_NOTICE_SQL} AS assignment,
            (n.read_at IS NOT NULL OR EXISTS (SELECT 1 FROM recently_viewed v
               WHERE v.user_id = n.user_id AND v.item_type = i.item_type AND v.item_id = i.item_id AND v.viewed_at >= i.at)) AS looked
       FROM notifications n ${NOTICE_JOINS}
      WHERE n.user_id = $1 AND n.email <> 'none' AND n.created_at <= $4
        AND (n.created_at > $2::timestamptz OR ($3::boolean AND n.email = 'daily'))
        AND ${itemExistsSql("i")}
      ORDER BY i.at, s.id NULLS LAST, n.id
      FOR UPDATE OF n`,
    [userId, opts.since, opts.pendingDaily, opts.until],
  );
  const items = new Map<string, ChangedItem>();
  const listed = new Set<number>();
  for (const r of rows) {
    if (r.looked || !opts.readable.has(r.item_type)) continue;
    const key = `${r.item_type}:${r.item_id}`;
    if (!items.has(key) && items.size >= MAX_CHANGED_ITEMS) continue;
    const item = items.get(key) ?? items.set(key, { title: r.title, link: itemLink(r.item_type, Number(r.item_id)), lines: [] }).get(key)!;
    item.lines.push(...digestLines(r));
    listed.add(Number(r.id));
  }
  const pendingDaily = rows.filter((r) => r.email === "daily").map((r) => ({ id: Number(r.id), listed: listed.has(Number(r.id)) }));
  return { items: [...items.values()], pendingDaily };
}

/** Pending daily notifications a digest went out with are sent; those the user had looked at, skipped. */
export async function settleDaily(tx: Queryable, pending: DigestChanges["pendingDaily"], mailedAt: Date | null): Promise<void> {
  if (!pending.length) return;
  await tx.query(
    `UPDATE notifications SET email = CASE WHEN id = ANY($2::bigint[]) AND $3::timestamptz IS NOT NULL THEN 'sent' ELSE 'skipped' END,
            emailed_at = CASE WHEN id = ANY($2::bigint[]) THEN $3::timestamptz END
      WHERE id = ANY($1::bigint[]) AND email = 'daily'`,
    [pending.map((p) => p.id), pending.filter((p) => p.listed).map((p) => p.id), mailedAt],
  );
}

/**
 * An alert digest's "Changed since you last looked" (issue 19, point 4), inside its transaction
 * (which holds the user's digest lock): the changes told since the digest's last one and, for the
 * daily digest, the daily ones still waiting — which it settles, so they are not mailed again.
 */
export async function alertDigestChanges(
  tx: Queryable,
  userId: number,
  opts: { frequency: Frequency; since: Date; now: Date; staffDomains: readonly string[] },
): Promise<ChangedItem[]> {
  const readable = await readableItemTypes(tx, userId, opts.staffDomains, opts.now);
  const daily = opts.frequency === "daily";
  const changes = await digestChanges(tx, userId, { since: opts.since, pendingDaily: daily, until: opts.now, readable });
  if (daily) await settleDaily(tx, changes.pendingDaily, opts.now);
  return changes.items;
}
