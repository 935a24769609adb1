// Users admin for staff: list and search, one user, subscription changes, credits, disabling.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGGED_IN_ELSEWHERE_MESSAGE } from "../../common/constants.js";
import { NOT_WHILE_IMPERSONATING } from "../../server/plugins/access.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";

let t: TestContext;
let staffId: number;
let staffToken: string;
beforeAll(async () => {
  t = await startTestApp();
  const staff = await createUser(t.db, { email: `admin-${Date.now()}@infrascout.in`, endDate: null });
  staffId = staff.id;
  staffToken = await login(t.app, staff.email, staff.password);
});
afterAll(() => t.close());

const day = (offset: number) => new Date(Date.now() + offset * 864e5).toISOString().slice(0, 10);
const tag = () => Math.random().toString(36).slice(2, 8);
const get = (url: string, token = staffToken) => t.app.inject({ method: "GET", url, headers: bearer(token) });
const patch = (id: number, payload: unknown, token = staffToken) =>
  t.app.inject({ method: "PATCH", url: `/api/user/users/${id}/`, headers: bearer(token), payload: payload as object });
const grant = (id: number, payload: unknown, token = staffToken) =>
  t.app.inject({ method: "POST", url: `/api/user/users/${id}/credits/`, headers: bearer(token), payload: payload as object });
const auditFor = async (id: number) =>
  (await t.db.query<{ actor_id: number; action: string; details: Record<string, unknown> }>(
    `SELECT actor_id, action, details FROM audit_log WHERE item_type = 'user' AND item_id = $1 ORDER BY id`, [id])).rows;

