// In-app notifications of changes to the tenders and leads a user follows (issue 19, point 2),
// as the API answers them and the web app shows them. One notification is one change set (one
// import's or one staff save's changes to one item) told to one follower, or (kind 'assignment',
// issue 20) a lead, tender or company a teammate assigned to the user (common/assignments.ts).
//
// The API (server/modules/notifications/routes.ts):
//   GET  /api/notifications/?page=N&unread=true   NotificationList, newest first, NOTIFICATION_PAGE_SIZE a page
//   GET  /api/notifications/unread-count/          { unread }
//   POST /api/notifications/read/                  { ids: number[] } or { all: true } → { unread } (idempotent)
//   GET  /api/notifications/settings/              NotificationSettings
//   PUT  /api/notifications/settings/              Partial<NotificationSettings> → NotificationSettings
import type { ChangeItemType, ItemChange } from "./changes.js";

export const NOTIFICATION_KINDS = ["tender_changes", "lead_changes", "assignment"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a kind reaches the user: an e-mail within a minute, one e-mail a day, or only in the app (off: not at all). */
export const DELIVERY_MODES = ["instant", "daily", "off"] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

export type NotificationSettings = { [K in NotificationKind]: DeliveryMode };
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { tender_changes: "instant", lead_changes: "instant", assignment: "instant" };

export const NOTIFICATION_KIND_LABELS: { [K in NotificationKind]: string } = {
  tender_changes: "Changes to tenders I follow",
  lead_changes: "Changes to leads I follow",
  assignment: "Leads, tenders and companies assigned to me",
};

/** Why the user follows the item (the strongest first). */
export const FOLLOW_REASONS = ["reminder", "shortlisted", "shared", "alert", "viewed"] as const;
export type FollowReason = (typeof FOLLOW_REASONS)[number];

export const NOTIFICATION_PAGE_SIZE = 20;

/** What a notification is about: a changed tender or lead, or an assigned lead, tender or company. */
export type NoticeItemType = ChangeItemType | "company";

/** An assignment notification's assignment, as it was when read. */
export interface AssignmentNotice {
  id: number;
  /** The assigner's name; null when their account is gone. */
  assigned_by: string | null;
  note: string;
  /** UTC ISO, or null. */
  due_at: string | null;
  status: "open" | "done";
}

export interface NotificationView {
  id: number;
  kind: NotificationKind;
  item_type: NoticeItemType;
  item_id: number;
  item_title: string;
  /** null for an assignment. */
  change_set_id: number | null;
  /** Empty for an assignment. */
  changes: ItemChange[];
  /** Empty for an assignment (it is given, not followed). */
  reasons: FollowReason[];
  /** When the change was found, or the assignment told (UTC ISO). */
  created_at: string;
  read_at: string | null;
  /** Only on kind 'assignment'. */
  assignment?: AssignmentNotice;
}

export interface NotificationList {
  count: number;
  unread: number;
  results: NotificationView[];
}
