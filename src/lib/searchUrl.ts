// A lister's whole state lives in the page URL, written in the search language of DESIGN.md
// (q, oq, page, sort, repeated filter=field:value / field:[min TO max], show_unlocked=true,
// search_all=true), plus three page-only keys: fresh=true (the last FRESH_DAYS days, worked
// out when the request is made so a bookmark stays "fresh"), unit=<price denomination> and
// selected=<id> (the new-style lister's preview). So a reload, Back or a shared link shows the
// same page, and the URL's filters are the API's filters.
import { CRORE, DEFAULT_PAGE, FRESH_DAYS, LAKH } from "../../common/constants";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import type { Query } from "../providers/http";
import { cleanSearchText } from "./searchText";

export type Bound = string; // a number of rupees, a UTC ISO instant, or "*" (open end)
export type Range = { min: Bound; max: Bound };

export interface SearchState {
  /** The search box text as typed (sent as oq; q is its cleaned form). */
  text: string;
  page: number;
  /** A sort key of the index ('' = the lister's default). */
  sort: string;
  /** field → chosen values (values of one field OR, fields AND); also wildcards like *text*. */
  values: Record<string, string[]>;
  /** field → [min TO max]; numbers in rupees, dates as UTC instants. */
  ranges: Record<string, Range>;
  /** Retrieved in the last FRESH_DAYS days. */
  fresh: boolean;
  showUnlocked: boolean;
  searchAll: boolean;
  /** The denomination the price inputs show (the URL's ranges are always rupees). */
  unit: PriceUnit | null;
  /** The lead shown in a preview pane. */
  selected: string | null;
}

export const EMPTY_SEARCH: SearchState = {
  text: "",
  page: DEFAULT_PAGE,
  sort: "",
  values: {},
  ranges: {},
  fresh: false,
  showUnlocked: false,
  searchAll: false,
  unit: null,
  selected: null,
};

// ───────────── price denominations ─────────────

export const PRICE_UNITS = ["thousand", "lac", "cr"] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];
export const PRICE_UNIT_RUPEES: Record<PriceUnit, number> = { thousand: 1000, lac: LAKH, cr: CRORE };
export const PRICE_UNIT_LABELS: Record<PriceUnit, string> = { thousand: "Thousand", lac: "Lac", cr: "Cr" };

/** An amount in a denomination → whole rupees ('' / null / NaN → null). 2.5 cr → 25000000. */
export function toRupees(amount: number | string | null | undefined, unit: PriceUnit): number | null {
  if (amount === null || amount === undefined || amount === "") return null;
  const n = typeof amount === "number" ? amount : Number(String(amount).replace(/,/g, ""));
  if (!Number.isFinite(n)) return null;
  // Rounded to the rupee, and through a string so 0.07 × 1e7 is 700000, not 700000.0000000001.
  return Math.round(Number((n * PRICE_UNIT_RUPEES[unit]).toPrecision(15)));
}

/** Rupees → the amount in a denomination (25000000, cr → 2.5). */
export function fromRupees(rupees: number | string | null | undefined, unit: PriceUnit): number | null {
  if (rupees === null || rupees === undefined || rupees === "" || rupees === "*") return null;
  const n = Number(rupees);
  if (!Number.isFinite(n)) return null;
  return Number((n / PRICE_UNIT_RUPEES[unit]).toPrecision(12));
}

/** The largest denomination every bound reaches at least 1 of, for links without unit=. */
export function guessUnit(range: Range | undefined): PriceUnit {
  const bounds = [range?.min, range?.max].filter((b): b is string => !!b && b !== "*").map(Number);
  if (bounds.length === 0) return "cr";
  for (const unit of ["cr", "lac", "thousand"] as const) {
    if (bounds.every((b) => b >= PRICE_UNIT_RUPEES[unit])) return unit;
  }
  return "thousand";
}

// ───────────── dates (UTC instants) ─────────────

