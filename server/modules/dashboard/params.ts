// Reading the dashboard's query parameters: days and date windows, each refused with a message
// on its own field (400) rather than guessed at.
import { DEFAULT_DASHBOARD_DAYS } from "../../../common/constants.js";
import { LEAD_DATE_FIELDS, MAX_RANGE_DAYS, type LeadDateField } from "../../../common/dashboard.js";
import { fieldError } from "../../http/errors.js";

const DAY_MS = 86_400_000;

export interface DayWindow {
  /** First and last day, 'YYYY-MM-DD' (UTC days), inclusive. */
  gte: string;
  lte: string;
  days: number;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 'YYYY-MM-DD' that is a real calendar day → its 00:00Z in ms. */
function parseDay(field: string, raw: string): number {
  const s = raw.trim();
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(s) ? Date.parse(`${s}T00:00:00Z`) : NaN;
  if (!Number.isFinite(ms) || dayOf(ms) !== s) throw fieldError(field, `Enter a date as YYYY-MM-DD, e.g. 2026-01-31 (not '${s.slice(0, 40)}').`);
  return ms;
}

/** The last `days` days up to today (UTC), today included. */
export function lastDays(days: number, now = new Date()): DayWindow {
  const end = Date.parse(`${dayOf(now.getTime())}T00:00:00Z`);
  return { gte: dayOf(end - (days - 1) * DAY_MS), lte: dayOf(end), days };
}

export function parseDays(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return DEFAULT_DASHBOARD_DAYS;
  const s = raw.trim();
  const n = Number(s);
  if (!/^\d+$/.test(s) || n < 1 || n > MAX_RANGE_DAYS) throw fieldError("days", `Enter a whole number of days from 1 to ${MAX_RANGE_DAYS}.`);
  return n;
}

export function parseDateField(raw: string | undefined): LeadDateField {
  if (raw === undefined || raw.trim() === "") return "arrived_date";
  const s = raw.trim();
  if (!(LEAD_DATE_FIELDS as readonly string[]).includes(s)) throw fieldError("date_field", `Use one of: ${LEAD_DATE_FIELDS.join(", ")}.`);
  return s as LeadDateField;
}

/** date_gte..date_lte; either may be left out (the window is then the default length up to the other end or today). */
export function parseWindow(gteRaw: string | undefined, lteRaw: string | undefined, now = new Date()): DayWindow {
  const has = (s: string | undefined): s is string => s !== undefined && s.trim() !== "";
  const lte = has(lteRaw) ? parseDay("date_lte", lteRaw) : Date.parse(`${dayOf(now.getTime())}T00:00:00Z`);
  const gte = has(gteRaw) ? parseDay("date_gte", gteRaw) : lte - (DEFAULT_DASHBOARD_DAYS - 1) * DAY_MS;
  if (gte > lte) throw fieldError("date_lte", "The last day comes before the first day.");
  const days = Math.round((lte - gte) / DAY_MS) + 1;
  if (days > MAX_RANGE_DAYS) throw fieldError("date_gte", `Choose at most ${MAX_RANGE_DAYS} days.`);
  return { gte: dayOf(gte), lte: dayOf(lte), days };
}

/** Every day of a window, oldest first. */
export function daysOf(w: DayWindow): string[] {
  const start = Date.parse(`${w.gte}T00:00:00Z`);
  return Array.from({ length: w.days }, (_, i) => dayOf(start + i * DAY_MS));
}

/** The window of the same length just before. */
export function previousWindow(w: DayWindow): DayWindow {
  const start = Date.parse(`${w.gte}T00:00:00Z`);
  return { gte: dayOf(start - w.days * DAY_MS), lte: dayOf(start - DAY_MS), days: w.days };
}
