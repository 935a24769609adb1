// Every winner and the contract apart from the winning bid (issue 15, points 2 and 3), through
// the importers and the API, on real files:
//   - the three real GePNIC pages (CivicDataLab, ODbL): Contract Value and Contract Date kept
//     apart from the awarded bid and the financial bids;
//   - crafted/ocds-lots-joint-award.json: the OCP fictional contract release (BSD-3-Clause)
//     edited in its own OCDS shape into two awards (lots), the first to two suppliers jointly,
//     with two signed contracts (the samples have no multi-supplier award; see the fixtures README);
//   - crafted/gepnic-contract-rate.csv: the real 2024_PWD_35115_146 page with its Contract Value
//     edited to a per-unit rate (INR 466.54), the kind of slip the plausibility flags catch.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { searchEngine } from "../../server/search/index.js";
import { resultsIndex } from "../../server/search/indexes/results.js";
import { bidFigures } from "../../server/modules/competitors/figures.js";
import { fx, resetImports, run } from "../fixtures/import/helpers.js";
import { bearer, bothModesJson, createUser, login, signedInApp, type TestContext } from "./harness.js";

let ctx: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  ({ ctx, headers } = await signedInApp());
});
afterAll(() => ctx?.close());
beforeEach(() => resetImports(ctx.db));

const get = (url: string) => ctx.app.inject({ method: "GET", url: `/api/${url}`, headers });

/** The list answer by the in-memory index and by SQL, which must agree. */
async function search(q: string) {
  const url = `list/results/search/?filter=item_type:result&q=${encodeURIComponent(q)}`;
  return (await bothModesJson(searchEngine(ctx.db, resultsIndex), () => get(url))) as { count: number; results: { id: number; winner_name: string }[] };
}

async function resultIdOf(ocid: string): Promise<number> {
  const r = await ctx.db.query<{ id: number }>("SELECT r.id FROM results r JOIN tenders t ON t.id = r.tender_id WHERE t.ocid = $1", [ocid]);
  return Number(r.rows[0].id);
}

