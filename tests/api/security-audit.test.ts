// Audit gaps (issue 13, point 10): every end of an impersonation recorded exactly once with its
// kind and length; refused impersonations with the reason; staff grants with old and new values;
// the staff-only audit-log API with its filters.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runJobsOnce } from "../../server/jobs/index.js";
import { AUDIT_ACTIONS } from "../../server/modules/audit/actions.js";
import { NOT_WHILE_IMPERSONATING } from "../../server/plugins/access.js";
import { bearer, createUser, login, startTestApp, type TestContext, type TestUser } from "./harness.js";

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ jobsIntervalSeconds: 0 });
});
afterAll(() => t.close());

let n = 0;
const staffEmail = () => `audit-staff${++n}-${Date.now().toString(36)}@infrascout.in`;
const get = (url: string, token?: string) => t.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });
const post = (url: string, token: string, payload?: object) => t.app.inject({ method: "POST", url, headers: bearer(token), payload });

async function staffSession(): Promise<{ staff: TestUser; token: string }> {
  const staff = await createUser(t.db, { email: staffEmail(), endDate: null });
  return { staff, token: await login(t.app, staff.email, staff.password) };
}
async function impersonate(staffToken: string, userId: number): Promise<string> {
  const res = await get(`/api/impersonate/${userId}/`, staffToken);
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

interface Row {
  actor_id: number | null;
  as_user_id: number | null;
  action: string;
  item_id: number | null;
  details: Record<string, unknown>;
  ip: string | null;
}
async function rows(action: string, userId: number): Promise<Row[]> {
  const r = await t.db.query<Row>(
    `SELECT actor_id::int, as_user_id::int, action, item_id::int, details, ip FROM audit_log
      WHERE action = $1 AND (actor_id = $2 OR as_user_id = $2 OR item_id = $2) ORDER BY id`,
    [action, userId],
  );
  return r.rows.map((x) => ({ ...x, details: typeof x.details === "string" ? JSON.parse(x.details) : x.details }));
}
const ends = (userId: number) => rows("impersonation_end", userId);
const kinds = async (userId: number) => (await ends(userId)).map((r) => r.details.kind);
/** Moves an impersonation's start (and its hours) back, as if it began `hours` ago. */
async function backdate(staffId: number, hours: number) {
  await t.db.query(
    `UPDATE auth_tokens SET created_at = created_at - make_interval(hours => $2), expires_at = expires_at - make_interval(hours => $2) WHERE impersonator_id = $1`,
    [staffId, hours],
  );
}

describe("every end of an impersonation is recorded once, with actor, as-user, kind and length", () => {
  it("cancel", async () => {
    const { staff, token } = await staffSession();
    const user = await createUser(t.db);
    const imp = await impersonate(token, user.id);
    await backdate(staff.id, 1); // it has lasted an hour
    expect((await get("/api/cancel-impersonate/", imp)).statusCode).toBe(200);
    expect(await kinds(user.id)).toEqual(["cancel"]);
    expect((await get("/api/user-info/", imp)).statusCode).toBe(401);
    await runJobsOnce(t.app);
    const r = await ends(user.id);
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ actor_id: staff.id, as_user_id: user.id, item_id: user.id, details: { kind: "cancel" } });
    expect(r[0].details.duration_seconds).toBeGreaterThanOrEqual(3600);
    expect(r[0].details.duration_seconds).toBeLessThan(3700);
  });

  it("replaced by a new impersonation", async () => {
    const { staff, token } = await staffSession();
    const first = await createUser(t.db);
    const second = await createUser(t.db);
    await impersonate(token, first.id);
    await impersonate(token, second.id);
    expect(await kinds(first.id)).toEqual(["replaced"]);
    await runJobsOnce(t.app);
    expect((await ends(first.id)).map((r) => [r.actor_id, r.as_user_id, r.details.kind])).toEqual([[staff.id, first.id, "replaced"]]);
    expect(await ends(second.id)).toEqual([]); // still running
  });

  it("replaced by the staff member's new sign-in (the old token's next call adds nothing)", async () => {
    const { staff, token } = await staffSession();
    const user = await createUser(t.db);
    const imp = await impersonate(token, user.id);
    await login(t.app, staff.email, staff.password);
    expect(await kinds(user.id)).toEqual(["replaced"]); // recorded by the sign-in itself
    expect((await get("/api/user-info/", imp)).statusCode).toBe(401);
    await runJobsOnce(t.app);
    expect(await kinds(user.id)).toEqual(["replaced"]);
  });

  it("expiry, noticed when the token is next used", async () => {
    const { staff, token } = await staffSession();
    const user = await createUser(t.db);
    const imp = await impersonate(token, user.id);
    await backdate(staff.id, 9); // IMPERSONATION_HOURS is 8
    expect(await ends(user.id)).toEqual([]);
    expect((await get("/api/user-info/", imp)).statusCode).toBe(401);
    expect(await kinds(user.id)).toEqual(["expired"]); // recorded by that call, before any sweep
    expect((await get("/api/user-info/", imp)).statusCode).toBe(401);
    await runJobsOnce(t.app);
    const r = await ends(user.id);
    expect(r.map((x) => [x.actor_id, x.as_user_id, x.details.kind, x.details.duration_seconds])).toEqual([[staff.id, user.id, "expired", 8 * 3600]]);
  });

  it("expiry nobody touches, swept by the job runner once", async () => {
    const { staff, token } = await staffSession();
    const user = await createUser(t.db);
    const imp = await impersonate(token, user.id);
    await backdate(staff.id, 10);
    await runJobsOnce(t.app);
    expect(await kinds(user.id)).toEqual(["expired"]); // recorded by the sweep
    await runJobsOnce(t.app);
    await get("/api/user-info/", imp);
    await post("/api/logout/", token); // its staff session ends later: the end was the hours
    expect((await ends(user.id)).map((x) => [x.details.kind, x.details.duration_seconds])).toEqual([["expired", 8 * 3600]]);
  });

  it("an expiry seen by many requests and the sweep at once is still recorded once", async () => {
    const { staff, token } = await staffSession();
    const user = await createUser(t.db);
    const imp = await impersonate(token, user.id);
    await backdate(staff.id, 9);
    const answers = await Promise.all([...Array.from({ length: 6 }, () => get("/api/user-info/", imp)), runJobsOnce(t.app)]);
    expect(answers.slice(0, 6).map((r) => (r as { statusCode: number }).statusCode)).toEqual(Array(6).fill(401));
    expect(await kinds(user.id)).toEqual(["expired"]);
  });

  it("logout by the staff member", async () => {
    const { staff, token } = await staffSession();
    const user = await createUser(t.db);
    const imp = await impersonate(token, user.id);
    expect((await post("/api/logout/", token)).statusCode).toBe(204);
    expect(await kinds(user.id)).toEqual(["logout"]);
    await get("/api/user-info/", imp);
    await runJobsOnce(t.app);
    expect((await ends(user.id)).map((x) => [x.actor_id, x.details.kind, x.ip])).toEqual([[staff.id, "logout", "127.0.0.1"]]);
  });

  it("logout by the impersonated session", async () => {
    const { staff, token } = await staffSession();
    const user = await createUser(t.db);
    const imp = await impersonate(token, user.id);
    expect((await post("/api/logout/", imp)).statusCode).toBe(204);
    expect(await kinds(user.id)).toEqual(["logout"]);
    await post("/api/logout/", token);
    await runJobsOnce(t.app);
    expect((await ends(user.id)).map((x) => [x.actor_id, x.as_user_id, x.details.kind, x.ip])).toEqual([[staff.id, user.id, "logout", "127.0.0.1"]]);
  });
});

