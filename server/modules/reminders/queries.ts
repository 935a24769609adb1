// A user's reminders. Every query is scoped by user_id: another user's reminder is simply not
// found (404), so ids cannot be probed.
import { TENDER_DATE_FIELDS, type Reminder, type ReminderDateMove, type ReminderStatus, type TenderDateField } from "../../../common/reminders.js";
import type { Queryable } from "../../db/client.js";
import { istDayBounds } from "../../jobs/ist.js";
import { itemLink, itemTitleSql, type ItemType } from "./items.js";

/** A list answers at most this many reminders (count is exact). */
export const REMINDER_LIST_MAX = 1000;
/** Open (not completed) reminders a user may have at once. */
export const MAX_OPEN_REMINDERS = 2000;

interface Row {
  id: number;
  item_type: ItemType;
  item_id: number;
  item_title: string | null;
  remind_at: Date;
  note: string;
  completed_at: Date | null;
  notified_at: Date | null;
  created_at: Date;
  relative_to: TenderDateField | null;
  minutes_before: number | null;
  date_moves: StoredDateMoves;
}

/** date_moves as stored (an object by field; text from drivers that do not parse jsonb). */
export type StoredDateMoves = Record<string, { old: string | null; new: string | null; at: string }> | string;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The stored moves (by field, 029_reminders_follow_tender_dates.sql) in the order of the tender's dates. */
export function dateMoves(stored: StoredDateMoves): ReminderDateMove[] {
  const byField = typeof stored === "string" ? (JSON.parse(stored) as Exclude<StoredDateMoves, string>) : stored ?? {};
  return TENDER_DATE_FIELDS.filter((f) => byField[f]).map((f) => ({ field: f, old: byField[f].old ?? null, new: byField[f].new ?? null, at: byField[f].at }));
}

/** overdue: open and past; today: open, later today (IST); upcoming: open, after today; done: completed. */
export function reminderStatus(r: { remind_at: Date; completed_at: Date | null }, now: Date): ReminderStatus {
  if (r.completed_at) return "done";
  const at = new Date(r.remind_at);
  if (at < now) return "overdue";
  return at < istDayBounds(now).end ? "today" : "upcoming";
}

function toReminder(r: Row, now: Date): Reminder {
  return {
    id: r.id,
    item_type: r.item_type,
    item_id: r.item_id,
    item_title: r.item_title,
    link: itemLink(r.item_type, r.item_id),
    remind_at: iso(r.remind_at)!,
    note: r.note,
    completed: r.completed_at !== null,
    completed_at: iso(r.completed_at),
    notified_at: iso(r.notified_at),
    created_at: iso(r.created_at)!,
    status: reminderStatus(r, now),
    relative_to: r.relative_to,
    minutes_before: r.minutes_before,
    date_moves: dateMoves(r.date_moves),
  };
}

const COLUMNS = `r.id, r.item_type, r.item_id, ${itemTitleSql("r")} AS item_title, r.remind_at, r.note, r.completed_at, r.notified_at, r.created_at,
  r.relative_to, r.minutes_before, r.date_moves`;

export interface ReminderFilter {
  status?: ReminderStatus;
  from?: Date;
  to?: Date;
  itemType?: ItemType;
  itemId?: number;
}

export async function listReminders(db: Queryable, userId: number, f: ReminderFilter, now = new Date()): Promise<{ count: number; results: Reminder[] }> {
  const where = ["r.user_id = $1"];
  const params: unknown[] = [userId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace("?", `$${params.length}`));
  };
  const endOfToday = istDayBounds(now).end;
  if (f.status === "done") where.push("r.completed_at IS NOT NULL");
  else if (f.status) {
    where.push("r.completed_at IS NULL");
    if (f.status === "overdue") add("r.remind_at < ?", now);
    if (f.status === "today") {
      add("r.remind_at >= ?", now);
      add("r.remind_at < ?", endOfToday);
    }
    if (f.status === "upcoming") add("r.remind_at >= ?", endOfToday);
  }
  if (f.from) add("r.remind_at >= ?", f.from);
  if (f.to) add("r.remind_at <= ?", f.to);
  if (f.itemType) add("r.item_type = ?", f.itemType);
  if (f.itemId) add("r.item_id = ?", f.itemId);
  // Done reminders newest first; open ones in the order they fall due.
  const order = f.status === "done" ? "r.completed_at DESC, r.id DESC" : "r.remind_at ASC, r.id ASC";
  const cond = where.join(" AND ");
  const [count, rows] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reminders r WHERE ${cond}`, params),
    db.query<Row>(`SELECT ${COLUMNS} FROM reminders r WHERE ${cond} ORDER BY ${order} LIMIT ${REMINDER_LIST_MAX}`, params),
  ]);
  return { count: count.rows[0].n, results: rows.rows.map((r) => toReminder(r, now)) };
}

export async function getReminder(db: Queryable, userId: number, id: number, now = new Date()): Promise<Reminder | undefined> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM reminders r WHERE r.id = $1 AND r.user_id = $2`, [id, userId]);
  return rows[0] && toReminder(rows[0], now);
}

export async function countOpenReminders(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reminders WHERE user_id = $1 AND completed_at IS NULL`, [userId]);
  return rows[0].n;
}

/** When a reminder is: a fixed time (relative_to and minutes_before null), or a tender date less an offset. */
export interface ReminderTiming {
  remind_at: Date;
  relative_to: TenderDateField | null;
  minutes_before: number | null;
}

export async function insertReminder(db: Queryable, userId: number, r: { item_type: ItemType; item_id: number; note: string } & ReminderTiming): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO reminders (user_id, item_type, item_id, remind_at, note, relative_to, minutes_before) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [userId, r.item_type, r.item_id, r.remind_at, r.note, r.relative_to, r.minutes_before],
  );
  return rows[0].id;
}

/**
 * Applies a change to the user's reminder; false when it is not theirs (or gone). A new timing
 * replaces the old (fixed or relative) and forgets the dates that moved before it: the user has
 * seen them. A new time makes it due again (notified_at cleared); completing stamps completed_at,
 * reopening clears it.
 */
export async function updateReminder(
  db: Queryable,
  userId: number,
  id: number,
  c: { timing?: ReminderTiming; note?: string; completed?: boolean },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE reminders SET
        remind_at      = coalesce($3, remind_at),
        notified_at    = CASE WHEN $3::timestamptz IS NOT NULL AND $3::timestamptz <> remind_at THEN NULL ELSE notified_at END,
        relative_to    = CASE WHEN $6::boolean THEN $7 ELSE relative_to END,
        minutes_before = CASE WHEN $6::boolean THEN $8 ELSE minutes_before END,
        date_moves     = CASE WHEN $6::boolean THEN '{}'::jsonb ELSE date_moves END,
        note           = coalesce($4, note),
        completed_at   = CASE WHEN $5::boolean IS NULL THEN completed_at
                              WHEN $5::boolean THEN coalesce(completed_at, now())
                              ELSE NULL END
      WHERE id = $1 AND user_id = $2`,
    [id, userId, c.timing?.remind_at ?? null, c.note ?? null, c.completed ?? null, c.timing !== undefined, c.timing?.relative_to ?? null, c.timing?.minutes_before ?? null],
  );
  return rowCount > 0;
}

export async function deleteReminder(db: Queryable, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM reminders WHERE id = $1 AND user_id = $2`, [id, userId]);
  return rowCount > 0;
}
