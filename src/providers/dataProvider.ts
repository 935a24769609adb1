// Refine data provider over the HTTP layer and the shared search language (DESIGN.md):
// page=<n>, sort=<field dir>, repeated filter=field:value. Lists answer {count, results, ...};
// extra keys (facets) are passed through beside data and total.
import type { CrudFilter, CrudSort, DataProvider, LogicalFilter } from "@refinedev/core";
import { DEFAULT_PAGE } from "../../common/constants";
import type { ListResponse } from "../../common/api";
import { searchTextParams } from "../lib/searchText";
import { getToken } from "../lib/token";
import { buildUrl, http, request, type Query } from "./http";

/** The path a resource is served from: meta.endpoint wins over the resource name. */
function endpoint(resource: string, meta?: Record<string, unknown>): string {
  const path = typeof meta?.endpoint === "string" ? meta.endpoint : resource;
  return path.replace(/^\/+/, "");
}

/** An item's path: meta.itemPath ('tender/detail/:id', our API's own shapes) or '<endpoint>/<id>/'. */
function itemPath(resource: string, id: string | number, meta?: Record<string, unknown>): string {
  const encoded = encodeURIComponent(String(id));
  if (typeof meta?.itemPath === "string" && meta.itemPath.includes(":id")) return meta.itemPath.replace(/^\/+/, "").replace(":id", encoded);
  return `${endpoint(resource, meta).replace(/\/+$/, "")}/${encoded}/`;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
}

