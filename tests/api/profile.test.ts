// Profile: PATCH /user-info/ (answers the updated user; the web app shows 'Updated Profile')
// and changing the password: old one required, policy, other sessions signed out, this one
// kept, rate-limited, never while impersonating.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANGE_PASSWORD_ATTEMPTS, NO_PASSWORD_YET, PASSWORD_CHANGED, SAME_PASSWORD, WRONG_OLD_PASSWORD } from "../../server/modules/users/password-routes.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({ jobsIntervalSeconds: 0 });
});
afterAll(async () => {
  await ctx?.close();
});

const call = async (method: string, url: string, token: string | null, payload?: unknown) => {
  const res = await ctx.app.inject({ method: method as "POST", url, headers: token ? bearer(token) : {}, payload: payload as object });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};
const CHANGE = "/api/user/change-password/";

describe("profile", () => {
  it("updates name, phone, company and preferences and answers the updated user", async () => {
    const u = await createUser(ctx.db, { firstName: "Ravi" });
    const token = await login(ctx.app, u.email, u.password);
    const res = await call("PATCH", "/api/user-info/", token, {
      first_name: "Ravindra",
      last_name: "Kumar",
      phone: "+919812345678",
      company: "Kumar Cement",
      preferred_proj_status: ["Planning", "Under Construction"],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_name: "Ravindra", last_name: "Kumar", phone: "+919812345678", company: "Kumar Cement", preferred_proj_status: ["Planning", "Under Construction"] });
    expect((await call("PATCH", "/api/user-info/", token, { first_name: " " })).body).toEqual({ first_name: ["This field may not be blank."] });
  });
});

