// A user's notifications and notification settings (028_notifications.sql; assignments told to
// their assignee, 032_assignments.sql: notifications/assignments.ts). Every query is by
// user_id: another user's notification is never read or changed, whatever ids a request names.
import type { ChangeItemType, ItemChange } from "../../../common/changes.js";
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_KINDS,
  NOTIFICATION_PAGE_SIZE,
  type DeliveryMode,
  type FollowReason,
  type NotificationKind,
  type NotificationList,
  type NotificationSettings,
  type NotificationView,
  type AssignmentNotice,
  type NoticeItemType,
} from "../../../common/notifications.js";
import type { Db, Queryable } from "../../db/client.js";
import { itemTitleSql } from "../reminders/items.js";

/** The kind of notification a change to an item of this type is (an assignment's is 'assignment'). */
export const kindOf = (itemType: ChangeItemType): NotificationKind => (itemType === "tender" ? "tender_changes" : "lead_changes");

/** A notification's pending e-mail in a delivery mode ('off': none). */
export const emailFor = (mode: DeliveryMode) => (mode === "off" ? "none" : mode);

/** SQL: the change set `s`'s field changes, in the order the trigger found them, as ItemChange[]. */
export const CHANGES_OF_SET_SQL = `(SELECT coalesce(jsonb_agg(jsonb_build_object('field', c.field, 'old', c.old_value, 'new', c.new_value) ORDER BY c.id), '[]')
   FROM item_changes c WHERE c.change_set_id = s.id)`;

/** SQL: the item `<alias>.item_type`/`<alias>.item_id` still exists (items are told of only while they do). */
export const itemExistsSql = (alias: string) => `CASE ${alias}.item_type WHEN 'tender' THEN EXISTS (SELECT 1 FROM tenders x WHERE x.id = ${alias}.item_id)
   WHEN 'company' THEN EXISTS (SELECT 1 FROM companies x WHERE x.id = ${alias}.item_id)
   ELSE EXISTS (SELECT 1 FROM projects x WHERE x.id = ${alias}.item_id) END`;
/** SQL: the change set `s`'s item still exists. */
export const ITEM_EXISTS_SQL = itemExistsSql("s");

/**
 * SQL after `FROM notifications n`: what it tells of — a change set `s` (change kinds) or an
 * assignment `a` (kind 'assignment', migration 032) — and its item `i` (item_type, item_id, and
 * `at`: when the change was found, or when the assignment was told).
 */
export const NOTICE_JOINS = `LEFT JOIN change_sets s ON s.id = n.change_set_id
   LEFT JOIN assignments a ON a.id = n.assignment_id
   CROSS JOIN LATERAL (SELECT coalesce(s.item_type, a.item_type) AS item_type, coalesce(s.item_id, a.item_id) AS item_id,
                              coalesce(s.detected_at, n.created_at) AS at) i`;

/** SQL: an assignment notification's assignment (null for a change), as NotificationView.assignment. */
export const ASSIGNMENT_OF_NOTICE_SQL = `CASE WHEN a.id IS NULL THEN NULL ELSE jsonb_build_object(
     'id', a.id, 'note', a.note, 'due_at', a.due_at, 'status', a.status,
     'assigned_by', (SELECT nullif(trim(concat_ws(' ', b.first_name, b.last_name)), '') FROM users b WHERE b.id = a.assigned_by)) END`;

interface ViewRow {
  id: number;
  kind: NotificationKind;
  item_type: NoticeItemType;
  item_id: number;
  item_title: string | null;
  change_set_id: number | null;
  changes: ItemChange[];
  reasons: FollowReason[];
  detected_at: Date;
  read_at: Date | null;
  assignment: (Omit<AssignmentNotice, "due_at"> & { due_at: string | null }) | null;
}

const toView = (r: ViewRow): NotificationView => ({
  id: Number(r.id),
  kind: r.kind,
  item_type: r.item_type,
  item_id: Number(r.item_id),
  item_title: r.item_title ?? "",
  change_set_id: r.change_set_id === null ? null : Number(r.change_set_id),
  changes: r.changes,
  reasons: r.reasons,
  created_at: new Date(r.detected_at).toISOString(),
  read_at: r.read_at ? r.read_at.toISOString() : null,
  ...(r.assignment && { assignment: { ...r.assignment, id: Number(r.assignment.id), due_at: r.assignment.due_at && new Date(r.assignment.due_at).toISOString() } }),
});