describe("other ends are recorded too", () => {
  it("disabling the impersonated user ends the impersonation as 'disabled', once", async () => {
    const { staff, token } = await staffSession();
    const user = await createUser(t.db);
    await impersonate(token, user.id);
    const res = await t.app.inject({ method: "PATCH", url: `/api/user/users/${user.id}/`, headers: bearer(token), payload: { is_active: false } });
    expect(res.statusCode).toBe(200);
    await runJobsOnce(t.app);
    expect((await ends(user.id)).map((x) => [x.actor_id, x.details.kind])).toEqual([[staff.id, "disabled"]]);
  });
});

describe("refused impersonations are recorded with the reason", () => {
  it("staff, self, inactive, not found, and callers without the power", async () => {
    const { staff, token } = await staffSession();
    const other = await createUser(t.db, { email: staffEmail() });
    const inactive = await createUser(t.db, { active: false });
    const subscriber = await createUser(t.db);
    const subscriberToken = await login(t.app, subscriber.email, subscriber.password);
    const target = await createUser(t.db);
    expect((await get(`/api/impersonate/${other.id}/`, token)).statusCode).toBe(403);
    expect((await get(`/api/impersonate/${staff.id}/`, token)).statusCode).toBe(400);
    expect((await get(`/api/impersonate/${inactive.id}/`, token)).statusCode).toBe(400);
    expect((await get(`/api/impersonate/99999999/`, token)).statusCode).toBe(404);
    expect((await get(`/api/impersonate/${target.id}/`, subscriberToken)).statusCode).toBe(403);
    const imp = await impersonate(token, target.id);
    expect((await get(`/api/impersonate/${subscriber.id}/`, imp)).statusCode).toBe(403);

    const refused = (await rows("impersonation_refused", staff.id)).map((r) => [r.actor_id, r.as_user_id, r.item_id, r.details.reason]);
    expect(refused).toEqual([
      [staff.id, other.id, other.id, "staff"],
      [staff.id, staff.id, staff.id, "self"],
      [staff.id, inactive.id, inactive.id, "inactive"],
      [staff.id, null, 99999999, "not_found"],
      [staff.id, null, subscriber.id, "not_allowed"], // from the impersonated session: the staff member acted
    ]);
    expect((await rows("impersonation_refused", subscriber.id)).map((r) => [r.actor_id, r.item_id, r.details.reason])).toEqual([
      [subscriber.id, target.id, "not_allowed"],
      [staff.id, subscriber.id, "not_allowed"],
    ]);
  });
});

