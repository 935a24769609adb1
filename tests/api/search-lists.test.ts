// The review queue, the feed, the user's own marks and unlocks, and cache freshness.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchEngine, parseSearchParams, searchEngine } from "../../server/search/index.js";
import { projectsIndex } from "../../server/search/indexes/projects.js";
import { seedDemoData } from "../../server/ingest/seed.js";
import { bearer, bothModes, createUser, login, startTestApp, type TestContext } from "./harness.js";
import { PROJECTS, insertProject, searchWorld, type SearchWorld } from "./search-fixture.js";

let w: SearchWorld;
beforeAll(async () => {
  w = await searchWorld();
});
afterAll(async () => {
  await w?.close();
});

const ids = (body: { results: { id: number }[] }) => body.results.map((r) => w.keyOf(r.id));

describe("review queue (staff)", () => {
  it("lists leads not reviewed yet, oldest arrived first, with facets", async () => {
    const [status, body] = await w.get("/api/list/review/search/", w.tokenStaff);
    expect(status).toBe(200);
    expect(body.count).toBe(3);
    expect(ids(body)).toEqual(["nagpur", "bhiwandi", "goa"]);
    const [, f] = await w.get("/api/list/review/search/facets/?filter=status:Planning", w.tokenStaff);
    expect(f.facets.status).toEqual([{ text: "Planning", count: 2 }, { text: "Completed", count: 1 }]);
    expect(f.facets.state).toEqual([{ text: "Maharashtra", count: 2 }]);
  });
  it("takes the same filters and sorts", async () => {
    const [, body] = await w.get("/api/list/review/search/?filter=state:Maharashtra&sort=arrived_date desc", w.tokenStaff);
    expect(ids(body)).toEqual(["bhiwandi", "nagpur"]);
  });
  it("is refused to subscribers", async () => {
    for (const url of ["/api/list/review/search/", "/api/list/review/search/facets/"]) {
      const res = await w.ctx.app.inject({ method: "GET", url, headers: bearer(w.tokenA) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: "You do not have permission to perform this action." });
    }
  });
});

describe("feed", () => {
  it("lists leads with the preferred statuses, newest arrived first, saying why", async () => {
    const [status, body] = await w.get("/api/list/my-feed/");
    expect(status).toBe(200);
    expect(body.count).toBe(6);
    expect(ids(body)).toEqual(["navi-mumbai", "bhiwandi", "pune", "jaipur-villas", "cement", "nagpur"]);
    expect(body.results[0].matched).toEqual(["status: Under Construction"]);
    expect(body.results[1].matched).toEqual(["status: Planning"]);
  });
  it("narrows by every preference set: sectors, states, value range", async () => {
    const patch = await w.ctx.app.inject({
      method: "PATCH", url: "/api/user-info/", headers: bearer(w.tokenA),
      payload: { preferred_states: ["Maharashtra"], preferred_min_value: 300000000 },
    });
    expect(patch.statusCode).toBe(200);
    const [, body] = await w.get("/api/list/my-feed/");
    expect(ids(body)).toEqual(["navi-mumbai", "pune"]);
    expect(body.results[0].matched).toEqual(["status: Under Construction", "state: Maharashtra", "value: ₹1000 Cr"]);
    expect(body.results[1].matched).toEqual(["status: Under Construction", "state: Maharashtra", "value: ₹50 Cr"]);
    const [, f] = await w.get("/api/list/my-feed/facets/");
    expect(f.facets.state).toEqual([{ text: "Maharashtra", count: 2 }]);
    const [, sectors] = await w.get("/api/list/my-feed/?filter=sector:Residential");
    expect(ids(sectors)).toEqual(["pune"]);
    // (set directly: PATCH /user-info/ currently stores a null value preference as 0)
    await w.ctx.db.query(
      `UPDATE users SET preferred_states = '{}', preferred_min_value = NULL, preferred_sectors = '{Cement,Healthcare}' WHERE id = $1`,
      [w.userA.id],
    );
    const [, again] = await w.get("/api/list/my-feed/");
    expect(ids(again)).toEqual(["cement", "nagpur"]);
    expect(again.results[1].matched).toEqual(["status: Planning", "sector: Healthcare"]);
    await w.ctx.db.query(`UPDATE users SET preferred_sectors = '{}' WHERE id = $1`, [w.userA.id]);
  });
  it("with no preferences, is every lead", async () => {
    const [, body] = await w.get("/api/list/my-feed/", w.tokenB);
    expect(body.count).toBe(10);
    expect(body.results[0].matched).toEqual([]);
  });
});

