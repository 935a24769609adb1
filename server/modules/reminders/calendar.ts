// The project calendar's events in a range of IST days (issue 6); the route: calendar-routes.ts.
// Events: the user's reminders (open and done), the start and completion dates of the leads they
// shortlisted, and the closing and pre-bid meeting dates of the tenders they follow. Tenders have
// no marks yet, so a tender is followed when the user has set a reminder on it.
import type { Reminder } from "../../../common/reminders.js";
import type { Queryable } from "../../db/client.js";
import { istDate, istDayStart } from "../../jobs/ist.js";
import { itemLink, itemTitleSql, type ItemType } from "./items.js";
import { dateMoves, reminderStatus, type StoredDateMoves } from "./queries.js";

/** A month view shows six weeks; a little more leaves room for a list of the coming weeks. */
export const CALENDAR_MAX_DAYS = 93;
export const DAY_MS = 86_400_000;

export const EVENT_KINDS = ["reminder", "project_start", "project_completion", "tender_closing", "tender_prebid"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export const EVENT_LABELS: Record<EventKind, string> = {
  reminder: "Reminder",
  project_start: "Project start",
  project_completion: "Project completion",
  tender_closing: "Tender closing",
  tender_prebid: "Pre-bid meeting",
};

export interface CalendarEvent {
  key: string;
  kind: EventKind;
  label: string;
  /** The IST day, 'YYYY-MM-DD'. */
  date: string;
  /** The instant, when the event has a time (reminders, tender dates); null for a whole day. */
  at: string | null;
  item_type: ItemType;
  item_id: number;
  title: string | null;
  link: string;
  reminder: ({ id: number; note: string; completed: boolean; status: string } & Pick<Reminder, "relative_to" | "minutes_before" | "date_moves">) | null;
}

const ymd = (d: Date | string) => (typeof d === "string" ? d.slice(0, 10) : d.toISOString().slice(0, 10));

export async function calendarEvents(db: Queryable, userId: number, from: string, to: string, now = new Date()): Promise<CalendarEvent[]> {
  const start = istDayStart(from);
  const end = new Date(istDayStart(to).getTime() + DAY_MS);
  const [reminders, leads, tenders] = await Promise.all([
    db.query<{ id: number; item_type: ItemType; item_id: number; title: string | null; remind_at: Date; note: string; completed_at: Date | null } & Pick<Reminder, "relative_to" | "minutes_before"> & { date_moves: StoredDateMoves }>(
      `SELECT r.id, r.item_type, r.item_id, ${itemTitleSql("r")} AS title, r.remind_at, r.note, r.completed_at, r.relative_to, r.minutes_before, r.date_moves
         FROM reminders r WHERE r.user_id = $1 AND r.remind_at >= $2 AND r.remind_at < $3`,
      [userId, start, end],
    ),
    // Dates are calendar days: compared as dates, returned as text so no zone shifts them.
    db.query<{ id: number; title: string; kind: EventKind; day: string }>(
      `SELECT p.id, p.title, d.kind, d.day::text AS day
         FROM marks m JOIN projects p ON p.id = m.project_id
         CROSS JOIN LATERAL (VALUES ('project_start', p.start_date), ('project_completion', p.completion_date)) AS d(kind, day)
        WHERE m.user_id = $1 AND m.mark = 'shortlisted' AND d.day BETWEEN $2::date AND $3::date`,
      [userId, from, to],
    ),
    db.query<{ id: number; title: string; kind: EventKind; at: Date }>(
      `SELECT t.id, t.title, d.kind, d.at
         FROM tenders t
         CROSS JOIN LATERAL (VALUES ('tender_closing', t.closing_date), ('tender_prebid', t.prebid_date)) AS d(kind, at)
        WHERE t.id IN (SELECT r.item_id FROM reminders r WHERE r.user_id = $1 AND r.item_type = 'tender')
          AND d.at >= $2 AND d.at < $3`,
      [userId, start, end],
    ),
  ]);

  const events: CalendarEvent[] = [];
  for (const r of reminders.rows) {
    const at = new Date(r.remind_at);
    events.push({
      key: `reminder:${r.id}`,
      kind: "reminder",
      label: EVENT_LABELS.reminder,
      date: istDate(at),
      at: at.toISOString(),
      item_type: r.item_type,
      item_id: Number(r.item_id),
      title: r.title,
      link: itemLink(r.item_type, Number(r.item_id)),
      reminder: {
        id: Number(r.id),
        note: r.note,
        completed: r.completed_at !== null,
        status: reminderStatus({ remind_at: at, completed_at: r.completed_at }, now),
        relative_to: r.relative_to,
        minutes_before: r.minutes_before,
        date_moves: dateMoves(r.date_moves),
      },
    });
  }
  for (const p of leads.rows) {
    events.push({
      key: `${p.kind}:${p.id}`,
      kind: p.kind,
      label: EVENT_LABELS[p.kind],
      date: ymd(p.day),
      at: null,
      item_type: "project",
      item_id: Number(p.id),
      title: p.title,
      link: itemLink("project", Number(p.id)),
      reminder: null,
    });
  }
  for (const t of tenders.rows) {
    const at = new Date(t.at);
    events.push({
      key: `${t.kind}:${t.id}`,
      kind: t.kind,
      label: EVENT_LABELS[t.kind],
      date: istDate(at),
      at: at.toISOString(),
      item_type: "tender",
      item_id: Number(t.id),
      title: t.title,
      link: itemLink("tender", Number(t.id)),
      reminder: null,
    });
  }
  // By day; whole-day events first, then by time; then a stable key.
  return events.sort((a, b) => a.date.localeCompare(b.date) || (a.at ?? "").localeCompare(b.at ?? "") || a.key.localeCompare(b.key));
}
