// Sign-in, sign-out, signup and password reset.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { badRequest, fieldError, tooManyRequests } from "../../http/errors.js";
import { DetailResponse, ErrorResponse, TokenResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { audit, auditAs } from "../audit/log.js";
import { dummyVerify, hashPassword, verifyPassword } from "./passwords.js";
import { passwordProblem } from "./password-policy.js";
import { issueSignInToken, revokeToken } from "./tokens.js";
import { consumeReset, createReset } from "./password-reset.js";
import { createLoginThrottle } from "./login-throttle.js";
import { findSignInAccount, insertSignup } from "./queries.js";
import { sendVerification } from "./email-verification.js";

export const BAD_CREDENTIALS = "Unable to log in with provided credentials.";
export const RESET_SENT = "If an account exists for that e-mail, we have sent a link to reset its password.";
export const RESET_DONE = "Your password has been reset. You can now log in.";

const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
});
const Email = Type.String({ format: "email", maxLength: 254 });
const SignupBody = Type.Object(
  {
    first_name: Type.String({ minLength: 1, maxLength: 80 }),
    last_name: Type.Optional(Type.String({ maxLength: 80 })),
    email: Email,
    phone: Type.Optional(Type.String({ maxLength: 20 })),
    company: Type.Optional(Type.String({ maxLength: 160 })),
    designation: Type.Optional(Type.String({ maxLength: 120 })),
    password: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);

const errors = { 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse };
const publicRoute = { access: "public" as const };

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { limiter, config, db } = app;
  const loginThrottle = createLoginThrottle(app);

  /** Counts one attempt against each key; the first key over its limit answers 429. */
  async function limit(keys: [string, number][]) {
    for (const [key, max] of keys) {
      const r = await limiter.hit(key, max, config.loginWindowSeconds);
      if (!r.allowed) throw tooManyRequests(r.retryAfterSeconds);
    }
  }

  app.post(
    "/login/",
    { config: publicRoute, schema: { tags: ["auth"], summary: "Sign in with username or e-mail and password", body: LoginBody, response: { 200: TokenResponse, ...errors } } },
    async (request) => {
      const username = request.body.username.trim().toLowerCase();
      const user = await findSignInAccount(db, username);
      // Limits per address and per account from that address (429); an account guessed from many addresses waits.
      const attempt = await loginThrottle.admit(username, request.ip, user);
      const ok = user ? await verifyPassword(user.password_hash, request.body.password) : await dummyVerify(request.body.password);
      if (!user || !ok || !user.is_active) {
        await attempt.failed();
        throw badRequest(BAD_CREDENTIALS);
      }
      await attempt.succeeded();
      const token = await db.transaction(async (tx) => {
        const key = await issueSignInToken(tx, user.id);
        await audit(tx, { actorId: user.id, action: "login", ip: request.ip });
        return key;
      });
      return { token };
    },
  );

  app.post(
    "/logout/",
    { config: { access: "user", noBody: true }, schema: { tags: ["auth"], summary: "Sign out: revokes this token", response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      await revokeToken(db, auth.tokenId, "logout", { ip: request.ip }); // an impersonation it ends is audited with this address
      await auditAs(request, "logout");
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/signup/",
    { config: publicRoute, schema: { tags: ["auth"], summary: "Record a signup; the applicant is signed in and awaits activation", body: SignupBody, response: { 201: TokenResponse, ...errors } } },
    async (request, reply) => {
      await limit([[`signup:ip:${request.ip}`, config.loginMaxAttempts]]);
      const b = request.body;
      const email = b.email.trim();
      const problem = passwordProblem(b.password, email);
      if (problem) throw fieldError("password", problem);
      if (!b.first_name.trim()) throw fieldError("first_name", "This field may not be blank.");
      const passwordHash = await hashPassword(b.password);
      const created = await db.transaction(async (tx) => {
        const id = await insertSignup(tx, {
          email, first_name: b.first_name.trim(), last_name: b.last_name?.trim() ?? "", phone: b.phone?.trim() || null,
          company: b.company?.trim() || null, designation: b.designation?.trim() || null, password_hash: passwordHash,
        });
        if (id === undefined) throw fieldError("email", "A user with this e-mail already exists.");
        await audit(tx, { actorId: id, action: "signup", ip: request.ip });
        return { id, token: await issueSignInToken(tx, id) };
      });
      // Every new address gets its verification link (a staff-domain address is no staff until proven).
      sendVerification(app, created.id).catch((err) => request.log.error({ err }, "verification mail failed"));
      return reply.code(201).send({ token: created.token });
    },
  );

  app.post(
    "/forgot-password/",
    {
      config: publicRoute,
      schema: { tags: ["auth"], summary: "Mail a password reset link (the answer never tells whether the address exists)", body: Type.Object({ email: Email }), response: { 200: DetailResponse, ...errors } },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      await limit([
        [`reset:ip:${request.ip}`, config.loginMaxAttempts],
        [`reset:email:${email}`, 3],
      ]);
      // Sending happens after the answer so that its timing says nothing about the address.
      createReset(app, email).catch((err) => request.log.error({ err }, "password reset mail failed"));
      return { detail: RESET_SENT };
    },
  );

  app.post(
    "/reset-password/",
    {
      config: publicRoute,
      schema: {
        tags: ["auth"],
        summary: "Set a new password with the one-time token from the reset mail",
        body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Type.String({ minLength: 1, maxLength: 256 }) }),
        response: { 200: DetailResponse, ...errors },
      },
    },
    async (request) => {
      await limit([[`reset-use:ip:${request.ip}`, config.loginMaxAttempts]]);
      await consumeReset(app, request.body.token, request.body.password, request.ip);
      return { detail: RESET_DONE };
    },
  );
};

export default authRoutes;
