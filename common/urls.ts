// The one rule for web addresses we store and show as links (source URLs, document links,
// company websites): an absolute http: or https: address, nothing else. javascript:, vbscript:,
// data:, file: and relative addresses would run script or reach places a click on a lead's
// source must never reach, so the API refuses them, importers drop them, and the web app
// shows them as plain text. The server and the web app both import this file.

/** The longest address we store. */
export const WEB_URL_MAX_LENGTH = 2000;

export const WEB_URL_MESSAGE = "Enter a web address starting with http:// or https://.";

// Whitespace and control characters have no place in an address; browsers silently drop some
// of them (tab, CR, LF) when parsing, which is how 'java\tscript:' slips past naive checks.
const WHITESPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/;
// The scheme, two slashes and the host right after them (no third slash or backslash the parser would skip).
const SCHEME_AND_SLASHES = /^https?:\/\/[^/\\?#]/i;

/** True for an absolute http(s) address with a host, at most WEB_URL_MAX_LENGTH characters. */
export function isSafeWebUrl(v: unknown): v is string {
  if (typeof v !== "string" || v.length === 0 || v.length > WEB_URL_MAX_LENGTH) return false;
  if (WHITESPACE_OR_CONTROL.test(v) || !SCHEME_AND_SLASHES.test(v)) return false;
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    return false;
  }
  return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname.length > 0;
}

/** The address itself when it is a safe web address, else null. */
export function safeWebUrl(v: unknown): string | null {
  return isSafeWebUrl(v) ? v : null;
}

const BARE_HOST = /^(www\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}(\/[^\s]*)?$/i;

/**
 * A company website as registries publish it: a full address, or a bare host ('www.acme.in'),
 * which is read as https. Anything else (another scheme, free text) is null.
 */
export function websiteUrl(v: unknown): string | null {
  if (typeof v !== "string") return null;
  const s = v.trim();
  if (isSafeWebUrl(s)) return s;
  return BARE_HOST.test(s) ? safeWebUrl(`https://${s}`) : null;
}
