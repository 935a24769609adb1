// Forgotten passwords: a one-time link, valid for PASSWORD_RESET_MINUTES, stored as a hash.
// Using it sets the password, spends every other link of that user and signs out all sessions.
import type { FastifyInstance } from "fastify";
import { fieldError } from "../../http/errors.js";
import { audit } from "../audit/log.js";
import { hashPassword } from "./passwords.js";
import { passwordProblem } from "./password-policy.js";
import { hashSecret, newSecret, revokeAllTokens } from "./tokens.js";

export const INVALID_RESET_LINK = "This reset link is invalid or has expired. Ask for a new one.";

export async function createReset(app: FastifyInstance, email: string): Promise<void> {
  const { rows } = await app.db.query<{ id: number; first_name: string; email: string }>(
    `SELECT id, first_name, email FROM users WHERE lower(email) = $1 AND is_active`,
    [email],
  );
  const user = rows[0];
  if (!user) return;
  const secret = newSecret();
  await app.db.query(
    `INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [user.id, hashSecret(secret), app.config.passwordResetMinutes],
  );
  const link = `${app.config.publicUrl}/forgot-password?token=${encodeURIComponent(secret)}`;
  const minutes = app.config.passwordResetMinutes;
  await app.mailer.send({
    to: user.email,
    subject: "Reset your InfraScout password",
    text:
      `Hello ${user.first_name || "there"},\n\n` +
      `Someone asked to reset the password of your InfraScout account. To choose a new password, open this link within ${minutes} minutes:\n\n` +
      `${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n\n— InfraScout`,
  });
}

export async function consumeReset(app: FastifyInstance, secret: string, password: string, ip: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    // The UPDATE claims the link atomically: two concurrent uses cannot both succeed.
    const { rows } = await tx.query<{ user_id: number; email: string }>(
      `UPDATE password_resets r SET used_at = now() FROM users u
        WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now() AND u.id = r.user_id AND u.is_active
        RETURNING r.user_id, u.email`,
      [hashSecret(secret)],
    );
    const claimed = rows[0];
    if (!claimed) throw fieldError("token", INVALID_RESET_LINK);
    const problem = passwordProblem(password, claimed.email);
    if (problem) throw fieldError("password", problem); // rolls back: the link stays usable
    await tx.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [claimed.user_id, await hashPassword(password)]);
    await tx.query(`UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [claimed.user_id]);
    await revokeAllTokens(tx, claimed.user_id, "password_reset");
    await audit(tx, { actorId: claimed.user_id, action: "password_reset", ip });
  });
}