describe("GET /api/user/users/", () => {
  it("searches by name, e-mail and company, with status, credits, signup source and last sign-in", async () => {
    const k = tag();
    const a = await createUser(t.db, { email: `a-${k}@builders.in`, firstName: `Zoya${k}`, credits: 40 });
    await t.db.query(`UPDATE users SET last_name = 'Khan', company = $2, spent_credits = 15 WHERE id = $1`, [a.id, `Khan Infra ${k}`]);
    await login(t.app, a.email, a.password);
    const byName = (await get(`/api/user/users/?q=${encodeURIComponent(`zoya${k} khan`)}`)).json();
    expect(byName.count).toBe(1);
    expect(byName.results[0]).toMatchObject({
      id: a.id, email: a.email, first_name: `Zoya${k}`, last_name: "Khan", status: "active", is_active: true,
      total_credits: 40, spent_credits: 15, remaining_credits: 25, signup_source: "staff", is_staff: false,
    });
    expect(Date.parse(byName.results[0].last_login_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(byName.results[0].last_seen_at).not.toBeNull();
    expect((await get(`/api/user/users/?q=${k}%40builders`)).json().results.map((u: { id: number }) => u.id)).toEqual([a.id]);
    expect((await get(`/api/user/users/?q=${encodeURIComponent(`infra ${k}`)}`)).json().count).toBe(1);
    // LIKE wildcards in the search text are literal.
    expect((await get(`/api/user/users/?q=%25%25%25${k}`)).json().count).toBe(0);
    expect((await get(`/api/user/users/?q=${k}_`)).json().count).toBe(0);
  });

  it("filters by status: active, expired, signup, disabled", async () => {
    const k = tag();
    const mk = (endDate: string | null, active = true) => createUser(t.db, { email: `s-${k}-${tag()}@example.com`, endDate, active });
    const active = await mk(day(0));
    const expired = await mk(day(-1));
    const signup = await mk(null);
    const disabled = await mk(day(30), false);
    const ids = async (status: string) =>
      (await get(`/api/user/users/?q=s-${k}&status=${status}`)).json().results.map((u: { id: number }) => u.id);
    expect(await ids("active")).toEqual([active.id]);
    expect(await ids("expired")).toEqual([expired.id]);
    expect(await ids("signup")).toEqual([signup.id]);
    expect(await ids("disabled")).toEqual([disabled.id]);
    expect((await ids("")).sort()).toEqual([active.id, expired.id, signup.id, disabled.id].sort());
    const bad = await get(`/api/user/users/?status=gone`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(["status"]);
  });

  it("pages 25 at a time, newest first, and refuses a bad page", async () => {
    const k = tag();
    for (let i = 0; i < 27; i++) await t.db.query(`INSERT INTO users (email, created_at) VALUES ($1, now() + make_interval(secs => $2))`, [`pg-${k}-${i}@example.com`, i]);
    const p1 = (await get(`/api/user/users/?q=pg-${k}-`)).json();
    expect(p1).toMatchObject({ count: 27, page: 1, page_size: 25 });
    expect(p1.results).toHaveLength(25);
    expect(p1.results[0].email).toBe(`pg-${k}-26@example.com`);
    const p2 = (await get(`/api/user/users/?q=pg-${k}-&page=2`)).json();
    expect(p2.results.map((u: { email: string }) => u.email)).toEqual([`pg-${k}-1@example.com`, `pg-${k}-0@example.com`]);
    const bad = await get(`/api/user/users/?page=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ page: ["Ensure this value is greater than or equal to 1."] });
  });
});

describe("GET /api/user/users/{id}/", () => {
  it("answers one user with their credit ledger; 404 for an unknown id, 400 for a non-number", async () => {
    const u = await createUser(t.db, { credits: 0 });
    await grant(u.id, { amount: 5, note: "trial" });
    const res = await get(`/api/user/users/${u.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, total_credits: 5, credit_ledger: [{ delta: 5, kind: "grant", note: "trial", actor_id: staffId }] });
    const missing = await get(`/api/user/users/99999999/`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: "User not found." });
    expect((await get(`/api/user/users/abc/`)).statusCode).toBe(400);
  });
});

describe("PATCH /api/user/users/{id}/", () => {
  it("activates a recorded signup: the user is let in, and it is audited", async () => {
    const u = await createUser(t.db, { endDate: null });
    const res = await patch(u.id, { end_date: day(365) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ end_date: day(365), status: "active" });
    expect(await auditFor(u.id)).toEqual([{ actor_id: staffId, action: "subscription_activate", details: { end_date: [null, day(365)] } }]);
  });

  it("extends and ends a subscription", async () => {
    const u = await createUser(t.db, { endDate: day(10) });
    expect((await patch(u.id, { end_date: day(100) })).json().status).toBe("active");
    const ended = await patch(u.id, { end_date: day(-1) });
    expect(ended.json()).toMatchObject({ end_date: day(-1), status: "expired" });
    const userToken = await login(t.app, u.email, u.password);
    expect((await get("/api/user-info/", userToken)).json().end_date).toBe(day(-1));
    expect((await auditFor(u.id)).map((r) => r.action)).toEqual(["subscription_change", "subscription_change"]);
  });

  it("disabling signs the user out everywhere (reason 'disabled'), refuses sign-in, and enabling lets them back", async () => {
    const u = await createUser(t.db);
    const userToken = await login(t.app, u.email, u.password);
    const res = await patch(u.id, { is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_active: false, status: "disabled" });
    const after = await get("/api/user-info/", userToken);
    expect(after.statusCode).toBe(401);
    expect(after.json()).not.toEqual({ detail: LOGGED_IN_ELSEWHERE_MESSAGE });
    const reasons = (await t.db.query<{ revoked_reason: string }>(`SELECT revoked_reason FROM auth_tokens WHERE user_id = $1`, [u.id])).rows;
    expect(reasons).toEqual([{ revoked_reason: "disabled" }]);
    expect((await t.app.inject({ method: "POST", url: "/api/login/", payload: { username: u.email, password: u.password } })).statusCode).toBe(400);
    expect((await patch(u.id, { is_active: true })).json().status).toBe("active");
    expect(await login(t.app, u.email, u.password)).toBeTruthy();
    expect((await auditFor(u.id)).map((r) => r.action)).toEqual(["user_disable", "user_enable"]);
  });

  it("disabling a staff member ends the impersonations they started", async () => {
    const other = await createUser(t.db, { email: `other-${tag()}@infrascout.in` });
    const otherToken = await login(t.app, other.email, other.password);
    const target = await createUser(t.db);
    const imp = (await get(`/api/impersonate/${target.id}/`, otherToken)).json().token;
    expect((await get("/api/user-info/", imp)).statusCode).toBe(200);
    await patch(other.id, { is_active: false });
    expect((await get("/api/user-info/", imp)).statusCode).toBe(401);
  });

  it("validates: a real date, known fields, something to change, not disabling oneself, a known id", async () => {
    const u = await createUser(t.db, { endDate: day(5) });
    const badDate = await patch(u.id, { end_date: "2025-02-30" });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toEqual({ end_date: ["Enter a valid date (YYYY-MM-DD)."] });
    expect((await patch(u.id, { end_date: "next year" })).json()).toEqual({ end_date: ["Enter a valid date (YYYY-MM-DD)."] });
    expect((await patch(u.id, { email: "x@y.z" })).json()).toEqual({ email: ["Unknown field 'email'."] });
    expect((await patch(u.id, {})).statusCode).toBe(400);
    expect((await patch(u.id, { is_active: "maybe" })).statusCode).toBe(400);
    const self = await patch(staffId, { is_active: false });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ is_active: ["You cannot disable your own account."] });
    const unknown = await patch(99999999, { end_date: day(5) });
    expect(unknown.statusCode).toBe(404);
    expect((await get(`/api/user/users/${u.id}/`)).json().end_date).toBe(day(5));
    expect(await auditFor(u.id)).toEqual([]);
  });
});

