// The formatting both sides share: numbers, rupees and moments as people in India read them
// (lakh/crore, 12,34,56,789 grouping, times in IST, labelled). The web app reaches it through
// src/lib/format.ts (which adds what needs dayjs); the server's e-mails and messages use it here.
import { CRORE, LAKH } from "./constants.js";

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

/**
 * A rupee value as it is said, for screen readers (issue 21): '₹ 23.5 Cr' → '23.5 crore rupees',
 * '₹ 45 L' → '45 lakh rupees', '₹ 2.5 Crore' → '2.5 crore rupees', 12,345 → '12,345 rupees',
 * a negative one 'minus …'; 'Not Specified' as shown. The same rounding as formatRupees.
 */
export function formatRupeesSpoken(value: unknown, decimals = 2): string {
  const n = toNumber(value);
  if (n === null) return NOT_SPECIFIED;
  const abs = Math.abs(n);
  const sign = n < 0 ? "minus " : "";
  if (abs >= CRORE) return `${sign}${formatIndianNumber(abs / CRORE, decimals)} crore rupees`;
  if (abs >= LAKH) return `${sign}${formatIndianNumber(abs / LAKH, decimals)} lakh rupees`;
  const amount = formatIndianNumber(abs, decimals);
  return `${sign}${amount} ${amount === "1" ? "rupee" : "rupees"}`;
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

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const IST_PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Kolkata", day: "numeric", month: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", hourCycle: "h12",
});

/** A moment as a message says it, in IST and labelled: '15 Dec 2026, 3:00 pm IST'; 'Not Specified' when missing or invalid. */
export function formatIstMoment(instant: string | Date | null | undefined): string {
  if (!instant) return NOT_SPECIFIED;
  const d = new Date(instant);
  if (Number.isNaN(d.getTime())) return NOT_SPECIFIED;
  const parts = IST_PARTS.formatToParts(d);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = `${Number(part("day"))} ${MONTHS[Number(part("month")) - 1]} ${part("year")}`;
  return `${day}, ${Number(part("hour"))}:${part("minute")} ${part("dayPeriod").toLowerCase()} IST`;
}

/** A calendar day 'YYYY-MM-DD' as a message says it: '5 Mar 2025'; 'Not Specified' when missing or invalid. */
export function formatDay(day: string | null | undefined): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return NOT_SPECIFIED;
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
}

const DAY_MS = 86_400_000;

/** How long ago an instant was, in whole days: 'today', '1 day ago', '1,204 days ago'; 'Not Specified' when missing or invalid. */
export function formatDaysAgo(instant: string | Date | null | undefined, now: Date | number = Date.now()): string {
  const t = instant ? new Date(instant).getTime() : NaN;
  if (Number.isNaN(t)) return NOT_SPECIFIED;
  const days = Math.max(0, Math.floor((new Date(now).getTime() - t) / DAY_MS));
  return days === 0 ? "today" : `${countOf(days, "day")} ago`;
}