describe("the user's marks and unlocks", () => {
  it("hide my rejected leads unless search_all=true, and never another user's", async () => {
    await w.ctx.db.query(`INSERT INTO marks (user_id, project_id, mark) VALUES ($1, $2, 'rejected'), ($1, $3, 'shortlisted')`, [w.userA.id, w.ids.cement, w.ids.pune]);
    const [, mine] = await w.get("/api/list/search/");
    expect(mine.count).toBe(9);
    expect(ids(mine)).not.toContain("cement");
    expect(mine.results.find((r: { id: number }) => r.id === w.ids.pune).mark).toBe("shortlisted");
    const [, all] = await w.get("/api/list/search/?search_all=true");
    expect(all.count).toBe(10);
    expect(all.results.find((r: { id: number }) => r.id === w.ids.cement).mark).toBe("rejected");
    const [, f] = await w.get("/api/list/search/facets/");
    expect(f.facets.category).toEqual([{ text: "construction", count: 6 }, { text: "industrial", count: 3 }]);

    const [, theirs] = await w.get("/api/list/search/", w.tokenB);
    expect(theirs.count).toBe(10);
    expect(theirs.results.every((r: { mark: string }) => r.mark === "unmarked")).toBe(true);
    const [, theirFacets] = await w.get("/api/list/search/facets/", w.tokenB);
    expect(theirFacets.facets.category).toEqual([{ text: "construction", count: 6 }, { text: "industrial", count: 4 }]);
    // the review queue is not hidden by anyone's marks
    await w.ctx.db.query(`INSERT INTO marks (user_id, project_id, mark) VALUES ((SELECT id FROM users WHERE email LIKE 'reviewer-%'), $1, 'rejected')`, [w.ids.goa]);
    const [, review] = await w.get("/api/list/review/search/", w.tokenStaff);
    expect(review.count).toBe(3);
  });
  it("show_unlocked=true keeps leads with a contact I unlocked, only mine", async () => {
    const c = await w.ctx.db.query<{ id: number }>(
      `INSERT INTO contacts (name, source) VALUES ('Asha Rao', 'telephone'), ('Vikram Shah', 'internet') RETURNING id`,
    );
    const [c1, c2] = c.rows.map((r) => Number(r.id));
    await w.ctx.db.query(`INSERT INTO project_contacts (project_id, contact_id) VALUES ($1, $3), ($2, $3), ($4, $5)`, [w.ids.pune, w.ids["jaipur-mall"], c1, w.ids.goa, c2]);
    await w.ctx.db.query(`INSERT INTO unlocks (user_id, item_type, item_id, credits) VALUES ($1, 'contact', $2, 1), ($3, 'contact', $4, 1), ($3, 'company', $2, 1)`, [w.userA.id, c1, w.userB.id, c2]);
    const [, a] = await w.get("/api/list/search/?show_unlocked=true&sort=value desc");
    expect(ids(a)).toEqual(["jaipur-mall", "pune"]);
    const [, b] = await w.get("/api/list/search/?show_unlocked=true", w.tokenB);
    expect(ids(b)).toEqual(["goa"]);
    const [, fa] = await w.get("/api/list/search/facets/?show_unlocked=true");
    expect(fa.facets.state).toEqual([{ text: "Maharashtra", count: 1 }, { text: "Rajasthan", count: 1 }]);
    const [, both] = await w.get("/api/list/search/?show_unlocked=true&filter=state:Maharashtra&q=towers");
    expect(ids(both)).toEqual(["pune"]);
  });
});

