// Control characters in requests: a 400 before any route sees them. PostgreSQL text cannot hold
// NUL (a query with one fails, which would be a 500), and no query string, path parameter or
// JSON field of this API has a use for the other C0 characters, except tab, line feed and
// carriage return inside body text (descriptions, notes, messages).
//   Query strings and path parameters: no C0 character at all, decoded or %-encoded.
//   JSON bodies: no NUL, and no C0 but tab, LF and CR, in any string or key, at any depth.
// Answers `{field: ["Must not contain NUL characters."]}` (or "… control characters."), naming
// the parameter or the top-level body field.
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { fieldError } from "./errors.js";

const ANY_C0 = /[\u0000-\u001f]/;
/** C0 but tab (09), LF (0a), CR (0d). */
const C0_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
/** A %-encoded C0 character in a raw URL (%00–%1F). */
const ENCODED_C0 = /%[01][0-9a-f]/i;
/** Deeper than this a JSON body is refused outright (no route takes one nearly as deep). */
const MAX_DEPTH = 64;

/** NUL has its own message (the one the search parser has always given). */
const refusal = (field: string, text: string, encoded = false) =>
  fieldError(field, text.includes("\u0000") || (encoded && /%00/.test(text)) ? "Must not contain NUL characters." : "Must not contain control characters.");

/** The name to report a parameter under: itself when printable, else `where`. */
const label = (name: string, where: string) => (name === "" || ANY_C0.test(name) ? where : name.slice(0, 60));

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return s; // malformed %-escapes: the raw text is checked as well
  }
}

/** Query string: every key and value, decoded, and the raw text for escapes a decoder dropped. */
function checkQuery(rawQuery: string) {
  for (const pair of rawQuery.split("&")) {
    const at = pair.indexOf("=");
    const [rawKey, rawValue] = at < 0 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
    const key = decode(rawKey);
    const value = decode(rawValue);
    const decodedBad = [key, value].find((s) => ANY_C0.test(s));
    if (decodedBad !== undefined) throw refusal(label(key, "query"), decodedBad);
    // Raw too: a malformed escape elsewhere leaves the whole part undecoded. (Decoded text may
    // say "%00" literally: that was sent as %2500 and is no control character.)
    const rawBad = [rawKey, rawValue].find((s) => ANY_C0.test(s) || ENCODED_C0.test(s));
    if (rawBad !== undefined) throw refusal(label(key, "query"), rawBad, true);
  }
}

function checkParams(request: FastifyRequest, rawPath: string) {
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(params)) {
    const v = params[name];
    if (typeof v === "string" && ANY_C0.test(v)) throw refusal(label(name, "path"), v);
  }
  // A route's own parameters are decoded above; the rest of the path (unknown routes, escapes
  // a router left encoded) is checked raw.
  if (ANY_C0.test(rawPath) || ENCODED_C0.test(rawPath)) throw refusal("path", rawPath, true);
}

/** The first string (value or key) of a JSON value with a forbidden character, and where. */
function findInBody(value: unknown, depth: number): string | null {
  if (typeof value === "string") return C0_IN_TEXT.test(value) ? value : null;
  if (value === null || typeof value !== "object") return null;
  if (depth > MAX_DEPTH) throw fieldError("non_field_errors", `The body is nested too deeply (at most ${MAX_DEPTH} levels).`);
  if (Array.isArray(value)) {
    for (const item of value) {
      const bad = findInBody(item, depth + 1);
      if (bad !== null) return bad;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    if (C0_IN_TEXT.test(k)) return k;
    const bad = findInBody(v, depth + 1);
    if (bad !== null) return bad;
  }
  return null;
}

function checkBody(body: unknown) {
  if (body === null || body === undefined || Buffer.isBuffer(body)) return;
  if (typeof body === "string") {
    if (C0_IN_TEXT.test(body)) throw refusal("non_field_errors", body);
    return;
  }
  if (typeof body !== "object") return;
  if (Array.isArray(body)) {
    const bad = findInBody(body, 1);
    if (bad !== null) throw refusal("non_field_errors", bad);
    return;
  }
  for (const [k, v] of Object.entries(body)) {
    if (C0_IN_TEXT.test(k)) throw refusal("non_field_errors", k);
    const bad = findInBody(v, 1);
    if (bad !== null) throw refusal(label(k, "non_field_errors"), bad);
  }
}

/** Text of a multipart field (name or value), which the request hooks do not see: same rules as a JSON body. */
export function assertCleanFormText(field: string, text: string) {
  if (C0_IN_TEXT.test(text)) throw refusal(label(field, "non_field_errors"), text);
}

/** The guard, on the instance that registers it (not encapsulated: every route). */
export default fp(async function inputGuard(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    const url = request.raw.url ?? request.url;
    const q = url.indexOf("?");
    checkParams(request, q < 0 ? url : url.slice(0, q));
    if (q >= 0) checkQuery(url.slice(q + 1));
  });
  app.addHook("preValidation", async (request) => {
    checkBody(request.body);
  });
});
