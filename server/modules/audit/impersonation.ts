// Impersonation in the audit log: every end, once, and every refusal with its reason.
//
// An impersonation ends in many places (cancel, a new impersonation, the staff member's new
// sign-in or logout, the impersonated session's logout, disabling, a password change, its hours
// running out). Rather than each place writing its own line, each calls recordImpersonationEnds
// with the tokens it has just revoked: that claims the impersonation tokens among them (and the
// impersonations running under them as their staff session) that are over and not yet recorded, and writes one
// 'impersonation_end' row each. The claim (end_audited_at IS NULL → now()) is a row update, so
// two callers racing for one token write one row. What ended it is worked out from the token
// and its staff session: whichever came first of its hours, its own revocation, its parent's.
// Expiry nobody revokes is recorded when the token is next used (authenticate) or by the job
// sweep (sweepImpersonationEnds).
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Queryable } from "../../db/client.js";
import { HttpError } from "../../http/errors.js";
import { audit } from "./log.js";

export const IMPERSONATION_END = "impersonation_end";
export const IMPERSONATION_REFUSED = "impersonation_refused";

export type ImpersonationEndKind =
  | "cancel" | "replaced" | "expired" | "logout" | "disabled" | "password_change" | "password_reset" | "staff_revoked" | "ended";
export type ImpersonationRefusal = "not_found" | "self" | "staff" | "inactive" | "not_allowed";

/** A revocation reason (auth/tokens.ts) → the kind of end it means for an impersonation. */
const KIND_OF_REVOCATION: Record<string, ImpersonationEndKind> = {
  logout: "logout",
  replaced: "replaced",
  disabled: "disabled",
  password_change: "password_change",
  password_reset: "password_reset",
};

interface Claimed {
  id: number;
  user_id: number;
  impersonator_id: number;
  created_at: Date;
  expires_at: Date | null;
  own_end: Date | null;
  own_reason: string | null;
  parent_end: Date | null;
  parent_reason: string | null;
  now: Date;
}

export interface EndOptions {
  /** The end kind of tokens revoked by this very call (cancel and replacement share a revocation reason). */
  ownKind?: ImpersonationEndKind;
  /** IMPERSONATION_HOURS, where the caller knows it (the token's own expires_at counts too). */
  hours?: number;
  ip?: string | null;
}

const at = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

/** What ended one impersonation, and when: whichever came first. */
export function endOf(t: Claimed, ownKind?: ImpersonationEndKind): { kind: ImpersonationEndKind; endedAt: number } {
  const candidates: [number | null, ImpersonationEndKind][] = [
    [at(t.expires_at), "expired"],
    [at(t.own_end), ownKind ?? KIND_OF_REVOCATION[t.own_reason ?? ""] ?? "ended"],
    [at(t.parent_end), KIND_OF_REVOCATION[t.parent_reason ?? ""] ?? "ended"],
  ];
  const now = at(t.now)!;
  let best: { kind: ImpersonationEndKind; endedAt: number } | null = null;
  // Ties go to the earlier candidate: hours over, then its own revocation, then its parent's.
  for (const [when, kind] of candidates) if (when !== null && when <= now && (!best || when < best.endedAt)) best = { kind, endedAt: when };
  return best ?? { kind: "ended", endedAt: now };
}

// `$1` the token ids (or null: every open one, for the sweep), `$2` the hours (or null).
const CLAIM_SQL = `
  WITH claimed AS (
    UPDATE auth_tokens t SET end_audited_at = now()
     WHERE t.impersonator_id IS NOT NULL AND t.end_audited_at IS NULL
       AND ($1::bigint[] IS NULL OR t.id = ANY($1::bigint[]) OR t.parent_token_id = ANY($1::bigint[]))
       AND (t.revoked_at IS NOT NULL
            OR LEAST(t.expires_at, t.created_at + make_interval(secs => $2::float8)) <= now()
            OR t.parent_token_id IS NULL
            OR EXISTS (SELECT 1 FROM auth_tokens p WHERE p.id = t.parent_token_id AND p.revoked_at IS NOT NULL))
    RETURNING t.id, t.user_id, t.impersonator_id, t.created_at, t.parent_token_id,
              LEAST(t.expires_at, t.created_at + make_interval(secs => $2::float8)) AS expires_at,
              t.revoked_at AS own_end, t.revoked_reason AS own_reason)
  SELECT c.id, c.user_id, c.impersonator_id, c.created_at, c.expires_at, c.own_end, c.own_reason,
         p.revoked_at AS parent_end, p.revoked_reason AS parent_reason, now() AS now
    FROM claimed c LEFT JOIN auth_tokens p ON p.id = c.parent_token_id
   ORDER BY c.id`;

