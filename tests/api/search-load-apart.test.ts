// A copy loaded from the database by a process of its own (load-process.ts), which writes the
// snapshot and exits (the load's memory goes with it); the API process reads the snapshot back
// and catches up. Loading apart needs the PostgreSQL server (a second process cannot open the
// embedded database), so this test uses it on every run (DATABASE_URL's server, else the local one).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "../../server/db/client.js";
import { migrate } from "../../server/db/migrate.js";
import { parseSearchParams, SearchEngine, type RawSearchParams } from "../../server/search/index.js";
import { projectsIndex } from "../../server/search/indexes/projects.js";
import { onServer, withDatabase } from "./postgres-template.js";
import { insertProject, PROJECTS } from "./search-fixture.js";

const SERVER_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `load_apart_${crypto.randomBytes(4).toString("hex")}`;
const url = withDatabase(SERVER_URL, name);
let db: Db;
let dir: string;
const logged: string[] = [];
const log = (msg: string, err?: unknown) => void logged.push(`${msg}${err instanceof Error ? ` ${err.message}` : ""}`);

beforeAll(async () => {
  await onServer(withDatabase(SERVER_URL, "postgres"), `CREATE DATABASE ${name}`);
  db = await openDb({ databaseUrl: url });
  await migrate(db);
  for (const p of PROJECTS) await insertProject(db, p);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "load-apart-"));
}, 60_000);
afterAll(async () => {
  await db?.close();
  await onServer(withDatabase(SERVER_URL, "postgres"), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  fs.rmSync(dir, { recursive: true, force: true });
});

const answer = async (engine: SearchEngine, raw: RawSearchParams) => {
  const q = parseSearchParams(projectsIndex, raw);
  return { list: await engine.list(q, { userId: 1 }), facets: await engine.facets(q, { userId: 1 }) };
};
const SEARCHES: RawSearchParams[] = [{}, { q: "hospital" }, { filter: ["state:Maharashtra"], sort: "value desc" }, { q: "tower or warehouse", filter: ["category:construction"] }];

describe("a copy loaded by a process of its own", () => {
  it("is read back from the snapshot that process wrote, caught up, and answers as SQL does", async () => {
    const engine = new SearchEngine(db, projectsIndex, "cache", log, { snapshotDir: dir, urls: { primary: url } });
    engine.copy.loadApartFrom = 0; // this small table too
    await engine.warm();
    expect(engine.copy.loadedApartCount).toBe(1);
    expect(engine.copy.loadedFrom).toBe("database");
    expect(fs.existsSync(path.join(dir, "projects.snapshot"))).toBe(true);
    const sql = new SearchEngine(db, projectsIndex, "sql");
    for (const raw of SEARCHES) expect(await answer(engine, raw), JSON.stringify(raw)).toEqual(await answer(sql, raw));
    // and it follows the database from there like any copy
    const id = await insertProject(db, { ...PROJECTS[0], key: "quokka", title: "Quokka cold storage depot" });
    expect((await answer(engine, { q: "quokka" })).list.results.map((r) => r.id)).toEqual([id]);
    expect(logged.join("\n")).not.toMatch(/could not be loaded in a process of its own/);
  }, 60_000);

  it("that fails leaves the copy loaded in place, and says why", async () => {
    const nowhere = withDatabase(SERVER_URL, `${name}_missing`);
    const engine = new SearchEngine(db, projectsIndex, "cache", log, { snapshotDir: fs.mkdtempSync(path.join(dir, "other-")), urls: { primary: nowhere } });
    engine.copy.loadApartFrom = 0;
    await engine.warm();
    expect(engine.copy.loadedApartCount).toBe(0);
    expect(logged.join("\n")).toMatch(/search copy of projects could not be loaded in a process of its own; loading it here the loading process for projects ended \(code 1\): .*does not exist/);
    const sql = new SearchEngine(db, projectsIndex, "sql");
    for (const raw of SEARCHES) expect(await answer(engine, raw), JSON.stringify(raw)).toEqual(await answer(sql, raw));
  }, 60_000);
});
