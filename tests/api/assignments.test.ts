// Shared work in a team (issue 20, point 3): assignments (create, a double post makes one,
// teammates only, edits by whom, list filters), the assignee told in the app and by e-mail
// through a real SMTP peer, the audit rows, teammates' marks on a lead, the dashboard's team
// pipeline — and two teams apart: nothing of one team is seen or changed by the other.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runNotificationsOnce } from "../../server/jobs/notifications.js";
import { bearer, createUser, login, startTestApp, type TestContext, type TestUser } from "./harness.js";
import { PROJECTS, insertProject } from "./search-fixture.js";
import { mailText, startSmtpPeer, type SmtpPeer } from "./smtp-peer.js";
import { insertCompany, insertTender } from "./workspace-fixture.js";

let t: TestContext;
let smtp: SmtpPeer;
type Person = TestUser & { token: string; name: string };
let owner: Person, mira: Person, nik: Person, rival: Person, rivalMate: Person, loner: Person;
let lead: number, tender: number, company: number;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const call = (who: Person, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });
const inDays = (days: number) => new Date(Date.now() + days * 864e5).toISOString();

async function person(firstName: string): Promise<Person> {
  const u = await createUser(t.db, { firstName });
  return { ...u, name: firstName, token: await login(t.app, u.email, u.password) };
}

async function team(ownerP: Person, name: string, members: [Person, "admin" | "member"][]): Promise<number> {
  const res = await call(ownerP, "POST", "/api/team/", { name });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  for (const [p, role] of members) await t.db.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, $3)`, [id, p.id, role]);
  return id;
}

const assign = (who: Person, body: object) => call(who, "POST", "/api/assignments/", body);
const auditRows = async (action: string) =>
  (await t.db.query<{ actor_id: number; item_id: number; details: Record<string, unknown> }>(`SELECT actor_id, item_id, details FROM audit_log WHERE action = $1 ORDER BY id`, [action])).rows;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await startTestApp({ smtpUrl: smtp.url, publicUrl: "http://app.test", jobsIntervalSeconds: 0, loginMaxAttempts: 100 });
  [owner, mira, nik, rival, rivalMate, loner] = await Promise.all(["Olga", "Mira", "Nik", "Ravi", "Rekha", "Lone"].map(person));
  await team(owner, "North desk", [[mira, "admin"], [nik, "member"]]);
  await team(rival, "Rival desk", [[rivalMate, "member"]]);
  lead = await insertProject(t.db, PROJECTS[0]);
  tender = await insertTender(t.db, "Construction of a bridge over Godavari");
  company = await insertCompany(t.db, "Larsen & Toubro Limited");
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe("assigning to a teammate", () => {
  it("creates an open assignment with a note and a due date; the same post again answers it and makes no second", async () => {
    const body = { item_type: "project", item_id: lead, assignee_id: nik.id, note: "  Call the architect  ", due_at: inDays(3) };
    const first = await assign(owner, body);
    expect(first.statusCode, first.body).toBe(201);
    const a = first.json();
    expect(a).toMatchObject({
      item_type: "project", item_id: lead, item_title: PROJECTS[0].title, note: "Call the architect", status: "open", overdue: false,
      assignee: { user_id: nik.id, name: "Nik", email: nik.email }, assigned_by: { user_id: owner.id, name: "Olga" },
    });
    expect(new Date(a.due_at).getTime()).toBe(new Date(body.due_at).getTime());
    const twice = await Promise.all([assign(owner, body), assign(owner, body)]);
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(twice.map((r) => r.json().id)).toEqual([a.id, a.id]);
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM assignments WHERE item_id = $1 AND item_type = 'project' AND assignee_id = $2`, [lead, nik.id]);
    expect(rows[0].n).toBe(1);
    expect((await auditRows("assignment_created")).filter((r) => r.item_id === a.id)).toEqual([
      { actor_id: owner.id, item_id: a.id, details: { item_type: "project", item_id: lead, assignee_id: nik.id, due_at: a.due_at } },
    ]);
  });

  it("assigns a tender and a company too; only to a teammate; an unknown item is 404; a past due date and a long note are refused", async () => {
    expect((await assign(mira, { item_type: "tender", item_id: tender, assignee_id: nik.id })).statusCode).toBe(201);
    expect((await assign(nik, { item_type: "company", item_id: company, assignee_id: mira.id, note: "Meet their purchase head" })).statusCode).toBe(201);
    for (const stranger of [rival, loner]) {
      const res = await assign(owner, { item_type: "tender", item_id: tender, assignee_id: stranger.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ assignee_id: ["Choose a member of your team."] });
    }
    const missing = await assign(owner, { item_type: "company", item_id: 99_999_999, assignee_id: nik.id });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: "Company not found." });
    expect((await assign(owner, { item_type: "project", item_id: lead, assignee_id: mira.id, due_at: inDays(-2) })).json()).toEqual({
      due_at: ["The due date has passed: choose a date from today on."],
    });
    expect((await assign(owner, { item_type: "project", item_id: lead, assignee_id: mira.id, note: "x".repeat(1001) })).statusCode).toBe(400);
    expect((await assign(loner, { item_type: "project", item_id: lead, assignee_id: loner.id })).json()).toEqual({ detail: "You are not in a team yet." });
  });
});