describe("freshness: the cache is only a cache", () => {
  it("a write is in the very next search, in every API process", async () => {
    const engine = searchEngine(w.ctx.db, projectsIndex);
    engine.mode = "cache";
    const other = new SearchEngine(w.ctx.db, projectsIndex, "cache"); // a second API process
    const query = parseSearchParams(projectsIndex, { filter: ["retrieved_on:[NOW-30DAYS TO *]"] });
    expect((await other.list(query, { userId: w.userB.id })).count).toBe(0);

    const fresh = { ...PROJECTS[0], key: "fresh", title: "Logistics hub at Chakan", city: "Chakan", retrieved: new Date(Date.now() - 864e5).toISOString(), arrived: new Date().toISOString() };
    const id = await insertProject(w.ctx.db, fresh);
    w.ids.fresh = id;
    const [, list] = await w.get(`/api/list/search/?filter=${encodeURIComponent("retrieved_on:[NOW-30DAYS TO *]")}`, w.tokenB);
    expect(ids(list)).toEqual(["fresh"]);
    expect((await other.list(query, { userId: w.userB.id })).count).toBe(1);

    await w.ctx.db.query(`UPDATE projects SET state = 'Karnataka', city = 'Bengaluru' WHERE id = $1`, [id]);
    const [, f] = await w.get("/api/list/search/facets/?filter=state:Karnataka", w.tokenB);
    expect(f.facets.state.find((o: { text: string }) => o.text === "Karnataka")).toEqual({ text: "Karnataka", count: 1 });
    expect(f.facets.city).toEqual([{ text: "Bengaluru", count: 1 }]);
    const [, text] = await w.get("/api/list/search/?q=chakan", w.tokenB);
    expect(ids(text)).toEqual(["fresh"]);
    await w.ctx.db.query(`UPDATE projects SET title = 'Logistics hub at Hoskote' WHERE id = $1`, [id]);
    const [, renamed] = await w.get("/api/list/search/?q=chakan", w.tokenB);
    expect(renamed.count).toBe(0);

    await w.ctx.db.transaction(async (tx) => {
      await tx.query(`UPDATE projects SET value = 1 WHERE id = $1`, [id]);
      throw new Error("rolled back");
    }).catch(() => undefined);
    const [, cheapest] = await w.get("/api/list/search/?sort=value asc", w.tokenB);
    expect(cheapest.results[0].id).not.toBe(id);

    await w.ctx.db.query(`DELETE FROM projects WHERE id = $1`, [id]);
    const [, gone] = await w.get(`/api/list/search/?filter=${encodeURIComponent("retrieved_on:[NOW-30DAYS TO *]")}`, w.tokenB);
    expect(gone.count).toBe(0);
    expect((await other.list(query, { userId: w.userB.id })).count).toBe(0);
  });
  it("a TRUNCATE reloads the copy", async () => {
    const ctx = await startTestApp();
    try {
      const engine = searchEngine(ctx.db, projectsIndex);
      engine.mode = "cache";
      const user = await createUser(ctx.db);
      await insertProject(ctx.db, PROJECTS[0]);
      const all = parseSearchParams(projectsIndex, {});
      expect((await engine.list(all, { userId: user.id })).count).toBe(1);
      await ctx.db.exec(`TRUNCATE projects CASCADE`);
      expect((await engine.list(all, { userId: user.id })).count).toBe(0);
      await insertProject(ctx.db, PROJECTS[1]);
      expect((await engine.list(all, { userId: user.id })).count).toBe(1);
    } finally {
      await ctx.close();
    }
  });
});

describe("paging over generated data", () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await startTestApp({ apiRequestsPerMinute: 100_000 });
    await seedDemoData(ctx.db, { projects: 450, tenders: 0, companies: 60, users: false, seed: 11 });
    const user = await createUser(ctx.db);
    token = await login(ctx.app, user.email, user.password);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  it("pages through every lead exactly once in order, with the exact count, from cache and SQL", async () => {
    const engine = searchEngine(ctx.db, projectsIndex);
    for (const [sort, order] of [
      ["value desc", "value DESC NULLS LAST, id DESC"],
      ["retrieved_on desc", "retrieved_on DESC NULLS LAST, id DESC"],
      ["arrived_date asc", "arrived_date ASC NULLS LAST, id DESC"],
    ]) {
      const expected = (await ctx.db.query<{ id: number }>(`SELECT id FROM projects WHERE category = 'construction' ORDER BY ${order}`)).rows.map((r) => Number(r.id));
      const seen = await bothModes(engine, async () => {
        const ids: number[] = [];
        for (let page = 1; ; page++) {
          const res = await ctx.app.inject({ method: "GET", url: `/api/list/search/?filter=category:construction&sort=${encodeURIComponent(sort)}&page=${page}`, headers: bearer(token) });
          const body = res.json();
          expect(body.count).toBe(expected.length);
          if (!body.results.length) break;
          ids.push(...body.results.map((r: { id: number }) => r.id));
        }
        return ids;
      }, { memory: "cache" });
      expect(seen, sort).toEqual(expected);
    }
  });
  it("cache and SQL agree on facets over generated data", async () => {
    const engine = searchEngine(ctx.db, projectsIndex);
    const q = parseSearchParams(projectsIndex, { filter: ["state:Maharashtra", "state:Gujarat", "status:Under Construction", "status:Planning", "value:[10000000 TO *]", "city:*a*"], q: "plant" });
    const a = await bothModes(engine, async () => [await engine.facets(q, { userId: 1 }), await engine.list(q, { userId: 1 })], { memory: "cache" });
    expect((a[1] as { count: number }).count).toBeGreaterThan(0);
  });
});
