// The plain REST resources (reminders/list, saved-search, email-config, user/users, …) through
// @refinedev/simple-rest, wrapped where our API differs from json-server's:
// - every request goes through the one HTTP layer (providers/http.ts: token, error catalogue,
//   toasts, 401/409 logout), handed to simple-rest as an axios-like client;
// - lists answer {count, results} (not an array with X-Total-Count) and are not paged by
//   _start/_end: the pages send their own query (page, q) in meta.query; other keys of the answer
//   are passed through beside data and total;
// - some resources end their URLs with a slash (saved-search/5/), some do not (reminders/list/5):
//   the spec's calls, exactly.
// `custom` is ours too: simple-rest's would send `url?` and `url?&a=b`; ours sends the spec's URL,
// and lets a call keep its errors to itself (meta.toast false), fetch a file (meta.responseType
// "blob") or report upload progress (meta.onProgress).
import type { BaseRecord, CustomParams, DataProvider } from "@refinedev/core";
import simpleRest from "@refinedev/simple-rest";
import type { ListResponse } from "../../common/api";
import { API_BASE, request, upload, type Query, type RequestOptions } from "./http";

/** A custom call with meta.responseType "blob" answers the file and its name. */
export type { DownloadedFile } from "./http";

/** The REST resources whose URLs end with '/'; the others end without one. */
const TRAILING_SLASH = new Set(["imports", "company/static_data", "company/unlocked_static_data", "competitors", "saved-search", "email-config", "reminders/calendar", "user/users", "user-unlock-contact"]);

/** simple-rest's client type (an AxiosInstance), without importing axios here. */
type HttpClient = NonNullable<Parameters<typeof simpleRest>[1]>;
type AxiosLikeConfig = { headers?: Record<string, string>; data?: unknown };

/** The slice of axios simple-rest calls, answered by the HTTP layer (simple-rest reads data and headers). */
function axiosLike(toast: boolean): HttpClient {
  const call = (method: string, url: string, body: unknown, config?: AxiosLikeConfig) =>
    request(method, url, { body, headers: config?.headers, toast }).then((data) => ({ data, headers: {} }));
  const client = {
    get: (url: string, config?: AxiosLikeConfig) => call("GET", url, undefined, config),
    delete: (url: string, config?: AxiosLikeConfig) => call("DELETE", url, config?.data, config),
    post: (url: string, body: unknown, config?: AxiosLikeConfig) => call("POST", url, body, config),
    put: (url: string, body: unknown, config?: AxiosLikeConfig) => call("PUT", url, body, config),
    patch: (url: string, body: unknown, config?: AxiosLikeConfig) => call("PATCH", url, body, config),
  };
  return client as unknown as HttpClient;
}

const loud = simpleRest(API_BASE, axiosLike(true));
/** For forms that show a failure beside their fields (meta.toast false) instead of as a toast. */
const quiet = simpleRest(API_BASE, axiosLike(false));
const pick = (meta?: Record<string, unknown>) => (meta?.toast === false ? quiet : loud);

const collection = (resource: string) => (TRAILING_SLASH.has(resource) ? `${resource}/` : resource);
// simple-rest writes `${resource}/${id}`: the id carries the resource's closing slash.
const member = (resource: string, id: string | number) => (TRAILING_SLASH.has(resource) ? `${encodeURIComponent(String(id))}/` : encodeURIComponent(String(id)));

/** meta.query (the page's own parameters) as a query string simple-rest appends as it is. */
function withQuery(path: string, query?: Query): string {
  const url = new URL(`http://x/${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined && v !== null && v !== "") url.searchParams.append(key, String(v));
  }
  return `${url.pathname.slice(1)}${url.search}`;
}

type RestMeta = { query?: Query; toast?: boolean; responseType?: RequestOptions["responseType"]; onProgress?: (sent: number, total: number) => void; signal?: AbortSignal };

async function custom<T>({ url, method, payload, query, headers, meta }: CustomParams & { meta?: RestMeta }): Promise<{ data: T }> {
  const options = { toast: meta?.toast, signal: meta?.signal };
  if (meta?.onProgress && payload instanceof FormData) return { data: await upload<T>(url, payload, { ...options, onProgress: meta.onProgress }) };
  const data = await request<T>(method.toUpperCase(), url, { ...options, query: query as Query, headers, body: payload, responseType: meta?.responseType });
  return { data };
}

export const restDataProvider: DataProvider = {
  ...loud,
  getList: async ({ resource, meta, ...params }) => {
    const path = withQuery(collection(resource), (meta as RestMeta | undefined)?.query);
    const { data } = await pick(meta).getList({ ...params, meta, resource: path, pagination: { mode: "off" } });
    // Keys beside count and results (a page size, a balance) are passed through, as the search provider does.
    const { results, count, ...extra } = data as unknown as ListResponse<BaseRecord> & Record<string, unknown>;
    return { ...extra, data: (results ?? []) as never[], total: count ?? 0 };
  },
  getOne: ({ resource, id, ...params }) => pick(params.meta).getOne({ ...params, resource, id: member(resource, id) }),
  create: ({ resource, ...params }) => pick(params.meta).create({ ...params, resource: collection(resource) }),
  update: ({ resource, id, ...params }) => pick(params.meta).update({ ...params, resource, id: member(resource, id) }),
  deleteOne: ({ resource, id, ...params }) => pick(params.meta).deleteOne({ ...params, resource, id: member(resource, id) }),
  custom: custom as DataProvider["custom"],
};