/** Range bounds: '*' for an open end, dates as UTC ISO instants. */
function bound(value: unknown): string {
  if (isEmpty(value)) return "*";
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** One Refine filter → the `filter` values of the search language (and q/oq for text search). */
export function filterValues(filter: LogicalFilter, params: { filter: string[]; q?: string; oq?: string }): void {
  const { field, operator, value } = filter;
  if (isEmpty(value)) return; // Refine sends "" for cleared inputs: no filter at all
  if (field === "q") {
    Object.assign(params, searchTextParams(String(value)));
    return;
  }
  switch (operator) {
    case "in":
    case "ina":
      for (const v of Array.isArray(value) ? value : [value]) if (!isEmpty(v)) params.filter.push(`${field}:${v}`);
      return;
    case "between": {
      const [min, max] = Array.isArray(value) ? value : [value, undefined];
      params.filter.push(`${field}:[${bound(min)} TO ${bound(max)}]`);
      return;
    }
    case "gte":
    case "gt":
      params.filter.push(`${field}:[${bound(value)} TO *]`);
      return;
    case "lte":
    case "lt":
      params.filter.push(`${field}:[* TO ${bound(value)}]`);
      return;
    case "contains":
    case "containss":
      params.filter.push(`${field}:*${value}*`);
      return;
    default:
      params.filter.push(`${field}:${value}`);
  }
}

export function listQuery(options: {
  pagination?: { currentPage?: number; mode?: string };
  filters?: CrudFilter[];
  sorters?: CrudSort[];
  meta?: Record<string, unknown>;
}): Query {
  const params: { filter: string[]; q?: string; oq?: string } = { filter: [] };
  for (const f of options.filters ?? []) {
    if ("field" in f) filterValues(f, params);
    // Refine's and/or groups have no place in the search language; the listers never build them.
  }
  // A sorter without an order is a named order of the index ('relevance', 'newest').
  const sort = (options.sorters ?? []).map((s) => (s.order ? `${s.field} ${s.order}` : s.field)).join(",");
  const extra = (options.meta?.query as Query | undefined) ?? {};
  const page = options.pagination?.mode === "off" ? undefined : options.pagination?.currentPage ?? DEFAULT_PAGE;
  const own = { q: params.q, oq: params.oq, page, sort: sort || undefined };
  // The lister's own keys come first in the URL and win over meta.query's; its filters come after meta's.
  return { ...own, ...extra, ...own, filter: [...((extra.filter as string[]) ?? []), ...params.filter] };
}

/** A lister's facet counts take its list's query without page and sort. */
export function facetQuery(filters: CrudFilter[], query?: Query): Query {
  return listQuery({ filters, pagination: { mode: "off" }, meta: { query } });
}

// ───────────── prefetch ─────────────
// A lister's first page is asked for when the pointer reaches its menu link (components/search/
// prefetch.ts), so the answer is on its way while the page's code loads and renders. The page's
// own request for the same URL within PREFETCH_TTL_MS takes that answer instead of asking again.

const PREFETCH_TTL_MS = 10_000;
const prefetched = new Map<string, { at: number; answer: Promise<unknown> }>();
/**
 * When each URL was last read for a page (this session), so a prefetch of something a page still
 * shows from its cache (a lister visited in the last half minute) asks the server for nothing.
 */
const lastRead = new Map<string, number>();
/** The longest a page shows a read without asking again (the listers' freshness, useLister). */
const READ_KEPT_MS = 60_000;

/**
 * A prefetch is kept under the URL and the session that asked: an answer fetched for one session
 * (staff, before impersonating a user; a user before signing out) is never another's.
 */
const prefetchKey = (path: string, query: Query) => `${getToken() ?? ""}\u0000${buildUrl(path, query)}`;

/** Entries past their time (a hovered link never clicked) are dropped as new ones come. */
function sweepPrefetched(now: number): void {
  for (const [key, held] of prefetched) if (now - held.at >= PREFETCH_TTL_MS) prefetched.delete(key);
  for (const [key, at] of lastRead) if (now - at >= READ_KEPT_MS) lastRead.delete(key);
}

/**
 * GET a URL ahead of need; a second prefetch of the same URL while one is fresh does nothing, and
 * so does one of a URL a page read within `readWithinMs` (the page still shows that answer).
 */
export function prefetchGet(path: string, query: Query, readWithinMs = 0): void {
  const now = Date.now();
  sweepPrefetched(now);
  const key = prefetchKey(path, query);
  if (prefetched.has(key) || now - (lastRead.get(key) ?? -Infinity) < Math.min(readWithinMs, READ_KEPT_MS)) return;
  const answer = http.get(path, { query, toast: false });
  answer.catch(() => prefetched.delete(key)); // a failed prefetch is forgotten: the page asks itself
  prefetched.set(key, { at: now, answer });
}

/** How many prefetched answers are held (tests: the map stays small). */
export const prefetchedCount = () => prefetched.size;
/** How many read times are held (tests: old ones go as new reads come). */
export const readTimesCount = () => lastRead.size;

/** A GET, answered by a fresh prefetch of the same URL for the same session when there is one (used once). */
function getOnce<T>(path: string, options: { query: Query; signal?: AbortSignal }): Promise<T> {
  const key = prefetchKey(path, options.query);
  const now = Date.now();
  sweepPrefetched(now); // reads come without prefetches too (a suggester's every keystroke): keep both maps small
  lastRead.set(key, now);
  const held = prefetched.get(key);
  prefetched.delete(key);
  if (held && Date.now() - held.at < PREFETCH_TTL_MS) return held.answer.then((a) => a as T, () => http.get<T>(path, options));
  return http.get<T>(path, options);
}

export const dataProvider: DataProvider = {
  getApiUrl: () => "/api",

  getList: async ({ resource, pagination, filters, sorters, meta }) => {
    const response = await getOnce<ListResponse<never> & Record<string, unknown>>(endpoint(resource, meta), {
      query: listQuery({ pagination, filters, sorters, meta }),
      signal: meta?.signal as AbortSignal | undefined,
    });
    const { results, count, ...extra } = response ?? ({} as ListResponse<never>);
    return { ...extra, data: results ?? [], total: count ?? 0 };
  },

  getOne: async ({ resource, id, meta }) => ({
    data: (await http.get(itemPath(resource, id, meta), { query: meta?.query as Query, signal: meta?.signal as AbortSignal | undefined })) as never,
  }),

  getMany: async ({ resource, ids, meta }) => ({
    data: (await Promise.all(ids.map((id) => http.get(itemPath(resource, id, meta))))) as never[],
  }),

  create: async ({ resource, variables, meta }) => ({ data: (await http.post(`${endpoint(resource, meta)}`, variables)) as never }),

  update: async ({ resource, id, variables, meta }) => ({ data: (await http.patch(itemPath(resource, id, meta), variables)) as never }),

  deleteOne: async ({ resource, id, meta }) => ({ data: (await http.delete(itemPath(resource, id, meta))) as never }),

  // With filters (a lister's facet counts) the query is built by facetQuery, as for its list:
  // the same filters, without page and sort. A plain GET may be answered by a prefetch.
  // meta.toast === false: the caller shows the failure in its own section (parts of a detail page).
  // meta.responseType "blob": the answer is a file ({blob, filename}: images behind the token, zips).
  custom: async ({ url, method, payload, query, headers, filters, meta }) => {
    const fullQuery = filters ? facetQuery(filters, query as Query) : (query as Query);
    const signal = meta?.signal as AbortSignal | undefined;
    const responseType = meta?.responseType === "blob" ? "blob" : undefined;
    const plainGet = method === "get" && !headers && payload === undefined && !responseType && meta?.toast !== false;
    const data = plainGet
      ? await getOnce(url, { query: fullQuery, signal })
      : await request(method.toUpperCase(), url, { query: fullQuery, headers, body: payload, signal, toast: meta?.toast !== false, responseType });
    return { data: data as never };
  },
};
