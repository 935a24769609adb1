// Instant restarts: a process writes its search copy to a snapshot file, and the next process
// (a new engine: nothing of the first one's memory) reads it back and catches up with every
// write made meanwhile, answering exactly as SQL does. A file the database does not vouch for,
// or one damaged on disk, is never used: the copy is loaded from the database instead.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams, SearchEngine, searchEngine, type RawSearchParams } from "../../server/search/index.js";
import { projectsIndex } from "../../server/search/indexes/projects.js";
import { loadStore } from "../../server/search/store-snapshot.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";
import { insertProject, PROJECTS } from "./search-fixture.js";

let ctx: TestContext;
let dir: string;
let userId: number;
const logged: string[] = [];
const log = (msg: string) => void logged.push(msg);

beforeAll(async () => {
  ctx = await startTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "search-snapshots-"));
  for (const p of PROJECTS) await insertProject(ctx.db, p);
  userId = (await createUser(ctx.db)).id;
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const engineIn = (folder: string) => new SearchEngine(ctx.db, projectsIndex, "cache", log, { snapshotDir: folder });
const file = (folder: string) => path.join(folder, "projects.snapshot");

const QUERIES: RawSearchParams[] = [
  {},
  { filter: ["state:Karnataka"] },
  { filter: ["state:Maharashtra", "status:Planning", "status:Under Construction"] },
  { q: "wardha" },
  { q: "hospital" },
  { q: "towers", sort: "relevance" },
  { sort: "value desc" },
  { sort: "retrieved_on desc", page: "1" },
  { filter: ["state:Goa"] },
];

/** Every query's list and facets from this engine equal plain SQL's. */
async function expectSameAsSql(engine: SearchEngine) {
  const sql = new SearchEngine(ctx.db, projectsIndex, "sql");
  for (const raw of QUERIES) {
    const q = parseSearchParams(projectsIndex, raw);
    const [list, facets] = [await engine.list(q, { userId }), await engine.facets(q, { userId })];
    expect(engine.lastPath).toBe("cache");
    expect({ list, facets }, JSON.stringify(raw)).toEqual({ list: await sql.list(q, { userId }), facets: await sql.facets(q, { userId }) });
  }
}

async function copyAfterWrite(): Promise<string> {
  const folder = fs.mkdtempSync(path.join(dir, "copy-"));
  const first = engineIn(folder);
  await first.warm();
  await first.saveSnapshot();
  return folder;
}

describe("a restart reads the copy back from its snapshot", () => {
  it("answers from the snapshot with every write made while the process was down", async () => {
    const first = engineIn(dir);
    await first.warm();
    expect(first.copy.loadedFrom).toBe("database");
    await first.saveSnapshot();
    expect(fs.statSync(file(dir)).size).toBeGreaterThan(1000);

    // Written while no process runs: a new lead, a moved one, a renamed one, a deleted one.
    const fresh = await insertProject(ctx.db, { ...PROJECTS[0], key: "fresh", title: "Logistics hub at Chakan", city: "Chakan", state: "Karnataka" });
    await ctx.db.query(`UPDATE projects SET state = 'Karnataka' WHERE title LIKE 'Residential towers%'`);
    await ctx.db.query(`UPDATE projects SET title = 'Multi-speciality hospital block at Wardha' WHERE title LIKE 'Multi-speciality%'`);
    await ctx.db.query(`DELETE FROM projects WHERE title LIKE 'Five-star hotel%'`);

    const restarted = engineIn(dir);
    await restarted.warm();
    expect(restarted.copy.loadedFrom).toBe("snapshot");
    await expectSameAsSql(restarted);
    const karnataka = await restarted.list(parseSearchParams(projectsIndex, { filter: ["state:Karnataka"] }), { userId });
    expect(karnataka.results.map((r) => r.id)).toContain(fresh);
    expect(karnataka.count).toBe(2);
    expect((await restarted.list(parseSearchParams(projectsIndex, { q: "wardha" }), { userId })).count).toBe(1);
    expect((await restarted.list(parseSearchParams(projectsIndex, { filter: ["state:Goa"] }), { userId })).count).toBe(0);
  });

  it("does not use a snapshot the database does not vouch for (another database's, or a copy's)", async () => {
    const folder = await copyAfterWrite();
    await ctx.db.query(`DELETE FROM search_snapshots`);
    // Its first array damaged too: refused from its header, the arrays are never read (or checked).
    const bytes = fs.readFileSync(file(folder));
    bytes[40] ^= 0xff;
    fs.writeFileSync(file(folder), bytes);
    const restarted = engineIn(folder);
    await restarted.warm();
    expect(restarted.copy.loadedFrom).toBe("database");
    expect(logged.filter((m) => m.includes(file(folder)))).toEqual([expect.stringContaining("not taken of this database")]);
    await expectSameAsSql(restarted);
  });

  it("does not use a damaged or cut-short file", async () => {
    for (const damage of [
      (f: string) => {
        const bytes = fs.readFileSync(f);
        bytes[Math.floor(bytes.length * 0.6)] ^= 0xff;
        fs.writeFileSync(f, bytes);
      },
      (f: string) => fs.truncateSync(f, Math.floor(fs.statSync(f).size / 2)),
      (f: string) => fs.writeFileSync(f, "not a snapshot at all"),
    ]) {
      const folder = await copyAfterWrite();
      damage(file(folder));
      const restarted = engineIn(folder);
      await restarted.warm();
      expect(restarted.copy.loadedFrom).toBe("database");
      await expectSameAsSql(restarted);
    }
    expect(logged.some((m) => m.includes("is corrupt"))).toBe(true);
    expect(logged.some((m) => m.includes("cut short"))).toBe(true);
  });

  it("writes the commonest words' bitmaps once they are made (a load writes its snapshot before), and a restart reads them back", async () => {
    const folder = fs.mkdtempSync(path.join(dir, "dense-"));
    const first = engineIn(folder);
    await first.warm(); // the text in, its snapshot under way; then warm-up makes the bitmaps
    await first.saveSnapshot(); // waits for that write; writes again if it was taken before the bitmaps
    const held = await loadStore(projectsIndex, file(folder), async () => undefined);
    expect(held.meta.text?.dense?.length).toBeGreaterThan(0);
    expect(held.store.text!.hasDense).toBe(true);
    const before = fs.statSync(file(folder)).mtimeMs;
    await first.saveSnapshot(); // nothing new: not written again
    expect(fs.statSync(file(folder)).mtimeMs).toBe(before);
    const again = engineIn(folder);
    await again.warm();
    expect(again.copy.loadedFrom).toBe("snapshot");
    await expectSameAsSql(again);
  });

  it("writes a new snapshot only when the copy changed", async () => {
    const folder = await copyAfterWrite();
    const restarted = engineIn(folder);
    await restarted.warm();
    expect(restarted.copy.loadedFrom).toBe("snapshot");
    const before = fs.statSync(file(folder)).mtimeMs;
    await restarted.saveSnapshot();
    expect(fs.statSync(file(folder)).mtimeMs).toBe(before);
    await ctx.db.query(`UPDATE projects SET value = value + 1 WHERE title LIKE 'Steel rolling mill%'`);
    await restarted.list(parseSearchParams(projectsIndex, {}), { userId }); // catches up
    await restarted.saveSnapshot();
    expect(fs.statSync(file(folder)).mtimeMs).toBeGreaterThan(before);
    const again = engineIn(folder);
    await again.warm();
    expect(again.copy.loadedFrom).toBe("snapshot");
    await expectSameAsSql(again);
  });
});

