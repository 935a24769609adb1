// Teams and seats (issue 20, point 1): create, invite through real SMTP, join (new and signed-in
// users), seats, roles, removal ending access at once, two teams apart, and the audit log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TEAM_NAME, DEMO_TEAMMATES, seedDemoTeam } from "../../server/ingest/demo-team.js";
import { SUBSCRIPTION_EXPIRED } from "../../server/plugins/authenticate.js";
import { bearer, createUser, login, startTestApp, type TestContext, type TestUser } from "./harness.js";
import { linkContact, makeContact, makeProject } from "./lead-fixture.js";
import { mailText, startSmtpPeer, type SmtpPeer } from "./smtp-peer.js";

let t: TestContext;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await startTestApp({ smtpUrl: smtp.url, publicUrl: "http://app.test", loginMaxAttempts: 100 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const SUBSCRIBER_ROUTE = "/api/saved-search/";
const inDays = (days: number) => new Date(Date.now() + days * 864e5).toISOString().slice(0, 10);

async function signedIn(opts: Parameters<typeof createUser>[1] = {}): Promise<TestUser & { token: string }> {
  const u = await createUser(t.db, opts);
  return { ...u, token: await login(t.app, u.email, u.password) };
}

/** Invites and returns the link's token from the mail the SMTP peer received. */
async function invite(adminToken: string, email: string, role: "admin" | "member" = "member"): Promise<string> {
  const before = smtp.received.length;
  const res = await call("POST", "/api/team/invitations/", adminToken, { email, role });
  expect(res.statusCode, res.body).toBe(201);
  const mails = await smtp.waitFor(before + 1);
  const mail = mails.find((m, i) => i >= before && m.to.includes(email.toLowerCase()))!;
  const token = mailText(mail.raw).match(/http:\/\/app\.test\/team\/join\?token=([A-Za-z0-9_%-]+)/)?.[1];
  expect(token).toBeTruthy();
  return decodeURIComponent(token!);
}

async function teamOf(owner: { token: string }, name: string) {
  const res = await call("POST", "/api/team/", owner.token, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("a team", () => {
  it("is created by a subscriber with five seats, the owner's credits as its pool, and read back", async () => {
    const owner = await signedIn({ credits: 40 });
    expect((await call("GET", "/api/team/", owner.token)).json()).toEqual({ detail: "You are not in a team yet." });
    const team = await teamOf(owner, "  Sales North ");
    expect(team).toMatchObject({ name: "Sales North", role: "owner", seats: { used: 1, bought: 5 }, credits: { remaining: 40, total: 40 } });
    expect(team.members).toEqual([expect.objectContaining({ email: owner.email, role: "owner" })]);
    expect((await call("GET", "/api/team/", owner.token)).json()).toEqual(team);
    expect((await call("POST", "/api/team/", owner.token, { name: "Second" })).statusCode).toBe(409);
  });

  it("invites by mail; the link joins a new user who signs in and uses subscriber routes at once; it is one-time", async () => {
    const owner = await signedIn();
    await teamOf(owner, "Invites");
    const token = await invite(owner.token, "New.Person@Example.com");
    const { rows } = await t.db.query<{ token_hash: string }>(`SELECT token_hash FROM team_invitations WHERE lower(email) = 'new.person@example.com'`);
    expect(rows[0].token_hash).not.toContain(token); // only the hash is stored
    expect((await call("GET", "/api/team/invitations/", owner.token)).json()).toEqual([expect.objectContaining({ email: "new.person@example.com", role: "member" })]);
    expect((await call("GET", "/api/team/", owner.token)).json().seats).toEqual({ used: 2, bought: 5 });

    const weak = await call("POST", "/api/team/join/", undefined, { token, first_name: "Nita", password: "12345678" });
    expect(weak.json()).toEqual({ password: ["This password is entirely numeric."] });
    const joined = await call("POST", "/api/team/join/", undefined, { token, first_name: "Nita", password: "Strong#pass1" });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({ team_name: "Invites", role: "member", token: expect.any(String) });
    expect((await call("GET", SUBSCRIBER_ROUTE, joined.json().token)).statusCode).toBe(200);
    const again = await login(t.app, "new.person@example.com", "Strong#pass1");
    expect((await call("GET", SUBSCRIBER_ROUTE, again)).statusCode).toBe(200);
    expect((await call("GET", "/api/team/", again)).json()).toMatchObject({ role: "member", seats: { used: 2, bought: 5 } });

    const reuse = await call("POST", "/api/team/join/", undefined, { token, first_name: "X", password: "Strong#pass1" });
    expect(reuse.statusCode).toBe(410);
    expect((await call("POST", "/api/team/join/", undefined, { token: "not-a-token", first_name: "X", password: "Strong#pass1" })).statusCode).toBe(400);
  });

  it("joins a signed-in user with the token alone, the address compared in any case; expired and withdrawn links answer 410", async () => {
    const owner = await signedIn();
    await teamOf(owner, "Signed in");
    const mate = await signedIn({ email: `Mate-${Date.now()}@Example.com`, endDate: null });
    const token = await invite(owner.token, mate.email.toUpperCase(), "admin");
    expect((await call("POST", "/api/team/join/", undefined, { token })).statusCode).toBe(401);
    const stranger = await signedIn();
    expect((await call("POST", "/api/team/join/", stranger.token, { token })).statusCode).toBe(400);
    const ok = await call("POST", "/api/team/join/", mate.token, { token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ team_id: expect.any(Number), team_name: "Signed in", role: "admin", email: mate.email });
    expect((await call("GET", SUBSCRIBER_ROUTE, mate.token)).statusCode).toBe(200); // no subscription of their own

    const expiring = await invite(owner.token, "late@example.com");
    await t.db.query(`UPDATE team_invitations SET expires_at = now() - interval '1 second' WHERE lower(email) = 'late@example.com'`);
    expect((await call("POST", "/api/team/join/", undefined, { token: expiring, first_name: "L", password: "Strong#pass1" })).json()).toEqual({
      detail: "This invitation has expired. Ask your team's admin for a new one.",
    });
    const withdrawn = await invite(owner.token, "gone@example.com");
    const [pending] = (await call("GET", "/api/team/invitations/", owner.token)).json().filter((i: { email: string }) => i.email === "gone@example.com");
    expect((await call("DELETE", `/api/team/invitations/${pending.id}/`, mate.token)).statusCode).toBe(204); // mate is an admin
    expect((await call("POST", "/api/team/join/", undefined, { token: withdrawn, first_name: "G", password: "Strong#pass1" })).statusCode).toBe(410);
  });

  it("refuses an invitation beyond the seats bought with 409, and seats never below those in use", async () => {
    const owner = await signedIn();
    await teamOf(owner, "Small");
    expect((await call("PATCH", "/api/team/", owner.token, { seats_bought: 2 })).json().seats).toEqual({ used: 1, bought: 2 });
    await invite(owner.token, "one@example.com");
    const full = await call("POST", "/api/team/invitations/", owner.token, { email: "two@example.com", role: "member" });
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toMatch(/All 2 seats of your team are in use/);
    expect((await call("PATCH", "/api/team/", owner.token, { seats_bought: 1 })).statusCode).toBe(409);
    // Inviting the same address again replaces its invitation: no second seat.
    expect((await call("POST", "/api/team/invitations/", owner.token, { email: "ONE@example.com", role: "admin" })).statusCode).toBe(201);
  });

  it("enforces roles: a member cannot invite, change roles or remove; the owner stays; a removed member is refused at once", async () => {
    const owner = await signedIn();
    await teamOf(owner, "Roles");
    const member = await signedIn({ endDate: null });
    await call("POST", "/api/team/join/", member.token, { token: await invite(owner.token, member.email) });
    const team = (await call("GET", "/api/team/", owner.token)).json();
    const ownerRow = team.members.find((m: { role: string }) => m.role === "owner");
    const memberRow = team.members.find((m: { role: string }) => m.role === "member");

    expect((await call("POST", "/api/team/invitations/", member.token, { email: "x@example.com", role: "member" })).statusCode).toBe(403);
    expect((await call("GET", "/api/team/invitations/", member.token)).statusCode).toBe(403);
    expect((await call("PATCH", `/api/team/members/${memberRow.id}/`, member.token, { role: "admin" })).statusCode).toBe(403);
    expect((await call("PATCH", "/api/team/", member.token, { seats_bought: 9 })).statusCode).toBe(403);
    expect((await call("PATCH", `/api/team/members/${ownerRow.id}/`, owner.token, { role: "member" })).statusCode).toBe(400);
    expect((await call("DELETE", `/api/team/members/${ownerRow.id}/`, owner.token)).statusCode).toBe(400);
    expect((await call("PATCH", `/api/team/members/${memberRow.id}/`, owner.token, { role: "owner" })).statusCode).toBe(400);

    // The owner's renewal reaches the member at once; removal ends it at once.
    await t.db.query(`UPDATE users SET end_date = $2 WHERE id = $1`, [owner.id, inDays(-3)]);
    expect((await call("GET", SUBSCRIBER_ROUTE, member.token)).json()).toEqual({ detail: SUBSCRIPTION_EXPIRED });
    await t.db.query(`UPDATE users SET end_date = $2 WHERE id = $1`, [owner.id, inDays(60)]);
    expect((await call("GET", SUBSCRIBER_ROUTE, member.token)).statusCode).toBe(200);
    expect((await call("GET", "/api/user-info/", member.token)).json().end_date).toBe(inDays(60)); // the web app's gate agrees
    expect((await call("DELETE", `/api/team/members/${memberRow.id}/`, owner.token)).statusCode).toBe(204);
    const refused = await call("GET", SUBSCRIBER_ROUTE, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: SUBSCRIPTION_EXPIRED });
    expect((await call("GET", "/api/team/", owner.token)).json().members).toHaveLength(1);
  });

  it("keeps two teams apart: another team's members and invitations answer 404", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await teamOf(a, "Team A");
    const teamB = await teamOf(b, "Team B");
    await invite(b.token, "b-invitee@example.com");
    const bInvitation = (await call("GET", "/api/team/invitations/", b.token)).json()[0];
    const bOwnerRow = teamB.members[0];
    expect((await call("PATCH", `/api/team/members/${bOwnerRow.id}/`, a.token, { role: "member" })).statusCode).toBe(404);
    expect((await call("DELETE", `/api/team/members/${bOwnerRow.id}/`, a.token)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/team/invitations/${bInvitation.id}/`, a.token)).statusCode).toBe(404);
    const seenByA = (await call("GET", "/api/team/", a.token)).body + (await call("GET", "/api/team/invitations/", a.token)).body;
    expect(seenByA).not.toContain("Team B");
    expect(seenByA).not.toContain("b-invitee@example.com");
    expect(seenByA).not.toContain(b.email);
    // A user of one team cannot join another with its link.
    const bToken = await invite(b.token, a.email);
    expect((await call("POST", "/api/team/join/", a.token, { token: bToken })).statusCode).toBe(409);
    // No secret is ever returned.
    expect(JSON.stringify((await call("GET", "/api/team/invitations/", b.token)).json())).not.toMatch(/token/);
  });

  it("writes every team action to the audit log", async () => {
    const owner = await signedIn();
    const team = await teamOf(owner, "Audited");
    const joiner = await signedIn({ endDate: null });
    await call("POST", "/api/team/join/", joiner.token, { token: await invite(owner.token, joiner.email) });
    const row = (await call("GET", "/api/team/", owner.token)).json().members.find((m: { role: string }) => m.role === "member");
    await call("PATCH", `/api/team/members/${row.id}/`, owner.token, { role: "admin" });
    await call("PATCH", "/api/team/", owner.token, { name: "Audited 2" });
    await call("DELETE", `/api/team/members/${row.id}/`, owner.token);
    const { rows } = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE item_type = 'team' AND item_id = $1 ORDER BY id`, [team.id]);
    expect(rows.map((r) => r.action)).toEqual([
      "team_created", "team_invitation_sent", "team_joined", "team_member_role_changed", "team_updated", "team_member_removed",
    ]);
  });

  it("seeds the demo subscriber's team with two teammates who sign in and see it, once", async () => {
    const demo = await createUser(t.db, { email: "demo@infrascout.test", password: "Demo@12345", credits: 100 });
    for (const state of ["Kerala", "Maharashtra"]) await linkContact(t.db, await makeProject(t.db, { state }), (await makeContact(t.db)).id);
    await t.db.query(`INSERT INTO saved_searches (user_id, name, resource, query) VALUES ($1, 'Kerala leads', '/private-construction-leads', 'filter=state:Kerala')`, [demo.id]);
    expect(await seedDemoTeam(t.db, new Date())).toBe(true);
    expect(await seedDemoTeam(t.db, new Date())).toBe(false);
    for (const mate of DEMO_TEAMMATES) {
      const token = await login(t.app, mate.email, mate.password);
      expect((await call("GET", SUBSCRIBER_ROUTE, token)).statusCode).toBe(200);
      const team = (await call("GET", "/api/team/", token)).json();
      expect(team).toMatchObject({ name: DEMO_TEAM_NAME, role: mate.role, seats: { used: 3, bought: 5 } });
      expect(team.members.map((m: { email: string }) => m.email)).toEqual([demo.email, ...DEMO_TEAMMATES.map((m) => m.email)]);
      // They chose what they follow when they joined: they sign in to the product, not to onboarding.
      expect((await call("GET", "/api/user-info/", token)).json().preferred_proj_status).toEqual(mate.statuses);
    }
    // The pool is the owner's credits, and each teammate has unlocked a contact on a lead in their states from it.
    const owner = await login(t.app, demo.email, "Demo@12345");
    const ledger = (await call("GET", "/api/credits/ledger/", owner)).json();
    expect(ledger).toMatchObject({ remaining_credits: 98, total_credits: 100 });
    expect(ledger.results.filter((r: { kind: string }) => r.kind === "unlock").map((r: { by: string }) => r.by).sort()).toEqual(["Arjun Pillai", "Divya Rao"]);
    // Her quick searches reach the team as a daily CSV, mailed to her and the admin.
    const feed = (await call("GET", "/api/team/feed/", owner)).json().feed;
    expect(feed).toMatchObject({ format: "csv", enabled: true, owner: { id: demo.id }, searches: [expect.objectContaining({ name: "Kerala leads" })] });
    expect(feed.email_to).toHaveLength(2);

  });

  it("withdraws an invitation whose mail could not be sent, and says so (502), holding no seat", async () => {
    const broken = await startTestApp({ publicUrl: "http://app.test" }, {
      sameDbAs: t,
      mailer: { send: async () => { throw new Error("smtp down"); }, describe: () => "broken" },
    });
    try {
      const owner = await createUser(t.db);
      const token = await login(broken.app, owner.email, owner.password);
      await broken.app.inject({ method: "POST", url: "/api/team/", headers: bearer(token), payload: { name: "Mail-less" } });
      const res = await broken.app.inject({ method: "POST", url: "/api/team/invitations/", headers: bearer(token), payload: { email: "lost@example.com", role: "member" } });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ detail: "The invitation mail could not be sent. Try again in a moment." });
      const team = (await broken.app.inject({ method: "GET", url: "/api/team/", headers: bearer(token) })).json();
      expect(team.seats).toEqual({ used: 1, bought: 5 });
    } finally {
      await broken.close();
    }
  });
});
