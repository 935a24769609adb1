// Google and Microsoft sign-in against a local identity provider: real RS256 keys published as
// a JWKS over HTTP, tokens signed with them; every refusal and both happy paths.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { LOGGED_IN_ELSEWHERE_MESSAGE } from "../../common/constants.js";
import { buildApp } from "../../server/app.js";
import type { Config } from "../../server/config.js";
import { MESSAGES } from "../../server/modules/identity/verify.js";
import { startIdentityProvider, type IdentityProvider } from "../support/jwks-server.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";

const GOOGLE_CLIENT = "1234567890-test.apps.googleusercontent.com";
const MS_CLIENT = "6f1a2b3c-0000-4000-8000-00000000c11e";
const TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";
const OTHER_TENANT = "11111111-2222-4333-8444-555555555555";
const msIssuer = (tid: string) => `https://login.microsoftonline.com/${tid}/v2.0`;

let idp: IdentityProvider;
let t: TestContext;
beforeAll(async () => {
  idp = await startIdentityProvider();
  t = await startTestApp({
    googleClientId: GOOGLE_CLIENT,
    googleJwksUrl: idp.jwksUrl,
    msClientId: MS_CLIENT,
    msJwksUrl: idp.jwksUrl,
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

let ipSeq = 0;
const nextIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const post = (url: string, payload: unknown, ip = nextIp()) => t.app.inject({ method: "POST", url, payload: payload as object, remoteAddress: ip });
const uniqueEmail = (domain = "example.com") => `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@${domain}`;
const userInfo = (token: string) => t.app.inject({ method: "GET", url: "/api/user-info/", headers: bearer(token) });
const usersWith = async (email: string) =>
  (await t.db.query<{ id: number; signup_source: string; end_date: string | null; first_name: string; last_name: string }>(
    `SELECT id, signup_source, end_date, first_name, last_name FROM users WHERE lower(email) = lower($1)`,
    [email],
  )).rows;

const googleClaims = (email: string, extra: Record<string, unknown> = {}) => ({
  iss: "https://accounts.google.com",
  aud: GOOGLE_CLIENT,
  sub: `g-${email}`,
  email,
  email_verified: true,
  given_name: "Asha",
  family_name: "Menon",
  name: "Asha Menon",
  ...extra,
});
const msClaims = (email: string | undefined, extra: Record<string, unknown> = {}) => ({
  iss: msIssuer(TENANT),
  aud: MS_CLIENT,
  tid: TENANT,
  oid: "00000000-0000-0000-0000-00000000beef",
  sub: `ms-${email}`,
  ...(email ? { email } : {}),
  name: "Ravi Kumar Iyer",
  ...extra,
});

/** Another app over the same database with other settings (key set URL, authority …). */
async function withApp<T>(overrides: Partial<Config>, fn: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const app = await buildApp({ ...t.config, ...overrides }, t.db);
  await app.ready();
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

describe("GET /api/auth-config/", () => {
  it("tells the web app which providers are on, with their client ids", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth-config/" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      google: { enabled: true, client_id: GOOGLE_CLIENT },
      microsoft: { enabled: true, client_id: MS_CLIENT, authority: "https://login.microsoftonline.com/common" },
    });
  });

  it("reports unconfigured providers as off, and their endpoints answer 404 {detail}", async () => {
    await withApp({ googleClientId: undefined, msClientId: undefined }, async (app) => {
      const cfg = (await app.inject({ method: "GET", url: "/api/auth-config/" })).json();
      expect(cfg.google).toEqual({ enabled: false, client_id: null });
      expect(cfg.microsoft.enabled).toBe(false);
      const token = await idp.sign(googleClaims(uniqueEmail()));
      const g = await app.inject({ method: "POST", url: "/api/google-auth/", payload: { credential: token } });
      expect(g.statusCode).toBe(404);
      expect(g.json()).toEqual({ detail: "Google sign-in is not enabled." });
      const m = await app.inject({ method: "POST", url: "/api/ms-auth/", payload: { id_token: token } });
      expect(m.statusCode).toBe(404);
      expect(m.json()).toEqual({ detail: "Microsoft sign-in is not enabled." });
    });
  });
});

describe("POST /api/google-auth/", () => {
  it("records a new signup from a verified Google account and signs it in", async () => {
    const email = uniqueEmail();
    const res = await post("/api/google-auth/", { credential: await idp.sign(googleClaims(email)), clientId: GOOGLE_CLIENT, select_by: "btn" });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(typeof token).toBe("string");
    const info = await userInfo(token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ email, first_name: "Asha", last_name: "Menon", end_date: null, is_impersonated: false });
    const [row] = await usersWith(email);
    expect(row).toMatchObject({ signup_source: "google", end_date: null });
    const audit = await t.db.query<{ action: string; details: { method: string } }>(`SELECT action, details FROM audit_log WHERE actor_id = $1 ORDER BY id`, [row.id]);
    // Google vouched for the address: it is recorded as verified (issue 13).
    expect(audit.rows).toEqual([{ action: "signup", details: { method: "google" } }, { action: "email_verified", details: { method: "google", email } }]);
  });

  it("signs in an existing user by e-mail in any case, and their older token then answers 409", async () => {
    const u = await createUser(t.db);
    const passwordToken = await login(t.app, u.email, u.password);
    const res = await post("/api/google-auth/", { credential: await idp.sign(googleClaims(u.email.toUpperCase())) });
    expect(res.statusCode).toBe(200);
    expect((await userInfo(res.json().token)).json().id).toBe(u.id);
    expect(await usersWith(u.email)).toHaveLength(1);
    const old = await userInfo(passwordToken);
    expect(old.statusCode).toBe(409);
    expect(old.json()).toEqual({ detail: LOGGED_IN_ELSEWHERE_MESSAGE });
  });

  it("accepts both Google issuer spellings and a token a few seconds past expiry (clock tolerance)", async () => {
    const a = await post("/api/google-auth/", { credential: await idp.sign(googleClaims(uniqueEmail(), { iss: "accounts.google.com" })) });
    expect(a.statusCode).toBe(200);
    const b = await post("/api/google-auth/", { credential: await idp.sign(googleClaims(uniqueEmail()), { expiresIn: -10 }) });
    expect(b.statusCode).toBe(200);
  });

  const refusals: [string, () => Promise<string>, string][] = [
    ["a forged signature", () => idp.forge(googleClaims("forged@example.com")), MESSAGES.signature("google")],
    ["an unknown key id", () => idp.sign(googleClaims("kid@example.com"), { kid: "not-published" }), MESSAGES.signature("google")],
    ["an expired token", () => idp.sign(googleClaims("expired@example.com"), { expiresIn: -120 }), MESSAGES.expired("google")],
    ["another application's audience", () => idp.sign(googleClaims("aud@example.com", { aud: "someone-else.apps.googleusercontent.com" })), MESSAGES.audience("google")],
    ["another issuer", () => idp.sign(googleClaims("iss@example.com", { iss: "https://evil.example.com" })), MESSAGES.issuer("google")],
    ["an unverified e-mail", () => idp.sign(googleClaims("unverified@example.com", { email_verified: false })), MESSAGES.unverifiedEmail("google")],
    ["no e-mail", () => idp.sign(googleClaims("", { email: undefined })), MESSAGES.noEmail("google")],
    ["a token that is not a JWT", async () => "not-a-jwt", MESSAGES.malformed("google")],
    ["an HMAC token (algorithm confusion)", () =>
      new SignJWT(googleClaims("hmac@example.com")).setProtectedHeader({ alg: "HS256", kid: "test-key-1" }).setExpirationTime("1h").sign(new TextEncoder().encode("x".repeat(32))),
      MESSAGES.malformed("google")],
  ];
  for (const [name, make, message] of refusals) {
    it(`refuses ${name} with 401 and a clear message, recording no one`, async () => {
      const before = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`)).rows[0].n;
      const res = await post("/api/google-auth/", { credential: await make() });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: message });
      expect((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`)).rows[0].n).toBe(before);
    });
  }

  it("answers a missing credential with {credential: [message]}", async () => {
    const res = await post("/api/google-auth/", {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ credential: ["This field is required."] });
  });

  it("refuses a disabled account with 403 and issues no token", async () => {
    const u = await createUser(t.db, { active: false });
    const res = await post("/api/google-auth/", { credential: await idp.sign(googleClaims(u.email)) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: "This account has been disabled." });
    expect((await t.db.query(`SELECT 1 FROM auth_tokens WHERE user_id = $1`, [u.id])).rows).toHaveLength(0);
  });

  it("answers 502 {detail: 'Server Error'} when the key set answers 500", async () => {
    const down = await startIdentityProvider();
    down.fail(500);
    try {
      await withApp({ googleJwksUrl: down.jwksUrl }, async (app) => {
        const res = await app.inject({ method: "POST", url: "/api/google-auth/", payload: { credential: await down.sign(googleClaims(uniqueEmail())) } });
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({ detail: "Server Error" });
        // The provider coming back is picked up without a restart.
        down.fail(null);
      });
    } finally {
      await down.close();
    }
  });

  it("answers 502 {detail: 'Server Error'} when the key set cannot be reached", async () => {
    const gone = await startIdentityProvider();
    const token = await gone.sign(googleClaims(uniqueEmail()));
    const jwksUrl = gone.jwksUrl;
    await gone.close();
    await withApp({ googleJwksUrl: jwksUrl }, async (app) => {
      const res = await app.inject({ method: "POST", url: "/api/google-auth/", payload: { credential: token } });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ detail: "Server Error" });
    });
  });

  it("fetches the key set once and reuses it", async () => {
    const before = idp.fetches();
    for (let i = 0; i < 3; i++) expect((await post("/api/google-auth/", { credential: await idp.sign(googleClaims(uniqueEmail())) })).statusCode).toBe(200);
    expect(idp.fetches()).toBe(before);
  });

  it("limits attempts per IP like password sign-in (429), successes not counted", async () => {
    const ip = "10.99.0.1";
    const max = t.config.loginMaxAttempts * 3;
    expect((await post("/api/google-auth/", { credential: await idp.sign(googleClaims(uniqueEmail())) }, ip)).statusCode).toBe(200);
    const forged = await idp.forge(googleClaims("x@example.com"));
    for (let i = 0; i < max; i++) expect((await post("/api/google-auth/", { credential: forged }, ip)).statusCode).toBe(401);
    const limited = await post("/api/google-auth/", { credential: await idp.sign(googleClaims(uniqueEmail())) }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/Too many requests/);
    // Microsoft sign-in from that address shares the limit.
    expect((await post("/api/ms-auth/", { id_token: await idp.sign(msClaims(uniqueEmail())) }, ip)).statusCode).toBe(429);
  });
});