/** The first instant of the fresh window: now − FRESH_DAYS days, as a UTC ISO instant (whole seconds). */
export function freshSince(now: Date = new Date(), days = FRESH_DAYS): string {
  const since = new Date(now.getTime() - days * 864e5);
  since.setUTCMilliseconds(0);
  return since.toISOString().replace(".000Z", "Z");
}

/** A Date (or ISO text) → a UTC ISO instant in the URL's form '2024-01-01T00:00:00Z'. */
export function toUtcInstant(value: Date | string): string {
  const d = value instanceof Date ? value : new Date(value);
  return d.toISOString().replace(".000Z", "Z");
}

// ───────────── parsing filters ─────────────

const RANGE = /^([A-Za-z_][A-Za-z0-9_]*)\s*:?\s*\[\s*(\S+)\s+TO\s+(\S+)\s*\]$/i;
const VALUE = /^([A-Za-z_][A-Za-z0-9_]*):([\s\S]+)$/;

/** One `filter` value → a range or a field value; null when it is not in the language. */
export function parseFilter(text: string): { field: string; range: Range } | { field: string; value: string } | null {
  const r = RANGE.exec(text.trim());
  if (r) return { field: r[1], range: { min: r[2], max: r[3] } };
  const v = VALUE.exec(text);
  if (v && v[2] !== "") return { field: v[1], value: v[2] };
  return null;
}

export const rangeFilter = (field: string, range: Range) => `${field}:[${range.min || "*"} TO ${range.max || "*"}]`;
export const isOpen = (range: Range | undefined) => !range || ((range.min || "*") === "*" && (range.max || "*") === "*");

const isTrue = (v: string | null) => v === "true" || v === "1";

/** The query key of the lister's 'search all' toggle: search_all (leads) or e.g. search_all_tenders. */
export const DEFAULT_SEARCH_ALL_PARAM = "search_all";

/** The page URL's query → the lister's state. Unknown keys are ignored; a bad page is page 1. */
export function parseSearchUrl(params: URLSearchParams, searchAllParam = DEFAULT_SEARCH_ALL_PARAM): SearchState {
  // Field names come from the URL: maps without a prototype, so 'filter=__proto__:x' is just a
  // field the server will refuse, not a key that reaches Object.prototype.
  const state: SearchState = { ...EMPTY_SEARCH, values: Object.create(null), ranges: Object.create(null) };
  state.text = params.get("oq") ?? params.get("q") ?? "";
  const page = Number(params.get("page"));
  state.page = Number.isInteger(page) && page >= 1 ? page : DEFAULT_PAGE;
  state.sort = params.get("sort") ?? "";
  for (const f of params.getAll("filter")) {
    const parsed = parseFilter(f);
    if (!parsed) continue;
    if ("range" in parsed) state.ranges[parsed.field] = parsed.range;
    else (state.values[parsed.field] ??= []).includes(parsed.value) || state.values[parsed.field].push(parsed.value);
  }
  state.fresh = isTrue(params.get("fresh"));
  state.showUnlocked = isTrue(params.get("show_unlocked"));
  state.searchAll = isTrue(params.get(searchAllParam));
  const unit = params.get("unit");
  state.unit = (PRICE_UNITS as readonly string[]).includes(unit ?? "") ? (unit as PriceUnit) : null;
  state.selected = params.get("selected") || null;
  return state;
}

/** The `filter` values of a state (without the lister's preset or the fresh window). */
export function stateFilters(state: SearchState): string[] {
  const out: string[] = [];
  for (const [field, values] of Object.entries(state.values)) for (const v of values) out.push(`${field}:${v}`);
  for (const [field, range] of Object.entries(state.ranges)) if (!isOpen(range)) out.push(rangeFilter(field, range));
  return out;
}

