// One credit pool per team (issue 20, point 2): the pool is what every member spends and sees in
// the top bar; an unlock by one member is the whole team's and never charged twice; admins cap a
// member's month; the ledger says who spent what; staff grants and refunds reach the pool; two
// teams stay apart; leaving a team ends its unlocks at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthlyCapReached } from "../../server/modules/credits/unlock.js";
import { type TestContext, startTestApp, yieldBeforeEachStatement } from "./harness.js";
import { api, linkContact, makeCompany, makeContact, makeProject, staff, subscriber, type Session } from "./lead-fixture.js";

let t: TestContext;
beforeAll(async () => {
  process.env.PG_POOL_MAX ??= "24";
  t = await startTestApp({ apiRequestsPerMinute: 100_000 });
  // Requests started together interleave at statement boundaries on PGlite (one connection), as
  // in credits-concurrency.test.ts, so a check made outside the lock shows up there too.
  if (!process.env.DATABASE_URL) yieldBeforeEachStatement(t.db);
}, 60_000);
afterAll(() => t.close());

const patch = (url: string, s: Session, payload: object) => t.app.inject({ method: "PATCH", url, headers: s.headers, payload });
const del = (url: string, s: Session) => t.app.inject({ method: "DELETE", url, headers: s.headers });

/** An owner (with `credits` of their own) and teammates added straight to the team. */
async function team(credits: number, mates: Array<"admin" | "member"> = ["member"]) {
  const a = api(t);
  const owner = await subscriber(t, { credits, firstName: "Meera" });
  const made = await a.post("/api/team/", owner, { name: `Sales ${owner.user.id}` });
  expect(made.statusCode, made.body).toBe(201);
  const teamId: number = made.json().id;
  const members: Session[] = [];
  for (const [i, role] of mates.entries()) {
    const s = await subscriber(t, { credits: 7, firstName: ["Arjun", "Divya", "Kiran", "Leela", "Omar"][i % 5] });
    await t.db.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, $3)`, [teamId, s.user.id, role]);
    members.push(s);
  }
  return { teamId, owner, members, a };
}

const unlock = (s: Session, contactId: number) => api(t).post("/api/user-unlock-contact/", s, { contact_id: contactId });
const me = async (s: Session) => (await api(t).get("/api/user-info/", s)).json();
const memberId = async (owner: Session, userId: number) =>
  ((await api(t).get("/api/team/", owner)).json().members as Array<{ id: number; user_id: number }>).find((m) => m.user_id === userId)!.id;

describe("a team's credit pool", () => {
  it("starts with the owner's credits, which leave their own balance, with a ledger row on each side", async () => {
    const { owner, members, a } = await team(40);
    expect(await me(owner)).toMatchObject({ remaining_credits: 40, total_credits: 40 });
    expect(await me(members[0])).toMatchObject({ remaining_credits: 40, total_credits: 40 }); // the pool, not their own 7
    const own = (await t.db.query(`SELECT total_credits - spent_credits AS left FROM users WHERE id = $1`, [owner.user.id])).rows[0];
    expect(own.left).toBe(0);
    const ledger = (await a.get("/api/credits/ledger/", owner)).json();
    expect(ledger).toMatchObject({ remaining_credits: 40, total_credits: 40 });
    expect(ledger.results.slice(0, 2)).toEqual([
      expect.objectContaining({ delta: 40, kind: "adjustment", team: true, by: "Meera" }),
      expect.objectContaining({ delta: -40, kind: "adjustment", team: false, by: null }),
    ]);
  });

  it("is spent by a member's unlock; a teammate's unlock of the same contact or company is free and shows who unlocked it", async () => {
    const { owner, members, a } = await team(20, ["member", "admin"]);
    const [arjun, divya] = members;
    const contact = await makeContact(t.db);
    const first = await unlock(arjun, contact.id);
    expect(first.json()).toMatchObject({ charged: 1, already_unlocked: false, remaining_credits: 19, total_credits: 20 });
    for (const mate of [divya, owner]) {
      const again = await unlock(mate, contact.id);
      expect(again.json()).toMatchObject({ charged: 0, already_unlocked: true, remaining_credits: 19, contact: { phone: contact.phone } });
    }
    const listed = (await a.get("/api/user-unlock-contact/", divya)).json();
    expect(listed.results).toEqual([expect.objectContaining({ unlocked_by: "Arjun", contact: expect.objectContaining({ id: contact.id }) })]);
    expect((await a.get("/api/user-unlock-contact/", arjun)).json().results[0].unlocked_by).toBeNull();

    const company = await makeCompany(t.db);
    const bought = await a.post(`/api/company/unlock_company/${company.id}`, divya);
    expect(bought.json()).toMatchObject({ charged: 5, already_unlocked: false, remaining_credits: 14 });
    const free = await a.post(`/api/company/unlock_company/${company.id}`, arjun);
    expect(free.json()).toMatchObject({ charged: 0, already_unlocked: true });
    const rows = (await t.db.query(`SELECT count(*)::int AS n FROM unlocks WHERE team_id IS NOT NULL AND item_id = ANY($1)`, [[contact.id, company.id]])).rows[0];
    expect(rows.n).toBe(2); // one unlock each, owned by the team
  });

  it("answers 402 when the pool is empty, whatever the member's own credits, and changes nothing", async () => {
    const { members } = await team(0);
    const contact = await makeContact(t.db);
    const res = await unlock(members[0], contact.id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ detail: "Not enough credits to unlock this contact." });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM unlocks WHERE item_id = $1`, [contact.id])).rows[0].n).toBe(0);
  });

  it("shows every member the ledger: who spent what, and the pool's balance", async () => {
    const { owner, members, a } = await team(10, ["member", "member"]);
    const [c1, c2, c3] = [await makeContact(t.db), await makeContact(t.db), await makeContact(t.db)];
    await unlock(members[0], c1.id);
    await unlock(members[1], c2.id);
    await unlock(members[1], c3.id);
    const ledger = (await a.get("/api/credits/ledger/", owner)).json();
    const spends = ledger.results.filter((r: { kind: string }) => r.kind === "unlock").map((r: { by: string; delta: number; contact_id: number }) => [r.by, r.delta, r.contact_id]);
    expect(spends).toEqual([["Divya", -1, c3.id], ["Divya", -1, c2.id], ["Arjun", -1, c1.id]]);
    expect(ledger).toMatchObject({ remaining_credits: 7, total_credits: 10 });
    expect((await a.get("/api/credits/ledger/", members[0])).json().count).toBe(ledger.count - 1); // all but the owner's own row
    const view = (await a.get("/api/team/", owner)).json();
    expect(view.credits).toEqual({ remaining: 7, total: 10 });
    expect(view.members.map((m: { first_name: string; spent_this_month: number }) => [m.first_name, m.spent_this_month])).toEqual([["Meera", 0], ["Arjun", 1], ["Divya", 2]]);
  });
});

