// The search workers read the API thread's copy in shared memory and answer every search
// exactly as the API thread and plain SQL do: random filters, text, sorts and pages, while
// writes land between searches. The API thread answers the simplest shapes (nothing, or one
// small field's values) from its pair tables, kept up through the same writes, and one common
// word from its word table, corrected for them: the same answers again. A worker that dies
// costs no answer.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "../../server/ingest/seed.js";
import { parseSearchParams, SearchEngine, type RawSearchParams } from "../../server/search/index.js";
import { projectsIndex } from "../../server/search/indexes/projects.js";
import { searchPool } from "../../server/search/pool.js";
import { createUser, startTestApp, type TestContext } from "./harness.js";

let ctx: TestContext;
let userId: number;
let onWorkers: SearchEngine;
let onThread: SearchEngine;
let sql: SearchEngine;

beforeAll(async () => {
  ctx = await startTestApp();
  await seedDemoData(ctx.db, { projects: 600, tenders: 0, companies: 60, users: false, seed: 5 });
  userId = (await createUser(ctx.db)).id;
  onWorkers = new SearchEngine(ctx.db, projectsIndex, "cache");
  onWorkers.search.workerRows = 0;
  onWorkers.search.keptCounts = false; // every search a pass, shared by the workers
  onThread = new SearchEngine(ctx.db, projectsIndex, "cache");
  onThread.search.workerRows = Infinity;
  sql = new SearchEngine(ctx.db, projectsIndex, "sql");
  await searchPool()!.whenReady();
});
afterAll(async () => {
  await ctx?.close();
});

const states = ["Maharashtra", "Gujarat", "Karnataka", "Rajasthan", "Tamil Nadu", "Goa"];
const search = fc.record({
  filter: fc.array(
    fc.oneof(
      fc.constantFrom(...states).map((s) => `state:${s}`),
      fc.constantFrom("Under Construction", "Planning", "Completed", "Approval", "Tendering").map((s) => `status:${s}`),
      fc.constantFrom("construction", "industrial").map((c) => `category:${c}`),
      fc.tuple(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 2000 })).map(([a, b]) => `value:[${Math.min(a, b)}0000000 TO ${Math.max(a, b)}0000000]`),
      fc.constantFrom("retrieved_on:[NOW-400DAYS TO *]", "owner_name:*", "city:*a*", "project_type:Hospital"),
    ),
    { maxLength: 4 },
  ),
  q: fc.option(fc.constantFrom("hospital", "plant", "towers or warehouse", "steel -mill", "school"), { nil: undefined }),
  sort: fc.option(fc.constantFrom("value desc", "value asc", "relevance", "retrieved_on desc", "arrived_date asc"), { nil: undefined }),
  page: fc.option(fc.integer({ min: 1, max: 6 }).map(String), { nil: undefined }),
});

async function answers(engine: SearchEngine, raw: RawSearchParams) {
  const q = parseSearchParams(projectsIndex, raw);
  const [list, facets] = await Promise.all([engine.list(q, { userId }), engine.facets(q, { userId })]);
  return { list, facets };
}

describe("search workers", () => {
  it("answer random searches exactly as the API thread and SQL do, writes landing between them", async () => {
    let round = 0;
    // The API thread's pair and word tables built now, before any write: from here on they are only kept up.
    for (const filter of [[], ["state:Goa"], ["status:Planning"]]) await answers(onThread, { filter });
    await onThread.warm();
    expect(onThread.search.lastRanOn).toBe("counts");
    await fc.assert(
      fc.asyncProperty(search, async (raw) => {
        if (round++ % 10 === 5) await ctx.db.query(`UPDATE projects SET value = value + 10000000, state = 'Goa' WHERE id IN (SELECT id FROM projects ORDER BY random() LIMIT 3)`);
        const fromWorkers = await answers(onWorkers, raw);
        expect(onWorkers.search.lastRanOn).toBe("worker");
        // every worker counted the facets over its share of the rows of the one shared evaluation
        const pool = searchPool()!;
        expect(onWorkers.search.facetWorkers).toBe(pool.size > 1 ? pool.size : 0);
        expect(fromWorkers, JSON.stringify(raw)).toEqual(await answers(onThread, raw));
        expect(["thread", "counts"]).toContain(onThread.search.lastRanOn);
        expect(fromWorkers, JSON.stringify(raw)).toEqual(await answers(sql, raw));
      }),
      { numRuns: 60 },
    );
    // Random searches are seldom without text and on at most one small field: these always are,
    // answered by the pair tables kept up through the writes above.
    for (const raw of [{}, { filter: ["state:Goa"] }, { filter: ["status:Planning", "status:Completed"], sort: "value desc", page: "2" }, { q: "plant" }, { q: "hospital", page: "2" }]) {
      const fromTables = await answers(onThread, raw);
      expect(onThread.search.lastRanOn, JSON.stringify(raw)).toBe("counts");
      expect(fromTables, JSON.stringify(raw)).toEqual(await answers(sql, raw));
      expect(fromTables, JSON.stringify(raw)).toEqual(await answers(onWorkers, raw));
    }
  });

  it("take two searches at once, each answered whole", async () => {
    const a = { filter: ["category:construction"], sort: "value desc" };
    const b = { q: "hospital", filter: ["status:Planning"] };
    const [x, y] = await Promise.all([answers(onWorkers, a), answers(onWorkers, b)]);
    expect(x).toEqual(await answers(sql, a));
    expect(y).toEqual(await answers(sql, b));
  });

  it("a worker that stops costs no answer: the search is answered, and the pool starts another", async () => {
    const pool = searchPool()!;
    const slots = pool["slots"] as { worker: { terminate(): Promise<number>; threadId: number } }[];
    const before = slots.map((s) => s.worker.threadId);
    await Promise.all(slots.map((s) => s.worker.terminate()));
    const raw = { filter: ["state:Maharashtra"], sort: "value asc" };
    expect(await answers(onWorkers, raw)).toEqual(await answers(sql, raw));
    await pool.whenReady();
    expect(slots.map((s) => s.worker.threadId).some((id) => before.includes(id))).toBe(false);
    expect(await answers(onWorkers, raw)).toEqual(await answers(sql, raw));
    expect(onWorkers.search.lastRanOn).toBe("worker");
  });
});
