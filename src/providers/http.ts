// The one HTTP layer. Every call to /api goes through `request`: it adds the token, turns
// failures into HttpError with the catalogue message (lib/errorMessages), shows the error
// toast, and ends the session on 401 / 409 'logged in another browser'.
import { LOGOUT_DELAY_MS } from "../../common/constants";
import { describeError, type DescribedError } from "../lib/errorMessages";
import { currentPathAndQuery, hardNavigation, loginUrlFor } from "../lib/redirect";
import { toastError } from "../lib/toast";
import { getToken, removeToken } from "../lib/token";

export const API_BASE = "/api";

export class HttpError extends Error {
  readonly statusCode?: number;
  readonly body: unknown;
  readonly kind: DescribedError["kind"];
  /** Field errors `{field: [msg]}` so forms can show them beside their inputs (Refine reads `errors`). */
  readonly errors?: Record<string, string[]>;
  constructor(described: DescribedError, status: number | undefined, body: unknown) {
    super(described.message);
    this.name = described.kind === "cancelled" ? "AbortError" : "HttpError";
    this.statusCode = status;
    this.body = body;
    this.kind = described.kind;
    if (body && typeof body === "object" && !Array.isArray(body)) {
      const fields = Object.entries(body as Record<string, unknown>).filter(([, v]) => Array.isArray(v));
      if (fields.length) this.errors = Object.fromEntries(fields) as Record<string, string[]>;
    }
  }
}

export type Query = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** false: the caller shows the error itself (sign-in forms). The 401/409 logout still happens. */
  toast?: boolean;
  headers?: Record<string, string>;
  /** "blob": a successful answer is a file, returned as {blob, filename} (exports); errors are read as usual. */
  responseType?: "json" | "blob";
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, when the server names the file. */
  filename: string | null;
}

function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1].trim());
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : null;
}

/** '/api/list/search/?page=1&filter=a:b&filter=c:d' — arrays become repeated parameters, empty values are dropped. */
export function buildUrl(path: string, query?: Query): string {
  const clean = path.replace(/^\/+/, "").replace(/^api\//, "");
  const url = `${API_BASE}/${clean}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null || v === "") continue;
      params.append(key, String(v));
    }
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

let logoutTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * 401 / 409: tell the user, then after LOGOUT_DELAY_MS drop the token and reload on the login
 * page (a full load clears every cached query of the old session). Several failing calls at
 * once schedule it only once. Only the session that was refused ends: a call made with a token
 * that has since been replaced (an impersonation just cancelled, whose last calls come back 401
 * after the staff member's own token is back) ends nothing.
 */
export function scheduleUnauthorizedLogout(refusedToken: string | null = getToken()): void {
  if (refusedToken !== getToken() || logoutTimer) return;
  logoutTimer = setTimeout(() => {
    logoutTimer = null;
    if (getToken() !== refusedToken) return;
    removeToken();
    const here = currentPathAndQuery();
    if (!window.location.pathname.startsWith("/login")) hardNavigation.assign(loginUrlFor(here));
  }, LOGOUT_DELAY_MS);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException ? error.name === "AbortError" : (error as { name?: string })?.name === "AbortError";
}

/**
 * Report a failure as the catalogue says, and return the error to throw. `token`: the one the
 * call was made with; a refusal of a session already replaced is neither shown nor acted on.
 */
function fail(described: DescribedError, status: number | undefined, body: unknown, toast: boolean, token: string | null = getToken()): HttpError {
  const stale = described.logout && token !== getToken();
  if (described.notify && (toast || described.logout) && !stale) toastError(described.message);
  if (described.logout && !stale) scheduleUnauthorizedLogout(token);
  return new HttpError(described, status, body);
}

export async function request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { query, body, signal, toast = true } = options;
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Token ${token}`;
  const init: RequestInit = { method, headers, signal };
  if (body !== undefined) {
    if (typeof FormData !== "undefined" && body instanceof FormData) {
      init.body = body;
    } else {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
  }
  const isDataFetch = method.toUpperCase() === "GET";

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), init);
  } catch (error) {
    const described = describeError({ cancelled: isAbort(error) || signal?.aborted, isDataFetch });
    throw fail(described, undefined, null, toast);
  }
  if (response.ok && options.responseType === "blob") {
    const file: DownloadedFile = { blob: await response.blob(), filename: fileNameOf(response.headers.get("content-disposition")) };
    return file as T;
  }
  let data: unknown;
  try {
    data = await readBody(response);
  } catch (error) {
    if (isAbort(error) || signal?.aborted) throw fail(describeError({ cancelled: true }), response.status, null, toast);
    data = null;
  }
  if (!response.ok) {
    throw fail(describeError({ status: response.status, body: data, isDataFetch }), response.status, data, toast, token);
  }
  return data as T;
}

export interface UploadOptions {
  signal?: AbortSignal;
  toast?: boolean;
  /** Bytes sent so far of the whole request (fetch cannot report upload progress; XHR can). */
  onProgress?: (sent: number, total: number) => void;
}

/** POST a FormData with upload progress, with the same token, error catalogue and toasts as `request`. */
export function upload<T = unknown>(path: string, form: FormData, { signal, toast = true, onProgress }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", buildUrl(path));
    xhr.setRequestHeader("Accept", "application/json");
    const token = getToken();
    if (token) xhr.setRequestHeader("Authorization", `Token ${token}`);
    if (onProgress) xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    const abort = () => xhr.abort();
    signal?.addEventListener("abort", abort, { once: true });
    xhr.onabort = () => reject(fail(describeError({ cancelled: true }), undefined, null, toast));
    xhr.onerror = () => reject(fail(describeError({ isDataFetch: false }), undefined, null, toast));
    xhr.onload = () => {
      signal?.removeEventListener("abort", abort);
      let data: unknown = xhr.responseText || null;
      try {
        data = data === null ? null : JSON.parse(xhr.responseText);
      } catch {
        /* a plain-text body */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(fail(describeError({ status: xhr.status, body: data, isDataFetch: false }), xhr.status, data, toast, token));
    };
    xhr.send(form);
  });
}

export const http = {
  get: <T = unknown>(path: string, options?: RequestOptions) => request<T>("GET", path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>("POST", path, { ...options, body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>("PATCH", path, { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>("PUT", path, { ...options, body }),
  delete: <T = unknown>(path: string, options?: RequestOptions) => request<T>("DELETE", path, options),
  /** GET a file (an export) with the token; the caller saves the blob. */
  download: (path: string, options?: RequestOptions) => request<DownloadedFile>("GET", path, { ...options, responseType: "blob" }),
};
