// Reminders: what a reminder can be about and the shape the API answers
// (server/modules/reminders) and the web app reads (src/pages/reminders, the calendar, the
// 'Set reminder' button). Server TypeBox schemas mirror these. Instants are ISO strings (UTC).
// A tender's reminder may follow one of its dates ("2 days before closing", issue 19): it moves
// when the date moves (server/db/migrations/029), and says so (reminderDateNotes).
//
// ── Endpoints (all under /api, signed-in subscriber or staff) ──
//   GET    reminders/list        ?status &from &to &item_type &item_id → {count, results: Reminder[]}
//   POST   reminders/list        {item_type, item_id, remind_at | (relative_to, minutes_before), note?} → 201 Reminder
//   GET    reminders/list/{id}   → Reminder
//   PATCH  reminders/list/{id}   {remind_at? | (relative_to, minutes_before)?, note?, completed?} → Reminder
//   DELETE reminders/list/{id}   → 204
//   GET    reminders/calendar/   ?from&to (IST days) → the calendar's events

import { describeChange } from "./changes.js";
import { formatIstMoment } from "./format.js";

/** A lead, a tender, a tender's result (its award) or a company. */
export const REMINDER_ITEM_TYPES = ["project", "tender", "result", "company"] as const;
export type ReminderItemType = (typeof REMINDER_ITEM_TYPES)[number];

/** The tag beside a reminder and the picker's choices. */
export const REMINDER_ITEM_LABELS: Record<ReminderItemType, string> = { project: "Lead", tender: "Tender", result: "Result", company: "Company" };

/** The item in a sentence: "No such tender result.", "Your reminder on the lead …". */
export const REMINDER_ITEM_NOUNS: Record<ReminderItemType, string> = { project: "lead", tender: "tender", result: "tender result", company: "company" };

/** The tender dates a reminder can be set before. */
export const TENDER_DATE_FIELDS = ["closing_date", "opening_date", "prebid_date"] as const;
export type TenderDateField = (typeof TENDER_DATE_FIELDS)[number];

/** The date in a sentence: "2 days before closing", "Moved with the pre-bid meeting date". */
export const TENDER_DATE_NOUNS: Record<TenderDateField, string> = { closing_date: "closing", opening_date: "opening", prebid_date: "pre-bid meeting" };

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;
/**
 * The furthest before a date a reminder may be set: 90 days, longer than a tender is open for
 * (bids close weeks, not months, after publication); the database checks the same bound.
 */
export const MAX_MINUTES_BEFORE = 90 * MINUTES_PER_DAY;

/** An offset as people say it: 2880 → '2 days', 90 → '90 minutes', 0 → 'at'. */
export function describeOffset(minutes: number): string {
  const unit = (n: number, word: string) => `${n.toLocaleString("en-IN")} ${word}${n === 1 ? "" : "s"}`;
  if (minutes % MINUTES_PER_DAY === 0) return unit(minutes / MINUTES_PER_DAY, "day");
  if (minutes % MINUTES_PER_HOUR === 0) return unit(minutes / MINUTES_PER_HOUR, "hour");
  return unit(minutes, "minute");
}

/** "2 days before closing"; "At the pre-bid meeting" for no offset. */
export function describeRelative(field: TenderDateField, minutesBefore: number): string {
  return minutesBefore === 0 ? `At the ${TENDER_DATE_NOUNS[field]}` : `${describeOffset(minutesBefore)} before ${TENDER_DATE_NOUNS[field]}`;
}

/** One of the tender's dates that moved since the reminder was set: the value then and now (UTC). */
export interface ReminderDateMove {
  field: TenderDateField;
  /** The date when the reminder was set (or last given a time); null: there was none. */
  old: string | null;
  /** The date now; null: it was removed. */
  new: string | null;
  /** When it moved (the last time). */
  at: string;
}

/**
 * What the reminder list and the reminder's e-mail say about moved tender dates: a relative
 * reminder moved with its date ("Moved with the closing date: now 6 Apr 2010, 11:30 pm IST"); a
 * fixed one stays, and each moved date is pointed out with its new value.
 */
export function reminderDateNotes(r: Pick<Reminder, "relative_to" | "remind_at" | "date_moves">): string[] {
  if (r.relative_to) {
    const move = r.date_moves.find((m) => m.field === r.relative_to);
    if (!move) return [];
    const noun = TENDER_DATE_NOUNS[r.relative_to];
    return move.new === null
      ? [`The tender no longer has a ${noun} date: this reminder stays at ${formatIstMoment(r.remind_at)}.`]
      : [`Moved with the ${noun} date: now ${formatIstMoment(r.remind_at)}.`];
  }
  if (!r.date_moves.length) return [];
  return [...r.date_moves.map((m) => `${describeChange("tender", { field: m.field, old: m.old, new: m.new })}.`), "This reminder keeps its time."];
}

export const REMINDER_STATUSES = ["overdue", "today", "upcoming", "done"] as const;
/** overdue: open and past; today: open, later today (IST); upcoming: open, after today; done: completed. */
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

export interface Reminder {
  id: number;
  item_type: ReminderItemType;
  item_id: number;
  /** null when the item no longer exists. */
  item_title: string | null;
  /** The item's page, e.g. /result/detail/12. */
  link: string;
  remind_at: string;
  note: string;
  completed: boolean;
  completed_at: string | null;
  /** When the reminder was e-mailed. */
  notified_at: string | null;
  created_at: string;
  status: ReminderStatus;
  /** A tender reminder that follows one of its dates, and how long before it; null for a fixed time. */
  relative_to: TenderDateField | null;
  minutes_before: number | null;
  /** The tender's dates that moved since the reminder was set (its own date only, when relative). */
  date_moves: ReminderDateMove[];
}
