// Role × endpoint: the status every kind of caller gets from every endpoint, each cell with a
// fresh session so no call depends on another. Add a row when an endpoint is added.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canUseResource, defineAbilityFor } from "../../common/ability.js";
import { SIGNUP_RECORDED, SUBSCRIPTION_EXPIRED } from "../../server/plugins/authenticate.js";
import { NOT_WHILE_IMPERSONATING } from "../../server/plugins/access.js";
import { issueSignInToken } from "../../server/modules/auth/tokens.js";
import { bearer, proveStaff, startTestApp, type TestContext } from "./harness.js";

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({}, {
    // Stand-ins for the lead and project routes still to come, guarded exactly as they will be.
    beforeReady: (app) =>
      app.register(
        async (api) => {
          api.get("/probe/leads/", { config: { access: "user", can: ["read", "Lead"] } }, async () => ({ ok: true }));
          api.post("/probe/projects/", { config: { access: "user", can: ["manage", "Project"] } }, async () => ({ ok: true }));
        },
        { prefix: "/api" },
      ),
  });
});
afterAll(() => t.close());

const ROLES = ["anonymous", "subscriber", "expired", "signup", "staff", "impersonated", "disabled"] as const;
type Role = (typeof ROLES)[number];

const day = (offset: number) => new Date(Date.now() + offset * 864e5).toISOString().slice(0, 10);
let seq = 0;
async function insertUser(opts: { staff?: boolean; endDate?: string | null; statuses?: string[] } = {}): Promise<number> {
  seq += 1;
  const email = `r${seq}-${Math.random().toString(36).slice(2, 8)}@${opts.staff ? "infrascout.in" : "example.com"}`;
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO users (email, first_name, preferred_proj_status, end_date, total_credits) VALUES ($1, 'R', $2, $3, 10) RETURNING id`,
    [email, opts.statuses ?? ["Planning"], opts.endDate === undefined ? day(30) : opts.endDate],
  );
  if (opts.staff) await proveStaff(t.db, rows[0].id);
  return rows[0].id;
}

/** A fresh session of the role: its token (none for anonymous). */
async function session(role: Role): Promise<string | undefined> {
  switch (role) {
    case "anonymous":
      return undefined;
    case "subscriber":
      return issueSignInToken(t.db, await insertUser());
    case "expired":
      return issueSignInToken(t.db, await insertUser({ endDate: day(-1) }));
    case "signup":
      return issueSignInToken(t.db, await insertUser({ endDate: null, statuses: [] }));
    case "staff":
      return issueSignInToken(t.db, await insertUser({ staff: true, endDate: null }));
    case "impersonated": {
      // Staff acting as an expired user who never onboarded: gating is skipped, staff powers are not carried.
      const staffToken = await issueSignInToken(t.db, await insertUser({ staff: true }));
      const target = await insertUser({ endDate: day(-5), statuses: [] });
      const res = await t.app.inject({ method: "GET", url: `/api/impersonate/${target}/`, headers: bearer(staffToken) });
      return res.json().token;
    }
    case "disabled": {
      const id = await insertUser();
      const token = await issueSignInToken(t.db, id);
      await t.db.query(`UPDATE users SET is_active = false WHERE id = $1`, [id]);
      return token;
    }
  }
}

type Expect = Record<Role, number>;
interface Row {
  name: string;
  method: "GET" | "POST" | "PATCH";
  /** The URL, given a fresh subscriber's id to act on. */
  url: (target: number) => string;
  body?: unknown;
  expect: Expect;
}

const everyoneSignedIn = (ok: number): Expect => ({ anonymous: 401, subscriber: ok, expired: ok, signup: ok, staff: ok, impersonated: ok, disabled: 401 });
const staffOnly = (ok: number): Expect => ({ anonymous: 401, subscriber: 403, expired: 403, signup: 403, staff: ok, impersonated: 403, disabled: 401 });
const everyone = (status: number): Expect => ({ anonymous: status, subscriber: status, expired: status, signup: status, staff: status, impersonated: status, disabled: status === 200 ? 401 : status });

const MATRIX: Row[] = [
  { name: "health", method: "GET", url: () => "/api/health/", expect: { ...everyone(200), disabled: 401 } },
  { name: "health (liveness)", method: "GET", url: () => "/api/health", expect: { ...everyone(200), disabled: 401 } },
  { name: "auth-config", method: "GET", url: () => "/api/auth-config/", expect: { ...everyone(200), disabled: 401 } },
  { name: "google-auth (not configured)", method: "POST", url: () => "/api/google-auth/", body: { credential: "x" }, expect: { ...everyone(404), disabled: 401 } },
  { name: "ms-auth (not configured)", method: "POST", url: () => "/api/ms-auth/", body: { id_token: "x" }, expect: { ...everyone(404), disabled: 401 } },
  { name: "user/me", method: "GET", url: () => "/api/user/me/", expect: everyoneSignedIn(200) },
  { name: "user-info", method: "GET", url: () => "/api/user-info/", expect: everyoneSignedIn(200) },
  { name: "user-preferences", method: "GET", url: () => "/api/user-preferences/", expect: everyoneSignedIn(200) },
  { name: "user-info PATCH", method: "PATCH", url: () => "/api/user-info/", body: { company: "Acme" }, expect: everyoneSignedIn(200) },
  { name: "logout", method: "POST", url: () => "/api/logout/", expect: everyoneSignedIn(204) },
  { name: "leads (read Lead)", method: "GET", url: () => "/api/probe/leads/", expect: { anonymous: 401, subscriber: 200, expired: 403, signup: 403, staff: 200, impersonated: 200, disabled: 401 } },
  { name: "projects (manage Project)", method: "POST", url: () => "/api/probe/projects/", expect: staffOnly(200) },
  { name: "impersonate", method: "GET", url: (id) => `/api/impersonate/${id}/`, expect: staffOnly(200) },
  { name: "cancel-impersonate", method: "GET", url: () => "/api/cancel-impersonate/", expect: { anonymous: 401, subscriber: 400, expired: 400, signup: 400, staff: 400, impersonated: 200, disabled: 401 } },
  { name: "users list", method: "GET", url: () => "/api/user/users/", expect: staffOnly(200) },
  { name: "user detail", method: "GET", url: (id) => `/api/user/users/${id}/`, expect: staffOnly(200) },
  { name: "user PATCH", method: "PATCH", url: (id) => `/api/user/users/${id}/`, body: { end_date: day(200) }, expect: staffOnly(200) },
  { name: "grant credits", method: "POST", url: (id) => `/api/user/users/${id}/credits/`, body: { amount: 1 }, expect: staffOnly(201) },
];

describe("role × endpoint", () => {
  for (const row of MATRIX) {
    it(`${row.method} ${row.name}`, async () => {
      const got = {} as Expect;
      for (const role of ROLES) {
        const token = await session(role);
        const target = await insertUser();
        const res = await t.app.inject({
          method: row.method,
          url: row.url(target),
          headers: token ? bearer(token) : {},
          ...(row.body !== undefined ? { payload: row.body as object } : {}),
        });
        got[role] = res.statusCode;
      }
      expect(got).toEqual(row.expect);
    });
  }
});

describe("the reasons given", () => {
  it("a refused subscriber route tells the expired and the recorded signup why", async () => {
    const expired = await t.app.inject({ method: "GET", url: "/api/probe/leads/", headers: bearer((await session("expired"))!) });
    expect(expired.json()).toEqual({ detail: SUBSCRIPTION_EXPIRED });
    const signup = await t.app.inject({ method: "GET", url: "/api/probe/leads/", headers: bearer((await session("signup"))!) });
    expect(signup.json()).toEqual({ detail: SIGNUP_RECORDED });
  });

  it("a staff route tells an expired subscriber only that it is not allowed, and an impersonated session why", async () => {
    const expired = await t.app.inject({ method: "GET", url: "/api/user/users/", headers: bearer((await session("expired"))!) });
    expect(expired.json()).toEqual({ detail: "You do not have permission to perform this action." });
    const imp = await t.app.inject({ method: "GET", url: "/api/user/users/", headers: bearer((await session("impersonated"))!) });
    expect(imp.json()).toEqual({ detail: NOT_WHILE_IMPERSONATING });
  });
});

describe("the shared rules (common/ability.ts), as the web app will use them", () => {
  const today = "2025-06-15";
  const rules = (u: Parameters<typeof defineAbilityFor>[0]) => defineAbilityFor(u, { today });
  it("staff is the whole domain, not a look-alike", () => {
    expect(rules({ id: 1, email: "a@infrascout.in", end_date: null }).can("manage", "Project")).toBe(true);
    expect(rules({ id: 1, email: "a@notinfrascout.in", end_date: "2030-01-01" }).can("manage", "Project")).toBe(false);
    expect(rules({ id: 1, email: "a@infrascout.in.evil.com", end_date: "2030-01-01" }).can("manage", "Project")).toBe(false);
    expect(rules({ id: 1, email: "x@research.example", end_date: null }).can("manage", "User")).toBe(false);
    expect(defineAbilityFor({ id: 1, email: "x@research.example", end_date: null }, { staffDomains: ["research.example"] }).can("manage", "User")).toBe(true);
  });
  it("a subscription ending today is current; yesterday's is not", () => {
    expect(rules({ id: 1, end_date: today }).can("read", "Lead")).toBe(true);
    expect(rules({ id: 1, end_date: "2025-06-14" }).can("read", "Lead")).toBe(false);
    expect(rules({ id: 1, end_date: "2025-06-14" }).can("update", "Profile")).toBe(true);
  });
  it("nobody signed in, or disabled, may do anything", () => {
    expect(rules(null).can("read", "Lead")).toBe(false);
    expect(rules({ id: 1, end_date: "2030-01-01", is_active: false }).can("read", "Profile")).toBe(false);
  });
  it("an impersonated session of a staff account carries no staff powers", () => {
    const a = rules({ id: 1, email: "a@infrascout.in", end_date: null, is_impersonated: true });
    expect(a.can("manage", "User")).toBe(false);
    expect(a.can("impersonate", "User")).toBe(false);
    expect(a.can("read", "Lead")).toBe(true);
    expect(a.can("cancel", "Impersonation")).toBe(true);
  });
  it("an impersonated session cannot change the user's password; the user can", () => {
    expect(rules({ id: 1, end_date: "2030-01-01" }).can("update", "Password")).toBe(true);
    expect(rules({ id: 1, end_date: "2030-01-01", is_impersonated: true }).can("update", "Password")).toBe(false);
  });
  it("maps the web app's resources: Update Projects and users admin for staff only, the product for subscribers", () => {
    const sub = rules({ id: 1, email: "s@example.com", end_date: "2030-01-01" });
    const staff = rules({ id: 2, email: "s@infrascout.in", end_date: null });
    const expired = rules({ id: 3, email: "e@example.com", end_date: "2020-01-01" });
    const imp = rules({ id: 4, email: "i@example.com", end_date: null, is_impersonated: true });
    expect(canUseResource(sub, "construction-leads", "list")).toBe(true);
    expect(canUseResource(sub, "update-projects", "list")).toBe(false);
    expect(canUseResource(sub, "users", "list")).toBe(false);
    expect(canUseResource(staff, "update-projects", "edit")).toBe(true);
    expect(canUseResource(staff, "impersonate", "show")).toBe(true);
    expect(canUseResource(imp, "tenders", "show")).toBe(true);
    expect(canUseResource(imp, "impersonate", "show")).toBe(false);
    expect(canUseResource(expired, "tenders", "list")).toBe(false);
    expect(canUseResource(expired, "profile", "list")).toBe(true);
    expect(canUseResource(sub, "home", "list")).toBe(true);
  });
});
