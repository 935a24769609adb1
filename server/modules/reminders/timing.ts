// When a new or changed reminder is due: a fixed instant, or a tender date less an offset ("2 days
// before closing", issue 19). A relative time is worked out from the tender's date as it is now,
// read under a share lock: a concurrent import that moves the date waits for this transaction, so
// its trigger (029_reminders_follow_tender_dates.sql) then finds the new reminder and moves it too.
import { describeRelative, TENDER_DATE_NOUNS, type TenderDateField } from "../../../common/reminders.js";
import { formatIstMoment } from "../../../common/format.js";
import type { Queryable } from "../../db/client.js";
import { fieldError } from "../../http/errors.js";
import type { ItemType } from "./items.js";
import type { ReminderTiming } from "./queries.js";

/** The timing fields of a create or change request (TypeBox has checked each one's form). */
export interface TimingInput {
  remind_at?: string;
  relative_to?: TenderDateField;
  minutes_before?: number;
}

export const TIMING_MESSAGES = {
  neither: "Choose a time, or a tender date to remind before.",
  both: "Choose either a time or a tender date to remind before, not both.",
  required: "This field is required.",
  notTender: "Only a reminder on a tender can follow one of its dates.",
  noDate: (field: TenderDateField) => `This tender has no ${TENDER_DATE_NOUNS[field]} date to remind before.`,
  passed: (field: TenderDateField, minutes: number, at: Date) =>
    `${describeRelative(field, minutes)} is ${formatIstMoment(at)}, which has passed. Choose less time before it, or a fixed time.`,
  invalid: "Enter a valid date-time.",
  past: "Choose a time in the future.",
};

/** Which timing the request asks for: 'fixed', 'relative' or none (a change that leaves it); a 400 when it is half of one or both. */
export function timingKind(b: TimingInput, required: boolean): "fixed" | "relative" | null {
  const relative = b.relative_to !== undefined || b.minutes_before !== undefined;
  if (b.remind_at !== undefined && relative) throw fieldError("remind_at", TIMING_MESSAGES.both);
  if (relative) {
    if (b.relative_to === undefined) throw fieldError("relative_to", TIMING_MESSAGES.required);
    if (b.minutes_before === undefined) throw fieldError("minutes_before", TIMING_MESSAGES.required);
    return "relative";
  }
  if (b.remind_at !== undefined) return "fixed";
  if (required) throw fieldError("remind_at", TIMING_MESSAGES.neither);
  return null;
}

/** A future instant, or a 400 on the field. */
export function futureInstant(field: string, raw: string, now = Date.now()): Date {
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) throw fieldError(field, TIMING_MESSAGES.invalid);
  if (at.getTime() <= now) throw fieldError(field, TIMING_MESSAGES.past);
  return at;
}

/**
 * The tender's date, share-locked until the transaction ends: undefined when there is no such
 * tender, null when it has no such date. The field is one of TENDER_DATE_FIELDS (checked by the
 * schema and here again, as it names a column).
 */
async function lockedTenderDate(tx: Queryable, tenderId: number, field: TenderDateField): Promise<Date | null | undefined> {
  const column = { closing_date: "closing_date", opening_date: "opening_date", prebid_date: "prebid_date" }[field];
  const { rows } = await tx.query<{ at: Date | null }>(`SELECT ${column} AS at FROM tenders WHERE id = $1 FOR SHARE`, [tenderId]);
  return rows.length ? rows[0].at : undefined;
}

/** A relative timing for the reminder's item, or a 400 saying why not (not a tender, no such date, already past). */
export async function relativeTiming(tx: Queryable, item: { type: ItemType; id: number }, field: TenderDateField, minutesBefore: number, now = Date.now()): Promise<ReminderTiming> {
  if (item.type !== "tender") throw fieldError("relative_to", TIMING_MESSAGES.notTender);
  const date = await lockedTenderDate(tx, item.id, field);
  if (date === undefined) throw fieldError("item_id", "No such tender.");
  if (date === null) throw fieldError("relative_to", TIMING_MESSAGES.noDate(field));
  const remindAt = new Date(new Date(date).getTime() - minutesBefore * 60_000);
  if (remindAt.getTime() <= now) throw fieldError("minutes_before", TIMING_MESSAGES.passed(field, minutesBefore, remindAt));
  return { remind_at: remindAt, relative_to: field, minutes_before: minutesBefore };
}

export const fixedTiming = (at: Date): ReminderTiming => ({ remind_at: at, relative_to: null, minutes_before: null });
