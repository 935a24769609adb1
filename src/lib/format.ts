// Every number, rupee value and date the app shows goes through this module, so the
// Indian conventions (lakh/crore, 12,34,56,789 grouping, 'DD MMM, YYYY') live in one place.
import dayjs, { type Dayjs } from "dayjs";
import { DATE_FORMAT, IST_OFFSET_MS } from "../../common/constants";

export {
  NOT_SPECIFIED, toNumber, formatIndianNumber, groupTyped, countOf, formatAmount, formatRupees, formatRupeesSpoken, formatShare, formatCrores, formatIstMoment, formatDay, formatDaysAgo,
  type AmountStyle,
} from "../../common/format";
import { NOT_SPECIFIED, toNumber } from "../../common/format";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date as 'DD MMM, YYYY' (e.g. '05 Mar, 2025'); missing or invalid dates show 'Not Specified'.
 * A calendar day ('2025-03-05') is shown as it is; an instant shows its day in India, whatever
 * the browser's zone (a lead retrieved at 23:00 IST is retrieved that day, also on a laptop set to UTC).
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return NOT_SPECIFIED;
  if (typeof value === "string" && DATE_ONLY.test(value)) {
    const d = dayjs(value);
    return d.isValid() ? d.format(DATE_FORMAT) : NOT_SPECIFIED;
  }
  const d = dayjs(value);
  return d.isValid() ? toIstWallClock(d.toDate()).format(DATE_FORMAT) : NOT_SPECIFIED;
}

/** A calendar day ('2025-03-05') as a short axis label: '05 Mar'. */
export function formatDayMonth(day: string): string {
  const d = dayjs(day);
  return DATE_ONLY.test(day) && d.isValid() ? d.format("DD MMM") : NOT_SPECIFIED;
}

/** Credits never show as negative: an overdrawn balance reads as 0. */
export function displayCredits(remaining: number | null | undefined): number {
  const n = toNumber(remaining);
  return n === null ? 0 : Math.max(0, n);
}

/** A place from its parts, most specific first, skipping blanks and repeats: 'Pune, Maharashtra'. */
export function formatLocation(...parts: (string | null | undefined)[]): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of parts) {
    const t = (p ?? "").trim();
    if (!t || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out.length ? out.join(", ") : NOT_SPECIFIED;
}

/** Any text field: the text, or 'Not Specified' when missing or blank. */
export function formatText(value: unknown): string {
  if (value === null || value === undefined) return NOT_SPECIFIED;
  const t = String(value).trim();
  return t ? t : NOT_SPECIFIED;
}

/**
 * A moment with its time, in India Standard Time whatever the browser's zone, and labelled so:
 * 'DD MMM, YYYY hh:mm A IST' (closing times, history, timelines). Every time the app shows is IST.
 */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return NOT_SPECIFIED;
  const d = dayjs(value);
  return d.isValid() ? `${toIstWallClock(d.toDate()).format(`${DATE_FORMAT} hh:mm A`)} IST` : NOT_SPECIFIED;
}

// Times of events in India Standard Time, whatever the browser's zone (staff pages label them IST).
export const IST_ZONE = "Asia/Kolkata";

const istFormat = new Intl.DateTimeFormat("en-IN", {
  timeZone: IST_ZONE,
  day: "2-digit",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hour12: true,
});

/** '25 Nov 2026, 03:15:09 pm' for a UTC instant, in IST whatever the browser's zone. */
export function formatIst(instant: string): string {
  const d = new Date(instant);
  return Number.isNaN(d.getTime()) ? instant : istFormat.format(d);
}

const istDayParts = new Intl.DateTimeFormat("en-GB", { timeZone: IST_ZONE, day: "2-digit", month: "numeric", year: "numeric" });
// As dayjs writes MMM (Intl's short months vary by ICU version: 'Sep' or 'Sept').
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * The IST day of a UTC instant as 'DD MMM, YYYY', whatever the browser's zone: a contract
 * signed on 24 Apr 2024 in India is stored as 2024-04-23T18:30Z and shows as '24 Apr, 2024'.
 */
export function formatIstDate(instant: string | null | undefined): string {
  if (!instant) return NOT_SPECIFIED;
  const d = new Date(instant);
  if (Number.isNaN(d.getTime())) return NOT_SPECIFIED;
  const part = (type: string) => istDayParts.formatToParts(d).find((p) => p.type === type)?.value ?? "";
  return `${part("day")} ${MONTHS[Number(part("month")) - 1]}, ${part("year")}`;
}

/** An IST calendar day 'YYYY-MM-DD' → the UTC instants of its first and last moment. */
export function istDayStart(day: string): string {
  return new Date(`${day}T00:00:00.000+05:30`).toISOString();
}
export function istDayEnd(day: string): string {
  return new Date(`${day}T23:59:59.999+05:30`).toISOString();
}

/**
 * A complete calendar day 'YYYY-MM-DD': what a date input holds once all its parts are filled in.
 * While a year is being typed Chromium already reports it ('0002-03-01', '0020-…'): no year
 * before 1000 counts.
 */
export function isDay(value: string): boolean {
  return /^[1-9]\d{3}-\d{2}-\d{2}$/.test(value);
}

const DAY_MS = 86_400_000;

/** How many days from 'YYYY-MM-DD' to 'YYYY-MM-DD' make, both counted (the same day is 1). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
}

/** The day `days` days after a 'YYYY-MM-DD' day (before it, for a negative count). */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
}

// Date pickers work in the browser's zone; InfraScout's times are India's. A picker is given the IST
// wall-clock time as if it were local, and what is picked is read back as IST: someone travelling
// (or a laptop set to UTC) still sets "10:00 IST".

/** The IST wall-clock time of an instant, as a picker value. */
export function toIstWallClock(instant: string | number | Date): Dayjs {
  const ist = new Date(new Date(instant).getTime() + IST_OFFSET_MS);
  return dayjs(new Date(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), ist.getUTCHours(), ist.getUTCMinutes(), ist.getUTCSeconds(), ist.getUTCMilliseconds()));
}

/** The instant (ISO, UTC) a picker value means, read as IST wall-clock time. */
export function fromIstWallClock(value: Dayjs): string {
  return new Date(Date.UTC(value.year(), value.month(), value.date(), value.hour(), value.minute(), value.second(), value.millisecond()) - IST_OFFSET_MS).toISOString();
}

/** 'DD MMM, YYYY hh:mm A IST' for an instant, whatever the browser's zone (formatDateTime's name where IST is the point). */
export function formatIstDateTime(instant: string | Date): string {
  return formatDateTime(instant);
}