describe("POST /api/ms-auth/", () => {
  it("records a new signup from a Microsoft work account (any tenant) and signs it in", async () => {
    const email = uniqueEmail("contoso.com");
    const res = await post("/api/ms-auth/", { id_token: await idp.sign(msClaims(email)) });
    expect(res.statusCode).toBe(200);
    const info = (await userInfo(res.json().token)).json();
    expect(info).toMatchObject({ email, first_name: "Ravi", last_name: "Kumar Iyer", end_date: null });
    expect((await usersWith(email))[0].signup_source).toBe("microsoft");
    // Another tenant's account signs in too: the issuer is checked against the token's own tid.
    const other = await post("/api/ms-auth/", {
      id_token: await idp.sign(msClaims(uniqueEmail("fabrikam.com"), { tid: OTHER_TENANT, iss: msIssuer(OTHER_TENANT) })),
    });
    expect(other.statusCode).toBe(200);
  });

  it("accepts the token as id_token, idToken (msal-browser's AuthenticationResult) or credential", async () => {
    for (const field of ["id_token", "idToken", "credential"]) {
      const email = uniqueEmail("contoso.com");
      const res = await post("/api/ms-auth/", { [field]: await idp.sign(msClaims(email)), accessToken: "", scopes: [], account: { username: email } });
      expect(res.statusCode, field).toBe(200);
    }
    const none = await post("/api/ms-auth/", { accessToken: "x" });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ id_token: ["This field is required."] });
  });

  it("uses preferred_username when there is no email claim, only when it looks like an e-mail", async () => {
    const email = uniqueEmail("contoso.com");
    const ok = await post("/api/ms-auth/", { id_token: await idp.sign(msClaims(undefined, { preferred_username: email })) });
    expect(ok.statusCode).toBe(200);
    expect((await userInfo(ok.json().token)).json().email).toBe(email);
    const bad = await post("/api/ms-auth/", { id_token: await idp.sign(msClaims(undefined, { preferred_username: "ravi" })) });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ detail: MESSAGES.noEmail("microsoft") });
  });

  const refusals: [string, () => Promise<string>, string][] = [
    ["an issuer naming another tenant than its tid", () => idp.sign(msClaims("t1@contoso.com", { iss: msIssuer(OTHER_TENANT) })), MESSAGES.issuer("microsoft")],
    ["a v1 issuer", () => idp.sign(msClaims("v1@contoso.com", { iss: `https://sts.windows.net/${TENANT}/` })), MESSAGES.issuer("microsoft")],
    ["an issuer on another host", () => idp.sign(msClaims("host@contoso.com", { iss: `https://login.evil.example/${TENANT}/v2.0` })), MESSAGES.issuer("microsoft")],
    ["a token without a tenant", () => idp.sign(msClaims("notid@contoso.com", { tid: undefined })), MESSAGES.noTenant],
    ["a forged signature", () => idp.forge(msClaims("forged@contoso.com")), MESSAGES.signature("microsoft")],
    ["an expired token", () => idp.sign(msClaims("exp@contoso.com"), { expiresIn: -300 }), MESSAGES.expired("microsoft")],
    ["another application's audience", () => idp.sign(msClaims("aud@contoso.com", { aud: "00000000-0000-0000-0000-000000000000" })), MESSAGES.audience("microsoft")],
    ["an e-mail whose domain the tenant does not own (xms_edov false)", () => idp.sign(msClaims("edov@contoso.com", { xms_edov: false })), MESSAGES.unverifiedEmail("microsoft")],
    ["a staff-domain e-mail the tenant has not proven", () => idp.sign(msClaims("boss@infrascout.in")), MESSAGES.unverifiedEmail("microsoft")],
    ["a token that is not a JWT", async () => "a.b", MESSAGES.malformed("microsoft")],
  ];
  for (const [name, make, message] of refusals) {
    it(`refuses ${name} with 401 and a clear message`, async () => {
      const res = await post("/api/ms-auth/", { id_token: await make() });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: message });
    });
  }

  it("signs in a staff address when the tenant proves the domain (xms_edov): verified, and staff once a staff member grants it", async () => {
    const email = uniqueEmail("infrascout.in");
    const res = await post("/api/ms-auth/", { id_token: await idp.sign(msClaims(email, { xms_edov: true })) });
    expect(res.statusCode).toBe(200);
    expect((await userInfo(res.json().token)).json()).toMatchObject({ email, is_staff: false });
    await t.db.query(`UPDATE users SET staff_granted_for = email WHERE lower(email) = lower($1)`, [email]);
    expect((await userInfo(res.json().token)).json()).toMatchObject({ email, is_staff: true });
  });

  it("admits only the configured tenant when MS_AUTHORITY names one", async () => {
    await withApp({ msAuthority: `https://login.microsoftonline.com/${TENANT}` }, async (app) => {
      const send = async (tid: string) =>
        app.inject({ method: "POST", url: "/api/ms-auth/", remoteAddress: nextIp(), payload: { id_token: await idp.sign(msClaims(uniqueEmail("contoso.com"), { tid, iss: msIssuer(tid) })) } });
      expect((await send(TENANT)).statusCode).toBe(200);
      const other = await send(OTHER_TENANT);
      expect(other.statusCode).toBe(401);
      expect(other.json()).toEqual({ detail: MESSAGES.wrongTenant });
    });
  });

  it("answers 502 {detail: 'Server Error'} when Microsoft's key set fails", async () => {
    const down = await startIdentityProvider();
    down.fail(503);
    try {
      await withApp({ msJwksUrl: down.jwksUrl }, async (app) => {
        const res = await app.inject({ method: "POST", url: "/api/ms-auth/", payload: { id_token: await down.sign(msClaims(uniqueEmail("contoso.com"))) } });
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({ detail: "Server Error" });
      });
    } finally {
      await down.close();
    }
  });
});
