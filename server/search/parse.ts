// The URL language → a typed SearchQuery, validated against an index definition. Pure
// functions: no database, no I/O. Every failure is a 400 `{field: [message]}` (fieldError)
// with a message a person understands; nothing here ever becomes SQL text.
import { parseBraceList as parseCommonBraceList } from "../../common/project-type.js";
import { fieldError } from "../http/errors.js";
import { fieldDef, refusalWithChoices, sortDef } from "./fields.js";
import type { Condition, FieldDef, FilterGroup, IndexDefinition, SearchQuery } from "./types.js";

export const MAX_PAGE = 1_000_000;
export const MAX_FILTERS = 60;
export const MAX_FILTER_LENGTH = 500;
export const MAX_VALUES_PER_FIELD = 200;
export const MAX_Q_LENGTH = 256;

export interface RawSearchParams {
  q?: string;
  oq?: string;
  page?: string | number;
  sort?: string;
  show_unlocked?: string | boolean;
  search_all?: string | boolean;
  filter?: string | string[];
}

const DAY_US = 86_400_000_000;

/** '&' and ' and ' become spaces (the web app does it too; doing it twice is harmless). */
export function normalizeQ(q: string | undefined | null): string | null {
  if (q == null) return null;
  const out = q
    .replace(/&/g, " ")
    .replace(/(^|\s)and(?=\s|$)/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
  return out === "" ? null : out;
}

export function parsePage(raw: string | number | undefined): number {
  if (raw === undefined || raw === "") return 1;
  const s = String(raw).trim();
  if (!/^\d{1,9}$/.test(s) || Number(s) < 1) throw fieldError("page", "Must be a whole number from 1.");
  const n = Number(s);
  if (n > MAX_PAGE) throw fieldError("page", `Must be a whole number from 1 to ${MAX_PAGE}.`);
  return n;
}

export function parseFlag(name: string, raw: string | boolean | undefined): boolean {
  if (raw === undefined || raw === "" || raw === false) return false;
  if (raw === true) return true;
  const s = raw.trim().toLowerCase();
  if (s === "true" || s === "1") return true;
  if (s === "false" || s === "0") return false;
  throw fieldError(name, "Must be true or false.");
}

/** `value desc`, `value+desc` (decoded), `-value`, `Value DESC`, `relevance` → a key of def.sorts. */
export function parseSort(def: IndexDefinition, raw: string | undefined, hasQ: boolean, defaultSort = def.defaultSort): string {
  const s = (raw ?? "").replace(/\+/g, " ").replace(/\s+/g, " ").trim().toLowerCase();
  if (s === "") return hasQ && def.sorts.relevance ? "relevance" : defaultSort;
  const candidates = [s, s.startsWith("-") ? `${s.slice(1)} desc` : `${s} desc`, s.startsWith("-") ? s : `${s} asc`];
  const key = candidates.find((c) => sortDef(def, c) !== undefined);
  if (!key) throw refusalWithChoices("sort", `Unknown sort '${clip(raw ?? "")}'.`, Object.keys(def.sorts));
  return key === "relevance" && !hasQ ? defaultSort : key;
}

/** The whole query string (without the endpoint's base conditions). */
export function parseSearchParams(def: IndexDefinition, raw: RawSearchParams, opts: { now?: Date; defaultSort?: string } = {}): SearchQuery {
  const now = opts.now ?? new Date();
  // PostgreSQL text cannot hold NUL: refuse it before it reaches a query.
  for (const [name, v] of Object.entries(raw)) {
    if ((Array.isArray(v) ? v : [v]).some((x) => typeof x === "string" && x.includes("\u0000"))) throw fieldError(name, "Must not contain NUL characters.");
  }
  const q = normalizeQ(raw.q);
  if (q && q.length > MAX_Q_LENGTH) throw fieldError("q", `Search text is too long: at most ${MAX_Q_LENGTH} characters.`);
  if (q && !def.textVector) throw fieldError("q", "This list has no text search.");
  const filters = raw.filter === undefined ? [] : Array.isArray(raw.filter) ? raw.filter : [raw.filter];
  return {
    q,
    oq: raw.oq?.trim() ? raw.oq : null,
    page: parsePage(raw.page),
    sort: parseSort(def, raw.sort, q !== null, opts.defaultSort),
    fallbackSort: opts.defaultSort ?? def.defaultSort,
    groups: parseFilters(def, filters, now),
    base: [],
    showUnlocked: parseFlag("show_unlocked", raw.show_unlocked),
    searchAll: parseFlag("search_all", raw.search_all),
  };
}

/** Repeated `filter` values → one group per field, in the order fields first appear. */
export function parseFilters(def: IndexDefinition, filters: readonly string[], now: Date = new Date()): FilterGroup[] {
  const nonEmpty = filters.filter((f) => typeof f === "string" && f.trim() !== "");
  if (nonEmpty.length > MAX_FILTERS) throw fieldError("filter", `At most ${MAX_FILTERS} filters at a time.`);
  const groups = new Map<string, FilterGroup>();
  for (const f of nonEmpty) {
    for (const c of parseFilter(def, f, now)) {
      let g = groups.get(c.field);
      if (!g) groups.set(c.field, (g = { field: c.field, conditions: [] }));
      g.conditions.push(c);
      const values = g.conditions.reduce((n, x) => n + (x.kind === "values" ? x.values.length : 1), 0);
      if (values > MAX_VALUES_PER_FIELD) throw fieldError("filter", `At most ${MAX_VALUES_PER_FIELD} values for '${c.field}'.`);
    }
  }
  // Same values twice are one value.
  for (const g of groups.values()) {
    const vals = g.conditions.filter((c): c is Extract<Condition, { kind: "values" }> => c.kind === "values");
    if (vals.length > 1) {
      const merged: Condition = { kind: "values", field: g.field, values: [...new Set(vals.flatMap((v) => v.values))] };
      g.conditions = [merged, ...g.conditions.filter((c) => c.kind !== "values")];
    } else if (vals.length === 1) vals[0].values = [...new Set(vals[0].values)];
  }
  return [...groups.values()];
}

/** One `filter` value → its conditions (a brace list gives several values of one field). */
export function parseFilter(def: IndexDefinition, raw: string, now: Date = new Date()): Condition[] {
  if (raw.length > MAX_FILTER_LENGTH) throw fieldError("filter", `A filter may be at most ${MAX_FILTER_LENGTH} characters.`);
  const s = raw.trim();
  // `field:value` or the specification's `field[min TO max]`.
  const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*(?::\s*([\s\S]*)|(\[[\s\S]*))$/.exec(s);
  if (!m) throw fieldError("filter", `'${clip(s)}' is not a filter: write field:value, field:[min TO max] or field:*text*.`);
  const name = m[1];
  const value = (m[2] ?? m[3]).trim();
  const field = fieldDef(def, name);
  if (!field) throw refusalWithChoices("filter", `Unknown filter field '${clip(name)}'.`, Object.keys(def.fields));
  if (value === "") throw fieldError("filter", `The filter on '${name}' has no value.`);
  if (field.kind === "personal") return [personalValues(name, field, value)];

  if (value.startsWith("[")) return [parseRange(name, field, value, now)];
  if (m[3] !== undefined) throw fieldError("filter", `'${clip(s)}' is not a filter.`);

  if (value.startsWith("{") && value.endsWith("}")) {
    if (field.kind !== "keyword" && field.kind !== "keywords") throw fieldError("filter", `'${name}' does not take a {list} of values.`);
    const items = parseBraceList(value);
    if (items === null) throw fieldError("filter", `The list for '${name}' is malformed: write {A,B} or {"A B",C}.`);
    if (items.length === 0) throw fieldError("filter", `The list for '${name}' is empty.`);
    return [{ kind: "values", field: name, values: items }];
  }

  // Quoted: an exact value, stars included.
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return [exactValue(name, field, value.slice(1, -1).replace(/\\(.)/g, "$1"), now)];
  }

  const parts = splitGlob(value);
  if (parts.length > 1) {
    if (field.kind === "number" || field.kind === "timestamp" || field.kind === "date" || field.kind === "boolean") {
      if (parts.every((p) => p === "")) return [{ kind: "present", field: name, present: true }];
      throw fieldError("filter", `'${name}' takes ${field.kind === "boolean" ? "true or false" : "a value or a range like [min TO max]"}, not a *wildcard*.`);
    }
    if (parts.every((p) => p === "")) return [{ kind: "present", field: name, present: true }];
    return [{ kind: "wildcard", field: name, pattern: encodeGlob(parts) }];
  }
  return [exactValue(name, field, parts[0], now)];
}

/** `mark:shortlisted`, `mark:{shortlisted,tentative}`: values among the field's options only. */
function personalValues(name: string, field: FieldDef, value: string): Condition {
  const items = value.startsWith("{") && value.endsWith("}") ? parseBraceList(value) : [value.replace(/^"(.*)"$/, "$1")];
  const options = field.options ?? [];
  const bad = items === null || items.length === 0 ? value : items.find((v) => !options.includes(v));
  if (bad !== undefined) throw fieldError("filter", `'${name}' takes ${options.join(", ")}; not '${clip(bad)}'.`);
  return { kind: "values", field: name, values: items! };
}

function exactValue(name: string, field: FieldDef, v: string, now: Date): Condition {
  switch (field.kind) {
    case "keyword":
    case "keywords":
      return { kind: "values", field: name, values: [v] };
    case "boolean": {
      const b = v.trim().toLowerCase();
      if (b !== "true" && b !== "false") throw fieldError("filter", `'${name}' takes true or false.`);
      return { kind: "values", field: name, values: [b] };
    }
    case "number": {
      const n = parseNumber(name, v);
      return { kind: "range", field: name, min: n, max: n };
    }
    case "timestamp":
    case "date": {
      // A day alone is that whole UTC day; an instant is itself.
      const t = parseInstant(name, v, now, "min");
      const end = /^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? t + DAY_US - 1 : t;
      return { kind: "range", field: name, min: t, max: end };
    }
    case "text":
      throw fieldError("filter", `'${name}' takes only *text* wildcards, e.g. ${name}:*word*.`);
    case "personal":
      return personalValues(name, field, v);
  }
}

function parseRange(name: string, field: FieldDef, value: string, now: Date): Condition {
  const m = /^\[\s*(\S+)\s+TO\s+(\S+)\s*\]$/i.exec(value);
  if (!m) throw fieldError("filter", `The range for '${name}' must look like [min TO max], with * for an open end.`);
  if (field.kind !== "number" && field.kind !== "timestamp" && field.kind !== "date") {
    throw fieldError("filter", `'${name}' does not take ranges.`);
  }
  const [lo, hi] = [m[1], m[2]];
  let min: number | null = null;
  let max: number | null = null;
  if (field.kind === "number") {
    if (lo !== "*") min = parseNumber(name, lo);
    if (hi !== "*") max = parseNumber(name, hi);
  } else {
    if (lo !== "*") min = parseInstant(name, lo, now, "min");
    if (hi !== "*") max = parseInstant(name, hi, now, "max");
  }
  if (min === null && max === null) return { kind: "present", field: name, present: true };
  if (min !== null && max !== null && min > max) throw fieldError("filter", `The range for '${name}' starts after it ends.`);
  return { kind: "range", field: name, min, max };
}

export function parseNumber(name: string, s: string): number {
  const t = s.trim().replace(/,/g, "");
  if (!/^-?\d{1,16}(\.\d{1,4})?$/.test(t)) throw fieldError("filter", `'${clip(s)}' is not a number (for '${name}').`);
  const n = Number(t);
  if (!Number.isFinite(n) || Math.abs(n) > 1e15) throw fieldError("filter", `'${clip(s)}' is out of range (for '${name}').`);
  return n;
}

const EARLIEST_US = Date.UTC(1900, 0, 1) * 1000;
const LATEST_US = Date.UTC(2201, 0, 1) * 1000 - 1;
const UNIT_US = new Map<string, number>([["MINUTE", 60e6], ["HOUR", 3600e6], ["DAY", DAY_US], ["WEEK", 7 * DAY_US]]);

/**
 * A UTC instant as epoch microseconds: `2024-01-01T00:00:00Z`, with an optional fraction (up to
 * microseconds) and offset (`+05:30`; none = UTC), a day `2024-01-01` (its 00:00Z; as the upper
 * end of a range, its last microsecond), or date math `NOW`, `NOW/DAY`, `NOW-30DAYS`.
 */
export function parseInstant(name: string, s: string, now: Date, end: "min" | "max"): number {
  const t = s.trim();
  const bad = () => fieldError("filter", `'${clip(s)}' is not a UTC date like 2024-01-01T00:00:00Z (for '${name}').`);
  const math = /^NOW(\/DAY)?((?:[+-]\d{1,5}(?:MINUTE|HOUR|DAY|WEEK)S?)*)$/i.exec(t);
  if (math) {
    let us = now.getTime() * 1000;
    if (math[1]) us = Math.floor(us / DAY_US) * DAY_US;
    for (const step of math[2].matchAll(/([+-])(\d+)([A-Z]+?)S?(?=[+-]|$)/gi)) {
      us += (step[1] === "-" ? -1 : 1) * Number(step[2]) * UNIT_US.get(step[3].toUpperCase())!;
    }
    // The years a written date may have: far-off date math would be out of PostgreSQL's range.
    if (us < EARLIEST_US || us > LATEST_US) throw fieldError("filter", `'${clip(s)}' is out of range: dates from 1900 to 2200 (for '${name}').`);
    return us;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(t);
  if (!m) throw bad();
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [h, mi, sec] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (y < 1900 || y > 2200 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || sec > 59) throw bad();
  const ms = Date.UTC(y, mo - 1, d, h, mi, sec);
  if (new Date(ms).getUTCDate() !== d) throw bad(); // 2024-02-30
  const frac = m[7] ? Number(m[7].padEnd(6, "0").slice(0, 6)) : 0;
  let offsetMin = 0;
  if (m[8] && m[8].toUpperCase() !== "Z") {
    const om = /^([+-])(\d{2}):?(\d{2})$/.exec(m[8])!;
    if (Number(om[2]) > 14 || Number(om[3]) > 59) throw bad();
    offsetMin = (om[1] === "-" ? -1 : 1) * (Number(om[2]) * 60 + Number(om[3]));
  }
  let us = ms * 1000 + frac - offsetMin * 60e6;
  if (m[4] === undefined && end === "max") us += DAY_US - 1; // a whole day as the upper end
  return us;
}

/** `{A,"B C",D}` → ['A', 'B C', 'D'] (PostgreSQL array literal rules); null when malformed. */
export const parseBraceList = (s: string): string[] | null => parseCommonBraceList(s, true);

/** Splits at unescaped '*'; `\*` is a literal star, `\\` a backslash. */
export function splitGlob(v: string): string[] {
  const parts: string[] = [""];
  for (let i = 0; i < v.length; i++) {
    const ch = v[i];
    if (ch === "\\" && i + 1 < v.length) parts[parts.length - 1] += v[++i];
    else if (ch === "*") parts.push("");
    else parts[parts.length - 1] += ch;
  }
  return parts;
}

/** Glob parts → the stored pattern: parts joined by '*', literal '*' and '\' escaped. */
export function encodeGlob(parts: string[]): string {
  return parts.map((p) => p.replace(/\\/g, "\\\\").replace(/\*/g, "\\*")).join("*");
}

/** A stored pattern → a LIKE pattern (escape character '\'): literal %, _ and \ escaped. */
export function globToLike(pattern: string): string {
  return splitGlob(pattern)
    .map((p) => p.replace(/[\\%_]/g, (c) => "\\" + c))
    .join("%");
}

/** A case-insensitive matcher with LIKE's semantics for a stored pattern. */
export function globMatcher(pattern: string): (s: string) => boolean {
  const parts = splitGlob(pattern).map((p) => p.toLowerCase());
  const first = parts[0];
  const last = parts[parts.length - 1];
  const middle = parts.slice(1, -1);
  const minLen = parts.reduce((n, p) => n + p.length, 0);
  return (raw: string) => {
    const s = raw.toLowerCase();
    if (s.length < minLen || !s.startsWith(first) || !s.endsWith(last)) return false;
    let at = first.length;
    const stop = s.length - last.length;
    for (const p of middle) {
      const k = s.indexOf(p, at);
      if (k < 0 || k + p.length > stop) return false;
      at = k + p.length;
    }
    return at <= stop;
  };
}

function clip(s: string): string {
  const t = s.replace(/[\u0000-\u001f]/g, " ");
  return t.length > 60 ? t.slice(0, 57) + "…" : t;
}
