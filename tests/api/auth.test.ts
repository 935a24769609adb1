import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGGED_IN_ELSEWHERE_MESSAGE } from "../../common/constants.js";
import { hashSecret } from "../../server/modules/auth/tokens.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";

let t: TestContext;
beforeAll(async () => {
  // A Microsoft authority of our own: the CSP test below shows the setting reaches the browser.
  t = await startTestApp({ loginMaxAttempts: 5, msAuthority: "https://login.example-idp.test/common" });
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: "GET", url: "/api/user/me/", headers: bearer(token) });

describe("sign-in", () => {
  it("signs in by e-mail (any case) or username and answers a token that opens /user/me/", async () => {
    const u = await createUser(t.db);
    await t.db.query(`UPDATE users SET username = 'asha.m' WHERE id = $1`, [u.id]);
    const token = await login(t.app, u.email.toUpperCase(), u.password);
    expect(token.length).toBeGreaterThanOrEqual(27); // ≥ 160 bits in base64url
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(u.email);
    expect(await login(t.app, "ASHA.M", u.password)).toBeTruthy();
  });

  it("stores only a hash of the token", async () => {
    const u = await createUser(t.db);
    const token = await login(t.app, u.email, u.password);
    const { rows } = await t.db.query<{ token_hash: string }>(`SELECT token_hash FROM auth_tokens WHERE user_id = $1`, [u.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(hashSecret(token));
    expect(rows[0].token_hash).not.toContain(token);
  });

  it("refuses a wrong password or unknown user with one message that tells neither apart", async () => {
    const u = await createUser(t.db);
    const wrong = await t.app.inject({ method: "POST", url: "/api/login/", payload: { username: u.email, password: "nope-nope-1" } });
    const unknown = await t.app.inject({ method: "POST", url: "/api/login/", payload: { username: "ghost@example.com", password: "nope-nope-1" } });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: "Unable to log in with provided credentials." });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("answers a missing field as {field: [message]}", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/login/", payload: { username: "a@b.c" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password: ["This field is required."] });
  });

  it("refuses a disabled user", async () => {
    const u = await createUser(t.db, { active: false });
    const res = await t.app.inject({ method: "POST", url: "/api/login/", payload: { username: u.email, password: u.password } });
    expect(res.statusCode).toBe(400);
  });

  it("a new sign-in makes the previous token answer 409 with the signed-in-elsewhere message", async () => {
    const u = await createUser(t.db);
    const first = await login(t.app, u.email, u.password);
    expect((await me(first)).statusCode).toBe(200);
    const second = await login(t.app, u.email, u.password);
    const old = await me(first);
    expect(old.statusCode).toBe(409);
    expect(old.json()).toEqual({ detail: LOGGED_IN_ELSEWHERE_MESSAGE });
    expect((await me(second)).statusCode).toBe(200);
  });

  it("answers 401 without a token, with an unknown token, and after logout", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/user/me/" })).statusCode).toBe(401);
    expect((await me("not-a-real-token")).statusCode).toBe(401);
    const u = await createUser(t.db);
    const token = await login(t.app, u.email, u.password);
    const out = await t.app.inject({ method: "POST", url: "/api/logout/", headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
  });

  it("limits sign-in attempts per username with 429, and a success is still refused while limited", async () => {
    const u = await createUser(t.db);
    const attempt = (password: string) =>
      t.app.inject({ method: "POST", url: "/api/login/", payload: { username: u.email, password }, remoteAddress: "10.0.0.5" });
    for (let i = 0; i < 5; i++) expect((await attempt("wrong-password-1")).statusCode).toBe(400);
    const limited = await attempt(u.password);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().detail).toMatch(/Too many requests/);
    // Another user from another address is not affected.
    const v = await createUser(t.db);
    const other = await t.app.inject({ method: "POST", url: "/api/login/", payload: { username: v.email, password: v.password }, remoteAddress: "10.1.2.3" });
    expect(other.statusCode).toBe(200);
  });

  it("limits sign-in attempts per IP across usernames", async () => {
    const ip = "10.9.9.9";
    const codes: number[] = [];
    for (let i = 0; i < 16; i++) {
      const r = await t.app.inject({ method: "POST", url: "/api/login/", payload: { username: `nobody${i}@x.in`, password: "x-wrong-1" }, remoteAddress: ip });
      codes.push(r.statusCode);
    }
    expect(codes.slice(0, 15).every((c) => c === 400)).toBe(true); // 3 × 5 per IP
    expect(codes[15]).toBe(429);
  });
});

describe("user info and preferences", () => {
  it("answers the specification's User fields with remaining credits = total − spent", async () => {
    const u = await createUser(t.db, { credits: 50, firstName: "Asha", statuses: ["Planning", "Tendering"] });
    await t.db.query(`UPDATE users SET spent_credits = 12 WHERE id = $1`, [u.id]);
    const token = await login(t.app, u.email, u.password);
    const res = await t.app.inject({ method: "GET", url: "/api/user-info/", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({
      first_name: "Asha",
      email: u.email,
      preferred_proj_status: ["Planning", "Tendering"],
      is_impersonated: false,
      is_staff: false,
      remaining_credits: 38,
      total_credits: 50,
    });
    expect(info.end_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(info).not.toHaveProperty("password_hash");
  });

  it("recognises staff by the whole e-mail domain, not a look-alike", async () => {
    const staff = await createUser(t.db, { email: `ravi${Date.now()}@infrascout.in` });
    const fake = await createUser(t.db, { email: `eve${Date.now()}@infrascout.in.evil.com` });
    const info = async (u: typeof staff) =>
      (await t.app.inject({ method: "GET", url: "/api/user-info/", headers: bearer(await login(t.app, u.email, u.password)) })).json();
    expect((await info(staff)).is_staff).toBe(true);
    expect((await info(fake)).is_staff).toBe(false);
  });

  it("gives preferences with the option lists, and PATCH saves onboarding statuses", async () => {
    const u = await createUser(t.db, { statuses: [] });
    const token = await login(t.app, u.email, u.password);
    const prefs = await t.app.inject({ method: "GET", url: "/api/user-preferences/", headers: bearer(token) });
    expect(prefs.statusCode).toBe(200);
    expect(prefs.json().preferred_proj_status).toEqual([]);
    expect(prefs.json().options.statuses).toContain("Under Construction");
    expect(prefs.json().options.states).toContain("Maharashtra");
    const patch = await t.app.inject({
      method: "PATCH",
      url: "/api/user-info/",
      headers: bearer(token),
      payload: { preferred_proj_status: ["Under Construction"], company: "Menon Cement" },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ preferred_proj_status: ["Under Construction"], company: "Menon Cement" });
  });

  it("clears a value preference with null (not 0, which would still narrow the feed)", async () => {
    const u = await createUser(t.db);
    const token = await login(t.app, u.email, u.password);
    const set = await t.app.inject({ method: "PATCH", url: "/api/user-info/", headers: bearer(token), payload: { preferred_min_value: 1e7 } });
    expect(set.statusCode).toBe(200);
    const clear = await t.app.inject({ method: "PATCH", url: "/api/user-info/", headers: bearer(token), payload: { preferred_min_value: null } });
    expect(clear.statusCode).toBe(200);
    const prefs = (await t.app.inject({ method: "GET", url: "/api/user-preferences/", headers: bearer(token) })).json();
    expect(prefs.preferred_min_value).toBeNull();
  });

  it("rejects unknown statuses and fields with a field message and changes nothing", async () => {
    const u = await createUser(t.db, { statuses: ["Planning"] });
    const token = await login(t.app, u.email, u.password);
    const bad = await t.app.inject({ method: "PATCH", url: "/api/user-info/", headers: bearer(token), payload: { preferred_proj_status: ["Flying"] } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(["preferred_proj_status"]);
    const extra = await t.app.inject({ method: "PATCH", url: "/api/user-info/", headers: bearer(token), payload: { total_credits: 9999 } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ total_credits: ["Unknown field 'total_credits'."] });
    const info = (await t.app.inject({ method: "GET", url: "/api/user-info/", headers: bearer(token) })).json();
    expect(info.preferred_proj_status).toEqual(["Planning"]);
    expect(info.total_credits).toBe(10);
  });

  it("lets a user without a subscription read their own info but not subscriber data", async () => {
    const u = await createUser(t.db, { endDate: null });
    const token = await login(t.app, u.email, u.password);
    expect((await t.app.inject({ method: "GET", url: "/api/user-info/", headers: bearer(token) })).json().end_date).toBeNull();
  });
});

describe("HTTP layer", () => {
  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/no-such-thing/" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: "Not found." });
  });

  it("sends security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["strict-transport-security"]).toBeTruthy();
  });

  it("lets the browser reach a configured Microsoft authority", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health/" });
    expect(res.headers["content-security-policy"]).toMatch(/connect-src [^;]*https:\/\/login\.example-idp\.test/);
  });

  it("answers malformed JSON with a 400, not a 500", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/login/", headers: { "content-type": "application/json" }, payload: "{bad" });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail.length).toBeLessThanOrEqual(250);
  });

  it("serves the OpenAPI description at /api/docs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(["/api/login/", "/api/user-info/", "/api/signup/"]));
  });
});