describe("the assignee is told", () => {
  it("in the app (a notification linking to the item) and by e-mail through SMTP, once", async () => {
    const before = smtp.received.length;
    const res = await assign(mira, { item_type: "project", item_id: lead, assignee_id: owner.id, note: "Quote for 400 t of TMT bars", due_at: inDays(5) });
    expect(res.statusCode).toBe(201);
    const list = (await call(owner, "GET", "/api/notifications/")).json();
    const n = list.results.find((x: { kind: string }) => x.kind === "assignment");
    expect(n).toMatchObject({
      kind: "assignment", item_type: "project", item_id: lead, item_title: PROJECTS[0].title, change_set_id: null, changes: [], reasons: [], read_at: null,
      assignment: { id: res.json().id, assigned_by: "Mira", note: "Quote for 400 t of TMT bars", status: "open" },
    });
    expect((await call(owner, "GET", "/api/notifications/unread-count/")).json().unread).toBeGreaterThanOrEqual(1);
    const run = await runNotificationsOnce(t.app);
    expect(run.changeMails).toBeGreaterThanOrEqual(1);
    const mails = await smtp.waitFor(before + 1);
    const mine = mails.slice(before).filter((m) => m.to.includes(owner.email));
    expect(mine).toHaveLength(1);
    const text = mailText(mine[0].raw);
    expect(text).toContain(`Assigned to you: ${PROJECTS[0].title}`);
    expect(text).toContain('Mira assigned this to you: "Quote for 400 t of TMT bars". Due ');
    expect(text).toContain(`http://app.test/private-leads/detail/${lead}`);
    await runNotificationsOnce(t.app);
    expect(smtp.received.slice(before).filter((m) => m.to.includes(owner.email))).toHaveLength(1);
  });

  it("not when the user turned assignments off (in the app only), and the settings carry the kind", async () => {
    expect((await call(mira, "PUT", "/api/notifications/settings/", { assignment: "off" })).json()).toEqual({ tender_changes: "instant", lead_changes: "instant", assignment: "off" });
    const before = smtp.received.length;
    expect((await assign(owner, { item_type: "tender", item_id: tender, assignee_id: mira.id })).statusCode).toBe(201);
    await runNotificationsOnce(t.app);
    expect(smtp.received.slice(before).filter((m) => m.to.includes(mira.email))).toHaveLength(0);
    const list = (await call(mira, "GET", "/api/notifications/")).json();
    expect(list.results.filter((x: { kind: string; item_type: string }) => x.kind === "assignment" && x.item_type === "tender")).toHaveLength(1);
  });
});

