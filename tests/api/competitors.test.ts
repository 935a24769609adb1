// Competitor tracking: the user's tracked list (add, list, remove; only their own), a company's
// bidding profile from results data, the side-by-side comparison and the competitor lister
// (companies bidding on the same tenders as the user's company, else frequent winners).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_TRACKED_COMPETITORS } from "../../common/companies.js";
import { startTestApp, type TestContext } from "./harness.js";
import { company, tenderResult } from "./company-fixture.js";
import { api, subscriber, type Session } from "./lead-fixture.js";

let t: TestContext;
let a: ReturnType<typeof api>;
let sub: Session;
let other: Session;
let mine: { id: number; name: string };
let rivalA: { id: number; name: string };
let rivalB: { id: number; name: string };
let rivalC: { id: number; name: string };

const del = (url: string, s: Session | null) => t.app.inject({ method: "DELETE", url, headers: s?.headers ?? {} });
const ids = (rows: { company: { id: number } }[]) => rows.map((r) => r.company.id);

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  sub = await subscriber(t);
  other = await subscriber(t);
  mine = await company(t.db, { name: "Deccan Infra Projects Pvt Ltd" });
  rivalA = await company(t.db, { name: "Konkan Highways Ltd" });
  rivalB = await company(t.db, { name: "Vindhya Earthmovers Pvt Ltd" });
  rivalC = await company(t.db, { name: "Saurashtra Civil Works Pvt Ltd", state: "Gujarat" });
  await t.db.query(`UPDATE users SET company = 'M/s. Deccan Infra Projects Private Limited' WHERE id = $1`, [sub.user.id]);
  await t.db.query(`UPDATE users SET preferred_states = '{Gujarat}' WHERE id = $1`, [other.user.id]);
  const day = (n: number) => new Date(Date.now() - n * 864e5).toISOString();
  await tenderResult(t.db, { value: 100e5, resultDate: day(3), title: "Widening of SH-10", bids: [{ companyId: rivalA.id, bid: 90e5, rank: 1 }, { companyId: mine.id, bid: 95e5, rank: 2 }] });
  await tenderResult(t.db, { value: 200e5, resultDate: day(5), bids: [{ companyId: mine.id, bid: 180e5, rank: 1 }, { companyId: rivalA.id, bid: 190e5, rank: 2 }, { companyId: rivalB.id, bid: 195e5, rank: 3 }] });
  await tenderResult(t.db, { value: 50e5, resultDate: day(40), state: "Karnataka", category: "goods", title: "Supply of cement",
    bids: [{ companyId: rivalA.id, bid: 46e5, rank: 1 }, { companyId: rivalB.id, bid: 48e5, rank: 2 }] });
  await tenderResult(t.db, { value: 80e5, resultDate: day(10), state: "Gujarat", bids: [{ companyId: rivalC.id, bid: 76e5, rank: 1 }, { companyId: rivalB.id, bid: null, rank: null }] });
}, 120_000);
afterAll(() => t?.close());

