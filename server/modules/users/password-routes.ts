// Change password from the profile page (issue 6):
//   POST /user/change-password/ {old_password, new_password} → 200 {detail: 'Password changed.'}
// The old password is required and checked; the new one follows the password policy; every
// other session of the user is signed out (this one stays). Not while impersonating (CASL:
// Password is the user's own). Wrong old passwords are rate-limited per user.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { fieldError, tooManyRequests } from "../../http/errors.js";
import { DetailResponse, ErrorResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { audit } from "../audit/log.js";
import { hashPassword, verifyPassword } from "../auth/passwords.js";
import { passwordProblem } from "../auth/password-policy.js";
import { revokeAllTokens } from "../auth/tokens.js";
import { passwordOf, setPasswordHash } from "./queries.js";

export const PASSWORD_CHANGED = "Password changed.";
export const WRONG_OLD_PASSWORD = "Your old password was entered incorrectly. Please enter it again.";
export const NO_PASSWORD_YET = "This account has no password yet. Use 'Forgot password' on the login page to set one.";
export const SAME_PASSWORD = "The new password must be different from the old one.";
/** Attempts per user per LOGIN_WINDOW_SECONDS (successes are not counted). */
export const CHANGE_PASSWORD_ATTEMPTS = 5;

const Body = Type.Object(
  { old_password: Type.String({ minLength: 1, maxLength: 256 }), new_password: Type.String({ minLength: 1, maxLength: 256 }) },
  { additionalProperties: false },
);

const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, limiter, config } = app;
  app.post(
    "/user/change-password/",
    {
      config: { access: "user", can: ["update", "Password"] },
      schema: {
        tags: ["user"],
        summary: "Change the password (old one required); signs out every other session",
        body: Body,
        response: { 200: DetailResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const key = `change-password:user:${auth.user.id}`;
      const hit = await limiter.hit(key, CHANGE_PASSWORD_ATTEMPTS, config.loginWindowSeconds);
      if (!hit.allowed) throw tooManyRequests(hit.retryAfterSeconds);

      const { old_password: oldPassword, new_password: newPassword } = request.body;
      const user = await passwordOf(db, auth.user.id);
      if (!user?.password_hash) throw fieldError("old_password", NO_PASSWORD_YET);
      if (!(await verifyPassword(user.password_hash, oldPassword))) throw fieldError("old_password", WRONG_OLD_PASSWORD);
      await limiter.undo(key); // the right old password: not an attempt against anyone
      if (newPassword === oldPassword) throw fieldError("new_password", SAME_PASSWORD);
      const problem = passwordProblem(newPassword, user.email);
      if (problem) throw fieldError("new_password", problem);

      const hash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, auth.user.id, hash);
        await revokeAllTokens(tx, auth.user.id, "password_change", auth.tokenId);
        await audit(tx, { actorId: auth.user.id, action: "password_change", ip: request.ip });
      });
      return { detail: PASSWORD_CHANGED };
    },
  );
};

export default passwordRoutes;