describe("compaction", () => {
  it("compacts a copy holding many deleted rows through its snapshot, and answers as before", async () => {
    const folder = fs.mkdtempSync(path.join(dir, "compact-"));
    const engine = engineIn(folder);
    engine.copy.compactAt = { rows: 2, share: 0.2 };
    await engine.warm();
    const extra: number[] = [];
    for (let k = 0; k < 6; k++) extra.push(await insertProject(ctx.db, { ...PROJECTS[k], key: `extra-${k}`, title: `${PROJECTS[k].title} (phase ${k + 2})` }));
    await engine.list(parseSearchParams(projectsIndex, {}), { userId });
    const before = engine.copyFigures()!;
    expect(before.dead_rows).toBe(0);
    await ctx.db.query(`DELETE FROM projects WHERE id = ANY($1::bigint[])`, [extra.slice(0, 4)]);
    await ctx.db.query(`UPDATE projects SET value = value + 1 WHERE id = $1`, [extra[4]]);
    await engine.list(parseSearchParams(projectsIndex, {}), { userId }); // sees 5 dead rows of ~20: compacts
    expect(engine.copy.compaction).not.toBeNull();
    await engine.copy.compaction;
    const after = engine.copyFigures()!;
    expect(after).toMatchObject({ rows: before.rows - 4, dead_rows: 0, from: "snapshot" });
    expect(logged.some((m) => m.includes("(compacted)"))).toBe(true);
    await expectSameAsSql(engine);
    expect((await engine.list(parseSearchParams(projectsIndex, { q: "phase" }), { userId })).results.map((r) => r.id).sort()).toEqual(extra.slice(4).sort());
  });

  it("without snapshots, compacts by loading again from the database", async () => {
    const engine = new SearchEngine(ctx.db, projectsIndex, "cache", log);
    engine.copy.compactAt = { rows: 1, share: 0.05 };
    await engine.warm();
    await ctx.db.query(`UPDATE projects SET value = value + 1 WHERE title LIKE 'Steel rolling mill%' OR title LIKE 'Textile park%'`);
    await engine.list(parseSearchParams(projectsIndex, {}), { userId });
    await engine.copy.compaction;
    expect(engine.copyFigures()).toMatchObject({ dead_rows: 0, from: "database" });
    await expectSameAsSql(engine);
  });
});

describe("the API process", () => {
  it("writes its copies' snapshots when it closes, and /api/ready says where each copy came from (not its row count)", async () => {
    const folder = fs.mkdtempSync(path.join(dir, "app-"));
    const app = await startTestApp({ searchSnapshotDir: folder });
    try {
      for (const p of PROJECTS.slice(0, 3)) await insertProject(app.db, p);
      const user = await createUser(app.db);
      const token = await login(app.app, user.email, user.password);
      const res = await app.app.inject({ method: "GET", url: "/api/list/search/?q=hospital", headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const ready = (await app.app.inject({ method: "GET", url: "/api/ready" })).json();
      // Public: how the copy stands, never how many rows the product holds.
      expect(Object.keys(ready.search_copies.projects).sort()).toEqual(["bytes_per_row", "from", "load_ms"]);
      expect(ready.search_copies.projects).toMatchObject({ from: expect.stringMatching(/^(database|snapshot)$/) });
      expect(ready.search_copies.projects.bytes_per_row).toBeGreaterThan(0);
      expect(searchEngine(app.db, projectsIndex).copyFigures()).toMatchObject({ rows: 3, dead_rows: 0 });
    } finally {
      await app.close();
    }
    expect(fs.existsSync(file(folder))).toBe(true);
  });
});
