// Google and Microsoft sign-in, and the public sign-in configuration the web app reads to show
// only the buttons of configured providers.
//   POST /google-auth/  {credential}                       (@react-oauth/google's CredentialResponse)
//   POST /ms-auth/      {id_token} | {idToken} | {credential} (msal-browser's AuthenticationResult)
//   GET  /auth-config/  {google: {enabled, client_id}, microsoft: {enabled, client_id, authority}}
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { fieldError, forbidden, notFound, tooManyRequests } from "../../http/errors.js";
import { ErrorResponse, TokenResponse } from "../../http/schemas.js";
import { audit } from "../audit/log.js";
import { issueSignInToken } from "../auth/tokens.js";
import { sendVerification } from "../auth/email-verification.js";
import { markEmailVerified } from "../users/staff.js";
import { findAccountByEmail, insertIdentitySignup } from "./queries.js";
import { createIdentityVerifier, PROVIDER_NAME, type Provider, type VerifiedIdentity } from "./verify.js";

export const ACCOUNT_DISABLED = "This account has been disabled.";
export const PROVIDER_OFF = (p: Provider) => `${PROVIDER_NAME[p]} sign-in is not enabled.`;

const MAX_TOKEN = 16_000;
const GoogleBody = Type.Object({ credential: Type.Optional(Type.String({ maxLength: MAX_TOKEN })) });
const MsBody = Type.Object({
  id_token: Type.Optional(Type.String({ maxLength: MAX_TOKEN })),
  idToken: Type.Optional(Type.String({ maxLength: MAX_TOKEN })),
  credential: Type.Optional(Type.String({ maxLength: MAX_TOKEN })),
});
const AuthConfigResponse = Type.Object({
  google: Type.Object({ enabled: Type.Boolean(), client_id: Type.Union([Type.String(), Type.Null()]) }),
  microsoft: Type.Object({ enabled: Type.Boolean(), client_id: Type.Union([Type.String(), Type.Null()]), authority: Type.String() }),
});
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse, 502: ErrorResponse };

const identityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, db, limiter } = app;
  const verifier = createIdentityVerifier(config);

  /** Signs in the user with the verified e-mail, recording a new signup when there is none. */
  async function signIn(request: FastifyRequest, id: VerifiedIdentity): Promise<string> {
    const signup = { unproven: null as number | null };
    const token = await db.transaction(async (tx) => {
      let user = await findAccountByEmail(tx, id.email);
      let created = false;
      if (!user) {
        user = await insertIdentitySignup(tx, { email: id.email, firstName: id.firstName, lastName: id.lastName, provider: id.provider });
        created = !!user;
        // Recorded by a parallel request in the meantime: sign in that one.
        if (!user) user = (await findAccountByEmail(tx, id.email))!;
      }
      if (!user.is_active) throw forbidden(ACCOUNT_DISABLED);
      await audit(tx, { actorId: user.id, action: created ? "signup" : "login", details: { method: id.provider }, ip: request.ip });
      // The provider vouched for the address: it is proven (one half of what staff need).
      if (id.emailVerified && (await markEmailVerified(tx, user.id, id.email))) {
        await audit(tx, { actorId: user.id, action: "email_verified", itemType: "user", itemId: user.id, details: { method: id.provider, email: id.email }, ip: request.ip });
      }
      if (created && !id.emailVerified) signup.unproven = user.id;
      return issueSignInToken(tx, user.id);
    });
    // A new address the provider did not vouch for is mailed its verification link, as a password signup is.
    if (signup.unproven !== null) sendVerification(app, signup.unproven).catch((err) => request.log.error({ err }, "verification mail failed"));
    return token;
  }

  /** Per-IP limit shared by both providers, as strict as password sign-in; a success is taken back. */
  async function limited<T>(request: FastifyRequest, fn: () => Promise<T>): Promise<T> {
    const key = `social:ip:${request.ip}`;
    const r = await limiter.hit(key, config.loginMaxAttempts * 3, config.loginWindowSeconds);
    if (!r.allowed) throw tooManyRequests(r.retryAfterSeconds);
    const out = await fn();
    await limiter.undo(key);
    return out;
  }

  async function verify(request: FastifyRequest, provider: Provider, token: string): Promise<VerifiedIdentity> {
    const check = verifier[provider];
    if (!check) throw notFound(PROVIDER_OFF(provider));
    try {
      return await check(token);
    } catch (err) {
      if ((err as { status?: number }).status === 502) request.log.error({ err: (err as Error).cause ?? err, provider }, "identity provider key set unavailable");
      throw err;
    }
  }

  app.get(
    "/auth-config/",
    { config: { access: "public" }, schema: { tags: ["auth"], summary: "Which sign-in providers are configured, with their public client ids", response: { 200: AuthConfigResponse } } },
    async () => ({
      google: { enabled: !!config.googleClientId, client_id: config.googleClientId ?? null },
      microsoft: { enabled: !!config.msClientId, client_id: config.msClientId ?? null, authority: config.msAuthority },
    }),
  );

  app.post(
    "/google-auth/",
    {
      config: { access: "public" },
      schema: { tags: ["auth"], summary: "Sign in (or record a signup) with a Google ID token", body: GoogleBody, response: { 200: TokenResponse, ...errors } },
    },
    async (request) => {
      if (!verifier.google) throw notFound(PROVIDER_OFF("google"));
      const credential = request.body.credential?.trim();
      if (!credential) throw fieldError("credential", "This field is required.");
      return limited(request, async () => ({ token: await signIn(request, await verify(request, "google", credential)) }));
    },
  );

  app.post(
    "/ms-auth/",
    {
      config: { access: "public" },
      schema: { tags: ["auth"], summary: "Sign in (or record a signup) with a Microsoft ID token", body: MsBody, response: { 200: TokenResponse, ...errors } },
    },
    async (request) => {
      if (!verifier.microsoft) throw notFound(PROVIDER_OFF("microsoft"));
      const b = request.body;
      const idToken = (b.id_token ?? b.idToken ?? b.credential)?.trim();
      if (!idToken) throw fieldError("id_token", "This field is required.");
      return limited(request, async () => ({ token: await signIn(request, await verify(request, "microsoft", idToken)) }));
    },
  );
};

export default identityRoutes;
