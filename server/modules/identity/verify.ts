// Verifying Google and Microsoft ID tokens with jose: the signature against the provider's key
// set (fetched once and cached by jose, refetched on an unknown key id), the issuer, the audience
// (our client id), the expiry with a small clock tolerance, and a verified e-mail address.
// Token problems answer 401 with a clear message; a key set that cannot be fetched answers
// 502 'Server Error' (the web app's toast for a failed social sign-in).
import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload } from "jose";
import { isStaffEmail } from "../../../common/constants.js";
import type { Config } from "../../config.js";
import { HttpError, unauthorized, upstreamError } from "../../http/errors.js";

export type Provider = "google" | "microsoft";
export const PROVIDER_NAME: Record<Provider, string> = { google: "Google", microsoft: "Microsoft" };

export interface VerifiedIdentity {
  provider: Provider;
  /** The provider's stable id for the account (Google sub; Microsoft tid:oid). */
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The provider vouches that the account owns the address: it counts as a verified address (staff proof). */
  emailVerified: boolean;
}

export const CLOCK_TOLERANCE_SECONDS = 30;
/** The tenant of personal Microsoft accounts (outlook.com, hotmail.com …). */
export const MS_CONSUMER_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Deliberately plain: one @, something before it, a dotted domain after it, no spaces.
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  malformed: (p: Provider) => `The ${PROVIDER_NAME[p]} sign-in token is malformed.`,
  signature: (p: Provider) => `The ${PROVIDER_NAME[p]} sign-in token's signature is not valid.`,
  expired: (p: Provider) => `The ${PROVIDER_NAME[p]} sign-in token has expired. Please sign in again.`,
  audience: (p: Provider) => `The ${PROVIDER_NAME[p]} sign-in token was not issued for this application.`,
  issuer: (p: Provider) => `The ${PROVIDER_NAME[p]} sign-in token was not issued by ${PROVIDER_NAME[p]}.`,
  claims: (p: Provider) => `The ${PROVIDER_NAME[p]} sign-in token is not valid.`,
  noEmail: (p: Provider) => `The ${PROVIDER_NAME[p]} account has no e-mail address.`,
  unverifiedEmail: (p: Provider) => `The ${PROVIDER_NAME[p]} account's e-mail address is not verified.`,
  noTenant: "The Microsoft sign-in token names no tenant.",
  wrongTenant: "Microsoft accounts from this organisation cannot sign in here.",
};

type KeySet = ReturnType<typeof createRemoteJWKSet>;

/** Maps a jose failure to the answer: token faults are 401, anything else (fetching keys) 502. */
function refusal(err: unknown, p: Provider): HttpError {
  if (err instanceof HttpError) return err;
  if (err instanceof errors.JWTExpired) return unauthorized(MESSAGES.expired(p));
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === "aud") return unauthorized(MESSAGES.audience(p));
    if (err.claim === "iss") return unauthorized(MESSAGES.issuer(p));
    return unauthorized(MESSAGES.claims(p));
  }
  if (err instanceof errors.JWSSignatureVerificationFailed || err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys) {
    return unauthorized(MESSAGES.signature(p));
  }
  if (err instanceof errors.JWSInvalid || err instanceof errors.JWTInvalid || err instanceof errors.JOSEAlgNotAllowed || err instanceof errors.JOSENotSupported) {
    return unauthorized(MESSAGES.malformed(p));
  }
  // JWKSTimeout, JWKSInvalid, a non-200 key set answer, a refused connection: not the user's fault.
  return Object.assign(upstreamError(), { cause: err });
}

function names(payload: JWTPayload): { firstName: string; lastName: string } {
  const str = (v: unknown) => (typeof v === "string" ? v.trim().slice(0, 80) : "");
  let firstName = str(payload.given_name);
  let lastName = str(payload.family_name);
  if (!firstName && !lastName) {
    const parts = str(payload.name).split(/\s+/).filter(Boolean);
    firstName = parts[0] ?? "";
    lastName = parts.slice(1).join(" ");
  }
  return { firstName, lastName };
}