/** The lister's state → the page URL's query (defaults are left out, so URLs stay short). */
export function toSearchUrl(state: SearchState, searchAllParam = DEFAULT_SEARCH_ALL_PARAM): URLSearchParams {
  const params = new URLSearchParams();
  const q = cleanSearchText(state.text);
  if (q) {
    params.set("q", q);
    params.set("oq", state.text);
  }
  if (state.page > DEFAULT_PAGE) params.set("page", String(state.page));
  if (state.sort) params.set("sort", state.sort);
  for (const f of stateFilters(state)) params.append("filter", f);
  if (state.fresh) params.set("fresh", "true");
  if (state.showUnlocked) params.set("show_unlocked", "true");
  if (state.searchAll) params.set(searchAllParam, "true");
  if (state.unit) params.set("unit", state.unit);
  if (state.selected) params.set("selected", state.selected);
  return params;
}

/** The API query a list answers to (built by the data provider's listQuery). */
export type ApiQuery = Query;

export interface ListRequestOptions {
  /** Filters the lister always sends (category:construction, is_ai:true, ...). */
  preset?: string[];
  /** The date field the fresh toggle limits. */
  freshField?: string;
  /** The query key the 'search all' toggle sends (default search_all). */
  searchAllParam?: string;
  now?: Date;
}

/** What a lister asks Refine's data hooks for; the data provider's listQuery turns it into the API's query. */
export interface ListRequest {
  filters: CrudFilter[];
  sorters: CrudSort[];
  currentPage: number;
  /** The flags that are not `filter` values (show_unlocked, search_all...), sent as they are. */
  flags: Record<string, string>;
}

/** A filter value of the language ('category:construction') → Refine's filter (one value, same text). */
function presetFilter(text: string): CrudFilter | null {
  const parsed = parseFilter(text);
  if (!parsed) return null;
  return "range" in parsed
    ? { field: parsed.field, operator: "between", value: [parsed.range.min, parsed.range.max] }
    : { field: parsed.field, operator: "in", value: [parsed.value] };
}

/** A sort key ('value desc', 'relevance') → Refine's sorter; the key is sent back as it came. */
function toSorters(sort: string): CrudSort[] {
  const [field, order] = sort.trim().split(/\s+/, 2);
  if (!field) return [];
  return [{ field, order: order as CrudSort["order"] }];
}

/**
 * The state → Refine's filters, sorters and page, in the order the API has always received them:
 * the preset, the search text (q/oq), chosen values, ranges, and the fresh window, which becomes
 * a range on its date field worked out now (so a bookmark stays "fresh").
 */
export function toListRequest(state: SearchState, { preset = [], freshField = "retrieved_on", searchAllParam = DEFAULT_SEARCH_ALL_PARAM, now }: ListRequestOptions = {}): ListRequest {
  const filters: CrudFilter[] = preset.map(presetFilter).filter((f): f is CrudFilter => f !== null);
  if (state.text) filters.push({ field: "q", operator: "eq", value: state.text });
  for (const [field, values] of Object.entries(state.values)) filters.push({ field, operator: "in", value: values });
  for (const [field, range] of Object.entries(state.ranges)) {
    if (state.fresh && field === freshField) continue; // the fresh window replaces a range on its field
    if (!isOpen(range)) filters.push({ field, operator: "between", value: [range.min || "*", range.max || "*"] });
  }
  if (state.fresh) filters.push({ field: freshField, operator: "gte", value: freshSince(now) });
  const flags: Record<string, string> = {};
  if (state.showUnlocked) flags.show_unlocked = "true";
  if (state.searchAll) flags[searchAllParam] = "true";
  return { filters, sorters: toSorters(state.sort), currentPage: state.page, flags };
}

/** How many filters the user has set (for the 'Filters (3)' button). */
export function activeFilterCount(state: SearchState): number {
  let n = Object.values(state.values).reduce((sum, v) => sum + v.length, 0);
  n += Object.values(state.ranges).filter((r) => !isOpen(r)).length;
  if (state.fresh) n++;
  if (state.showUnlocked) n++;
  if (state.searchAll) n++;
  return n;
}
