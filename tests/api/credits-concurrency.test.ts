// Many unlocks at once for one user: exactly the credits available are spent, never more, never
// twice for one contact, and the ledger adds up.
// The requests are started together on both databases: on the PostgreSQL server (DATABASE_URL)
// they run over parallel pooled connections; on PGlite (one connection) they interleave at
// statement boundaries (yieldBeforeEachStatement), so on both a balance check outside the
// unlock's transaction shows up as a double spend (measured: both legs fail with one).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, yieldBeforeEachStatement, type TestContext } from "./harness.js";
import { api, makeContact, subscriber } from "./lead-fixture.js";

const onServer = !!process.env.DATABASE_URL;
let t: TestContext;
beforeAll(async () => {
  process.env.PG_POOL_MAX ??= "24";
  t = await startTestApp({ apiRequestsPerMinute: 100_000 });
  if (!onServer) yieldBeforeEachStatement(t.db);
}, 60_000);
afterAll(() => t.close());

async function race(credits: number, distinctContacts: number, clients: number, perClient: number) {
  const a = api(t);
  const s = await subscriber(t, { credits });
  const contacts: number[] = [];
  for (let i = 0; i < distinctContacts; i++) contacts.push((await makeContact(t.db)).id);
  // Each client tries a run of contacts starting at a different place, so every contact is
  // wanted by several clients at once and the user's credits by all of them.
  const statuses: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let charged = 0;
  const client = async (k: number) => {
    for (let j = 0; j < perClient; j++) {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const res = await a.post(`/api/user-unlock-contact/`, s, { contact_id: contacts[(k * 3 + j) % contacts.length] });
      inFlight--;
      statuses.push(res.statusCode);
      if (res.statusCode === 200) charged += res.json().charged;
    }
  };
  // All clients start together on both databases (the old PGlite leg ran them one by one).
  await Promise.all(Array.from({ length: clients }, (_, k) => client(k)));
  const user = (await t.db.query<{ total_credits: number; spent_credits: number }>(`SELECT total_credits, spent_credits FROM users WHERE id = $1`, [s.user.id])).rows[0];
  const unlocks = (await t.db.query<{ item_id: number }>(`SELECT item_id FROM unlocks WHERE user_id = $1`, [s.user.id])).rows;
  const ledger = (await t.db.query<{ sum: number; n: number }>(`SELECT coalesce(sum(delta), 0)::int AS sum, count(*)::int AS n FROM credit_ledger WHERE user_id = $1`, [s.user.id])).rows[0];
  return { statuses, charged, maxInFlight, user, unlocks, ledger, expected: Math.min(credits, distinctContacts) };
}

describe(`parallel unlocks (${onServer ? "PostgreSQL server, parallel clients" : "PGlite, interleaved statements"})`, () => {
  it.each([
    { credits: 10, distinct: 25, clients: 24 },
    { credits: 40, distinct: 12, clients: 32 },
    { credits: 0, distinct: 5, clients: 16 },
  ])("credits $credits, $distinct contacts, $clients clients: exactly min(credits, contacts) unlocked", async ({ credits, distinct, clients }) => {
    const r = await race(credits, distinct, clients, 6);
    expect(r.maxInFlight).toBe(clients); // every client's first request was in flight at once
    expect(r.statuses.every((s) => s === 200 || s === 402)).toBe(true);
    expect(r.unlocks).toHaveLength(r.expected);
    expect(new Set(r.unlocks.map((u) => u.item_id)).size).toBe(r.expected); // never twice for one contact
    expect(r.user.spent_credits).toBe(r.expected);
    expect(r.user.spent_credits).toBeLessThanOrEqual(r.user.total_credits); // never below zero
    expect(r.charged).toBe(r.expected); // what the answers said was charged
    expect(r.ledger).toEqual({ sum: 0 - r.expected, n: r.expected }); // spent == ledger sum, one row per unlock
  }, 120_000);
});
