// Unlocking a company: credits spent once, contacts revealed to this user only, the unlocked and
// not-unlocked lists per user, too few credits, unknown companies and impersonated sessions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_UNLOCK_COST } from "../../common/companies.js";
import { CONFIRM_SPEND } from "../../server/plugins/access.js";
import { startTestApp, type TestContext } from "./harness.js";
import { company } from "./company-fixture.js";
import { api, impersonating, makeContact, subscriber, type Session } from "./lead-fixture.js";

let t: TestContext;
let a: ReturnType<typeof api>;
let sub: Session;
let other: Session;
let target: { id: number; name: string };
let second: { id: number; name: string };
let contact: { id: number; phone: string | null; email: string | null };

const credits = async (userId: number) =>
  (await t.db.query<{ total_credits: number; spent_credits: number }>(`SELECT total_credits, spent_credits FROM users WHERE id = $1`, [userId])).rows[0];

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  sub = await subscriber(t, { credits: 12 });
  other = await subscriber(t, { credits: 12 });
  target = await company(t.db, { name: "Godavari Township Developers Pvt Ltd", cin: "U70100TG2011PTC072345" });
  second = await company(t.db, { name: "Tapi Riverfront Constructions Ltd", cin: "U45400GJ2004PLC044321" });
  await company(t.db, { name: "Unrelated Steel Fabricators Pvt Ltd" });
  contact = await makeContact(t.db, { companyId: target.id, name: "Kiran Reddy", phone: "+919848012345", email: "kiran@godavari.in" });
  await makeContact(t.db, { companyId: target.id, name: "Latha Rao", score: 40 });
}, 120_000);
afterAll(() => t?.close());

describe("company/unlock_company/{id}", () => {
  it("spends the unlock cost once, records it in the ledger, and reveals every contact to this user only", async () => {
    const first = await a.post(`/api/company/unlock_company/${target.id}`, sub, {});
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ company_id: target.id, charged: COMPANY_UNLOCK_COST, already_unlocked: false, remaining_credits: 12 - COMPANY_UNLOCK_COST, total_credits: 12 });
    const again = await a.post(`/api/company/unlock_company/${target.id}`, sub);
    expect(again.json()).toMatchObject({ charged: 0, already_unlocked: true, remaining_credits: 12 - COMPANY_UNLOCK_COST, unlocked_at: first.json().unlocked_at });
    expect((await credits(sub.user.id)).spent_credits).toBe(COMPANY_UNLOCK_COST);
    const ledger = await t.db.query<{ delta: number; note: string }>(`SELECT delta, note FROM credit_ledger WHERE user_id = $1`, [sub.user.id]);
    expect(ledger.rows).toEqual([{ delta: -COMPANY_UNLOCK_COST, note: `Unlocked company ${target.id}` }]);

    const mine = (await a.get(`/api/company/details/${target.id}/contacts/`, sub)).json();
    expect(mine.company_unlocked).toBe(true);
    expect(mine.results.find((c: { id: number }) => c.id === contact.id)).toMatchObject({ phone: contact.phone, email: contact.email, is_unlocked: true });
    expect(mine.results.every((c: { is_unlocked: boolean }) => c.is_unlocked)).toBe(true);
    const details = (await a.get(`/api/company/details/${target.id}/`, sub)).json();
    expect(details).toMatchObject({ is_unlocked: true, unlock_cost: 0, unlocked_at: first.json().unlocked_at });

    // Another user's view is unchanged.
    const theirs = (await a.get(`/api/company/details/${target.id}/contacts/`, other)).json();
    expect(theirs.company_unlocked).toBe(false);
    expect(JSON.stringify(theirs)).not.toContain("9848012345");
    expect((await a.get(`/api/company/details/${target.id}/`, other)).json()).toMatchObject({ is_unlocked: false, unlock_cost: COMPANY_UNLOCK_COST });
  });

  it("lists what this user unlocked, and the rest, never another user's unlocks", async () => {
    const unlocked = (await a.get(`/api/company/unlocked_static_data/`, sub)).json();
    expect(unlocked).toMatchObject({ count: 1, page: 1, results: [{ id: target.id, name: target.name, credits: COMPANY_UNLOCK_COST, contact_count: 2, high_quality_contact_count: 1 }] });
    const rest = (await a.get(`/api/company/static_data/`, sub)).json();
    expect(rest.results.map((r: { id: number }) => r.id)).not.toContain(target.id);
    expect(rest.results.map((r: { id: number }) => r.id)).toContain(second.id);
    expect((await a.get(`/api/company/static_data/?q=tapi`, sub)).json()).toMatchObject({ count: 1, results: [{ id: second.id }] });
    expect((await a.get(`/api/company/static_data/?q=U45400GJ`, sub)).json()).toMatchObject({ count: 1, results: [{ id: second.id }] });

    expect((await a.get(`/api/company/unlocked_static_data/`, other)).json()).toMatchObject({ count: 0, results: [] });
    expect((await a.get(`/api/company/static_data/?q=godavari`, other)).json()).toMatchObject({ count: 1, results: [{ id: target.id }] });

    // The lister marks and filters by this user's unlocks.
    const listed = (await a.get(`/api/list/company/search/?show_unlocked=true`, sub)).json();
    expect(listed).toMatchObject({ count: 1, results: [{ id: target.id, is_unlocked: true }] });
    expect((await a.get(`/api/list/company/search/?show_unlocked=true`, other)).json().count).toBe(0);
    const all = (await a.get(`/api/list/company/search/?q=godavari`, other)).json();
    expect(all.results[0]).toMatchObject({ id: target.id, is_unlocked: false });
  });

  it("402 with too few credits and 404 for an unknown company, spending nothing", async () => {
    const poor = await subscriber(t, { credits: COMPANY_UNLOCK_COST - 1 });
    const res = await a.post(`/api/company/unlock_company/${second.id}`, poor);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ detail: "Not enough credits to unlock this company." });
    expect((await credits(poor.user.id)).spent_credits).toBe(0);
    expect((await a.get(`/api/company/unlocked_static_data/`, poor)).json().count).toBe(0);

    const unknown = await a.post(`/api/company/unlock_company/99999999`, sub);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: "Company not found." });
    expect((await a.post(`/api/company/unlock_company/abc`, sub)).statusCode).toBe(400);
    expect((await a.post(`/api/company/unlock_company/${second.id}`, null)).statusCode).toBe(401);
    expect((await a.post(`/api/company/unlock_company/${second.id}`, sub, { surprise: 1 })).statusCode).toBe(400);
    expect((await credits(sub.user.id)).spent_credits).toBe(COMPANY_UNLOCK_COST);
  });

  it("an impersonating staff member must confirm spending the user's credits", async () => {
    const user = await subscriber(t, { credits: 10 });
    const imp = await impersonating(t, user.user);
    const refused = await a.post(`/api/company/unlock_company/${second.id}`, imp, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: CONFIRM_SPEND });
    expect((await credits(user.user.id)).spent_credits).toBe(0);
    const ok = await a.post(`/api/company/unlock_company/${second.id}`, imp, { impersonation_confirmed: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().charged).toBe(COMPANY_UNLOCK_COST);
    const ledger = await t.db.query<{ actor_id: number }>(`SELECT actor_id FROM credit_ledger WHERE user_id = $1`, [user.user.id]);
    expect(ledger.rows.map((r) => Number(r.actor_id))).toEqual([imp.staff.user.id]);
  });
});
