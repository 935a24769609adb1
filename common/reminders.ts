// Reminders: what a reminder can be about and the shape the API answers
// (server/modules/reminders) and the web app reads (src/pages/reminders, the calendar, the
// 'Set reminder' button). Server TypeBox schemas mirror these. Instants are ISO strings (UTC).
//
// ── Endpoints (all under /api, signed-in subscriber or staff) ──
//   GET    reminders/list        ?status &from &to &item_type &item_id → {count, results: Reminder[]}
//   POST   reminders/list        {item_type, item_id, remind_at, note?} → 201 Reminder
//   GET    reminders/list/{id}   → Reminder
//   PATCH  reminders/list/{id}   {remind_at?, note?, completed?} → Reminder
//   DELETE reminders/list/{id}   → 204
//   GET    reminders/calendar/   ?from&to (IST days) → the calendar's events

/** A lead, a tender, a tender's result (its award) or a company. */
export const REMINDER_ITEM_TYPES = ["project", "tender", "result", "company"] as const;
export type ReminderItemType = (typeof REMINDER_ITEM_TYPES)[number];

/** The tag beside a reminder and the picker's choices. */
export const REMINDER_ITEM_LABELS: Record<ReminderItemType, string> = { project: "Lead", tender: "Tender", result: "Result", company: "Company" };

/** The item in a sentence: "No such tender result.", "Your reminder on the lead …". */
export const REMINDER_ITEM_NOUNS: Record<ReminderItemType, string> = { project: "lead", tender: "tender", result: "tender result", company: "company" };

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
}