describe("competitors/ (tracked list)", () => {
  it("tracks a company with its results figures, once, for this user only", async () => {
    const added = await a.post(`/api/competitors/`, sub, { company_id: rivalA.id });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      company: { id: rivalA.id, name: rivalA.name },
      tenders_bid: 3, tenders_won: 2, win_rate: 0.6667, l1_count: 2, won_value: 136e5, typical_discount: 0.09,
    });
    expect((await a.post(`/api/competitors/`, sub, { company_id: rivalA.id })).statusCode).toBe(200);
    expect((await a.post(`/api/competitors/`, sub, { company_id: rivalB.id })).statusCode).toBe(201);
    const list = (await a.get(`/api/competitors/`, sub)).json().results;
    expect(ids(list)).toEqual([rivalB.id, rivalA.id]);
    expect(list[0]).toMatchObject({ tenders_bid: 3, tenders_won: 0, win_rate: 0, l1_count: 0, typical_discount: null, last_win_date: null });
    expect((await a.get(`/api/competitors/`, other)).json().results).toEqual([]);
    expect((await a.get(`/api/company/details/${rivalA.id}/`, sub)).json().is_tracked_competitor).toBe(true);
  });

  it("removes only the user's own, and refuses bad input", async () => {
    await a.post(`/api/competitors/`, other, { company_id: rivalC.id });
    expect((await del(`/api/competitors/${rivalC.id}/`, sub)).statusCode).toBe(404); // not tracked by sub
    expect(ids((await a.get(`/api/competitors/`, other)).json().results)).toEqual([rivalC.id]);
    expect((await del(`/api/competitors/${rivalC.id}/`, other)).statusCode).toBe(204);
    expect((await del(`/api/competitors/${rivalC.id}/`, other)).json()).toEqual({ detail: "You do not track this company." });
    expect((await a.post(`/api/competitors/`, sub, { company_id: 99999999 })).statusCode).toBe(404);
    const bad = await a.post(`/api/competitors/`, sub, { company_id: "abc" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(["company_id"]);
    expect((await a.post(`/api/competitors/`, sub, {})).json()).toEqual({ company_id: ["This field is required."] });
    expect((await a.get(`/api/competitors/`, null)).statusCode).toBe(401);
  });

  it("a double click (or two browsers) tracks once", async () => {
    const clicker = await subscriber(t);
    const c = await company(t.db);
    const answers = await Promise.all(Array.from({ length: 8 }, () => a.post(`/api/competitors/`, clicker, { company_id: c.id })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect((await a.get(`/api/competitors/`, clicker)).json().results).toHaveLength(1);
  });

  it(`tracks at most ${MAX_TRACKED_COMPETITORS}`, async () => {
    const busy = await subscriber(t);
    for (let i = 0; i < MAX_TRACKED_COMPETITORS; i++) {
      const c = await company(t.db);
      expect((await a.post(`/api/competitors/`, busy, { company_id: c.id })).statusCode).toBe(201);
    }
    const over = await a.post(`/api/competitors/`, busy, { company_id: rivalA.id });
    expect(over.statusCode).toBe(400);
    expect(over.json().company_id[0]).toContain(`at most ${MAX_TRACKED_COMPETITORS}`);
  });
});

describe("competitors/{companyId}/ profile", () => {
  it("answers positions, categories, states and recent wins with their discount", async () => {
    const res = await a.get(`/api/competitors/${rivalA.id}/`, other);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ is_tracked: false, tracked_at: null, tenders_bid: 3, tenders_won: 2 });
    expect(p.positions).toEqual([{ text: "L1", count: 2 }, { text: "L2", count: 1 }]);
    expect(p.sectors).toEqual([{ text: "works", bids: 2, wins: 1 }, { text: "goods", bids: 1, wins: 1 }]);
    expect(p.states).toEqual([{ text: "Maharashtra", bids: 2, wins: 1 }, { text: "Karnataka", bids: 1, wins: 1 }]);
    expect(p.recent_wins.map((w: { title: string; discount: number; award_value: number }) => [w.title, w.award_value, w.discount])).toEqual([
      ["Widening of SH-10", 90e5, 0.1],
      ["Supply of cement", 46e5, 0.08],
    ]);
    expect((await a.get(`/api/competitors/99999999/`, sub)).statusCode).toBe(404);
  });
});

describe("competitor_comparison/", () => {
  it("puts the tracked competitors side by side, optionally over the last N days", async () => {
    const all = (await a.get(`/api/competitor_comparison/`, sub)).json();
    expect(all.days).toBeNull();
    const a1 = all.results.find((r: { company: { id: number } }) => r.company.id === rivalA.id);
    expect(a1).toMatchObject({ tenders_bid: 3, tenders_won: 2, top_sectors: ["works", "goods"], top_states: ["Maharashtra", "Karnataka"] });
    const recent = (await a.get(`/api/competitor_comparison/?days=30`, sub)).json();
    expect(recent.days).toBe(30);
    expect(recent.results.find((r: { company: { id: number } }) => r.company.id === rivalA.id)).toMatchObject({ tenders_bid: 2, tenders_won: 1, typical_discount: 0.1, top_states: ["Maharashtra"] });
    expect((await a.get(`/api/competitor_comparison/?days=0`, sub)).statusCode).toBe(400);
    expect((await a.get(`/api/competitor_comparison/`, other)).json().results).toEqual([]);
  });
});

