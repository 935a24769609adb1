// Two teams, one matrix (issue 20): a member of team B never sees team A's unlocks, marks,
// assignments, webhooks, CRM settings, daily feed, ledger or members — each id answers 404
// exactly as a missing one does, and B's lists never show A's rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";
import { linkContact, makeContact, makeProject } from "./lead-fixture.js";

let t: TestContext;
type Member = { id: number; token: string };
const A: Record<string, Member> = {};
const B: Record<string, Member> = {};
const ids: Record<string, number> = {};
const MISSING = 99_999_999;

const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, who: Member, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

async function member(firstName: string): Promise<Member> {
  const u = await createUser(t.db, { firstName, credits: 20 });
  return { id: u.id, token: await login(t.app, u.email, u.password) };
}

async function team(owner: Member, mate: Member, name: string): Promise<number> {
  const id = (await call("POST", "/api/team/", owner, { name })).json().id;
  await t.db.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'member')`, [id, mate.id]);
  return id;
}

beforeAll(async () => {
  t = await startTestApp({ apiRequestsPerMinute: 100_000 });
  [A.owner, A.mate, B.owner, B.mate] = [await member("Asha"), await member("Arjun"), await member("Bala"), await member("Bina")];
  ids.teamA = await team(A.owner, A.mate, "Team A");
  ids.teamB = await team(B.owner, B.mate, "Team B");
  ids.project = await makeProject(t.db);
  ids.contact = (await makeContact(t.db)).id;
  await linkContact(t.db, ids.project, ids.contact);

  // Team A at work: an unlock, a shortlist, an assignment, a webhook, a CRM connection, a daily feed.
  expect((await call("POST", "/api/user-unlock-contact/", A.mate, { contact_id: ids.contact })).statusCode).toBe(200);
  expect((await call("POST", `/api/work/${ids.project}/mark/`, A.mate, { mark: "shortlisted" })).statusCode).toBe(200);
  const assigned = await call("POST", "/api/assignments/", A.owner, { item_type: "project", item_id: ids.project, assignee_id: A.mate.id, note: "Call the owner" });
  expect(assigned.statusCode, assigned.body).toBe(201);
  ids.assignment = assigned.json().id;
  ids.webhook = (await t.db.query<{ id: number }>(
    `INSERT INTO webhooks (team_id, url, secret_enc, secret_hint, events) VALUES ($1, 'https://a.example/h', 'sealed', 'abcd', '{lead.shortlisted}') RETURNING id`, [ids.teamA],
  )).rows[0].id;
  await t.db.query(`INSERT INTO crm_connections (team_id, vendor, secrets_enc, secret_hint) VALUES ($1, 'hubspot', 'sealed', 'wxyz')`, [ids.teamA]);
  const search = (await call("POST", "/api/saved-search/", A.owner, { name: "A's leads", resource: "/private-construction-leads", query: "" })).json().id;
  const feed = await call("PUT", "/api/team/feed/", A.owner, { saved_search_ids: [search], format: "csv", email_to: [A.owner.id], webhook_id: null, enabled: true });
  expect(feed.statusCode, feed.body).toBe(200);
  ids.memberA = (await call("GET", "/api/team/", A.owner)).json().members.find((m: { user_id: number }) => m.user_id === A.mate.id).id;
}, 60_000);
afterAll(() => t?.close());

describe("team B never sees team A's work", () => {
  it("A's unlock is not B's: masked for B, absent from B's unlocked list and ledger", async () => {
    const seen = (who: Member) => call("GET", `/api/work/${ids.project}/contacts/`, who).then((r) => r.json().results[0]);
    expect(await seen(A.owner)).toMatchObject({ is_unlocked: true });
    for (const who of [B.owner, B.mate]) {
      expect((await seen(who)).is_unlocked).toBe(false);
      expect((await call("GET", "/api/user-unlock-contact/", who)).json().results).toEqual([]);
      const ledger = (await call("GET", "/api/credits/ledger/", who)).json();
      expect(ledger.results.some((r: { kind: string }) => r.kind === "unlock")).toBe(false);
      // Reporting a contact only A's team unlocked is refused to B.
      expect((await call("POST", `/api/user-unlock-contact/${ids.contact}/report/`, who, { reason: "wrong" })).statusCode).toBe(403);
    }
  });

  it("A's marks show on the lead to A's team only", async () => {
    const marks = async (who: Member) => (await call("GET", `/api/work/${ids.project}/`, who)).json().team_marks;
    expect((await marks(A.owner)).map((m: { mark: string }) => m.mark)).toEqual(["shortlisted"]);
    expect(await marks(B.owner)).toEqual([]);
    expect(await marks(B.mate)).toEqual([]);
  });

  it("A's assignment, webhook and member ids answer B 404, as missing ids do", async () => {
    const urls = [
      ["GET", (id: number) => `/api/assignments/${id}/`, ids.assignment],
      ["PATCH", (id: number) => `/api/assignments/${id}/`, ids.assignment, { status: "done" }],
      ["DELETE", (id: number) => `/api/assignments/${id}/`, ids.assignment],
      ["GET", (id: number) => `/api/integrations/webhooks/${id}/deliveries/`, ids.webhook],
      ["DELETE", (id: number) => `/api/integrations/webhooks/${id}/`, ids.webhook],
      ["PATCH", (id: number) => `/api/team/members/${id}/`, ids.memberA, { role: "admin" }],
      ["DELETE", (id: number) => `/api/team/members/${id}/`, ids.memberA],
    ] as const;
    for (const [method, url, id, payload] of urls) {
      const theirs = await call(method, url(id), B.owner, payload);
      const missing = await call(method, url(MISSING), B.owner, payload);
      expect(theirs.statusCode, `${method} ${url(id)}`).toBe(404);
      expect(theirs.json()).toEqual(missing.json());
    }
    // Unchanged for A.
    expect((await call("GET", `/api/assignments/${ids.assignment}/`, A.mate)).json()).toMatchObject({ status: "open", note: "Call the owner" });
    expect((await call("GET", "/api/integrations/webhooks/", A.owner)).json().map((w: { id: number }) => w.id)).toEqual([ids.webhook]);
    expect((await call("GET", "/api/team/", A.owner)).json().members).toHaveLength(2);
  });

  it("B's lists never include A's assignments, webhooks, CRM connections, feed or members", async () => {
    for (const scope of ["mine", "by_me", "team"]) {
      expect((await call("GET", `/api/assignments/?scope=${scope}`, B.owner)).json().count).toBe(0);
    }
    expect((await call("GET", "/api/integrations/webhooks/", B.owner)).json()).toEqual([]);
    const crm = (await call("GET", "/api/integrations/crm/", B.owner)).json();
    expect(JSON.stringify(crm)).not.toContain("wxyz");
    expect((await call("GET", "/api/team/feed/", B.mate)).json()).toEqual({ feed: null, runs: [] });
    const teamB = (await call("GET", "/api/team/", B.mate)).json();
    expect(teamB.members.map((m: { user_id: number }) => m.user_id).sort()).toEqual([B.owner.id, B.mate.id].sort());
    expect(teamB.credits).toEqual({ remaining: 20, total: 20 }); // B's pool, untouched by A's spending
  });

  it("B cannot assign to A's members, mail B's feed to them, nor point it at A's webhook", async () => {
    const assign = await call("POST", "/api/assignments/", B.owner, { item_type: "project", item_id: ids.project, assignee_id: A.mate.id, note: "" });
    expect(assign.statusCode).toBe(400);
    const search = (await call("POST", "/api/saved-search/", B.owner, { name: "B's leads", resource: "/private-construction-leads", query: "" })).json().id;
    const feed = (over: object) => call("PUT", "/api/team/feed/", B.owner, { saved_search_ids: [search], format: "csv", email_to: [B.owner.id], webhook_id: null, enabled: true, ...over });
    expect((await feed({ email_to: [A.owner.id] })).statusCode).toBe(400);
    expect((await feed({ webhook_id: ids.webhook })).statusCode).toBe(400);
    expect((await call("GET", "/api/team/feed/", B.owner)).json().feed).toBeNull();
  });
});
