// The specification's error catalogue (section 8) as a pure function, so the HTTP layer,
// the notification provider and the tests all agree on exactly what a user reads.
import { ERROR_MESSAGE_CAP, LOGGED_IN_ELSEWHERE_MESSAGE } from "../../common/constants";

export const UNAUTHORIZED_MESSAGE = "You are unauthorized, Redirecting to login page";
export const CANCELLED_MESSAGE = "Request Cancelled";
export const NOT_FOUND_MESSAGE = "404 Not Found";
export const TOO_MANY_REQUESTS_MESSAGE = "Too Many Requests";
export const SERVER_ERROR_MESSAGE = "Server Error";
export const INTERNAL_SERVER_ERROR_MESSAGE = "Internal Server Error";
export const DEFAULT_ERROR_MESSAGE = "Something went wrong!";
export const NETWORK_ERROR_MESSAGE = "Network Error";

export type ErrorKind = "unauthorized" | "cancelled" | "not-found" | "rate-limited" | "server" | "client" | "network";

export interface DescribedError {
  kind: ErrorKind;
  /** What the user reads (already capped at ERROR_MESSAGE_CAP). */
  message: string;
  /** false for cancelled requests: they are ignored silently. */
  notify: boolean;
  /** true when the session must end (401, or 409 'logged in another browser'). */
  logout: boolean;
}

export function capMessage(text: string): string {
  return text.length > ERROR_MESSAGE_CAP ? text.slice(0, ERROR_MESSAGE_CAP) : text;
}

/** The `detail` / `message` string of an error body, or the body itself when it is a string. */
export function bodyMessage(body: unknown): string | null {
  if (typeof body === "string") return body.trim() ? body : null;
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    for (const key of ["detail", "message", "error"]) {
      const v = record[key];
      if (typeof v === "string" && v.trim()) return v;
    }
  }
  return null;
}

/**
 * The first field message of a validation body `{field: ["msg", ...]}`, prefixed by its
 * field name ('email: Enter a valid e-mail address.'). `detail` and Django-style
 * `non_field_errors` are general messages and are shown without a prefix.
 */
export function firstFieldMessage(body: unknown): string | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value.find((v) => typeof v === "string") : typeof value === "string" ? value : undefined;
    if (typeof first !== "string" || !first) continue;
    if (field === "detail" || field === "non_field_errors" || field === "message") return first;
    return `${field}: ${first}`;
  }
  return null;
}

export interface ErrorInput {
  /** HTTP status, or undefined when no response arrived. */
  status?: number;
  body?: unknown;
  /** The request was aborted by the app (navigation, a newer search). */
  cancelled?: boolean;
  /** A read of data (GET); a 404 there means the item does not exist. */
  isDataFetch?: boolean;
}

function described(kind: ErrorKind, message: string, extra: Partial<DescribedError> = {}): DescribedError {
  return { kind, message: capMessage(message), notify: true, logout: false, ...extra };
}

export function describeError({ status, body, cancelled, isDataFetch = true }: ErrorInput): DescribedError {
  if (cancelled) return described("cancelled", CANCELLED_MESSAGE, { notify: false });
  if (status === undefined || status === 0) return described("network", NETWORK_ERROR_MESSAGE);
  const detail = bodyMessage(body);
  if (status === 401 || (status === 409 && detail === LOGGED_IN_ELSEWHERE_MESSAGE)) {
    return described("unauthorized", UNAUTHORIZED_MESSAGE, { logout: true });
  }
  if (status === 404 && isDataFetch) return described("not-found", NOT_FOUND_MESSAGE);
  if (status === 429) return described("rate-limited", TOO_MANY_REQUESTS_MESSAGE);
  if (status === 500) return described("server", INTERNAL_SERVER_ERROR_MESSAGE);
  if (status >= 500) return described("server", detail ?? SERVER_ERROR_MESSAGE);
  return described("client", firstFieldMessage(body) ?? DEFAULT_ERROR_MESSAGE);
}

/** A failed write's field messages `{field: [msg]}` (the HTTP layer's HttpError.errors), for the form to show beside its inputs. */
export function fieldErrors(error: unknown): Record<string, string[]> | undefined {
  return (error as { errors?: Record<string, string[]> } | undefined)?.errors;
}
