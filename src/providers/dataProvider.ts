// Refine data provider over the HTTP layer and the shared search language (DESIGN.md):
// page=<n>, sort=<field dir>, repeated filter=field:value. Lists answer {count, results, ...};
// extra keys (facets) are passed through beside data and total.
import type { CrudFilter, CrudSort, DataProvider, LogicalFilter } from "@refinedev/core";
import { DEFAULT_PAGE } from "../../common/constants";
import type { ListResponse } from "../../common/api";
import { searchTextParams } from "../lib/searchText";
import { http, request, type Query } from "./http";

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
  const sort = (options.sorters ?? []).map((s) => `${s.field} ${s.order}`).join(",");
  const extra = (options.meta?.query as Query | undefined) ?? {};
  const page = options.pagination?.mode === "off" ? undefined : options.pagination?.currentPage ?? DEFAULT_PAGE;
  return { ...extra, page, sort: sort || undefined, q: params.q, oq: params.oq, filter: [...((extra.filter as string[]) ?? []), ...params.filter] };
}

export const dataProvider: DataProvider = {
  getApiUrl: () => "/api",

  getList: async ({ resource, pagination, filters, sorters, meta }) => {
    const response = await http.get<ListResponse<never> & Record<string, unknown>>(endpoint(resource, meta), {
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

  // meta.toast === false: the caller shows the failure in its own section (parts of a detail page).
  // meta.responseType "blob": the answer is a file ({blob, filename}: images behind the token, zips).
  custom: async ({ url, method, payload, query, headers, meta }) => {
    const signal = meta?.signal as AbortSignal | undefined;
    const responseType = meta?.responseType === "blob" ? "blob" : undefined;
    const data = await request(method.toUpperCase(), url, { query: query as Query, headers, body: payload, signal, toast: meta?.toast !== false, responseType });
    return { data: data as never };
  },
};
