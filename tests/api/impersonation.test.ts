// Staff impersonation: start, what the session may do, cancel, how it ends, and the audit log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPERSONATION_OVER } from "../../server/plugins/authenticate.js";
import { CONFIRM_SPEND, NOT_WHILE_IMPERSONATING, assertCanSpendCredits } from "../../server/plugins/access.js";
import { MESSAGES } from "../../server/modules/impersonation/routes.js";
import { bearer, createUser, login, startTestApp, type TestContext, type TestUser } from "./harness.js";
import { linkContact, makeContact, makeProject } from "./lead-fixture.js";

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({}, {
    // A route that spends credits, as the unlock routes will: it must ask for the confirmation.
    beforeReady: (app) =>
      app.register(
        async (api) => {
          api.post("/probe/spend/", async (request) => {
            assertCanSpendCredits(request);
            return { spent: true };
          });
        },
        { prefix: "/api" },
      ),
  });
});
afterAll(() => t.close());

let n = 0;
const staffEmail = () => `staff${++n}-${Date.now().toString(36)}@infrascout.in`;
const get = (url: string, token?: string) => t.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });

async function staffSession(): Promise<{ staff: TestUser; token: string }> {
  const staff = await createUser(t.db, { email: staffEmail(), endDate: null });
  return { staff, token: await login(t.app, staff.email, staff.password) };
}
async function impersonate(staffToken: string, userId: number) {
  return get(`/api/impersonate/${userId}/`, staffToken);
}
async function auditRows(asUserId: number) {
  return (
    await t.db.query<{ actor_id: number; as_user_id: number; action: string; item_id: number | null; details: Record<string, unknown> }>(
      `SELECT actor_id, as_user_id, action, item_id, details FROM audit_log WHERE as_user_id = $1 ORDER BY id`,
      [asUserId],
    )
  ).rows;
}

describe("GET /api/impersonate/{id}/", () => {
  it("gives staff a token for the user, marked impersonated, with the user's info — and logs the start with both ids", async () => {
    const { staff, token } = await staffSession();
    const user = await createUser(t.db, { firstName: "Meera", endDate: null, statuses: [] });
    const res = await impersonate(token, user.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email, first_name: "Meera", is_impersonated: true, is_staff: false });
    expect(body.token).not.toBe(token);
    const info = await get("/api/user-info/", body.token);
    expect(info.json()).toMatchObject({ id: user.id, is_impersonated: true });
    // The staff member's own session goes on.
    expect((await get("/api/user-info/", token)).json()).toMatchObject({ id: staff.id, is_impersonated: false, is_staff: true });
    const row = (await t.db.query<{ impersonator_id: number; parent_token_id: number; user_id: number }>(
      `SELECT user_id, impersonator_id, parent_token_id FROM auth_tokens WHERE impersonator_id = $1`, [staff.id])).rows;
    const staffTokenId = (await t.db.query<{ id: number }>(`SELECT id FROM auth_tokens WHERE user_id = $1 AND revoked_at IS NULL`, [staff.id])).rows[0].id;
    expect(row).toEqual([{ user_id: user.id, impersonator_id: staff.id, parent_token_id: staffTokenId }]);
    expect(await auditRows(user.id)).toEqual([{ actor_id: staff.id, as_user_id: user.id, action: "impersonation_start", item_id: user.id, details: {} }]);
  });

  it("does not sign the user out of their own session, nor the other way round", async () => {
    const { token } = await staffSession();
    const user = await createUser(t.db);
    const own = await login(t.app, user.email, user.password);
    const imp = (await impersonate(token, user.id)).json().token;
    expect((await get("/api/user-info/", own)).statusCode).toBe(200);
    await login(t.app, user.email, user.password); // the user signs in again elsewhere
    expect((await get("/api/user-info/", imp)).statusCode).toBe(200);
  });

  it("refuses non-staff (403), unknown ids (404), oneself (400), other staff (403) and a disabled user (400)", async () => {
    const { staff, token } = await staffSession();
    const user = await createUser(t.db);
    const userToken = await login(t.app, user.email, user.password);
    const other = await createUser(t.db);
    const bySubscriber = await impersonate(userToken, other.id);
    expect(bySubscriber.statusCode).toBe(403);

    const unknown = await impersonate(token, 987654321);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: MESSAGES.notFound });

    const self = await impersonate(token, staff.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ detail: MESSAGES.self });

    const colleague = await createUser(t.db, { email: staffEmail() });
    const staffTarget = await impersonate(token, colleague.id);
    expect(staffTarget.statusCode).toBe(403);
    expect(staffTarget.json()).toEqual({ detail: MESSAGES.staff });

    const disabled = await createUser(t.db, { active: false });
    const d = await impersonate(token, disabled.id);
    expect(d.statusCode).toBe(400);
    expect(d.json()).toEqual({ detail: MESSAGES.disabled });

    expect((await get("/api/impersonate/abc/", token)).statusCode).toBe(400);
    expect((await get(`/api/impersonate/${other.id}/`)).statusCode).toBe(401);
    expect((await t.db.query(`SELECT 1 FROM auth_tokens WHERE impersonator_id = $1`, [staff.id])).rows).toHaveLength(0);
  });

  it("cannot impersonate further from an impersonated session", async () => {
    const { token } = await staffSession();
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const imp = (await impersonate(token, a.id)).json().token;
    const res = await impersonate(imp, b.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: NOT_WHILE_IMPERSONATING });
  });

  it("lets the impersonated session past onboarding and subscription checks, but never into staff areas", async () => {
    const { token } = await staffSession();
    const expired = await createUser(t.db, { endDate: "2020-01-01", statuses: [] });
    const imp = (await impersonate(token, expired.id)).json().token;
    expect((await get("/api/user-preferences/", imp)).statusCode).toBe(200);
    const admin = await get("/api/user/users/", imp);
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ detail: NOT_WHILE_IMPERSONATING });
  });

  it("starting another impersonation ends the previous one", async () => {
    const { token } = await staffSession();
    const first = (await impersonate(token, (await createUser(t.db)).id)).json().token;
    const second = (await impersonate(token, (await createUser(t.db)).id)).json().token;
    expect((await get("/api/user-info/", first)).statusCode).toBe(401);
    expect((await get("/api/user-info/", second)).statusCode).toBe(200);
  });
});

