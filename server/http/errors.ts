// The one HTTP error layer. Routes throw these; the error handler in app.ts turns them, and
// Fastify's own validation and 404 errors, into the bodies the web app's catalogue expects:
// `{detail: message}` or `{field: [message]}`, every message at most 250 characters.
import { ERROR_MESSAGE_CAP } from "../../common/constants.js";
import { WEB_URL_MESSAGE } from "../../common/urls.js";

export type ErrorBody = { detail: string } | Record<string, string[]>;

export const cap = (message: string) =>
  message.length > ERROR_MESSAGE_CAP ? message.slice(0, ERROR_MESSAGE_CAP - 1) + "…" : message;

export class HttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: ErrorBody,
    public readonly headers: Record<string, string> = {},
  ) {
    super("detail" in body && typeof body.detail === "string" ? body.detail : JSON.stringify(body));
  }
}

export const badRequest = (detail: string) => new HttpError(400, { detail: cap(detail) });
/** A validation error on one field, shown by the web app as 'field: message'. */
export const fieldError = (field: string, message: string) => new HttpError(400, { [field]: [cap(message)] });
/** Several messages on one field (a refusal, then what is allowed), each capped. */
export const fieldErrors = (field: string, messages: string[]) => new HttpError(400, { [field]: messages.map(cap) });
export const unauthorized = (detail = "Authentication credentials were not provided.") => new HttpError(401, { detail });
export const forbidden = (detail = "You do not have permission to perform this action.") => new HttpError(403, { detail: cap(detail) });
export const notFound = (detail = "Not found.") => new HttpError(404, { detail: cap(detail) });
export const conflict = (detail: string) => new HttpError(409, { detail: cap(detail) });
/** A one-time link that worked once and no longer does (used, expired or withdrawn). */
export const gone = (detail: string) => new HttpError(410, { detail: cap(detail) });
/** A service we depend on (an identity provider's keys) failed: 502 'Server Error', no internals. */
export const upstreamError = (detail = "Server Error") => new HttpError(502, { detail });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, { detail: `Too many requests. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds))} seconds.` }, {
    "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

interface AjvError {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

const FRIENDLY: Record<string, (e: AjvError) => string> = {
  required: () => "This field is required.",
  minLength: (e) => (e.params?.limit === 1 ? "This field may not be blank." : `Ensure this field has at least ${e.params?.limit} characters.`),
  maxLength: (e) => `Ensure this field has no more than ${e.params?.limit} characters.`,
  format: (e) =>
    e.params?.format === "email" ? "Enter a valid e-mail address." : e.params?.format === "web-url" ? WEB_URL_MESSAGE : `Enter a valid ${e.params?.format}.`,
  type: (e) => `Must be ${e.params?.type === "integer" ? "a whole number" : `a ${e.params?.type}`}.`,
  minimum: (e) => `Ensure this value is greater than or equal to ${e.params?.limit}.`,
  maximum: (e) => `Ensure this value is less than or equal to ${e.params?.limit}.`,
  exclusiveMinimum: (e) => `Ensure this value is greater than ${e.params?.limit}.`,
  enum: (e) => `Must be one of: ${(e.params?.allowedValues as unknown[] | undefined)?.join(", ")}.`,
  additionalProperties: (e) => `Unknown field '${e.params?.additionalProperty}'.`,
};

/** Fastify/ajv validation errors → `{field: [message]}` with the field as the user named it. */
export function validationBody(errors: AjvError[], context?: string): Record<string, string[]> {
  // By field name in a Map: a name from the request (an unknown key like 'constructor') must not
  // meet Object.prototype's members.
  const body = new Map<string, string[]>();
  // A nullable field (Nullable: null | T) that fails T also fails 'null' and the union itself;
  // those two say nothing to the user when T's own message is there.
  const unionNoise = (e: AjvError) => e.keyword === "anyOf" || (e.keyword === "type" && e.params?.type === "null");
  const fieldOf = (e: AjvError) => (e.instancePath ?? "").replace(/^\//, "").split("/")[0];
  const explained = new Set(errors.filter((e) => !unionNoise(e)).map(fieldOf));
  errors = errors.filter((e) => !(unionNoise(e) && explained.has(fieldOf(e))));
  for (const e of errors) {
    let field = (e.instancePath ?? "").replace(/^\//, "").split("/")[0];
    if (e.keyword === "required") field = String(e.params?.missingProperty ?? field);
    if (e.keyword === "additionalProperties") field = String(e.params?.additionalProperty ?? field);
    if (!field) field = context === "body" ? "non_field_errors" : (context ?? "non_field_errors");
    const message = cap(FRIENDLY[e.keyword ?? ""]?.(e) ?? (e.message ? e.message[0].toUpperCase() + e.message.slice(1) + "." : "Invalid value."));
    const messages = body.get(field) ?? [];
    body.set(field, messages);
    if (!messages.includes(message)) messages.push(message);
  }
  return Object.fromEntries(body);
}

// ── The database is gone ──
// Every route's database error lands here, so "the database does not answer" is recognised once:
// such a failure is the service being briefly unavailable (503 with Retry-After, and the
// client may simply try again), not a bug (500). The message is the spec's 'Something Wrong
// Happened' text, which the web app shows as the toast of a 5xx with a detail: it tells the
// user it is known and temporary, and says nothing of hosts, ports, SQL or driver errors.
export const UNAVAILABLE_MESSAGE =
  "We apologize for the inconvenience. Our team is addressing the issue and will have it resolved shortly.";
export const UNAVAILABLE_RETRY_SECONDS = 5;
export const serviceUnavailable = (retryAfterSeconds = UNAVAILABLE_RETRY_SECONDS) =>
  new HttpError(503, { detail: UNAVAILABLE_MESSAGE }, { "retry-after": String(retryAfterSeconds) });

// Node socket errors (the server refused, reset or never answered), and PostgreSQL's SQLSTATEs
// for a server shutting down, starting up, out of connection slots or without the database.
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "3D000"]);
// pg and pg-pool raise these as plain Errors without a code; PGlite once closed says so.
const MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool/,
  /^PGlite is closed/,
];

/** True when err (or what caused it) says the database cannot be reached right now. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === "string" ? e.code : "";
  if (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (typeof e.message === "string" && MESSAGES.some((m) => m.test(e.message as string))) return true;
  // AggregateError (a host with several addresses, all refused) and wrapped causes.
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * One log line per outage, not one per request: the first unavailable error is logged, later
 * ones only once a minute while it lasts.
 */
export function outageLogger(log: (message: string) => void, everyMs = 60_000) {
  let lastAt = 0;
  return (err: unknown) => {
    const now = Date.now();
    if (now - lastAt < everyMs) return;
    lastAt = now;
    log(`database unavailable: ${err instanceof Error ? err.message : String(err)}`);
  };
}
