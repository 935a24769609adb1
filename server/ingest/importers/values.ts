// Cell values as Indian portals publish them: amounts, dates in IST, ranks, blanks.
// Each parser returns null for "no value" (blank, NA, Nil, -) and throws a RowError with a
// message for a value it cannot read, so the importer rejects the row and says why.

import type { RankDirection } from "../../../common/bidder-ranks.js";
import { safeWebUrl } from "../../../common/urls.js";

export class RowError extends Error {}

/** The highest amount numeric(18,2) holds, with a margin. */
export const MAX_AMOUNT = 1e15;

const NONE = new Set(["", "na", "n/a", "nil", "none", "null", "-", "--", "not applicable", "nan"]);

// Control characters other than white space (NUL above all: PostgreSQL refuses it in text)
// carry nothing a reader sees; a stray one in a portal's cell is dropped, not stored.
const CONTROL = /[\u0000-\u0008\u000E-\u001F\u007F]/g;

/** Trimmed text, or null for blank / NA / Nil / None. */
export function text(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const s = String(v).replace(CONTROL, "").replace(/\s+/g, " ").trim();
  return NONE.has(s.toLowerCase()) ? null : s;
}

/**
 * A web address to store (source URLs, document links): absolute http(s) only, the shared rule
 * of common/urls.ts, with spaces (portals publish file names with them) percent-encoded. null
 * for blank; a RowError naming the field for any other scheme (javascript:, data:, ftp:…) or a
 * relative address: the caller rejects the row or drops the value, and says so.
 */
export function webUrl(v: unknown, field = "url"): string | null {
  const raw = text(v);
  if (raw === null) return null;
  const url = safeWebUrl(raw.replace(/ /g, "%20"));
  if (url === null) throw new RowError(`${field} '${raw.length > 80 ? raw.slice(0, 79) + "…" : raw}' is not an http(s) address`);
  return url;
}

const UNITS: Record<string, number> = { lakh: 1e5, lakhs: 1e5, lac: 1e5, lacs: 1e5, l: 1e5, crore: 1e7, crores: 1e7, cr: 1e7 };

/**
 * An amount in rupees: "4,36,55,000" (Indian grouping), "46,654,000" (western), "INR 884,944",
 * "Rs. 1,234.50", "₹ 9,330", "785621.0", "12.5 lakh", "3 Cr". Commas are only separators, so
 * both groupings read the same. Rounded to paise. Negative amounts are refused.
 */
export function amount(v: unknown, field = "amount"): number | null {
  if (typeof v === "number") {
    if (!Number.isFinite(v) || v < 0 || v > MAX_AMOUNT) throw new RowError(`${field} ${v} is not a valid amount`);
    return Math.round(v * 100) / 100;
  }
  const raw = text(v);
  if (raw === null) return null;
  let s = raw.toLowerCase().replace(/^(inr|rs\.?|₹)\s*/, "").replace(/\s*(inr|\/-)$/, "").trim();
  let mult = 1;
  const unit = /^([\d.,]+)\s*([a-z]+)\.?$/.exec(s);
  if (unit && UNITS[unit[2]]) {
    mult = UNITS[unit[2]];
    s = unit[1];
  }
  if (!/^\d{1,3}(,\d{2,3})*(\.\d+)?$|^\d+(\.\d+)?$/.test(s)) throw new RowError(`${field} '${raw}' is not an amount`);
  const n = Number(s.replace(/,/g, "")) * mult;
  if (!Number.isFinite(n) || n > MAX_AMOUNT) throw new RowError(`${field} '${raw}' is too large`);
  return Math.round(n * 100) / 100;
}

/** A whole number written as "781006.0" or "781006" → "781006" (pincodes, ids). */
export function integerText(v: unknown): string | null {
  const s = text(v);
  if (s === null) return null;
  const m = /^(\d+)(?:\.0+)?$/.exec(s);
  return m ? m[1] : s;
}

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};
const IST_OFFSET_MIN = 330;

function istInstant(y: number, mo: number, d: number, h: number, mi: number, sec: number, raw: string, field: string): Date {
  const t = Date.UTC(y, mo - 1, d, h, mi, sec) - IST_OFFSET_MIN * 60_000;
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || sec > 59 || y < 1900 || y > 2200) {
    throw new RowError(`${field} '${raw}' is not a valid date`);
  }
  return new Date(t);
}

/**
 * A date or date-time. Without a zone it is Indian Standard Time (UTC+5:30), so
 * "13-May-2021 10:00 AM" is 2021-05-13T04:30:00Z and a bare date is its midnight in India.
 * Accepts: "13-May-2021 10:00 AM", "13-May-2021", "13/05/2021 14:30", "13-05-2021" (day first),
 * "2021-05-13", "2021-05-13T10:00:00" (IST) and ISO 8601 with Z or an offset.
 */