describe("a team's webhook", () => {
  it("is told contact.unlocked once, with the contact in full, when a member pays for it (not when a teammate opens it again)", async () => {
    const { teamId, members } = await team(10, ["member", "member"]);
    const hook = await t.db.query<{ id: number }>(
      `INSERT INTO webhooks (team_id, url, secret_enc, secret_hint, events) VALUES ($1, 'https://crm.example.com/hook', 'sealed', 'abcd', '{contact.unlocked}') RETURNING id`,
      [teamId],
    );
    const contact = await makeContact(t.db);
    await unlock(members[0], contact.id);
    await unlock(members[1], contact.id);
    const { rows } = await t.db.query<{ event: string; body: string }>(`SELECT event, body FROM webhook_deliveries WHERE webhook_id = $1`, [hook.rows[0].id]);
    expect(rows.map((r) => r.event)).toEqual(["contact.unlocked"]);
    expect(JSON.parse(rows[0].body).data).toMatchObject({ contact: { id: contact.id, phone: contact.phone, email: contact.email }, actor: { id: members[0].user.id } });
  });
});

describe("a member's monthly cap", () => {
  it("is set by an admin, stops the member's unlocks beyond it with 402 and a plain answer, and is audited", async () => {
    const { owner, members } = await team(50, ["member", "admin"]);
    const [divya, arjun] = members; // a member and an admin
    const divyaId = await memberId(owner, divya.user.id);
    expect((await patch(`/api/team/members/${divyaId}/`, divya, { monthly_cap: 5 })).statusCode).toBe(403);
    const set = await patch(`/api/team/members/${divyaId}/`, arjun, { monthly_cap: 2 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().members.find((m: { id: number }) => m.id === divyaId)).toMatchObject({ monthly_cap: 2, role: "member" });
    const contacts = [await makeContact(t.db), await makeContact(t.db), await makeContact(t.db)];
    expect((await unlock(divya, contacts[0].id)).statusCode).toBe(200);
    expect((await unlock(divya, contacts[1].id)).statusCode).toBe(200);
    const over = await unlock(divya, contacts[2].id);
    expect(over.statusCode).toBe(402);
    expect(over.json()).toEqual({ detail: monthlyCapReached(2) });
    expect((await me(divya)).remaining_credits).toBe(48); // nothing spent by the refused one
    expect((await unlock(divya, contacts[0].id)).json()).toMatchObject({ charged: 0 }); // what is unlocked stays free
    expect((await unlock(arjun, contacts[2].id)).statusCode).toBe(200); // others are not capped

    await patch(`/api/team/members/${divyaId}/`, owner, { monthly_cap: null });
    const audit = (await t.db.query<{ details: { old: number | null; new: number | null } }>(`SELECT details FROM audit_log WHERE action = 'team_member_cap_changed' AND actor_id = ANY($1) ORDER BY id`, [[arjun.user.id, owner.user.id]])).rows;
    expect(audit.map((r) => [r.details.old, r.details.new])).toEqual([[null, 2], [2, null]]);
    expect((await patch(`/api/team/members/${await memberId(owner, owner.user.id)}/`, arjun, { monthly_cap: 1 })).json()).toEqual({ detail: "The team's owner cannot be given a monthly cap." });
    expect((await patch(`/api/team/members/${divyaId}/`, arjun, { monthly_cap: -1 })).statusCode).toBe(400);
    expect((await patch(`/api/team/members/${divyaId}/`, arjun, {})).statusCode).toBe(400);
  });

  it("holds when the member's unlocks all arrive at once", async () => {
    const { owner, members } = await team(100);
    const [divya] = members;
    await patch(`/api/team/members/${await memberId(owner, divya.user.id)}/`, owner, { monthly_cap: 3 });
    const contacts = await Promise.all(Array.from({ length: 12 }, () => makeContact(t.db)));
    const answers = await Promise.all(contacts.map((c) => unlock(divya, c.id)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 402)).toHaveLength(9);
    expect((await me(divya)).remaining_credits).toBe(97);
  });
});

describe("the pool under many members at once", () => {
  it("is never overspent and never charges one contact twice", async () => {
    const { owner, members, teamId } = await team(9, ["member", "member", "admin", "member"]);
    const everyone = [owner, ...members];
    const contacts = await Promise.all(Array.from({ length: 14 }, () => makeContact(t.db)));
    // Every member wants every contact, starting at a different place.
    const answers = await Promise.all(everyone.flatMap((s, k) => contacts.map((_, j) => unlock(s, contacts[(j + k * 3) % contacts.length].id))));
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 402)).toBe(true);
    const charged = answers.filter((r) => r.statusCode === 200).reduce((sum, r) => sum + r.json().charged, 0);
    const pool = (await t.db.query(`SELECT total_credits, spent_credits FROM teams WHERE id = $1`, [teamId])).rows[0];
    const unlocks = (await t.db.query<{ item_id: number }>(`SELECT item_id FROM unlocks WHERE team_id = $1`, [teamId])).rows;
    const ledger = (await t.db.query(`SELECT coalesce(sum(delta), 0)::int AS sum FROM credit_ledger WHERE team_id = $1 AND kind = 'unlock'`, [teamId])).rows[0];
    expect(pool).toEqual({ total_credits: 9, spent_credits: 9 });
    expect(charged).toBe(9);
    expect(unlocks).toHaveLength(9);
    expect(new Set(unlocks.map((u) => u.item_id)).size).toBe(9);
    expect(ledger.sum).toBe(-9);
  });
});

