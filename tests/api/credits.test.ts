// Unlocking contacts with credits, the ledger, wrong-contact reports and their refunds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIRM_SPEND } from "../../server/plugins/access.js";
import { NOT_ENOUGH_CREDITS } from "../../server/modules/credits/unlock.js";
import { ONLY_UNLOCKED_REPORTS } from "../../server/modules/credits/routes.js";
import { startTestApp, type TestContext } from "./harness.js";
import { api, impersonating, linkContact, makeCompany, makeContact, makeProject, staff, subscriber, type Session } from "./lead-fixture.js";

let t: TestContext;
let a: ReturnType<typeof api>;
let staffer: Session;
let company: { id: number; name: string };
beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  staffer = await staff(t);
  company = await makeCompany(t.db, "Lodha Developers");
}, 60_000);
afterAll(() => t.close());

const unlock = (s: Session, contactId: number, extra: Record<string, unknown> = {}) => a.post(`/api/user-unlock-contact/`, s, { contact_id: contactId, ...extra });
const credits = async (userId: number) =>
  (await t.db.query<{ total_credits: number; spent_credits: number }>(`SELECT total_credits, spent_credits FROM users WHERE id = $1`, [userId])).rows[0];

describe("POST /api/user-unlock-contact/", () => {
  it("spends one credit, answers the contact unmasked with the new balance, writes the unlock, ledger row and audit record", async () => {
    const s = await subscriber(t, { credits: 3 });
    const c = await makeContact(t.db, { companyId: company.id, name: "Anil Mehta", phone: "+919876500011", email: "anil@lodha.in" });
    const res = await unlock(s, c.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      contact: { id: c.id, name: "Anil Mehta", phone: "+919876500011", email: "anil@lodha.in", is_unlocked: true, company: { id: company.id, name: "Lodha Developers" } },
      remaining_credits: 2, total_credits: 3, charged: 1, already_unlocked: false,
    });
    expect(await credits(s.user.id)).toEqual({ total_credits: 3, spent_credits: 1 });
    const ledger = await t.db.query<{ delta: number; kind: string; unlock_id: number }>(`SELECT delta, kind, unlock_id FROM credit_ledger WHERE user_id = $1`, [s.user.id]);
    expect(ledger.rows).toEqual([{ delta: -1, kind: "unlock", unlock_id: expect.any(Number) }]);
    const auditRows = await t.db.query(`SELECT actor_id, as_user_id FROM audit_log WHERE action = 'unlock_contact' AND as_user_id = $1`, [s.user.id]);
    expect(auditRows.rows).toEqual([{ actor_id: s.user.id, as_user_id: s.user.id }]);
    // The top bar's numbers come from user-info.
    expect((await a.get(`/api/user-info/`, s)).json()).toMatchObject({ remaining_credits: 2, total_credits: 3 });
  });

  it("an already unlocked contact costs nothing (a double click, or both at once)", async () => {
    const s = await subscriber(t, { credits: 5 });
    const c = await makeContact(t.db);
    await unlock(s, c.id);
    const again = await unlock(s, c.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ charged: 0, already_unlocked: true, remaining_credits: 4 });
    const c2 = await makeContact(t.db);
    const racing = await Promise.all([unlock(s, c2.id), unlock(s, c2.id), unlock(s, c2.id)]);
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(racing.filter((r) => r.json().charged === 1)).toHaveLength(1);
    expect(await credits(s.user.id)).toMatchObject({ spent_credits: 2 });
  });

  it("with no credits left answers 402 'Not enough credits to unlock this contact.' and changes nothing", async () => {
    const s = await subscriber(t, { credits: 1 });
    const [c1, c2] = [await makeContact(t.db), await makeContact(t.db)];
    expect((await unlock(s, c1.id)).statusCode).toBe(200);
    const res = await unlock(s, c2.id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ detail: NOT_ENOUGH_CREDITS });
    expect(await credits(s.user.id)).toEqual({ total_credits: 1, spent_credits: 1 });
    expect((await t.db.query(`SELECT 1 FROM unlocks WHERE user_id = $1`, [s.user.id])).rows).toHaveLength(1);
    expect((await t.db.query(`SELECT 1 FROM credit_ledger WHERE user_id = $1`, [s.user.id])).rows).toHaveLength(1);
    const zero = await subscriber(t, { credits: 0 });
    expect((await unlock(zero, c1.id)).statusCode).toBe(402);
  });

  it("refuses an unknown contact (404), a bad body (400), no token (401), an expired subscription (403)", async () => {
    const s = await subscriber(t);
    expect((await unlock(s, 987654)).statusCode).toBe(404);
    expect((await a.post(`/api/user-unlock-contact/`, s, {})).json()).toEqual({ contact_id: ["This field is required."] });
    expect((await a.post(`/api/user-unlock-contact/`, s, { contact_id: "x" })).statusCode).toBe(400);
    expect((await a.post(`/api/user-unlock-contact/`, s, { contact_id: 1, extra: 1 })).statusCode).toBe(400);
    expect((await a.post(`/api/user-unlock-contact/`, null, { contact_id: 1 })).statusCode).toBe(401);
    const expired = await subscriber(t, { endDate: "2020-01-01" });
    expect((await unlock(expired, (await makeContact(t.db)).id)).statusCode).toBe(403);
    expect(await credits(s.user.id)).toMatchObject({ spent_credits: 0 });
  });

  it("an impersonating staff member must confirm explicitly; then it is spent and audited with both users", async () => {
    const target = await subscriber(t, { credits: 2 });
    const imp = await impersonating(t, target.user);
    const c = await makeContact(t.db);
    const refused = await unlock(imp, c.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: CONFIRM_SPEND });
    expect(await credits(target.user.id)).toMatchObject({ spent_credits: 0 });
    const ok = await unlock(imp, c.id, { impersonation_confirmed: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ charged: 1, remaining_credits: 1 });
    const rows = await t.db.query(`SELECT actor_id, as_user_id FROM audit_log WHERE action = 'unlock_contact' AND as_user_id = $1`, [target.user.id]);
    expect(rows.rows).toContainEqual({ actor_id: imp.staff.user.id, as_user_id: target.user.id });
    const ledger = await t.db.query(`SELECT actor_id FROM credit_ledger WHERE user_id = $1`, [target.user.id]);
    expect(ledger.rows).toEqual([{ actor_id: imp.staff.user.id }]);
  });
});

