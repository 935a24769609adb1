// One try of one delivery: a JSON POST of the stored body, signed with the webhook's secret
//   X-InfraScout-Signature: sha256=<hex HMAC-SHA256 of the raw body with the secret>
// with X-InfraScout-Event, X-InfraScout-Delivery and User-Agent InfraScout-Webhooks. It connects
// only to an address checked as public at connection time (server/lib/public-address.ts; unless
// WEBHOOK_ALLOW_PRIVATE), gives up after DELIVERY_TIMEOUT_MS, follows no redirect (a 3xx is a
// failed try like any other non-2xx answer) and keeps at most RESPONSE_EXCERPT_BYTES of the answer.
import crypto from "node:crypto";
import http from "node:http";
import https from "node:https";
import { WEBHOOK_HEADERS, WEBHOOK_USER_AGENT } from "../../../common/webhooks.js";
import { guardedLookup, isPublicAddress, PrivateAddressError } from "../../lib/public-address.js";
import type { AttemptResult } from "./queries.js";

export const DELIVERY_TIMEOUT_MS = 10_000;
export const RESPONSE_EXCERPT_BYTES = 1024;
const ERROR_CAP = 300;

/** `sha256=<hex>`: the HMAC-SHA256 of the exact body bytes with the secret. */
export function signature(body: string, secret: string): string {
  return `sha256=${crypto.createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

export interface Outgoing {
  url: string;
  secret: string;
  event: string;
  deliveryId: string;
  body: string;
}

export interface SendOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
}

/** A one-line reason a try failed, as the deliveries log shows it (no stack, no internals). */
function plainError(err: unknown, timeoutMs: number): string {
  const e = err as NodeJS.ErrnoException & { timedOut?: boolean };
  if (e?.timedOut) return `No answer within ${timeoutMs % 1000 ? `${timeoutMs} ms` : `${timeoutMs / 1000} s`}`;
  if (e instanceof PrivateAddressError) return `Refused: ${e.message}`;
  const byCode: Record<string, string> = {
    ECONNREFUSED: "Connection refused",
    ECONNRESET: "Connection reset by the peer",
    ENOTFOUND: "Host not found",
    EAI_AGAIN: "Host name lookup failed (temporary)",
    EHOSTUNREACH: "Host unreachable",
    ENETUNREACH: "Network unreachable",
    ETIMEDOUT: "Connection timed out",
    CERT_HAS_EXPIRED: "TLS certificate has expired",
    DEPTH_ZERO_SELF_SIGNED_CERT: "TLS certificate is self-signed",
    SELF_SIGNED_CERT_IN_CHAIN: "TLS certificate chain is self-signed",
    ERR_TLS_CERT_ALTNAME_INVALID: "TLS certificate does not match the host",
  };
  const text = (e?.code && byCode[e.code]) || (e instanceof Error ? e.message : String(err));
  return text.replace(/\s+/g, " ").slice(0, ERROR_CAP);
}

/** Why a URL may not be sent to now (scheme or literal address), or null. Names are checked at connection. */
export function refusalOf(url: URL, allowPrivate: boolean): string | null {
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return "Refused: webhook URLs must use https";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && /^[\d.]+$|:/.test(host) && !isPublicAddress(host)) return `Refused: ${host} is not a public address`;
  return null;
}

/** Sends one try; never throws: every outcome is an AttemptResult. */
export async function sendOnce(out: Outgoing, opts: SendOptions): Promise<AttemptResult> {
  const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  let url: URL;
  try {
    url = new URL(out.url);
  } catch {
    return { ok: false, statusCode: null, error: "Not a valid URL", response: null };
  }
  const refused = refusalOf(url, opts.allowPrivate);
  if (refused) return { ok: false, statusCode: null, error: refused, response: null };
  const body = Buffer.from(out.body, "utf8");
  const headers = {
    "content-type": "application/json",
    "content-length": String(body.length),
    "user-agent": WEBHOOK_USER_AGENT,
    [WEBHOOK_HEADERS.event]: out.event,
    [WEBHOOK_HEADERS.delivery]: out.deliveryId,
    [WEBHOOK_HEADERS.signature]: signature(out.body, out.secret),
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (r: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = client.request(url, { method: "POST", headers, agent: false, lookup: guardedLookup(opts.allowPrivate) as never }, (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () => {
        const code = res.statusCode ?? 0;
        const excerpt = Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8").replace(/\uFFFD+$/, "");
        const ok = code >= 200 && code < 300;
        finish({ ok, statusCode: code, error: ok ? null : `HTTP ${code}${res.statusMessage ? ` ${res.statusMessage}` : ""}`.slice(0, ERROR_CAP), response: excerpt || null });
        req.destroy();
      };
      res.on("data", (chunk: Buffer) => {
        if (kept < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
        kept += chunk.length;
        if (kept >= RESPONSE_EXCERPT_BYTES) done(); // enough read: the rest is not kept
      });
      res.on("end", done);
      res.on("error", done);
    });
    const timer = setTimeout(() => {
      finish({ ok: false, statusCode: null, error: plainError({ timedOut: true }, timeoutMs), response: null });
      req.destroy();
    }, timeoutMs);
    req.on("error", (err) => finish({ ok: false, statusCode: null, error: plainError(err, timeoutMs), response: null }));
    req.end(body);
  });
}