describe("staff and the pool", () => {
  it("a grant to any member fills the team's pool; an accepted report refunds the pool and the spender's month", async () => {
    const { owner, members, teamId, a } = await team(5);
    const [divya] = members;
    const s = await staff(t);
    const granted = await a.post(`/api/user/users/${divya.user.id}/credits/`, s, { amount: 10, note: "Top-up" });
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.json()).toMatchObject({ remaining_credits: 15, total_credits: 15, team_name: `Sales ${owner.user.id}` });
    expect(await me(owner)).toMatchObject({ remaining_credits: 15, total_credits: 15 });

    const contact = await makeContact(t.db);
    await unlock(divya, contact.id);
    const report = await a.post(`/api/user-unlock-contact/${contact.id}/report/`, owner, { reason: "Number belongs to someone else" });
    expect(report.statusCode, report.body).toBe(201);
    const resolved = await a.post(`/api/credits/reports/${report.json().id}/resolve/`, s, { accepted: true });
    expect(resolved.json()).toMatchObject({ refunded: 1 });
    expect(await me(divya)).toMatchObject({ remaining_credits: 15 });
    const view = (await a.get("/api/team/", owner)).json();
    expect(view.members.find((m: { user_id: number }) => m.user_id === divya.user.id).spent_this_month).toBe(0);
    const refund = (await t.db.query(`SELECT user_id, team_id FROM credit_ledger WHERE kind = 'refund' AND team_id = $1`, [teamId])).rows;
    expect(refund).toEqual([{ user_id: divya.user.id, team_id: teamId }]);
  });
});

