// The dashboard's API shapes (server/modules/dashboard, src/pages/dashboard). Every number is
// the signed-in user's own: their marks, reminders, views and preferences. Server TypeBox
// schemas mirror these. Instants are ISO strings (UTC); days are 'YYYY-MM-DD' (UTC days, as the
// search language reads a day).
//
// ── Endpoints (all under /api, subscriber) ──
//   GET dashboard/shortlisted_status_stat/   → ShortlistedStatusStat
//   GET projs_cnt_date_range/?date_gte=&date_lte=&date_field=
//         → LeadCountSeries: leads matching the user's feed preferences whose date_field falls on
//           those days (inclusive), per day. date_field among LEAD_DATE_FIELDS (default
//           arrived_date); date_gte/date_lte 'YYYY-MM-DD' (default: the last 30 days), at most
//           MAX_RANGE_DAYS days. total equals list/my-feed/'s count with
//           filter=<date_field>:[<date_gte> TO <date_lte>].
//   GET proj_cnt_stats/?days=                → LeadCountSeries for the last `days` days
//         (DEFAULT_DASHBOARD_DAYS; 1..MAX_RANGE_DAYS) of arrived_date, with the previous window's total.
//   GET proj_cnt_under_construction/         → UnderConstructionStat
//   GET proj_status_reminder_cnt/            → ReminderStat: open reminders by when they fall
//         due (overdue, today, upcoming; 'today' is the IST day) and, for reminders on leads,
//         by the lead's current status.
//   GET shortlisted_proj_status_updates/?page= → StatusUpdatesPage: status changes of leads
//         the user shortlisted, newest first, 10 a page.
//   GET recently_viewed/                     → RecentlyViewed: the last 20 leads, tenders,
//         results and companies the user opened, newest first.

import type { Mark } from "./constants.js";
import type { ReminderItemType } from "./reminders.js";

export const LEAD_DATE_FIELDS = ["arrived_date", "retrieved_on", "reviewed_date", "start_date", "completion_date"] as const;
export type LeadDateField = (typeof LEAD_DATE_FIELDS)[number];
export const LEAD_DATE_FIELD_LABELS: Record<LeadDateField, string> = {
  arrived_date: "Arrived",
  retrieved_on: "Retrieved on",
  reviewed_date: "Reviewed",
  start_date: "Start date",
  completion_date: "Completion date",
};
/** Longest window a lead-count series covers. */
export const MAX_RANGE_DAYS = 366;
export const STATUS_UPDATES_PAGE_SIZE = 10;
export const RECENTLY_VIEWED_LIMIT = 20;
/** The marks the dashboard counts (unmarked is the absence of a mark). */
export const COUNTED_MARKS = ["shortlisted", "tentative", "rejected"] as const satisfies readonly Mark[];
export type CountedMark = (typeof COUNTED_MARKS)[number];
export type LeadCategory = "construction" | "industrial";

/** A count split by the lead listers (construction and industrial leads are listed apart). */
export interface CategoryCount {
  count: number;
  construction: number;
  industrial: number;
}

export interface ShortlistedStatusStat {
  /** Leads the user marked (any of COUNTED_MARKS). */
  total: number;
  by_mark: (CategoryCount & { mark: CountedMark })[];
  /** The shortlisted leads by their current project status (null: no status recorded). */
  by_status: (CategoryCount & { status: string | null })[];
}

export interface LeadCountSeries {
  date_field: LeadDateField;
  date_gte: string;
  date_lte: string;
  total: number;
  /** Every day of the window, oldest first, zeros included. */
  days: { date: string; count: number }[];
  /** proj_cnt_stats/ only: the same number of days just before. */
  previous_total?: number;
}

/** The project status proj_cnt_under_construction/ counts. */
export const UNDER_CONSTRUCTION = "Under Construction";
/** Leads under construction as the lead listers count them (the user's rejected ones left out). */
export interface UnderConstructionStat extends CategoryCount {
  /** The user's shortlisted leads under construction. */
  shortlisted: CategoryCount;
  /** The states with most leads under construction, at most 8, most first. */
  by_state: (CategoryCount & { state: string })[];
}

export const REMINDER_DUE = ["overdue", "today", "upcoming"] as const;
export type ReminderDue = (typeof REMINDER_DUE)[number];
export interface ReminderStat {
  open: number;
  by_due: { due: ReminderDue; count: number }[];
  by_item_type: { item_type: ReminderItemType; count: number }[];
  /** Open reminders on leads, by the lead's current status (null: none recorded). */
  by_lead_status: { status: string | null; count: number }[];
}

export interface StatusUpdateRow {
  id: number;
  project_id: number;
  title: string;
  category: LeadCategory;
  old_status: string | null;
  new_status: string;
  note: string | null;
  created_at: string;
}
export interface StatusUpdatesPage {
  count: number;
  page: number;
  page_size: number;
  results: StatusUpdateRow[];
}

export type ViewedItemType = "project" | "tender" | "result" | "company";
export interface RecentlyViewedRow {
  item_type: ViewedItemType;
  item_id: number;
  /** null when the item no longer exists. */
  title: string | null;
  /** What else helps recognise it: the lead's city, the tender's organisation, … */
  subtitle: string | null;
  /** The web app's page for it. */
  link: string;
  viewed_at: string;
}
export interface RecentlyViewed {
  results: RecentlyViewedRow[];
}