describe("POST /api/user/users/{id}/credits/", () => {
  it("adds to the total and writes one ledger row with the staff member, in one go; audited", async () => {
    const u = await createUser(t.db, { credits: 10 });
    await t.db.query(`UPDATE users SET spent_credits = 4 WHERE id = $1`, [u.id]);
    const res = await grant(u.id, { amount: 50, note: "  renewal  " });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ total_credits: 60, remaining_credits: 56 });
    const ledger = (await t.db.query(`SELECT delta, kind, note, actor_id FROM credit_ledger WHERE user_id = $1`, [u.id])).rows;
    expect(ledger).toEqual([{ delta: 50, kind: "grant", note: "renewal", actor_id: staffId }]);
    const userToken = await login(t.app, u.email, u.password);
    expect((await get("/api/user-info/", userToken)).json()).toMatchObject({ total_credits: 60, remaining_credits: 56 });
    expect(await auditFor(u.id)).toEqual([{ actor_id: staffId, action: "credits_grant", details: { amount: 50, note: "renewal", team_id: null, total_credits: [10, 60] } }]);
  });

  it("refuses zero, negative, fractional and missing amounts, and unknown users — changing nothing", async () => {
    const u = await createUser(t.db, { credits: 10 });
    expect((await grant(u.id, { amount: 0 })).json()).toEqual({ amount: ["Ensure this value is greater than or equal to 1."] });
    expect((await grant(u.id, { amount: -5 })).statusCode).toBe(400);
    expect((await grant(u.id, { amount: 2.5 })).json()).toEqual({ amount: ["Must be a whole number."] });
    expect((await grant(u.id, {})).json()).toEqual({ amount: ["This field is required."] });
    expect((await grant(u.id, { amount: 10_000_000 })).statusCode).toBe(400);
    const unknown = await grant(99999999, { amount: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: "User not found." });
    expect((await get(`/api/user/users/${u.id}/`)).json()).toMatchObject({ total_credits: 10, credit_ledger: [] });
  });
});

describe("who may use the users admin", () => {
  it("refuses subscribers (403) and impersonated sessions (403), and anonymous callers (401)", async () => {
    const sub = await createUser(t.db);
    const subToken = await login(t.app, sub.email, sub.password);
    const imp = (await get(`/api/impersonate/${sub.id}/`)).json().token;
    const calls = (token?: string) => {
      const headers = token ? bearer(token) : {};
      return Promise.all([
        t.app.inject({ method: "GET", url: "/api/user/users/", headers }),
        t.app.inject({ method: "GET", url: `/api/user/users/${sub.id}/`, headers }),
        t.app.inject({ method: "PATCH", url: `/api/user/users/${sub.id}/`, headers, payload: { end_date: day(999) } }),
        t.app.inject({ method: "POST", url: `/api/user/users/${sub.id}/credits/`, headers, payload: { amount: 999 } }),
      ]);
    };
    for (const r of await calls(subToken)) {
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ detail: "You do not have permission to perform this action." });
    }
    for (const r of await calls(imp)) {
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ detail: NOT_WHILE_IMPERSONATING });
    }
    for (const r of await calls()) expect(r.statusCode).toBe(401);
    // Refused before validation: a bad body still answers 403, and nothing changed.
    expect((await t.app.inject({ method: "POST", url: `/api/user/users/${sub.id}/credits/`, headers: bearer(subToken), payload: { amount: -1 } })).statusCode).toBe(403);
    expect((await get(`/api/user/users/${sub.id}/`)).json()).toMatchObject({ total_credits: 10, credit_ledger: [] });
  });
});
