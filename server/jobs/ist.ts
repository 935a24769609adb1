// India Standard Time (UTC+05:30, no daylight saving): the product's calendar. "Today" for
// reminders and the digest schedule (daily at DIGEST_HOUR_IST, weekly on Mondays) are IST.
import { IST_OFFSET_MS } from "../../common/constants.js";
const DAY_MS = 86_400_000;

/** The IST calendar day of an instant, 'YYYY-MM-DD'. */
export function istDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant an IST day ('YYYY-MM-DD') starts (its 00:00 IST). */
export function istDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
}

/** Start and end (exclusive) of the IST day holding `at`. */
export function istDayBounds(at: Date): { start: Date; end: Date } {
  const start = istDayStart(istDate(at));
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/**
 * The latest digest boundary at or before `now`: daily, today's hour:00 IST (yesterday's when
 * that is still ahead); weekly, the latest Monday at hour:00 IST.
 */
export function digestBoundary(now: Date, frequency: "daily" | "weekly", hourIst: number): Date {
  const today = istDayStart(istDate(now));
  let at = new Date(today.getTime() + hourIst * 3_600_000);
  if (at > now) at = new Date(at.getTime() - DAY_MS);
  if (frequency === "weekly") {
    // Day of week in IST of the boundary's day: 1 = Monday.
    const dow = new Date(at.getTime() + IST_OFFSET_MS).getUTCDay();
    const back = (dow + 6) % 7; // days since Monday
    at = new Date(at.getTime() - back * DAY_MS);
  }
  return at;
}

export const periodMs = (frequency: "daily" | "weekly") => (frequency === "daily" ? 1 : 7) * DAY_MS;
