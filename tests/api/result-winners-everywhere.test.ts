// Every winner wherever a result says who won it (issue 15, point 2), on a real import:
// crafted/ocds-lots-joint-award.json (the OCP fictional contract release, BSD-3-Clause, edited in
// its own OCDS shape into two lots, the first awarded to two suppliers jointly; see
// result-winners.test.ts) beside the real GePNIC page 2024_PWD_35115_146 (CivicDataLab, ODbL),
// whose one winner is Dulal Dutta. Lists, the winner facet and filter (in memory and by SQL
// alike), the tender page's award, similar results, recently viewed and alert e-mails all
// name every winner, not the first alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runJobsOnce } from "../../server/jobs/index.js";
import { searchEngine } from "../../server/search/index.js";
import { resultsIndex } from "../../server/search/indexes/results.js";
import { fx, run } from "../fixtures/import/helpers.js";
import { bearer, bothModesJson, createUser, login, memoryMailer, startTestApp, type TestContext } from "./harness.js";

const JOINT = "ocds-213czf-000-00002";
const PWD = "assam:2024_PWD_35115_146";
const WINNERS = ["AnyCorp Cycle Provision", "Beta Corp Construction", "Gamma Signs and Lines"];
// Tuesday 8 January 2030, 11:30 IST: daily digests are due (07:00 IST passed).
const NOW = new Date("2030-01-08T06:00:00Z");

const mailer = memoryMailer();
let ctx: TestContext;
let headers: Record<string, string>;
const ids = { joint: 0, jointTender: 0, pwd: 0 };

beforeAll(async () => {
  ctx = await startTestApp({ jobsIntervalSeconds: 0, digestHourIst: 7, publicUrl: "https://infrascout.example.test" }, { mailer });
  const u = await createUser(ctx.db, { endDate: "2099-12-31" });
  headers = bearer(await login(ctx.app, u.email, u.password));
  expect((await run(ctx.db, "ocds", [fx("crafted", "ocds-lots-joint-award.json")], { fx: { GBP: 100 } })).totals).toMatchObject({ created: 1, rejected: 0 });
  expect((await run(ctx.db, "gepnic", [fx("gepnic", "final_2024_PWD_35115_146.csv")], { source: "assam" })).totals).toMatchObject({ created: 1, rejected: 0 });
  const r = await ctx.db.query<{ id: number; tender_id: number; ocid: string }>("SELECT r.id, r.tender_id, t.ocid FROM results r JOIN tenders t ON t.id = r.tender_id");
  const of = (ocid: string) => r.rows.find((x) => x.ocid === ocid)!;
  ids.joint = Number(of(JOINT).id);
  ids.jointTender = Number(of(JOINT).tender_id);
  ids.pwd = Number(of(PWD).id);
}, 120_000);
afterAll(() => ctx?.close());

const get = (url: string, h = headers) => ctx.app.inject({ method: "GET", url: `/api/${url}`, headers: h });
const filterUrl = (path: string, ...filters: string[]) =>
  `${path}?${["item_type:result", ...filters].map((f) => `filter=${encodeURIComponent(f)}`).join("&")}`;
/** The results list (or its facets) from the in-memory index and from SQL, which must agree. */
const both = (url: string) => bothModesJson(searchEngine(ctx.db, resultsIndex), () => get(url), { memory: "cache", fromMemory: true });

describe("the results list and its winner facet", () => {
  it("lists every winner on the row, the first as winner_name", async () => {
    const list = await both(filterUrl("list/results/search/"));
    const row = list.results.find((x: { id: number }) => x.id === ids.joint);
    expect(row).toMatchObject({ winner_name: WINNERS[0], winner_names: WINNERS });
    expect(list.results.find((x: { id: number }) => x.id === ids.pwd)).toMatchObject({ winner_name: "Dulal Dutta", winner_names: ["Dulal Dutta"] });
  });

  it("finds the result by any of its winners, exactly or by a wildcard", async () => {
    for (const name of WINNERS) {
      const list = await both(filterUrl("list/results/search/", `winner_name:"${name}"`));
      expect(list.results.map((x: { id: number }) => x.id), name).toEqual([ids.joint]);
    }
    expect((await both(filterUrl("list/results/search/", "winner_name:*signs and*"))).results.map((x: { id: number }) => x.id)).toEqual([ids.joint]);
    // Two winners of one facet: either one (OR), each result once.
    const either = await both(filterUrl("list/results/search/", `winner_name:{"Gamma Signs and Lines","Dulal Dutta"}`));
    expect(either.results.map((x: { id: number }) => x.id).sort()).toEqual([ids.joint, ids.pwd].sort());
  });

  it("counts a joint win for each of its winners in the winner facet", async () => {
    const { facets } = await both(filterUrl("list/results/search/facets/"));
    expect(facets.winner_name).toEqual([...WINNERS, "Dulal Dutta"].sort().map((text) => ({ text, count: 1 })));
    // Filtered by one winner, the facet (multi-select: without its own filter) still lists all four;
    // another facet counts the joint result once.
    const byBeta = await both(filterUrl("list/results/search/facets/", `winner_name:"Beta Corp Construction"`));
    expect(byBeta.facets.winner_name).toHaveLength(4);
    expect(byBeta.facets.org_name_exact.reduce((n: number, o: { count: number }) => n + o.count, 0)).toBe(1);
  });
});