export function date(v: unknown, field = "date"): Date | null {
  if (v instanceof Date) return v;
  const raw = text(v);
  if (raw === null) return null;
  const s = raw.trim();
  // ISO 8601 with a zone: trust it.
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(s)) {
    const d = new Date(s);
    if (Number.isNaN(d.getTime())) throw new RowError(`${field} '${raw}' is not a valid date`);
    return d;
  }
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  if (m) return istInstant(+m[1], +m[2], +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), raw, field);
  m = /^(\d{1,2})[-/ .]([a-z]{3,9}|\d{1,2})[-/ .,]+(\d{4})(?:[ ,]+(\d{1,2})[:.](\d{2})(?::(\d{2}))?\s*(am|pm)?)?$/i.exec(s);
  if (m) {
    const mon = /^\d+$/.test(m[2]) ? Number(m[2]) : MONTHS[m[2].slice(0, m[2].toLowerCase() === "sept" ? 4 : 3).toLowerCase()];
    if (!mon) throw new RowError(`${field} '${raw}' is not a valid date`);
    let h = Number(m[4] ?? 0);
    const ampm = m[7]?.toLowerCase();
    if (ampm) {
      if (h < 1 || h > 12) throw new RowError(`${field} '${raw}' is not a valid time`);
      if (ampm === "am" && h === 12) h = 0;
      if (ampm === "pm" && h !== 12) h += 12;
    }
    return istInstant(+m[3], mon, +m[1], h, +(m[5] ?? 0), +(m[6] ?? 0), raw, field);
  }
  throw new RowError(`${field} '${raw}' is not a date (expected e.g. 13-May-2021 10:00 AM or 2021-05-13)`);
}

/** Which bid a rank counts from: L1 is the lowest bid (works, supplies), H1 the highest (sales, leases). */

export interface Rank {
  rank: number | null;
  direction: RankDirection | null;
  /** The label as published (trimmed, spaces collapsed), null for a blank cell. */
  label: string | null;
}

/** Ranks above this are typos, not ranks (and would overflow the integer column). */
const MAX_RANK = 9999;

// Roman numerals I … XXXIX, canonical only ("IIII", "VX" are not ranks). No L or C: "LX" is
// L-prefixed ten, not sixty; "L" alone is not a rank.
const ROMAN_RANK = /^x{0,3}(ix|iv|v?i{0,3})$/i;
const ROMAN_VALUE: Record<string, number> = { i: 1, v: 5, x: 10 };

function romanRank(s: string): number | null {
  if (!s || !ROMAN_RANK.test(s)) return null;
  const t = s.toLowerCase();
  let total = 0;
  for (let i = 0; i < t.length; i++) {
    const cur = ROMAN_VALUE[t[i]];
    total += cur < (ROMAN_VALUE[t[i + 1]] ?? 0) ? -cur : cur;
  }
  return total;
}

/** "3", "03", "3.0", "3rd" or "III" → 3; anything else (0, junk, too large) → null. */
function rankNumber(s: string): number | null {
  const m = /^(\d+)(?:\.0+|st|nd|rd|th)?$/i.exec(s);
  const n = m ? Number(m[1]) : romanRank(s);
  return n !== null && n >= 1 && n <= MAX_RANK ? n : null;
}

const directionWord = (s: string): RankDirection | null => (/lowest/i.test(s) ? "lowest" : /highest/i.test(s) ? "highest" : null);

/**
 * A financial-bid rank as portals print it, with its direction: "L1", "L 1", "L-1", "l.1",
 * "L-III" → 1st lowest; "H1", "H 1", "H-2" → 1st, 2nd highest; a bare "1", "1.0", "2nd", "I",
 * "II" → lowest first (GePNIC's default: the sample pages' I, II, III bids rise). A trailing
 * note in brackets ("L1 (lowest)") is read for its direction only. The label is kept as
 * published; one we cannot read ("L", "X1", "0", "H1 (lowest)") keeps it with rank and
 * direction null, and the importer warns.
 */
export function rank(v: unknown): Rank {
  const label = text(v);
  if (label === null) return { rank: null, direction: null, label: null };
  const unread: Rank = { rank: null, direction: null, label };
  const note = /^(.*?)\s*\(([^()]*)\)$/.exec(label);
  const body = (note ? note[1] : label).replace(/\s+/g, "");
  const noted = note ? directionWord(note[2]) : null;
  const prefixed = /^([lh])[-–.:#]?(.+)$/i.exec(body);
  const direction: RankDirection = prefixed ? (prefixed[1].toLowerCase() === "h" ? "highest" : "lowest") : noted ?? "lowest";
  if (noted && noted !== direction) return unread;
  const n = rankNumber(prefixed ? prefixed[2] : body);
  return n === null ? unread : { rank: n, direction, label };
}

/** "A||B||C" → the top organisation and the rest (department), as published. */
export function orgChain(v: unknown): { org: string | null; department: string | null } {
  const s = text(v);
  if (s === null) return { org: null, department: null };
  const parts = s.split("||").map((p) => p.trim()).filter(Boolean);
  return { org: parts[0] ?? null, department: parts.length > 1 ? parts.slice(1).join(" || ") : null };
}

/** A file name's MIME type, for tender documents. */
export function mimeFor(name: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  const map: Record<string, string> = {
    pdf: "application/pdf", xls: "application/vnd.ms-excel", xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    doc: "application/msword", docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", zip: "application/zip",
    html: "text/html", htm: "text/html", jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", dwg: "image/vnd.dwg", rar: "application/vnd.rar",
  };
  return (ext && map[ext]) || "application/octet-stream";
}