describe("staff changes to a user are recorded with old and new values", () => {
  it("credit grants and subscription changes", async () => {
    const { staff, token } = await staffSession();
    const user = await createUser(t.db, { credits: 10, endDate: "2030-01-31" });
    expect((await post(`/api/user/users/${user.id}/credits/`, token, { amount: 25, note: "Trial top-up" })).statusCode).toBe(201);
    const patch = await t.app.inject({ method: "PATCH", url: `/api/user/users/${user.id}/`, headers: bearer(token), payload: { end_date: "2030-06-30" } });
    expect(patch.statusCode).toBe(200);
    expect((await rows("credits_grant", user.id)).map((r) => [r.actor_id, r.item_id, r.details])).toEqual([
      [staff.id, user.id, { amount: 25, note: "Trial top-up", team_id: null, total_credits: [10, 35] }],
    ]);
    expect((await rows("subscription_change", user.id)).map((r) => r.details)).toEqual([{ end_date: ["2030-01-31", "2030-06-30"] }]);
  });
});

describe("GET /api/audit-log/", () => {
  it("is staff only: 401 without a token, 403 for a subscriber and while impersonating", async () => {
    const { token } = await staffSession();
    const user = await createUser(t.db);
    const own = await login(t.app, user.email, user.password);
    const imp = await impersonate(token, user.id);
    expect((await get("/api/audit-log/")).statusCode).toBe(401);
    expect((await get("/api/audit-log/", own)).statusCode).toBe(403);
    const res = await get("/api/audit-log/", imp);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: NOT_WHILE_IMPERSONATING });
    expect((await get("/api/audit-log/", token)).statusCode).toBe(200);
  });

  it("lists newest first with names, and filters by user (actor or as-user), kind and time", async () => {
    const { staff, token } = await staffSession();
    const user = await createUser(t.db, { firstName: "Asha" });
    const imp = await impersonate(token, user.id);
    await get("/api/cancel-impersonate/", imp);
    await post(`/api/user/users/${user.id}/credits/`, token, { amount: 5 });

    const all = (await get(`/api/audit-log/?filter=user:${user.id}`, token)).json();
    expect(all.count).toBe(3);
    expect(all.actions).toEqual([...AUDIT_ACTIONS]);
    expect(all.results.map((r: { action: string }) => r.action)).toEqual(["credits_grant", "impersonation_end", "impersonation_start"]);
    expect(all.results[1]).toMatchObject({
      actor: { id: staff.id, email: staff.email },
      as_user: { id: user.id, email: user.email, name: "Asha" },
      item_type: "user",
      item_id: user.id,
      details: { kind: "cancel" },
    });
    expect(all.results[1].ip).toBeTruthy();

    // The staff member's own rows include their sign-in; by kind only the end.
    const byKind = (await get(`/api/audit-log/?filter=user:${staff.id}&filter=action:impersonation_end`, token)).json();
    expect(byKind.results.map((r: { action: string; as_user: { id: number } }) => [r.action, r.as_user.id])).toEqual([["impersonation_end", user.id]]);
    const everyone = (await get(`/api/audit-log/?filter=action:impersonation_end`, token)).json();
    expect(everyone.count).toBeGreaterThan(1);
    expect(new Set(everyone.results.map((r: { action: string }) => r.action))).toEqual(new Set(["impersonation_end"]));

    const future = encodeURIComponent("created_at:[2999-01-01T00:00:00.000Z TO *]");
    expect((await get(`/api/audit-log/?filter=user:${user.id}&filter=${future}`, token)).json().count).toBe(0);
    const past = encodeURIComponent("created_at:[2000-01-01T00:00:00.000Z TO *]");
    expect((await get(`/api/audit-log/?filter=user:${user.id}&filter=${past}`, token)).json().count).toBe(3);
  });

  it("answers 400 for an unknown kind, an unknown filter, a bad user id or date", async () => {
    const { token } = await staffSession();
    const unknown = await get("/api/audit-log/?filter=action:drop_tables", token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ filter: ["Unknown kind 'drop_tables'."] });
    for (const f of ["ip:1.2.3.4", "user:abc", "created_at:[yesterday TO *]"]) {
      expect((await get(`/api/audit-log/?filter=${encodeURIComponent(f)}`, token)).statusCode).toBe(400);
    }
  });
});

describe("the kinds allow-list", () => {
  it("names every kind the server writes", () => {
    const written = new Set<string>();
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith(".ts")) {
          const src = fs.readFileSync(p, "utf8");
          for (const m of src.matchAll(/(?:\baction: |auditAs\(request, |auditAction: |\baudit: )"([a-z_.]+)"/g)) written.add(m[1]);
        }
      }
    };
    walk(path.resolve("server"));
    expect(written.size).toBeGreaterThan(10);
    expect([...written].filter((k) => !(AUDIT_ACTIONS as readonly string[]).includes(k))).toEqual([]);
  });
});
