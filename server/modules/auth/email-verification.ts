// Proving an e-mail address (issue 13): a one-time link mailed to it, valid for 24 hours, stored
// only as a SHA-256 hash together with the address it was sent to. Opening it marks that address
// verified — if the account still has it. A verified address is one half of what staff powers
// need (users/staff.ts); for everyone else it is simply recorded.
import type { FastifyInstance } from "fastify";
import type { Db, Queryable } from "../../db/client.js";
import { fieldError } from "../../http/errors.js";
import { audit } from "../audit/log.js";
import { markEmailVerified } from "../users/staff.js";
import { hashSecret, newSecret } from "./tokens.js";

export const EMAIL_VERIFICATION_HOURS = 24;
export const EMAIL_VERIFIED = "Your e-mail address is verified.";
export const ALREADY_VERIFIED = "Your e-mail address is already verified.";
export const INVALID_VERIFICATION_LINK = "This verification link is invalid or has expired. Ask for a new one on your profile page.";
export const verificationSent = (email: string) => `We have sent a verification link to ${email}. It works for ${EMAIL_VERIFICATION_HOURS} hours.`;

/** The web page the mailed link opens (it posts the token to POST /api/verify-email/). */
export const verificationLink = (publicUrl: string, secret: string) => `${publicUrl}/verify-email?token=${encodeURIComponent(secret)}`;

/** Issues a link for the user's current address; the secret is returned once and never stored. */
export async function createVerification(db: Queryable, userId: number, email: string): Promise<string> {
  const secret = newSecret();
  await db.query(
    `INSERT INTO email_verifications (user_id, email, token_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
    [userId, email, hashSecret(secret), EMAIL_VERIFICATION_HOURS],
  );
  return secret;
}

/**
 * Mails a verification link to the user's current address. Answers 'already' (and sends nothing)
 * when that address is verified, 'sent' otherwise.
 */
export async function sendVerification(app: FastifyInstance, userId: number): Promise<{ status: "sent" | "already"; email: string }> {
  const { rows } = await app.db.query<{ email: string; first_name: string; verified: boolean }>(
    `SELECT email, first_name, coalesce(lower(email_verified_for) = lower(email), false) AS verified FROM users WHERE id = $1 AND is_active`,
    [userId],
  );
  const user = rows[0];
  if (!user) return { status: "already", email: "" };
  if (user.verified) return { status: "already", email: user.email };
  const link = verificationLink(app.config.publicUrl, await createVerification(app.db, userId, user.email));
  await app.mailer.send({
    to: user.email,
    subject: "Verify your InfraScout e-mail address",
    text:
      `Hello ${user.first_name || "there"},\n\n` +
      `Please confirm that ${user.email} is your address: open this link within ${EMAIL_VERIFICATION_HOURS} hours.\n\n` +
      `${link}\n\nIf you did not sign up for InfraScout, ignore this mail.\n\n— InfraScout`,
  });
  return { status: "sent", email: user.email };
}

/** Spends the link and marks its address verified; a used, expired or unknown link is a 400. */
export async function consumeVerification(db: Db, secret: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The UPDATE claims the link atomically, and only while the account still has its address.
    const { rows } = await tx.query<{ user_id: number; email: string }>(
      `UPDATE email_verifications v SET used_at = now() FROM users u
        WHERE v.token_hash = $1 AND v.used_at IS NULL AND v.expires_at > now()
          AND u.id = v.user_id AND u.is_active AND lower(u.email) = lower(v.email)
        RETURNING v.user_id, v.email`,
      [hashSecret(secret)],
    );
    const claimed = rows[0];
    if (!claimed) throw fieldError("token", INVALID_VERIFICATION_LINK);
    await tx.query(`UPDATE email_verifications SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [claimed.user_id]);
    if (await markEmailVerified(tx, claimed.user_id, claimed.email)) {
      await audit(tx, { actorId: claimed.user_id, action: "email_verified", itemType: "user", itemId: claimed.user_id, details: { method: "link", email: claimed.email }, ip });
    }
  });
}