/** The tenants an authority admits: any (common), any work account, personal only, or one tenant. */
function tenantAllowed(authority: string, tid: string): boolean {
  const segment = new URL(authority).pathname.split("/").filter(Boolean).pop()?.toLowerCase() ?? "common";
  if (segment === "common") return true;
  if (segment === "organizations") return tid.toLowerCase() !== MS_CONSUMER_TENANT;
  if (segment === "consumers") return tid.toLowerCase() === MS_CONSUMER_TENANT;
  return !GUID.test(segment) || segment === tid.toLowerCase();
}

export interface IdentityVerifier {
  google?: (credential: string) => Promise<VerifiedIdentity>;
  microsoft?: (idToken: string) => Promise<VerifiedIdentity>;
}

export function createIdentityVerifier(config: Config): IdentityVerifier {
  const keySet = (url: string): KeySet => createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 600_000 });
  const verifier: IdentityVerifier = {};

  if (config.googleClientId) {
    const jwks = keySet(config.googleJwksUrl);
    const clientId = config.googleClientId;
    verifier.google = async (credential) => {
      const p: Provider = "google";
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(credential, jwks, {
          issuer: config.googleIssuers,
          audience: clientId,
          algorithms: ["RS256"],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ["exp", "sub"],
        }));
      } catch (err) {
        throw refusal(err, p);
      }
      const email = typeof payload.email === "string" ? payload.email.trim() : "";
      if (!email || !LOOKS_LIKE_EMAIL.test(email)) throw unauthorized(MESSAGES.noEmail(p));
      // Google sends a boolean; very old tokens sent the string "true".
      if (payload.email_verified !== true && payload.email_verified !== "true") throw unauthorized(MESSAGES.unverifiedEmail(p));
      return { provider: p, subject: String(payload.sub), email, emailVerified: true, ...names(payload) };
    };
  }

  if (config.msClientId) {
    const jwks = keySet(config.msJwksUrl);
    const clientId = config.msClientId;
    const origin = new URL(config.msAuthority).origin;
    verifier.microsoft = async (idToken) => {
      const p: Provider = "microsoft";
      // The issuer names the tenant: read the token's own tid (unverified) to know which issuer
      // to demand, then verify the signature and demand exactly that issuer.
      let tid: unknown;
      try {
        tid = decodeJwt(idToken).tid;
      } catch {
        throw unauthorized(MESSAGES.malformed(p));
      }
      if (typeof tid !== "string" || !GUID.test(tid)) throw unauthorized(MESSAGES.noTenant);
      if (!tenantAllowed(config.msAuthority, tid)) throw unauthorized(MESSAGES.wrongTenant);
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, jwks, {
          issuer: `${origin}/${tid}/v2.0`,
          audience: clientId,
          algorithms: ["RS256"],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ["exp", "sub"],
        }));
      } catch (err) {
        throw refusal(err, p);
      }
      if (payload.tid !== tid) throw unauthorized(MESSAGES.issuer(p));
      const candidates = [payload.email, payload.preferred_username].filter((v): v is string => typeof v === "string").map((v) => v.trim());
      const email = candidates.find((v) => LOOKS_LIKE_EMAIL.test(v));
      if (!email) throw unauthorized(MESSAGES.noEmail(p));
      // Microsoft's e-mail claims are set by each tenant's administrator. When the token says the
      // tenant does not own the address's domain (optional claim xms_edov = false), refuse it; and
      // a staff address must be proven (xms_edov true, or a personal account whose address
      // Microsoft verified), or anyone's tenant could claim our staff domains.
      const edov = payload.xms_edov;
      if (edov === false || edov === "false" || edov === 0) throw unauthorized(MESSAGES.unverifiedEmail(p));
      const proven = edov === true || edov === "true" || edov === 1 || tid.toLowerCase() === MS_CONSUMER_TENANT;
      if (isStaffEmail(email, config.staffDomains) && !proven) throw unauthorized(MESSAGES.unverifiedEmail(p));
      return { provider: p, subject: `${tid}:${String(payload.oid ?? payload.sub)}`, email, emailVerified: proven, ...names(payload) };
    };
  }
  return verifier;
}
