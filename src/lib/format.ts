// Every number, rupee value and date the app shows goes through this module, so the
// Indian conventions (lakh/crore, 12,34,56,789 grouping, 'DD MMM, YYYY') live in one place.
import dayjs, { type Dayjs } from "dayjs";
import { CRORE, DATE_FORMAT, IST_OFFSET_MS, LAKH } from "../../common/constants";

export const NOT_SPECIFIED = "Not Specified";

/** A finite number from a number or numeric string; null for anything else ('' , null, NaN, 'abc'). */
export function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string") {
    const trimmed = value.trim().replace(/,/g, "");
    if (trimmed === "") return null;
    const n = Number(trimmed);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** Indian digit grouping: 123456789 → '12,34,56,789'; keeps up to `decimals` fraction digits. */
export function formatIndianNumber(value: unknown, decimals = 2): string {
  const n = toNumber(value);
  if (n === null) return NOT_SPECIFIED;
  return indianFormat(decimals).format(n);
}

const WHOLE_GROUPS = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** Digits being typed, grouped the Indian way, the decimal part kept as typed ('25000000.' stays open). */
export function groupTyped(plain: string): string {
  const [whole, fraction] = plain.split(".");
  const grouped = whole === "" ? "" : WHOLE_GROUPS.format(Number(whole));
  return plain.includes(".") ? `${grouped || "0"}.${fraction}` : grouped;
}

const indianFormats = new Map<number, Intl.NumberFormat>();
/** Intl's en-IN grouping, one formatter per number of fraction digits (they are costly to make). */
function indianFormat(decimals: number): Intl.NumberFormat {
  let format = indianFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat("en-IN", { maximumFractionDigits: decimals, useGrouping: true });
    indianFormats.set(decimals, format);
  }
  return format;
}

/** A count with its noun agreeing in number: '1 tender', '12 tenders', '1 company', '1,234 companies'. */
export function countOf(n: number | null | undefined, singular: string, plural = `${singular}s`): string {
  const value = n ?? 0;
  return `${formatIndianNumber(value, 0)} ${value === 1 ? singular : plural}`;
}

export type AmountStyle = "short" | "long";

const UNITS = {
  short: { crore: "Cr", lakh: "L" },
  long: { crore: "Crore", lakh: "Lakh" },
} as const;

/**
 * An amount in rupees as a reader in India says it: 25000000 → '2.5 Cr' (short) or
 * '2.5 Crore' (long); 4500000 → '45 L' / '45 Lakh'; below a lakh the plain grouped number.
 */
export function formatAmount(value: unknown, style: AmountStyle = "short", decimals = 2): string {
  const n = toNumber(value);
  if (n === null) return NOT_SPECIFIED;
  const abs = Math.abs(n);
  const sign = n < 0 ? "-" : "";
  const units = UNITS[style];
  if (abs >= CRORE) return `${sign}${formatIndianNumber(abs / CRORE, decimals)} ${units.crore}`;
  if (abs >= LAKH) return `${sign}${formatIndianNumber(abs / LAKH, decimals)} ${units.lakh}`;
  return sign + formatIndianNumber(abs, decimals);
}

/** A rupee value: '₹ 2.5 Cr', '₹ 45 L', '₹ 2.5 Crore' (long), or 'Not Specified'. */
export function formatRupees(value: unknown, style: AmountStyle = "short", decimals = 2): string {
  const text = formatAmount(value, style, decimals);
  return text === NOT_SPECIFIED ? text : `₹ ${text}`;
}

/** A 0–1 share as a percentage: 0.253 → '25.3%', 0.5 → '50%'; 'Not Specified' for anything else. */
export function formatShare(value: unknown, decimals = 1): string {
  const n = toNumber(value);
  return n === null ? NOT_SPECIFIED : `${formatIndianNumber(n * 100, decimals)}%`;
}

/** A value already counted in crores (as tender and project values often are). */
export function formatCrores(value: unknown, style: AmountStyle = "short"): string {
  const n = toNumber(value);
  return n === null ? NOT_SPECIFIED : formatRupees(n * CRORE, style);
}

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