/** A page of the user's notifications, newest first (only unread ones when asked), with the counts. */
export async function listNotifications(db: Queryable, userId: number, opts: { page: number; unreadOnly: boolean }): Promise<NotificationList> {
  const { rows } = await db.query<ViewRow>(
    `SELECT n.id, n.kind, i.item_type, i.item_id, ${itemTitleSql("i")} AS item_title, n.change_set_id, ${CHANGES_OF_SET_SQL} AS changes,
            n.reasons, i.at AS detected_at, n.read_at, ${ASSIGNMENT_OF_NOTICE_SQL} AS assignment
       FROM notifications n ${NOTICE_JOINS}
      WHERE n.user_id = $1 AND (NOT $2::boolean OR n.read_at IS NULL) AND ${itemExistsSql("i")}
      ORDER BY n.id DESC
      LIMIT $3 OFFSET $4`,
    [userId, opts.unreadOnly, NOTIFICATION_PAGE_SIZE, (opts.page - 1) * NOTIFICATION_PAGE_SIZE],
  );
  const counts = await countNotifications(db, userId);
  return { count: opts.unreadOnly ? counts.unread : counts.total, unread: counts.unread, results: rows.map(toView) };
}

async function countNotifications(db: Queryable, userId: number): Promise<{ total: number; unread: number }> {
  const { rows } = await db.query<{ total: number; unread: number }>(
    `SELECT count(*)::int AS total, (count(*) FILTER (WHERE n.read_at IS NULL))::int AS unread
       FROM notifications n ${NOTICE_JOINS}
      WHERE n.user_id = $1 AND ${itemExistsSql("i")}`,
    [userId],
  );
  return rows[0];
}

export async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ unread: number }>(
    `SELECT count(*)::int AS unread FROM notifications n ${NOTICE_JOINS}
      WHERE n.user_id = $1 AND n.read_at IS NULL AND ${itemExistsSql("i")}`,
    [userId],
  );
  return rows[0].unread;
}

/**
 * Marks the user's notifications read: those of `ids` (ids that are not the user's, or not
 * notifications, change nothing) or all. Already read ones keep their first read_at, so a
 * double click changes nothing. Answers the unread count after.
 */
export async function markRead(db: Queryable, userId: number, which: { ids: number[] } | { all: true }): Promise<number> {
  const all = "all" in which;
  await db.query(
    `UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL AND ($2::boolean OR id = ANY($3::bigint[]))`,
    [userId, all, all ? [] : which.ids],
  );
  return unreadCount(db, userId);
}

/** The user's delivery mode per kind (the default where they chose none). */
export async function getSettings(db: Queryable, userId: number): Promise<NotificationSettings> {
  const { rows } = await db.query<{ kind: NotificationKind; mode: DeliveryMode }>(`SELECT kind, mode FROM notification_settings WHERE user_id = $1`, [userId]);
  const settings = { ...DEFAULT_NOTIFICATION_SETTINGS };
  for (const kind of NOTIFICATION_KINDS) settings[kind] = rows.find((r) => r.kind === kind)?.mode ?? settings[kind];
  return settings;
}

/**
 * Saves the given kinds' modes. Notifications of a kind still waiting for their e-mail follow the
 * new mode (instant → daily waits for the digest; anything → off sends none); ones the user
 * chose not to be mailed about stay unmailed.
 */
export async function saveSettings(db: Db, userId: number, changes: Partial<NotificationSettings>): Promise<NotificationSettings> {
  return db.transaction(async (tx) => {
    for (const kind of NOTIFICATION_KINDS) {
      const mode = changes[kind];
      if (!mode) continue;
      await tx.query(
        `INSERT INTO notification_settings (user_id, kind, mode) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, kind) DO UPDATE SET mode = excluded.mode, updated_at = now()`,
        [userId, kind, mode],
      );
      await tx.query(`UPDATE notifications SET email = $3 WHERE user_id = $1 AND kind = $2 AND email IN ('instant','daily')`, [userId, kind, emailFor(mode)]);
    }
    return getSettings(tx, userId);
  });
}