describe("GET /api/user-unlock-contact/ and /api/credits/ledger/", () => {
  it("list only this user's unlocks and ledger rows", async () => {
    const s = await subscriber(t, { credits: 4 });
    const o = await subscriber(t, { credits: 4 });
    const pid = await makeProject(t.db);
    const c1 = await makeContact(t.db, { companyId: company.id });
    const c2 = await makeContact(t.db);
    await linkContact(t.db, pid, c1.id);
    await unlock(s, c1.id);
    await unlock(s, c2.id);
    await unlock(o, c2.id);
    const list = await a.get(`/api/user-unlock-contact/`, s);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 2, page: 1 });
    expect(list.json().results.map((r: { contact: { id: number } }) => r.contact.id).sort()).toEqual([c1.id, c2.id].sort());
    const first = list.json().results.find((r: { contact: { id: number } }) => r.contact.id === c1.id);
    expect(first).toMatchObject({ credits: 1, project_ids: [pid], report_status: null, contact: { phone: c1.phone, is_unlocked: true } });
    const ledger = await a.get(`/api/credits/ledger/`, s);
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json()).toMatchObject({ count: 2, remaining_credits: 2, total_credits: 4 });
    expect(ledger.json().results.map((r: { delta: number; kind: string }) => [r.delta, r.kind])).toEqual([[-1, "unlock"], [-1, "unlock"]]);
    expect(ledger.json().results.map((r: { contact_id: number }) => r.contact_id).sort()).toEqual([c1.id, c2.id].sort());
    expect((await a.get(`/api/user-unlock-contact/`, o)).json().count).toBe(1);
    expect((await a.get(`/api/credits/ledger/?page=0`, s)).statusCode).toBe(400);
  });
});