describe("changing an assignment", () => {
  it("the assignee marks it done; a teammate who neither gave nor holds it may not; the assigner reassigns, telling the new assignee", async () => {
    const other = await insertCompany(t.db, "Tata Projects Limited");
    const a = (await assign(owner, { item_type: "company", item_id: other, assignee_id: nik.id, note: "Visit" })).json();
    const done = await call(nik, "PATCH", `/api/assignments/${a.id}/`, { status: "done" });
    expect(done.json()).toMatchObject({ status: "done", done_at: expect.any(String) });
    const refused = await call(rivalMate, "PATCH", `/api/assignments/${a.id}/`, { status: "open" });
    expect(refused.statusCode).toBe(404);
    const reopened = await call(owner, "PATCH", `/api/assignments/${a.id}/`, { status: "open", assignee_id: mira.id, due_at: null, note: "Visit their Pune office" });
    expect(reopened.json()).toMatchObject({ status: "open", done_at: null, due_at: null, note: "Visit their Pune office", assignee: { user_id: mira.id } });
    const miraSees = (await call(mira, "GET", "/api/notifications/")).json().results.filter((n: { assignment?: { id: number } }) => n.assignment?.id === a.id);
    expect(miraSees).toHaveLength(1);
    const nikSees = (await call(nik, "GET", "/api/notifications/")).json().results.filter((n: { assignment?: { id: number } }) => n.assignment?.id === a.id);
    expect(nikSees).toHaveLength(0);
    expect((await call(nik, "PATCH", `/api/assignments/${a.id}/`, { note: "mine now" })).json()).toEqual({
      detail: "Only the teammate who assigned it, its assignee or a team admin can change it.",
    });
    expect((await call(owner, "PATCH", `/api/assignments/${a.id}/`, { assignee_id: rival.id })).json()).toEqual({ assignee_id: ["Choose a member of your team."] });
    const updates = (await auditRows("assignment_updated")).filter((r) => r.item_id === a.id);
    expect(updates.map((r) => r.actor_id)).toEqual([nik.id, owner.id]);
    expect(updates[1].details).toMatchObject({ from_assignee_id: nik.id, assignee_id: mira.id, status: "open" });

    expect((await call(nik, "DELETE", `/api/assignments/${a.id}/`)).statusCode).toBe(403);
    expect((await call(owner, "DELETE", `/api/assignments/${a.id}/`)).statusCode).toBe(204);
    expect((await call(owner, "GET", `/api/assignments/${a.id}/`)).statusCode).toBe(404);
    expect((await auditRows("assignment_deleted")).map((r) => r.item_id)).toContain(a.id);
  });

  it("reassigning to a teammate who already has the item open is a conflict", async () => {
    await assign(owner, { item_type: "tender", item_id: tender, assignee_id: owner.id });
    const other = (await assign(mira, { item_type: "tender", item_id: tender, assignee_id: mira.id })).json();
    const res = await call(mira, "PATCH", `/api/assignments/${other.id}/`, { assignee_id: owner.id });
    expect(res.statusCode).toBe(409);
  });
});