async function detail(ocid: string) {
  const res = await get(`result/detail/${await resultIdOf(ocid)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("OCDS: two lots, the first awarded to two suppliers jointly", () => {
  const OCID = "ocds-213czf-000-00002";
  beforeEach(async () => {
    const r = await run(ctx.db, "ocds", [fx("crafted", "ocds-lots-joint-award.json")], { fx: { GBP: 100 } });
    expect(r.totals).toMatchObject({ created: 1, rejected: 0 });
  });

  it("keeps every award's every supplier with its own value, and both signed contracts apart", async () => {
    const d = await detail(OCID);
    expect(d.winners.map((w: { name: string; bid_value: number | null; award_ref: string; bid_value_flags: string[] }) => [w.name, w.bid_value, w.award_ref, w.bid_value_flags])).toEqual([
      // One value for the joint award: not split, not given to each supplier.
      ["AnyCorp Cycle Provision", null, "ocds-213czf-000-00002-award-01", []],
      ["Beta Corp Construction", null, "ocds-213czf-000-00002-award-01", []],
      ["Gamma Signs and Lines", 250_000_000, "ocds-213czf-000-00002-award-02", []],
    ]);
    expect(d.winners.map((w: { award_value: number }) => w.award_value)).toEqual([1_100_000_000, 1_100_000_000, 250_000_000]);
    expect(new Set(d.winners.map((w: { company_id: number }) => w.company_id)).size).toBe(3);
    expect(d.winners.every((w: { company_id: unknown }) => typeof w.company_id === "number")).toBe(true);
    // The awards add up (11,000,000 + 2,500,000 GBP at 100); the contracts as signed (10,500,000 + 2,500,000).
    expect(d).toMatchObject({ award_value: 1_350_000_000, contract_value: 1_300_000_000, contract_date: "2010-06-20T11:00:00.000Z" });
    expect(d.winner.name).toBe("AnyCorp Cycle Provision");
    expect(d.bidders.filter((b: { is_winner: boolean }) => b.is_winner).map((b: { bidder_name: string }) => b.bidder_name).sort()).toEqual([
      "AnyCorp Cycle Provision", "Beta Corp Construction", "Gamma Signs and Lines",
    ]);
  });

  it("finds the result by the second and the third winner's name, in memory and by SQL", async () => {
    const id = await resultIdOf(OCID);
    expect((await search("Beta Corp")).results.map((r) => r.id)).toEqual([id]);
    expect((await search("gamma signs")).results.map((r) => r.id)).toEqual([id]);
    // The tender's own words still AND with a winner's.
    expect((await search("cycle lanes beta")).results.map((r) => r.id)).toEqual([id]);
    expect((await search("Delta Corp")).count).toBe(0);
  });

  it("counts the win for every winner in the competitor figures", async () => {
    const d = await detail(OCID);
    const [any, beta, gamma] = d.winners.map((w: { company_id: number }) => w.company_id);
    const figures = await bidFigures(ctx.db, [any, beta, gamma]);
    expect([any, beta, gamma].map((c: number) => figures.get(c)!.tenders_won)).toEqual([1, 1, 1]);
    // Its own value where it has one; a joint award's suppliers count that award's value (not lot 2's).
    expect(figures.get(gamma)!.won_value).toBe(250_000_000);
    expect(figures.get(beta)!.won_value).toBe(1_100_000_000);
    // The competitor lister's frequent winners (a user without a company of their own, in the
    // tender's state): all three. The sample is London's, which is no Indian state: the tender
    // is placed in one here, as an Indian publication's buyer address would place it.
    await ctx.db.query("UPDATE tenders SET state = 'Goa' WHERE ocid = $1", [OCID]);
    const u = await createUser(ctx.db);
    await ctx.db.query("UPDATE users SET preferred_states = ARRAY['Goa'] WHERE id = $1", [u.id]);
    const res = await ctx.app.inject({ method: "GET", url: "/api/competitor_lister/", headers: bearer(await login(ctx.app, u.email, u.password)) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.map((r: { company: { name: string }; reason: string; tenders_won: number }) => [r.company.name, r.reason, r.tenders_won])).toEqual([
      ["AnyCorp Cycle Provision", "frequent_winner", 1], ["Beta Corp Construction", "frequent_winner", 1], ["Gamma Signs and Lines", "frequent_winner", 1],
    ]);
  });
});

describe("GePNIC: Contract Value and Contract Date apart from the bid", () => {
  it("keeps the real pages' contract beside the awarded value and the financial bids", async () => {
    const dir = fx("gepnic");
    await run(ctx.db, "gepnic", ["final_2024_PWD_35115_146.csv", "final_2022_CD_25879_1.csv"].map((f) => `${dir}/${f}`), { source: "assam" });
    const pwd = await detail("assam:2024_PWD_35115_146");
    expect(pwd).toMatchObject({
      award_value: 46_654_000, award_value_flags: [],
      contract_value: 46_654_000, contract_value_flags: [], contract_date: "2024-04-23T18:30:00.000Z", // 24-Apr-2024 IST
      winners: [{ name: "Dulal Dutta", bid_value: 46_654_000, bid_value_flags: [], award_ref: null }],
    });
    expect(pwd.bidders[0]).toMatchObject({ bidder_name: "Dulal Dutta", bid_value: 43_653_000, rank_label: "L1" });
    const cd = await detail("assam:2022_CD_25879_1");
    expect(cd).toMatchObject({ contract_value: 884_944, contract_date: "2024-09-19T18:30:00.000Z", winners: [{ name: "AESTHETIC CREATION", bid_value: 884_944 }] });
  });

  it("flags a contract value that is a per-unit rate instead of showing it as fact; the bid stays plausible", async () => {
    const r = await run(ctx.db, "gepnic", [fx("crafted", "gepnic-contract-rate.csv")], { source: "assam" });
    expect(r.totals).toMatchObject({ created: 1, rejected: 0 });
    const d = await detail("assam:2024_PWD_35115_146");
    expect(d).toMatchObject({
      contract_value: 466.54, contract_value_flags: ["below_minimum", "per_unit_rate"],
      award_value: 46_654_000, award_value_flags: [],
      winners: [{ name: "Dulal Dutta", bid_value: 46_654_000, bid_value_flags: [] }],
    });
  });

  it("flags an award 100× off the estimate", async () => {
    await run(ctx.db, "gepnic", [fx("gepnic", "final_2024_PWD_35115_146.csv")], { source: "assam" });
    // The estimate as a clerk might have typed it in lakh (4,36,550 for 4,36,55,000): two digits short.
    await ctx.db.query("UPDATE tenders SET value = 436550 WHERE ocid = 'assam:2024_PWD_35115_146'");
    const d = await detail("assam:2024_PWD_35115_146");
    expect(d.award_value_flags).toEqual(["off_estimate"]);
    expect(d.contract_value_flags).toEqual(["off_estimate"]);
    expect(d.winners[0].bid_value_flags).toEqual(["off_estimate"]);
  });
});
