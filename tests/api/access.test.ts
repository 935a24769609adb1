// Access levels enforced by the server for every route: public, user, subscriber (default), staff.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNUP_RECORDED, SUBSCRIPTION_EXPIRED } from "../../server/plugins/authenticate.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({}, {
    // Probe routes with each access level, registered exactly as feature routes are.
    beforeReady: (app) =>
      app.register(
        async (api) => {
          api.get("/probe/default/", async () => ({ ok: true }));
          api.get("/probe/staff/", { config: { access: "staff" } }, async () => ({ ok: true }));
          api.get("/probe/public/", { config: { access: "public" } }, async (req) => ({ signedIn: req.auth !== null }));
        },
        { prefix: "/api" },
      ),
  });
});
afterAll(() => t.close());

async function tokenFor(opts: Parameters<typeof createUser>[1]) {
  const u = await createUser(t.db, opts);
  return login(t.app, u.email, u.password);
}
const get = (url: string, token?: string) => t.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });
const today = (days: number) => new Date(Date.now() + days * 864e5).toISOString().slice(0, 10);

describe("subscriber routes (the default)", () => {
  it("open for a current subscriber", async () => {
    expect((await get("/api/probe/default/", await tokenFor({ endDate: today(30) }))).statusCode).toBe(200);
  });
  it("refuse a recorded signup with 403 'Your signup has been recorded'", async () => {
    const res = await get("/api/probe/default/", await tokenFor({ endDate: null }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: SIGNUP_RECORDED });
  });
  it("refuse an expired subscription with 403 'User Subscription Expired', but not one ending today", async () => {
    const res = await get("/api/probe/default/", await tokenFor({ endDate: today(-1) }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: SUBSCRIPTION_EXPIRED });
    expect((await get("/api/probe/default/", await tokenFor({ endDate: today(0) }))).statusCode).toBe(200);
  });
  it("refuse anonymous callers with 401", async () => {
    expect((await get("/api/probe/default/")).statusCode).toBe(401);
  });
  it("still let an expired user read their own user info (the app needs it to show the expired page)", async () => {
    expect((await get("/api/user-info/", await tokenFor({ endDate: today(-10) }))).statusCode).toBe(200);
  });
});

describe("staff routes", () => {
  it("open only for staff e-mail domains", async () => {
    expect((await get("/api/probe/staff/", await tokenFor({ email: `s${Date.now()}@infrascout.in` }))).statusCode).toBe(200);
    expect((await get("/api/probe/staff/", await tokenFor({}))).statusCode).toBe(403);
    expect((await get("/api/probe/staff/", await tokenFor({ email: `s${Date.now()}@notinfrascout.in` }))).statusCode).toBe(403);
  });
  it("follow STAFF_DOMAINS when it is set", async () => {
    const custom = await startTestApp({ staffDomains: ["research.example"] }, { sameDbAs: t });
    try {
      const u = await createUser(custom.db, { email: "r@research.example", staffProven: true });
      const token = await login(custom.app, u.email, u.password);
      const info = await custom.app.inject({ method: "GET", url: "/api/user-info/", headers: bearer(token) });
      expect(info.json().is_staff).toBe(true);
    } finally {
      await custom.close();
    }
  });
});

describe("public routes", () => {
  it("answer anonymous callers, and know a signed-in one", async () => {
    expect((await get("/api/probe/public/")).json()).toEqual({ signedIn: false });
    expect((await get("/api/probe/public/", await tokenFor({}))).json()).toEqual({ signedIn: true });
  });
});