describe("GET /api/cancel-impersonate/", () => {
  it("revokes the impersonation token, logs the end with both ids, and leaves the staff token working", async () => {
    const { staff, token } = await staffSession();
    const user = await createUser(t.db);
    const imp = (await impersonate(token, user.id)).json().token;
    const res = await get("/api/cancel-impersonate/", imp);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: MESSAGES.ended });
    // The answer carries no credential: an impersonation token never buys a staff token.
    expect(JSON.stringify(res.json())).not.toMatch(/token/i);
    expect((await get("/api/user-info/", imp)).statusCode).toBe(401);
    expect((await get("/api/user-info/", token)).json()).toMatchObject({ id: staff.id, is_impersonated: false });
    const { rows } = await t.db.query<{ revoked_reason: string }>(`SELECT revoked_reason FROM auth_tokens WHERE impersonator_id = $1`, [staff.id]);
    expect(rows).toEqual([{ revoked_reason: "impersonation_ended" }]);
    expect((await auditRows(user.id)).map((r) => [r.action, r.actor_id, r.as_user_id])).toEqual([
      ["impersonation_start", staff.id, user.id],
      ["impersonation_end", staff.id, user.id],
    ]);
  });

  it("answers 400 from a session that is not impersonating, and 401 without a token", async () => {
    const { token } = await staffSession();
    const res = await get("/api/cancel-impersonate/", token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MESSAGES.notImpersonating });
    expect((await get("/api/cancel-impersonate/")).statusCode).toBe(401);
  });
});

describe("an impersonation ends with its staff session", () => {
  it("when the staff member logs out", async () => {
    const { token } = await staffSession();
    const imp = (await impersonate(token, (await createUser(t.db)).id)).json().token;
    await t.app.inject({ method: "POST", url: "/api/logout/", headers: bearer(token) });
    const res = await get("/api/user-info/", imp);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: IMPERSONATION_OVER });
  });

  it("when the staff member signs in elsewhere", async () => {
    const { staff, token } = await staffSession();
    const imp = (await impersonate(token, (await createUser(t.db)).id)).json().token;
    await login(t.app, staff.email, staff.password);
    expect((await get("/api/user-info/", imp)).statusCode).toBe(401);
  });

  it("after IMPERSONATION_HOURS", async () => {
    const { staff, token } = await staffSession();
    const imp = (await impersonate(token, (await createUser(t.db)).id)).json().token;
    expect((await get("/api/user-info/", imp)).statusCode).toBe(200);
    await t.db.query(`UPDATE auth_tokens SET created_at = now() - interval '9 hours' WHERE impersonator_id = $1`, [staff.id]);
    expect((await get("/api/user-info/", imp)).statusCode).toBe(401);
  });
});

