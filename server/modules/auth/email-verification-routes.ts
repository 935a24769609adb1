// E-mail verification (issue 13).
//   POST /verify-email/          {token}   public: spends a mailed link, marks its address verified
//   POST /verify-email/resend/             signed in: mails a new link (rate limited)
// Signup mails the first link (auth/routes.ts); Google and Microsoft sign-in verify by themselves.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { forbidden, tooManyRequests } from "../../http/errors.js";
import { DetailResponse, ErrorResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { NOT_WHILE_IMPERSONATING } from "../../plugins/access.js";
import { ALREADY_VERIFIED, EMAIL_VERIFIED, consumeVerification, sendVerification, verificationSent } from "./email-verification.js";

/** Links one account may ask for per window (LOGIN_WINDOW_SECONDS): enough for a lost mail, too few to spam. */
export const RESEND_MAX = 3;

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse };

const emailVerificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { limiter, config, db } = app;

  async function limit(keys: [string, number][]) {
    for (const [key, max] of keys) {
      const r = await limiter.hit(key, max, config.loginWindowSeconds);
      if (!r.allowed) throw tooManyRequests(r.retryAfterSeconds);
    }
  }

  app.post(
    "/verify-email/",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Verify an e-mail address with the one-time token from the verification mail",
        body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
        response: { 200: DetailResponse, ...errors },
      },
    },
    async (request) => {
      // Guessing tokens is what the limit is for: a link that works is taken back.
      const key = `verify-email:ip:${request.ip}`;
      await limit([[key, config.loginMaxAttempts]]);
      await consumeVerification(db, request.body.token, request.ip);
      await limiter.undo(key);
      return { detail: EMAIL_VERIFIED };
    },
  );

  app.post(
    "/verify-email/resend/",
    {
      config: { access: "user", noBody: true },
      schema: { tags: ["auth"], summary: "Mail a new verification link to the signed-in user's address", response: { 200: DetailResponse, ...errors } },
    },
    async (request) => {
      const auth = requireAuth(request);
      // Staff acting as a user do not mail on their behalf.
      if (auth.impersonatorId !== null) throw forbidden(NOT_WHILE_IMPERSONATING);
      await limit([
        [`verify-email-send:ip:${request.ip}`, config.loginMaxAttempts],
        [`verify-email-send:user:${auth.user.id}`, RESEND_MAX],
      ]);
      const sent = await sendVerification(app, auth.user.id);
      return { detail: sent.status === "already" ? ALREADY_VERIFIED : verificationSent(sent.email) };
    },
  );
};

export default emailVerificationRoutes;
