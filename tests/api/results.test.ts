// Results API: the lister (filter=item_type:result, facets, sorts, freshness when bidders or
// the tender change), result detail (winner, ranked bidders, L1–L2 and award–estimate spreads)
// and more-like-this. Data: tests/api/tender-fixture.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchEngine } from "../../server/search/index.js";
import { resultsIndex } from "../../server/search/indexes/results.js";
import { bothModesJson } from "./harness.js";
import { NHAI, PWD, inDays, insertResult, insertTender, tenderWorld, type TenderWorld } from "./tender-fixture.js";

let w: TenderWorld;
beforeAll(async () => {
  w = await tenderWorld();
});
afterAll(async () => {
  await w?.close();
});

const get = (url: string, headers: Record<string, string> = w.headersA) => w.ctx.app.inject({ method: "GET", url: `/api/${url}`, headers });

const both = (url: string) => bothModesJson(searchEngine(w.ctx.db, resultsIndex), () => get(url));

describe("list/results/search/", () => {
  it("lists every result with its tender, winner, award and bidder count, newest result first", async () => {
    const body = await both("list/results/search/?filter=item_type:result");
    expect(body.count).toBe(2);
    expect(body.results.map((r: { id: number }) => r.id)).toEqual([w.results["aoc-road"], w.results["aoc-bridge"]]);
    expect(body.results[0]).toMatchObject({
      item_type: "result", tender_id: w.ids["aoc-road"], title: "Widening of road on NH-44 near Nagpur", org_name_exact: PWD, category: "works",
      state: "Maharashtra", city: "Nagpur", value: 10e7, value_band: "10 - 100 Crore", award_value: 9.5e7, winner_name: "Ashoka Buildcon Ltd", bidder_count: 4,
    });
  });

  it("filters, sorts and searches", async () => {
    const ids = (b: { results: { id: number }[] }) => b.results.map((r) => r.id);
    expect(ids(await both(`list/results/search/?filter=item_type:result&filter=${encodeURIComponent(`org_name_exact:${NHAI}`)}`))).toEqual([w.results["aoc-bridge"]]);
    expect(ids(await both("list/results/search/?filter=item_type:result&sort=award_value+desc"))).toEqual([w.results["aoc-bridge"], w.results["aoc-road"]]);
    expect(ids(await both(`list/results/search/?filter=${encodeURIComponent("award_value:[* TO 100000000]")}`))).toEqual([w.results["aoc-road"]]);
    expect(ids(await both("list/results/search/?filter=item_type:result&q=wainganga+bridge"))).toEqual([w.results["aoc-bridge"]]);
    expect(ids(await both(`list/results/search/?filter=${encodeURIComponent('winner_name:"Ashoka Buildcon Ltd"')}`))).toEqual([w.results["aoc-road"]]);
    expect((await both("list/results/search/?filter=item_type:tender")).count).toBe(0);
  });

  it("counts facets with every filter but their own", async () => {
    const body = await both("list/results/search/facets/?filter=item_type:result&filter=state:Maharashtra");
    expect(body.facets.state).toEqual([{ text: "Madhya Pradesh", count: 1 }, { text: "Maharashtra", count: 1 }]);
    expect(body.facets.org_name_exact).toEqual([{ text: PWD, count: 1 }]);
    expect(body.facets.winner_name).toEqual([{ text: "Ashoka Buildcon Ltd", count: 1 }]);
    expect(Object.keys(body.facets).sort()).toEqual(["category", "city", "org_name_exact", "state", "value_band", "winner_name"]);
  });

  it("is fresh: a new result, a new bidder and a renamed tender show in the next search", async () => {
    const tid = await insertTender(w.ctx.db, { key: "aoc-drain", title: "Storm water drains at Amravati", org: "Amravati Municipal Corporation", status: "AOC", category: "works", value: 5e7, state: "Maharashtra", city: "Amravati", closing: inDays(-40) });
    const rid = await insertResult(w.ctx.db, tid, { winner: "Raj Infra", award: 4.8e7, date: inDays(-1), bidders: [{ name: "Raj Infra", bid: 4.8e7, rank: 1, winner: true }] });
    let first = (await get("list/results/search/?filter=item_type:result")).json().results[0];
    expect(first).toMatchObject({ id: rid, bidder_count: 1, title: "Storm water drains at Amravati" });
    await w.ctx.db.query(`INSERT INTO result_bidders (result_id, bidder_name, bid_value, rank) VALUES ($1, 'Sai Builders', 49000000, 2)`, [rid]);
    await w.ctx.db.query(`UPDATE tenders SET title = 'Storm water drains at Amravati, phase 2' WHERE id = $1`, [tid]);
    first = (await get("list/results/search/?filter=item_type:result")).json().results[0];
    expect(first).toMatchObject({ id: rid, bidder_count: 2, title: "Storm water drains at Amravati, phase 2" });
    expect((await get("list/results/search/?q=amravati+phase")).json().count).toBe(1);
    await w.ctx.db.query(`DELETE FROM tenders WHERE id = $1`, [tid]);
    expect((await get("list/results/search/")).json().count).toBe(2);
  });

  it("answers 400 for bad input and 401 signed out", async () => {
    for (const url of ["list/results/search/?filter=nosuch:1", "list/results/search/?sort=colour", "list/results/search/facets/?filter=award_value:[x TO 1]", "list/results/search/?page=-1"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
    }
    expect((await get("list/results/search/", {})).statusCode).toBe(401);
  });
});

describe("result/detail/{id}", () => {
  it("answers the award, winner, every bidder ranked L1, L2… and both spreads; records the view", async () => {
    const res = await get(`result/detail/${w.results["aoc-road"]}`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.tender).toMatchObject({ id: w.ids["aoc-road"], title: "Widening of road on NH-44 near Nagpur", value: 10e7, tender_status: "AOC", org_name: PWD });
    expect(d).toMatchObject({ id: w.results["aoc-road"], award_value: 9.5e7, shared: false });
    expect(d.winner).toEqual({ name: "Ashoka Buildcon Ltd", company_id: null, bid_value: 9.5e7, rank_label: "L1" });
    expect(d.bidders.map((b: { bidder_name: string; rank_label: string | null; bid_value: number | null }) => [b.bidder_name, b.rank_label, b.bid_value])).toEqual([
      ["Ashoka Buildcon Ltd", "L1", 9.5e7],
      ["Dilip Buildcon Ltd", "II", 9.88e7], // the label as published (issue 15): rank 2, lowest first
      ["PNC Infratech Ltd", "L3", 10.2e7],
      ["Shree Constructions", null, null],
    ]);
    expect(d.bidders.map((b: { rank: number | null; rank_direction: string | null }) => [b.rank, b.rank_direction])).toEqual([[1, "lowest"], [2, "lowest"], [3, "lowest"], [null, null]]);
    expect(d.bidders[3]).toMatchObject({ rank: null, status: "Rejected-Technical", is_winner: false });
    expect(d.spread_l1_l2).toEqual({ amount: 3_800_000, percent: 4 });
    expect(d.spread_award_estimate).toEqual({ amount: -5_000_000, percent: -5 });
    const viewed = await w.ctx.db.query(`SELECT 1 FROM recently_viewed WHERE user_id = $1 AND item_type = 'result' AND item_id = $2`, [w.userA.id, w.results["aoc-road"]]);
    expect(viewed.rows.length).toBe(1);
  });

  it("has no L1–L2 spread with one ranked bid and no award–estimate spread without an estimate", async () => {
    const tid = await insertTender(w.ctx.db, { key: "single", title: "Supply of transformers", org: "MSEDCL", status: "AOC", category: "goods", value: null, state: "Maharashtra", city: "Mumbai", closing: inDays(-50) });
    const rid = await insertResult(w.ctx.db, tid, { winner: "Voltamp Ltd", award: 2e6, date: inDays(-5), bidders: [{ name: "Voltamp Ltd", bid: 2e6, rank: 1, winner: true }] });
    const d = (await get(`result/detail/${rid}`)).json();
    expect(d.spread_l1_l2).toBeNull();
    expect(d.spread_award_estimate).toBeNull();
    expect(d.winner.name).toBe("Voltamp Ltd");
    const bridge = (await get(`result/detail/${w.results["aoc-bridge"]}`)).json();
    expect(bridge.spread_l1_l2).toEqual({ amount: 12e7, percent: 7.5 });
    expect(bridge.spread_award_estimate).toEqual({ amount: 10e7, percent: 6.67 });
    await w.ctx.db.query(`DELETE FROM tenders WHERE id = $1`, [tid]);
  });

  it("answers 404 for an unknown id (a tender's id is not a result's), 400 malformed, 401 signed out", async () => {
    expect((await get("result/detail/999999")).statusCode).toBe(404);
    expect((await get("result/detail/x1")).statusCode).toBe(400);
    const anon = await get(`result/detail/${w.results["aoc-road"]}`, {});
    expect(anon.statusCode).toBe(401);
    expect(anon.body).not.toContain("Ashoka");
  });
});

describe("result/{id}/result-mlt/", () => {
  it("lists other results, best match first, never the result itself", async () => {
    const res = await get(`result/${w.results["aoc-road"]}/result-mlt/`);
    expect(res.statusCode).toBe(200);
    const list = res.json().results;
    expect(list.map((r: { id: number }) => r.id)).toEqual([w.results["aoc-bridge"]]); // the only other result; same category
    expect(list[0]).toMatchObject({ tender_id: w.ids["aoc-bridge"], winner_name: "Afcons Infrastructure Ltd", award_value: 160e7 });
  });

  it("prefers the same organisation and shared terms", async () => {
    const tid = await insertTender(w.ctx.db, { key: "aoc-nh", title: "Strengthening of road on NH-44 near Nagpur", org: PWD, status: "AOC", category: "works", value: 9e7, state: "Maharashtra", city: "Nagpur", closing: inDays(-70) });
    const rid = await insertResult(w.ctx.db, tid, { winner: "Dilip Buildcon Ltd", award: 8.7e7, date: inDays(-20), bidders: [] });
    const list = (await get(`result/${w.results["aoc-road"]}/result-mlt/`)).json().results;
    expect(list.map((r: { id: number }) => r.id)).toEqual([rid, w.results["aoc-bridge"]]);
    expect(list[0].score).toBeGreaterThan(list[1].score);
    await w.ctx.db.query(`DELETE FROM tenders WHERE id = $1`, [tid]);
  });

  it("answers 404 for an unknown result", async () => {
    expect((await get("result/999999/result-mlt/")).statusCode).toBe(404);
  });
});