describe("writes while impersonating", () => {
  it("a profile PATCH is made on the user's account and logged with the staff member as actor", async () => {
    const { staff, token } = await staffSession();
    const user = await createUser(t.db, { firstName: "Old" });
    const imp = (await impersonate(token, user.id)).json().token;
    const res = await t.app.inject({ method: "PATCH", url: "/api/user-info/", headers: bearer(imp), payload: { first_name: "New", company: "Acme" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, first_name: "New", is_impersonated: true });
    const rows = await auditRows(user.id);
    expect(rows.map((r) => r.action)).toEqual(["impersonation_start", "PATCH /api/user-info/"]);
    expect(rows[1]).toMatchObject({ actor_id: staff.id, as_user_id: user.id, details: { method: "PATCH", fields: ["first_name", "company"], status: 200 } });
  });

  it("the user's own writes are not logged as impersonated, and refused writes are not logged", async () => {
    const { token } = await staffSession();
    const user = await createUser(t.db);
    const own = await login(t.app, user.email, user.password);
    await t.app.inject({ method: "PATCH", url: "/api/user-info/", headers: bearer(own), payload: { company: "Mine" } });
    const imp = (await impersonate(token, user.id)).json().token;
    const bad = await t.app.inject({ method: "PATCH", url: "/api/user-info/", headers: bearer(imp), payload: { first_name: "" } });
    expect(bad.statusCode).toBe(400);
    expect((await auditRows(user.id)).map((r) => r.action)).toEqual(["login", "impersonation_start"]);
  });

  it("spending the user's credits needs an explicit confirmation while impersonating", async () => {
    const { token } = await staffSession();
    const user = await createUser(t.db);
    const own = await login(t.app, user.email, user.password);
    const spend = (tok: string, payload: object = {}, query = "") =>
      t.app.inject({ method: "POST", url: `/api/probe/spend/${query}`, headers: bearer(tok), payload });
    expect((await spend(own)).statusCode).toBe(200); // the user themselves: no confirmation needed
    const imp = (await impersonate(token, user.id)).json().token;
    const refused = await spend(imp);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: CONFIRM_SPEND });
    expect((await spend(imp, { impersonation_confirmed: false })).statusCode).toBe(403);
    expect((await spend(imp, { impersonation_confirmed: true })).statusCode).toBe(200);
    expect((await spend(imp, {}, "?impersonation_confirmed=true")).statusCode).toBe(200);
  });
});

describe("unlocking a contact while impersonating (POST /api/user-unlock-contact/)", () => {
  it("is refused without the confirmation and spends nothing; with it, spends the user's credit once and logs both users", async () => {
    const { staff, token } = await staffSession();
    const user = await createUser(t.db, { credits: 5 });
    const project = await makeProject(t.db);
    const contact = await makeContact(t.db, { phone: "+919812345612" });
    await linkContact(t.db, project, contact.id);
    const imp = (await impersonate(token, user.id)).json().token;
    const unlock = (payload: object) => t.app.inject({ method: "POST", url: "/api/user-unlock-contact/", headers: bearer(imp), payload });
    const spent = async () => (await t.db.query<{ spent_credits: number }>(`SELECT spent_credits FROM users WHERE id = $1`, [user.id])).rows[0].spent_credits;

    for (const payload of [{ contact_id: contact.id }, { contact_id: contact.id, impersonation_confirmed: false }]) {
      const refused = await unlock(payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: CONFIRM_SPEND });
    }
    expect(await spent()).toBe(0);
    expect((await t.db.query(`SELECT 1 FROM unlocks WHERE user_id = $1`, [user.id])).rows).toHaveLength(0);

    const ok = await unlock({ contact_id: contact.id, impersonation_confirmed: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ charged: 1, remaining_credits: 4, already_unlocked: false, contact: { phone: "+919812345612", is_unlocked: true } });
    expect(await spent()).toBe(1);
    const again = await unlock({ contact_id: contact.id, impersonation_confirmed: true });
    expect(again.json()).toMatchObject({ charged: 0, already_unlocked: true });
    expect(await spent()).toBe(1);
    const logged = (await auditRows(user.id)).filter((r) => r.action === "unlock_contact");
    expect(logged.length).toBeGreaterThanOrEqual(1);
    expect(logged.every((r) => r.actor_id === staff.id && r.as_user_id === user.id)).toBe(true);
  });

  it("the user's own session unlocks without a confirmation", async () => {
    const user = await createUser(t.db, { credits: 2 });
    const own = await login(t.app, user.email, user.password);
    const contact = await makeContact(t.db);
    const res = await t.app.inject({ method: "POST", url: "/api/user-unlock-contact/", headers: bearer(own), payload: { contact_id: contact.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ charged: 1, remaining_credits: 1 });
  });
});