describe("lists", () => {
  it("scope mine, by_me and team, with status, item type, item and overdue filters, paged", async () => {
    const overdue = (await assign(owner, { item_type: "company", item_id: company, assignee_id: nik.id, due_at: inDays(-0.5) })).json();
    expect(overdue.overdue).toBe(true);
    const get = async (who: Person, query: string) => {
      const res = await call(who, "GET", `/api/assignments/?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const mine = await get(nik, "");
    expect(mine).toMatchObject({ page: 1, page_size: 20 });
    expect(mine.results.every((a: { assignee: { user_id: number } }) => a.assignee.user_id === nik.id)).toBe(true);
    expect(mine.results[0].id).toBe(overdue.id); // open, soonest due first
    expect((await get(nik, "overdue=true")).results.map((a: { id: number }) => a.id)).toEqual([overdue.id]);
    expect((await get(nik, "overdue=false")).results.some((a: { id: number }) => a.id === overdue.id)).toBe(false);
    expect((await get(nik, "item_type=tender")).results.every((a: { item_type: string }) => a.item_type === "tender")).toBe(true);
    expect((await get(nik, `item_type=project&item_id=${lead}`)).count).toBe(1);
    const byMe = await get(owner, "scope=by_me");
    expect(byMe.results.every((a: { assigned_by: { user_id: number } }) => a.assigned_by.user_id === owner.id)).toBe(true);
    const teamAll = await get(nik, "scope=team");
    expect(teamAll.count).toBeGreaterThan(mine.count);
    expect((await get(nik, "scope=team&status=done")).results.every((a: { status: string }) => a.status === "done")).toBe(true);
    expect((await call(nik, "GET", "/api/assignments/?scope=everyone")).statusCode).toBe(400);
    expect((await get(nik, "page=2")).results).toEqual([]);
  });
});

describe("two teams apart", () => {
  it("another team's assignment answers 404 as a missing one, to read, change or delete; their lists never show ours", async () => {
    const ours = (await assign(owner, { item_type: "project", item_id: lead, assignee_id: mira.id, note: "ours" })).json();
    for (const [method, payload] of [["GET", undefined], ["PATCH", { status: "done" }], ["DELETE", undefined]] as const) {
      const theirs = await call(rival, method, `/api/assignments/${ours.id}/`, payload);
      const missing = await call(rival, method, `/api/assignments/99999999/`, payload);
      expect(theirs.statusCode, method).toBe(404);
      expect(theirs.json()).toEqual(missing.json());
    }
    expect((await call(owner, "GET", `/api/assignments/${ours.id}/`)).json().status).toBe("open");
    for (const scope of ["mine", "by_me", "team"]) expect((await call(rival, "GET", `/api/assignments/?scope=${scope}`)).json().count).toBe(0);
    expect((await call(rival, "POST", "/api/assignments/", { item_type: "project", item_id: lead, assignee_id: owner.id })).statusCode).toBe(400);
  });

  it("teammates see each other's marks on a lead (who, which, when); another team and a user in no team never do", async () => {
    expect((await call(mira, "POST", `/api/work/${lead}/mark/`, { mark: "shortlisted" })).statusCode).toBe(200);
    expect((await call(nik, "POST", `/api/work/${lead}/mark/`, { mark: "rejected" })).statusCode).toBe(200);
    expect((await call(rivalMate, "POST", `/api/work/${lead}/mark/`, { mark: "tentative" })).statusCode).toBe(200);
    const seen = (await call(owner, "GET", `/api/work/${lead}/`)).json().team_marks;
    expect(seen).toEqual([
      { user_id: nik.id, name: "Nik", mark: "rejected", marked_at: expect.any(String) },
      { user_id: mira.id, name: "Mira", mark: "shortlisted", marked_at: expect.any(String) },
    ]);
    expect((await call(mira, "GET", `/api/work/${lead}/`)).json().team_marks.map((m: { user_id: number }) => m.user_id)).toEqual([nik.id]);
    expect((await call(rival, "GET", `/api/work/${lead}/`)).json().team_marks).toEqual([{ user_id: rivalMate.id, name: "Rekha", mark: "tentative", marked_at: expect.any(String) }]);
    expect((await call(loner, "GET", `/api/work/${lead}/`)).json().team_marks).toEqual([]);
  });
});

describe("the dashboard's team pipeline", () => {
  it("gives the owner and admins each member's leads by mark and assignments; a member is refused; another team sees only its own", async () => {
    const res = await call(owner, "GET", "/api/dashboard/team_pipeline/");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.team_name).toBe("North desk");
    expect(body.rows.map((r: { user_id: number }) => r.user_id).sort()).toEqual([owner.id, mira.id, nik.id].sort());
    const nikRow = body.rows.find((r: { user_id: number }) => r.user_id === nik.id);
    expect(nikRow).toMatchObject({ name: "Nik", rejected: 1, shortlisted: 0, overdue: 1 });
    expect(nikRow.open).toBeGreaterThanOrEqual(2);
    expect((await call(mira, "GET", "/api/dashboard/team_pipeline/")).statusCode).toBe(200);
    expect((await call(nik, "GET", "/api/dashboard/team_pipeline/")).statusCode).toBe(403);
    const rivals = (await call(rival, "GET", "/api/dashboard/team_pipeline/")).json();
    expect(rivals.rows.map((r: { user_id: number; tentative: number; open: number }) => [r.user_id, r.tentative, r.open])).toEqual(
      expect.arrayContaining([[rivalMate.id, 1, 0], [rival.id, 0, 0]]),
    );
    expect(rivals.rows).toHaveLength(2);
  });
});
