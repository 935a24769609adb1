// One HTTP call to a CRM vendor, and the errors a send reacts to: a rate limit (429, wait as
// Retry-After says), a refused credential (401), a transient failure (5xx, timeout, network), or a
// permanent refusal (other 4xx). Vendor clients (hubspot.ts, zoho.ts) build on it.

export const CRM_TIMEOUT_MS = 15_000;

export class CrmError extends Error {
  constructor(
    message: string,
    readonly kind: "rate_limited" | "auth" | "transient" | "permanent",
    readonly status: number | null = null,
    /** rate_limited: how long the vendor asked us to wait, when it said (Retry-After). */
    readonly retryAfterMs: number | null = null,
    /** The vendor's error code, when it gave one (Zoho: INVALID_TOKEN; HubSpot: category). */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

export interface CrmResponse {
  status: number;
  headers: Headers;
  json: any;
}

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in ms; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Sends one request; answers any 2xx (and the statuses in `pass`), throws CrmError for the rest. */
export async function crmFetch(vendor: string, url: string, init: { method: string; headers: Record<string, string>; body?: unknown }, pass: number[] = []): Promise<CrmResponse> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: { accept: "application/json", ...(init.body !== undefined ? { "content-type": "application/json" } : {}), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: "error",
      signal: AbortSignal.timeout(CRM_TIMEOUT_MS),
    });
  } catch (err) {
    const timeout = (err as Error).name === "TimeoutError";
    throw new CrmError(timeout ? `${vendor} did not answer within ${CRM_TIMEOUT_MS / 1000} s` : `${vendor} could not be reached`, "transient");
  }
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if ((res.status >= 200 && res.status < 300) || pass.includes(res.status)) return { status: res.status, headers: res.headers, json };
  const said = typeof json?.message === "string" ? `: ${json.message.slice(0, 200)}` : "";
  const code = typeof json?.code === "string" ? json.code : typeof json?.category === "string" ? json.category : null;
  if (res.status === 429) throw new CrmError(`${vendor} asked us to slow down (429)${said}`, "rate_limited", 429, retryAfterMs(res.headers.get("retry-after")), code);
  if (res.status === 401) throw new CrmError(`${vendor} refused the credentials (401)${said}`, "auth", 401, null, code);
  if (res.status >= 500) throw new CrmError(`${vendor} answered ${res.status}${said}`, "transient", res.status, null, code);
  throw new CrmError(`${vendor} refused the request (${res.status})${said}`, "permanent", res.status, null, code);
}