describe("pages that name a result's winner", () => {
  it("the tender page's award names every winner", async () => {
    const res = await get(`tender/detail/${ids.jointTender}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ id: ids.joint, winner_name: WINNERS[0], winner_names: WINNERS });
  });

  it("recently viewed says the result was won by every winner", async () => {
    expect((await get(`result/detail/${ids.joint}`)).statusCode).toBe(200);
    const res = await get("recently_viewed/");
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().results.find((x: { item_type: string; item_id: number }) => x.item_type === "result" && x.item_id === ids.joint);
    expect(item.subtitle).toBe("Won by AnyCorp Cycle Provision, Beta Corp Construction and Gamma Signs and Lines");
  });
});

describe("competitors", () => {
  it("a competitor's wins include its joint and lot wins, each at what it won, with who won with it", async () => {
    const companies = await ctx.db.query<{ name: string; company_id: number }>(
      "SELECT name, company_id FROM result_winners WHERE result_id = $1 ORDER BY position", [ids.joint]);
    const idOf = (name: string) => Number(companies.rows.find((c) => c.name === name)!.company_id);
    const profile = async (name: string) => {
      const res = await get(`competitors/${idOf(name)}/`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const beta = await profile("Beta Corp Construction");
    expect(beta).toMatchObject({ tenders_won: 1, won_value: 1_100_000_000 });
    // A joint award's supplier: the award it shares, not the whole result's two lots; no discount
    // of its own to the whole tender's estimate.
    expect(beta.recent_wins).toEqual([expect.objectContaining({
      result_id: ids.joint, award_value: 1_100_000_000, co_winners: ["AnyCorp Cycle Provision", "Gamma Signs and Lines"], discount: null,
    })]);
    const gamma = await profile("Gamma Signs and Lines");
    expect(gamma.recent_wins).toEqual([expect.objectContaining({ award_value: 250_000_000, co_winners: ["AnyCorp Cycle Provision", "Beta Corp Construction"] })]);
  });
});

describe("alerts", () => {
  it("finds a new result by its second winner and names every winner in the e-mail", async () => {
    // A quick search on the second winner, mailed daily; the result added yesterday.
    const saved = await ctx.app.inject({
      method: "POST", url: "/api/saved-search/", headers,
      payload: { name: "Beta's wins", resource: "/results", query: `filter=${encodeURIComponent('winner_name:"Beta Corp Construction"')}` },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const alert = await ctx.app.inject({ method: "POST", url: "/api/email-config/", headers, payload: { saved_search_id: saved.json().id, frequency: "daily" } });
    expect(alert.statusCode, alert.body).toBe(201);
    await ctx.db.query("UPDATE email_alert_configs SET created_at = '2030-01-01T00:00:00Z' WHERE id = $1", [alert.json().id]);
    await ctx.db.query("UPDATE results SET created_at = '2030-01-07T10:00:00Z'");
    expect(await runJobsOnce(ctx.app, NOW)).toMatchObject({ digests: 1, failures: 0 });
    expect(mailer.sent).toHaveLength(1);
    const text = mailer.sent[0].text;
    expect(text).toContain("== Beta's wins (1 new) ==");
    expect(text).toContain("Won by AnyCorp Cycle Provision, Beta Corp Construction and Gamma Signs and Lines · ");
    expect(text).toContain(`https://infrascout.example.test/result/detail/${ids.joint}`);
    expect(text).not.toContain("Dulal Dutta");
  });
});
