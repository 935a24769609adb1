// API tokens: 160+ random bits handed to the client once, stored only as a SHA-256 hash.
// One live sign-in token per user: a new sign-in revokes the previous one with reason
// 'replaced', and a replaced token's next call answers 409 (signed in elsewhere).
// Every revocation here also records the end of the impersonations it ends (the revoked token
// itself, or the staff session they run under) in the audit log, once (audit/impersonation.ts).
import crypto from "node:crypto";
import type { Queryable } from "../../db/client.js";
import { recordImpersonationEnds } from "../audit/impersonation.js";

export const hashSecret = (secret: string) => crypto.createHash("sha256").update(secret).digest("hex");
export const newSecret = () => crypto.randomBytes(24).toString("base64url"); // 192 bits

export type RevokeReason = "logout" | "replaced" | "password_change" | "disabled" | "impersonation_ended" | "password_reset";

export interface TokenRow {
  id: number;
  user_id: number;
  impersonator_id: number | null;
  parent_token_id: number | null;
  revoked_at: Date | null;
  revoked_reason: RevokeReason | null;
  last_seen_at: Date;
}

/** Issues a sign-in token for the user, revoking their earlier sign-in tokens. */
export async function issueSignInToken(db: Queryable, userId: number): Promise<string> {
  const revoked = await db.query<{ id: number }>(
    `UPDATE auth_tokens SET revoked_at = now(), revoked_reason = 'replaced'
      WHERE user_id = $1 AND impersonator_id IS NULL AND revoked_at IS NULL RETURNING id`,
    [userId],
  );
  await recordImpersonationEnds(db, revoked.rows.map((r) => r.id));
  const key = newSecret();
  await db.query(`INSERT INTO auth_tokens (token_hash, user_id) VALUES ($1, $2)`, [hashSecret(key), userId]);
  return key;
}

/**
 * Issues an impersonation token: the target's, remembering the staff member and the staff session
 * it runs under, for `hours`. The caller ends the staff member's earlier impersonations first.
 */
export async function issueImpersonationToken(db: Queryable, t: { userId: number; staffId: number; staffTokenId: number; hours: number }): Promise<string> {
  const key = newSecret();
  await db.query(
    `INSERT INTO auth_tokens (token_hash, user_id, impersonator_id, parent_token_id, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [hashSecret(key), t.userId, t.staffId, t.staffTokenId, t.hours * 3600],
  );
  return key;
}

/** Revokes one token. `audit` tells the impersonation-end record what to say (cancel vs. other ends, the caller's address). */
export async function revokeToken(
  db: Queryable,
  tokenId: number,
  reason: RevokeReason,
  audit: { ownKind?: "cancel" | "replaced"; ip?: string } = {},
): Promise<void> {
  await db.query(`UPDATE auth_tokens SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL`, [tokenId, reason]);
  await recordImpersonationEnds(db, [tokenId], audit);
}

/** Revokes every live token of a user, optionally keeping one (the session that asked). */
export async function revokeAllTokens(db: Queryable, userId: number, reason: RevokeReason, exceptTokenId?: number): Promise<void> {
  const revoked = await db.query<{ id: number }>(
    `UPDATE auth_tokens SET revoked_at = now(), revoked_reason = $2
      WHERE user_id = $1 AND revoked_at IS NULL AND ($3::bigint IS NULL OR id <> $3) RETURNING id`,
    [userId, reason, exceptTokenId ?? null],
  );
  await recordImpersonationEnds(db, revoked.rows.map((r) => r.id));
}

/** Ends a staff member's live impersonations (starting a new one replaces the old; losing staff powers). */
export async function endImpersonationsBy(db: Queryable, staffId: number, opts: { ownKind?: "replaced" | "staff_revoked" | "ended"; ip?: string } = {}): Promise<void> {
  const revoked = await db.query<{ id: number }>(
    `UPDATE auth_tokens SET revoked_at = now(), revoked_reason = 'impersonation_ended' WHERE impersonator_id = $1 AND revoked_at IS NULL RETURNING id`,
    [staffId],
  );
  await recordImpersonationEnds(db, revoked.rows.map((r) => r.id), opts);
}

// last_seen_at is written at most once a minute per token so reads stay reads.
export async function touchToken(db: Queryable, token: TokenRow): Promise<void> {
  if (Date.now() - new Date(token.last_seen_at).getTime() < 60_000) return;
  await db.query(`UPDATE auth_tokens SET last_seen_at = now() WHERE id = $1`, [token.id]);
}