async function claimAndRecord(db: Queryable, tokenIds: number[] | null, opts: EndOptions): Promise<number> {
  const { rows } = await db.query<Claimed>(CLAIM_SQL, [tokenIds, opts.hours === undefined ? null : opts.hours * 3600]);
  for (const t of rows) {
    const { kind, endedAt } = endOf(t, opts.ownKind);
    const durationSeconds = Math.max(0, Math.round((endedAt - at(t.created_at)!) / 1000));
    await audit(db, {
      actorId: t.impersonator_id,
      asUserId: t.user_id,
      action: IMPERSONATION_END,
      itemType: "user",
      itemId: t.user_id,
      details: { kind, duration_seconds: durationSeconds, started_at: new Date(t.created_at).toISOString(), ended_at: new Date(endedAt).toISOString(), token_id: t.id },
      ip: opts.ip ?? undefined,
    });
  }
  return rows.length;
}

/**
 * Call right after revoking tokens (logout, sign-in, cancel, disabling…), in the same
 * transaction where there is one: records the end of each impersonation among them or running
 * under them as its staff session. Returns how many ends it recorded.
 */
export function recordImpersonationEnds(db: Queryable, revokedTokenIds: number[], opts: EndOptions = {}): Promise<number> {
  if (revokedTokenIds.length === 0) return Promise.resolve(0);
  return claimAndRecord(db, revokedTokenIds, opts);
}

/** Every impersonation that is over but unrecorded (its hours passed unnoticed): the job runner's sweep. */
export function sweepImpersonationEnds(db: Queryable, hours: number): Promise<number> {
  return claimAndRecord(db, null, { hours });
}

/** A refused GET impersonate/{id}/: who tried, whom, and why. */
export async function recordImpersonationRefused(
  db: Queryable,
  who: { actorId: number; sessionUserId: number; impersonating: boolean },
  target: { id: number; exists: boolean },
  reason: ImpersonationRefusal,
  ip: string,
): Promise<void> {
  await audit(db, {
    actorId: who.actorId,
    // The account asked for; a missing one cannot be referenced, the item id still names it.
    asUserId: target.exists ? target.id : null,
    action: IMPERSONATION_REFUSED,
    itemType: "user",
    itemId: target.id,
    details: who.impersonating ? { reason, from_impersonated_session_of: who.sessionUserId } : { reason },
    ip,
  });
}

/**
 * A route-level onError hook for GET impersonate/{id}/ that audits each refusal: a 403 or 404
 * whose message names a reason in `reasons`, and any other 403 as 'not_allowed' (a subscriber, or
 * an impersonated session, asking). Errors that refuse nobody (bad id, no token) are not refusals.
 */
export function auditRefusals(reasons: Record<string, ImpersonationRefusal>) {
  return async function onError(request: FastifyRequest, _reply: FastifyReply, error: Error): Promise<void> {
    const auth = request.auth;
    if (!auth || !(error instanceof HttpError) || (error.status !== 403 && error.status !== 404 && error.status !== 400)) return;
    const detail = "detail" in error.body ? String(error.body.detail) : "";
    const reason = reasons[detail] ?? (error.status === 403 ? "not_allowed" : undefined);
    if (!reason) return;
    // Refusals before validation (the access check) see the id as the URL gave it, a string.
    const targetId = Number((request.params as { id?: unknown }).id);
    if (!Number.isSafeInteger(targetId) || targetId < 1) return;
    await recordImpersonationRefused(
      request.server.db,
      { actorId: auth.impersonatorId ?? auth.user.id, sessionUserId: auth.user.id, impersonating: auth.impersonatorId !== null },
      // Only these reasons mean the route found the account; otherwise it may not exist.
      { id: targetId, exists: reason === "self" || reason === "staff" || reason === "inactive" },
      reason,
      request.ip,
    ).catch((err) => request.log.error({ err }, "audit of a refused impersonation failed"));
  };
}
