// Many company unlocks at once for one user (double clicks, two browsers): each company is paid
// for once, credits never go below zero, and the ledger adds up.
// The requests are started together on both databases: on the PostgreSQL server (DATABASE_URL)
// they run over parallel pooled connections; on PGlite (one connection) they interleave at
// statement boundaries (yieldBeforeEachStatement), so on both a balance check outside the
// unlock's transaction shows up as a double spend (measured: both legs fail with one).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANY_UNLOCK_COST } from "../../common/companies.js";
import { startTestApp, yieldBeforeEachStatement, type TestContext } from "./harness.js";
import { company } from "./company-fixture.js";
import { api, subscriber } from "./lead-fixture.js";

const onServer = !!process.env.DATABASE_URL;
let t: TestContext;
beforeAll(async () => {
  process.env.PG_POOL_MAX ??= "24";
  t = await startTestApp({ apiRequestsPerMinute: 100_000 });
  if (!onServer) yieldBeforeEachStatement(t.db);
}, 120_000);
afterAll(() => t?.close());

async function race(credits: number, distinctCompanies: number, clients: number, perClient: number) {
  const a = api(t);
  const s = await subscriber(t, { credits });
  const ids: number[] = [];
  for (let i = 0; i < distinctCompanies; i++) ids.push((await company(t.db)).id);
  const statuses: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let charged = 0;
  // Every client starts at a different company, so each company is wanted by several at once.
  const client = async (k: number) => {
    for (let j = 0; j < perClient; j++) {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const res = await a.post(`/api/company/unlock_company/${ids[(k + j) % ids.length]}`, s, {});
      inFlight--;
      statuses.push(res.statusCode);
      if (res.statusCode === 200) charged += res.json().charged;
    }
  };
  // All clients start together on both databases (the old PGlite leg ran them one by one).
  await Promise.all(Array.from({ length: clients }, (_, k) => client(k)));
  const user = (await t.db.query<{ total_credits: number; spent_credits: number }>(`SELECT total_credits, spent_credits FROM users WHERE id = $1`, [s.user.id])).rows[0];
  const unlocks = (await t.db.query<{ item_id: number }>(`SELECT item_id FROM unlocks WHERE user_id = $1 AND item_type = 'company'`, [s.user.id])).rows;
  const ledger = (await t.db.query<{ sum: number; n: number }>(`SELECT coalesce(sum(delta), 0)::int AS sum, count(*)::int AS n FROM credit_ledger WHERE user_id = $1`, [s.user.id])).rows[0];
  const affordable = Math.min(Math.floor(credits / COMPANY_UNLOCK_COST), distinctCompanies);
  return { statuses, charged, maxInFlight, user, unlocks, ledger, affordable };
}

describe(`parallel company unlocks (${onServer ? "PostgreSQL server, parallel clients" : "PGlite, interleaved statements"})`, () => {
  it.each([
    { credits: 3 * COMPANY_UNLOCK_COST, distinct: 8, clients: 16 },
    { credits: 50, distinct: 3, clients: 24 },
    { credits: COMPANY_UNLOCK_COST - 1, distinct: 2, clients: 12 },
  ])("credits $credits, $distinct companies, $clients clients: each paid once, never below zero", async ({ credits, distinct, clients }) => {
    const r = await race(credits, distinct, clients, 4);
    expect(r.maxInFlight).toBe(clients); // every client's first request was in flight at once
    expect(r.statuses.every((s) => s === 200 || s === 402)).toBe(true);
    expect(r.unlocks).toHaveLength(r.affordable);
    expect(new Set(r.unlocks.map((u) => u.item_id)).size).toBe(r.affordable); // never twice for one company
    expect(r.user.spent_credits).toBe(r.affordable * COMPANY_UNLOCK_COST);
    expect(r.user.spent_credits).toBeLessThanOrEqual(r.user.total_credits);
    expect(r.charged).toBe(r.affordable * COMPANY_UNLOCK_COST);
    expect(r.ledger).toEqual({ sum: 0 - r.affordable * COMPANY_UNLOCK_COST, n: r.affordable });
  }, 180_000);
});