describe("competitor_lister/", () => {
  it("lists companies bidding on the same tenders as the user's company, matched by normalised name", async () => {
    const res = await a.get(`/api/competitor_lister/`, sub);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.your_company).toEqual({ name: "M/s. Deccan Infra Projects Private Limited", company: { id: mine.id, name: mine.name } });
    expect(body.count).toBe(2);
    expect(body.results).toEqual([
      expect.objectContaining({ company: expect.objectContaining({ id: rivalA.id }), reason: "shared_tenders", shared_tenders: 2, ranked_above_you: 1, tenders_bid: 3, tenders_won: 2, is_tracked: true }),
      expect.objectContaining({ company: expect.objectContaining({ id: rivalB.id }), reason: "shared_tenders", shared_tenders: 1, ranked_above_you: 0, is_tracked: true }),
    ]);
  });

  it("without a known company: the most frequent winners in the user's preferred states", async () => {
    const body = (await a.get(`/api/competitor_lister/`, other)).json();
    expect(body.your_company).toEqual({ name: null, company: null });
    expect(body).toMatchObject({ count: 1, results: [{ company: { id: rivalC.id }, reason: "frequent_winner", shared_tenders: 0, tenders_won: 1 }] });
    expect((await a.get(`/api/competitor_lister/?page=0`, other)).statusCode).toBe(400);
  });
});

describe("competitor_lister/ ties", () => {
  const names = (body: { results: { company: { name: string } }[] }) => body.results.map((r) => r.company.name);

  it("lists companies with equal shared tenders by name (any case), whatever order they were added in", async () => {
    const user = await subscriber(t);
    const me = await company(t.db, { name: "Tapti Buildcon Pvt Ltd" });
    await t.db.query(`UPDATE users SET company = $2 WHERE id = $1`, [user.user.id, me.name]);
    // Added in reverse alphabetical order, so their ids alone would put Zenith first.
    const rivals = [await company(t.db, { name: "Zenith Roadways Ltd" }), await company(t.db, { name: "bharat Earthworks Ltd" }), await company(t.db, { name: "Aravali Constructions Ltd" })];
    // Each bid once beside the user's company and ranked below it: one shared tender, none above.
    for (const rival of rivals) {
      await tenderResult(t.db, { value: 10e5, bids: [{ companyId: me.id, bid: 9e5, rank: 1 }, { companyId: rival.id, bid: 9.5e5, rank: 2 }] });
    }
    const body = (await a.get(`/api/competitor_lister/`, user)).json();
    expect(body.results.map((r: { shared_tenders: number; ranked_above_you: number }) => [r.shared_tenders, r.ranked_above_you])).toEqual([[1, 0], [1, 0], [1, 0]]);
    expect(names(body)).toEqual(["Aravali Constructions Ltd", "bharat Earthworks Ltd", "Zenith Roadways Ltd"]);
  });

  it("lists frequent winners with equal wins by name too", async () => {
    const user = await subscriber(t);
    await t.db.query(`UPDATE users SET preferred_states = '{Kerala}' WHERE id = $1`, [user.user.id]);
    const winners = [await company(t.db, { name: "Vembanad Marine Works" }), await company(t.db, { name: "malabar Infra Ltd" }), await company(t.db, { name: "Kochi Civil Contractors" })];
    for (const w of winners) await tenderResult(t.db, { value: 20e5, state: "Kerala", bids: [{ companyId: w.id, bid: 19e5, rank: 1 }] });
    const body = (await a.get(`/api/competitor_lister/`, user)).json();
    expect(body.results.map((r: { reason: string; tenders_won: number }) => [r.reason, r.tenders_won])).toEqual([["frequent_winner", 1], ["frequent_winner", 1], ["frequent_winner", 1]]);
    expect(names(body)).toEqual(["Kochi Civil Contractors", "malabar Infra Ltd", "Vembanad Marine Works"]);
  });
});
