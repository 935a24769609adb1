// The builders index on generated demo data: the in-memory cache and the plain SQL path give the
// same lists and facets; company pages, lookups and the competitor lister answer sensibly on
// realistic rows (seeded companies, contacts, results with ranked bidders).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "../../server/ingest/seed.js";
import { parseSearchParams, SearchEngine, type RawSearchParams } from "../../server/search/index.js";
import { companiesIndex } from "../../server/search/indexes/companies.js";
import { login, bearer, startTestApp, type TestContext } from "./harness.js";
import { api } from "./lead-fixture.js";

let t: TestContext;
let a: ReturnType<typeof api>;
let demo: { headers: Record<string, string> };

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  await seedDemoData(t.db, { projects: 200, tenders: 300, companies: 120, seed: 7 });
  const { rows } = await t.db.query<{ email: string }>(`SELECT email FROM users WHERE email LIKE 'demo@%'`);
  demo = { headers: bearer(await login(t.app, rows[0].email, "Demo@12345")) };
}, 240_000);
afterAll(() => t?.close());

describe("companies index: cache and SQL agree", () => {
  const queries: RawSearchParams[] = [
    {},
    { q: "infra" },
    { filter: ["state:Maharashtra"] },
    { filter: ["company_type:Contractor", "company_type:Developer"], sort: "paid_up_capital asc" },
    { filter: ["paid_up_capital:[1000000 TO 100000000]"], sort: "incorporation_date desc", page: "2" },
    { filter: ["name:*build*"] },
    { filter: ["capital_band:1 - 10 Crore", "employee_band:51-200"] },
  ];
  it.each(queries.map((q) => [JSON.stringify(q), q] as const))("%s", async (_, raw) => {
    const cache = new SearchEngine(t.db, companiesIndex, "cache");
    const sql = new SearchEngine(t.db, companiesIndex, "sql");
    const q = { ...parseSearchParams(companiesIndex, raw), searchAll: true };
    const who = { userId: 1 };
    const [l1, l2] = [await cache.list(q, who), await sql.list(q, who)];
    expect(cache.lastPath).toBe("cache");
    expect(sql.lastPath).toBe("sql");
    expect(l1.count).toBe(l2.count);
    expect(l1.results.map((r) => r.id)).toEqual(l2.results.map((r) => r.id));
    expect(await cache.facets(q, who)).toEqual(await sql.facets(q, who));
  });
});

describe("company pages on demo data", () => {
  it("every listed company of the first page answers details, stats, contacts and financials", async () => {
    const list = (await a.get(`/api/list/company/search/`, demo)).json();
    expect(list.count).toBe(120);
    expect(list.results).toHaveLength(20);
    // Biggest first by default.
    const caps = list.results.map((r: { paid_up_capital: number }) => r.paid_up_capital);
    expect([...caps].sort((x: number, y: number) => y - x)).toEqual(caps);
    for (const row of list.results.slice(0, 5)) {
      expect((await a.get(`/api/company/details/${row.id}/`, demo)).statusCode).toBe(200);
      const stats = (await a.get(`/api/company/details/${row.id}/stats/`, demo)).json();
      expect(stats.tenders.won).toBeLessThanOrEqual(stats.tenders.bid);
      const contacts = (await a.get(`/api/company/details/${row.id}/contacts/`, demo)).json();
      expect(contacts.count).toBe(row.contact_count);
      expect(contacts.results.every((c: { is_unlocked: boolean }) => !c.is_unlocked)).toBe(true);
      const fin = (await a.get(`/api/company/financial_data/${row.id}`, demo)).json();
      expect(fin.results.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("finds a seeded company from a misspelt name", async () => {
    const { rows } = await t.db.query<{ id: number; name: string }>(`SELECT id, name FROM companies ORDER BY id LIMIT 1 OFFSET 17`);
    const name = rows[0].name;
    const typo = name.slice(0, 3) + name[4] + name[3] + name.slice(5); // two letters swapped
    const res = (await a.get(`/api/company/suggest_company/?q=${encodeURIComponent(typo)}`, demo)).json();
    expect(res.results.map((r: { id: number }) => Number(r.id))).toContain(Number(rows[0].id));
  });

  it("the demo subscriber (company not among the builders) gets frequent winners as suggested competitors", async () => {
    const res = (await a.get(`/api/competitor_lister/`, demo)).json();
    expect(res.your_company.company).toBeNull();
    expect(res.count).toBeGreaterThan(0);
    expect(res.results.every((r: { reason: string; tenders_won: number }) => r.reason === "frequent_winner" && r.tenders_won > 0)).toBe(true);
    const cmp = (await a.get(`/api/competitor_comparison/`, demo)).json();
    expect(cmp.results.length).toBeGreaterThan(0); // the seed tracks two for the demo subscriber
    for (const r of cmp.results) expect(r.tenders_won).toBeGreaterThan(0);
  });
});