describe("wrong-contact reports and refunds", () => {
  it("the user who unlocked a contact reports it once; staff accept it once: one refund row, credits back, contact marked wrong", async () => {
    const s = await subscriber(t, { credits: 2 });
    const c = await makeContact(t.db);
    await unlock(s, c.id);
    const report = await a.post(`/api/user-unlock-contact/${c.id}/report/`, s, { reason: "Number belongs to someone else" });
    expect(report.statusCode).toBe(201);
    expect(report.json()).toMatchObject({ contact_id: c.id, kind: "wrong_contact", status: "open", refunded: false, reason: "Number belongs to someone else" });
    expect((await a.post(`/api/user-unlock-contact/${c.id}/report/`, s, { reason: "again" })).statusCode).toBe(409);
    const queue = await a.get(`/api/credits/reports/`, staffer);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().results).toContainEqual(expect.objectContaining({ id: report.json().id, user: expect.objectContaining({ id: s.user.id }), credits: 1 }));
    const id = report.json().id;
    const resolved = await a.post(`/api/credits/reports/${id}/resolve/`, staffer, { accepted: true, note: "Verified by call" });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ refunded: 1, report: { status: "accepted", refunded: true, resolution_note: "Verified by call" } });
    // Again: idempotent, no second refund. The other decision: 409.
    const again = await a.post(`/api/credits/reports/${id}/resolve/`, staffer, { accepted: true });
    expect(again.statusCode).toBe(200);
    expect(again.json().refunded).toBe(0);
    expect((await a.post(`/api/credits/reports/${id}/resolve/`, staffer, { accepted: false })).statusCode).toBe(409);
    expect(await credits(s.user.id)).toEqual({ total_credits: 2, spent_credits: 0 });
    const ledger = (await a.get(`/api/credits/ledger/`, s)).json();
    expect(ledger.results.map((r: { delta: number; kind: string }) => [r.delta, r.kind])).toEqual([[1, "refund"], [-1, "unlock"]]);
    expect(ledger.remaining_credits).toBe(2);
    expect((await t.db.query(`SELECT is_wrong FROM contacts WHERE id = $1`, [c.id])).rows[0]).toEqual({ is_wrong: true });
    expect((await a.get(`/api/user-unlock-contact/`, s)).json().results[0].report_status).toBe("accepted");
    // Re-unlocking the same contact does not charge again (still unlocked).
    expect((await unlock(s, c.id)).json().charged).toBe(0);
  });

  it("a rejected report refunds nothing", async () => {
    const s = await subscriber(t, { credits: 1 });
    const c = await makeContact(t.db);
    await unlock(s, c.id);
    const id = (await a.post(`/api/user-unlock-contact/${c.id}/report/`, s, { reason: "wrong" })).json().id;
    const res = await a.post(`/api/credits/reports/${id}/resolve/`, staffer, { accepted: false });
    expect(res.json()).toMatchObject({ refunded: 0, report: { status: "rejected", refunded: false } });
    expect(await credits(s.user.id)).toMatchObject({ spent_credits: 1 });
    expect((await t.db.query(`SELECT is_wrong FROM contacts WHERE id = $1`, [c.id])).rows[0]).toEqual({ is_wrong: false });
  });

  it("refuses reports on contacts not unlocked (403), unknown contacts (404), blank reasons (400); the queue and decisions are staff only", async () => {
    const s = await subscriber(t);
    const c = await makeContact(t.db);
    const notMine = await a.post(`/api/user-unlock-contact/${c.id}/report/`, s, { reason: "wrong" });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json()).toEqual({ detail: ONLY_UNLOCKED_REPORTS });
    expect((await a.post(`/api/user-unlock-contact/987654/report/`, s, { reason: "wrong" })).statusCode).toBe(404);
    await unlock(s, c.id);
    expect((await a.post(`/api/user-unlock-contact/${c.id}/report/`, s, { reason: "  " })).json()).toEqual({ reason: ["This field may not be blank."] });
    expect((await a.post(`/api/user-unlock-contact/${c.id}/report/`, s, {})).statusCode).toBe(400);
    expect((await a.get(`/api/credits/reports/`, s)).statusCode).toBe(403);
    expect((await a.post(`/api/credits/reports/1/resolve/`, s, { accepted: true })).statusCode).toBe(403);
    const imp = await impersonating(t, s.user);
    expect((await a.get(`/api/credits/reports/`, imp)).statusCode).toBe(403);
    expect((await a.post(`/api/credits/reports/987654/resolve/`, staffer, { accepted: true })).statusCode).toBe(404);
    expect((await a.post(`/api/credits/reports/1/resolve/`, staffer, {})).json()).toEqual({ accepted: ["This field is required."] });
    expect((await a.get(`/api/credits/reports/?status=bogus`, staffer)).statusCode).toBe(400);
  });
});