describe("change password", () => {
  it("needs the old password, keeps this session and signs out the others", async () => {
    const u = await createUser(ctx.db);
    const here = await login(ctx.app, u.email, u.password);
    // Another live session of the user (e.g. a second device's token).
    const { hashSecret, newSecret } = await import("../../server/modules/auth/tokens.js");
    const other = newSecret();
    await ctx.db.query(`INSERT INTO auth_tokens (token_hash, user_id) VALUES ($1, $2)`, [hashSecret(other), u.id]);
    expect((await call("GET", "/api/user/me/", other)).status).toBe(200);
    const res = await call("POST", CHANGE, here, { old_password: u.password, new_password: "N3w-passphrase!" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: PASSWORD_CHANGED });
    expect((await call("GET", "/api/user/me/", here)).status).toBe(200);
    expect((await call("GET", "/api/user/me/", other)).status).toBe(401);
    // The new password signs in, the old one no longer does.
    expect((await call("POST", "/api/login/", null, { username: u.email, password: u.password })).status).toBe(400);
    const fresh = await login(ctx.app, u.email, "N3w-passphrase!");
    expect(fresh).toBeTruthy();
    const audit = await ctx.db.query(`SELECT 1 FROM audit_log WHERE actor_id = $1 AND action = 'password_change'`, [u.id]);
    expect(audit.rows).toHaveLength(1);
  });

  it("signs out impersonation sessions too, but keeps the one that asked", async () => {
    const u = await createUser(ctx.db);
    const token = await login(ctx.app, u.email, u.password);
    // An impersonation token of this user (as a staff member would hold).
    const staff = await createUser(ctx.db, { email: `staff-${Date.now()}@infrascout.in` });
    const { issueSignInToken, hashSecret, newSecret } = await import("../../server/modules/auth/tokens.js");
    await issueSignInToken(ctx.db, staff.id);
    const key = newSecret();
    await ctx.db.query(`INSERT INTO auth_tokens (token_hash, user_id, impersonator_id) VALUES ($1, $2, $3)`, [hashSecret(key), u.id, staff.id]);
    expect((await call("POST", CHANGE, token, { old_password: u.password, new_password: "An0ther-secret" })).status).toBe(200);
    const revoked = await ctx.db.query<{ revoked_reason: string | null }>(`SELECT revoked_reason FROM auth_tokens WHERE token_hash = $1`, [hashSecret(key)]);
    expect(revoked.rows[0].revoked_reason).toBe("password_change");
    expect((await call("GET", "/api/user/me/", token)).status).toBe(200);
  });

  it("refuses a wrong old password, the same password and a weak one, changing nothing", async () => {
    const u = await createUser(ctx.db, { email: `priya${Date.now()}@example.com` });
    const token = await login(ctx.app, u.email, u.password);
    expect((await call("POST", CHANGE, token, { old_password: "wrong-one-1", new_password: "N3w-passphrase!" })).body).toEqual({ old_password: [WRONG_OLD_PASSWORD] });
    expect((await call("POST", CHANGE, token, { old_password: u.password, new_password: u.password })).body).toEqual({ new_password: [SAME_PASSWORD] });
    expect((await call("POST", CHANGE, token, { old_password: u.password, new_password: "short1" })).body).toEqual({
      new_password: ["This password is too short. It must contain at least 8 characters."],
    });
    expect((await call("POST", CHANGE, token, { old_password: u.password, new_password: "1234567890" })).body).toEqual({ new_password: ["This password is entirely numeric."] });
    expect((await call("POST", CHANGE, token, { old_password: u.password, new_password: `${u.email.split("@")[0]}-9x` })).body).toEqual({
      new_password: ["The password is too similar to the e-mail address."],
    });
    expect((await call("POST", CHANGE, token, { new_password: "N3w-passphrase!" })).body).toEqual({ old_password: ["This field is required."] });
    expect((await call("POST", CHANGE, token, { old_password: u.password })).body).toEqual({ new_password: ["This field is required."] });
    expect((await call("POST", CHANGE, token, { old_password: u.password, new_password: "N3w-passphrase!", user_id: 1 })).body).toEqual({ user_id: ["Unknown field 'user_id'."] });
    // Still the old password.
    expect(await login(ctx.app, u.email, u.password)).toBeTruthy();
  });

  it("is rate-limited per user; right attempts do not count", async () => {
    const u = await createUser(ctx.db);
    const token = await login(ctx.app, u.email, u.password);
    for (let i = 0; i < 3; i++) expect((await call("POST", CHANGE, token, { old_password: u.password, new_password: u.password })).status).toBe(400);
    for (let i = 0; i < CHANGE_PASSWORD_ATTEMPTS; i++) expect((await call("POST", CHANGE, token, { old_password: `bad-${i}-x`, new_password: "N3w-passphrase!" })).status).toBe(400);
    const limited = await call("POST", CHANGE, token, { old_password: u.password, new_password: "N3w-passphrase!" });
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
  });

  it("an account without a password is told how to set one; no token is 401", async () => {
    const u = await createUser(ctx.db);
    const token = await login(ctx.app, u.email, u.password);
    await ctx.db.query(`UPDATE users SET password_hash = NULL WHERE id = $1`, [u.id]);
    expect((await call("POST", CHANGE, token, { old_password: "anything-1", new_password: "N3w-passphrase!" })).body).toEqual({ old_password: [NO_PASSWORD_YET] });
    expect((await call("POST", CHANGE, null, { old_password: "a", new_password: "b" })).status).toBe(401);
  });

  it("works without a subscription (any signed-in user), never while impersonating", async () => {
    const u = await createUser(ctx.db, { endDate: null });
    const token = await login(ctx.app, u.email, u.password);
    expect((await call("POST", CHANGE, token, { old_password: u.password, new_password: "N3w-passphrase!" })).status).toBe(200);
    const staff = await createUser(ctx.db, { email: `support${Date.now()}@infrascout.in` });
    const { hashSecret, newSecret } = await import("../../server/modules/auth/tokens.js");
    const key = newSecret();
    const parent = newSecret();
    const p = await ctx.db.query<{ id: number }>(`INSERT INTO auth_tokens (token_hash, user_id) VALUES ($1, $2) RETURNING id`, [hashSecret(parent), staff.id]);
    await ctx.db.query(`INSERT INTO auth_tokens (token_hash, user_id, impersonator_id, parent_token_id) VALUES ($1, $2, $3, $4)`, [hashSecret(key), u.id, staff.id, p.rows[0].id]);
    const res = await call("POST", CHANGE, key, { old_password: "N3w-passphrase!", new_password: "Y3t-another-one" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "Not allowed while impersonating a user." });
  });
});