describe("two teams, and leaving one", () => {
  it("another team never sees this team's unlocks; a removed member no longer does, and has their own credits back", async () => {
    const one = await team(10);
    const two = await team(10);
    const contact = await makeContact(t.db);
    await unlock(one.members[0], contact.id);
    const other = await unlock(two.members[0], contact.id);
    expect(other.json()).toMatchObject({ charged: 1, already_unlocked: false }); // their own team pays for its own
    expect((await api(t).get("/api/user-unlock-contact/", two.owner)).json().results).toHaveLength(1);

    const leaver = one.members[0];
    const project = await makeProject(t.db);
    await linkContact(t.db, project, contact.id);
    const seen = async (s: Session) => (await api(t).get(`/api/work/${project}/contacts/`, s)).json().results[0];
    expect(await seen(one.owner)).toMatchObject({ is_unlocked: true, phone: contact.phone });
    expect((await del(`/api/team/members/${await memberId(one.owner, leaver.user.id)}/`, one.owner)).statusCode).toBe(204);
    // Their own subscription renewed later: their account is theirs again, without the team's unlocks.
    await t.db.query(`UPDATE users SET end_date = current_date + 30 WHERE id = $1`, [leaver.user.id]);
    expect(await me(leaver)).toMatchObject({ remaining_credits: 7, total_credits: 7 });
    expect((await api(t).get("/api/user-unlock-contact/", leaver)).json().results).toEqual([]);
    const masked = await seen(leaver);
    expect(masked.is_unlocked).toBe(false);
    expect(masked.phone).not.toBe(contact.phone);
    expect((await unlock(one.owner, contact.id)).json()).toMatchObject({ charged: 0 }); // still the team's
  });
});
