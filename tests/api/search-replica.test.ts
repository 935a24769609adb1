// Several machines on a primary and its hot standby (README "Search at national scale"): the
// search copies load and catch up from the standby (DATABASE_REPLICA_URL), the primary takes the
// writes; a search on any machine still holds every write committed before it was asked. A real
// standby streams from a real primary, both made for this file (standby.ts).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.js";
import { openDb, type Db } from "../../server/db/client.js";
import { migrate } from "../../server/db/migrate.js";
import { parseSearchParams, SearchEngine } from "../../server/search/index.js";
import { projectsIndex } from "../../server/search/indexes/projects.js";
import { createUser } from "./harness.js";
import { insertProject, PROJECTS } from "./search-fixture.js";
import { signIn, startServer, stopServers } from "./server-process.js";
import { startStandby, type Standby } from "./standby.js";

let cluster: Standby;
let primary: Db;
let standby: Db;
const logged: string[] = [];

/** Waits until the standby has replayed everything the primary has written. */
async function replayed() {
  const { lsn } = (await primary.query<{ lsn: string }>(`SELECT pg_current_wal_insert_lsn()::text AS lsn`)).rows[0];
  for (let waited = 0; ; waited += 20) {
    const r = await standby.query<{ ok: boolean }>(`SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok`, [lsn]);
    if (r.rows[0].ok) return;
    if (waited > 10_000) throw new Error("the standby did not replay");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const project = (title: string) => ({ ...PROJECTS[0], key: title, title });
const found = async (engine: SearchEngine, word: string) => (await engine.orderedIds(parseSearchParams(projectsIndex, { q: word }), { userId: 1 }, 0, 20)).ids;

beforeAll(async () => {
  cluster = await startStandby(`replica_${crypto.randomBytes(4).toString("hex")}`);
  primary = await openDb({ databaseUrl: cluster.primaryUrl });
  await migrate(primary);
  for (const p of PROJECTS) await insertProject(primary, p);
  standby = await openDb({ databaseUrl: cluster.standbyUrl });
  await replayed();
}, 120_000);
afterAll(async () => {
  stopServers();
  await primary?.close();
  await standby?.close();
  cluster?.close();
});

describe("search copies on a hot standby", () => {
  it("load from the standby, and a search waits for it to replay the writes committed before it (else asks the primary)", async () => {
    const copyRows = async (replica: Db | null) => {
      const engine = new SearchEngine(primary, projectsIndex, "cache", () => undefined, { replica });
      await engine.warm();
      return engine.copyFigures()!.rows;
    };
    const before = await copyRows(null);
    await cluster.pauseReplay(true);
    const quokka = await insertProject(primary, project("Quokka cold storage depot"));
    const engine = new SearchEngine(primary, projectsIndex, "cache", (msg) => void logged.push(msg), { replica: standby });
    engine.copy.reads.waitMs = 300;
    engine.copy.reads.restMs = 0;
    await engine.warm();
    // The copy holds what the standby holds: the row written since replay stopped is not in it
    // (a copy loaded from the primary has it).
    expect(engine.copyFigures()!.rows).toBe(before);
    expect(await copyRows(null)).toBe(before + 1);
    // The standby never replays it in time: the primary answers the catch-up, and the row is found.
    expect(await found(engine, "quokka")).toEqual([quokka]);
    expect(engine.copy.reads.lastFrom).toBe("primary");
    expect(logged.join("\n")).toMatch(/standby is more than 300 ms behind the primary/);

    await cluster.pauseReplay(false);
    const wombat = await insertProject(primary, project("Wombat logistics park"));
    expect(await found(engine, "wombat")).toEqual([wombat]);
    expect(engine.copy.reads.lastFrom).toBe("replica");
    await primary.query(`UPDATE projects SET title = 'Numbat logistics park' WHERE id = $1`, [wombat]);
    expect(await found(engine, "wombat")).toEqual([]);
    expect(await found(engine, "numbat")).toEqual([wombat]);
    expect(engine.copy.reads.lastFrom).toBe("replica");
  }, 60_000);

  it("a server with DATABASE_REPLICA_URL has a write made through another server in its very next search", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "replica-"));
    try {
      const id = await insertProject(primary, project("Residential towers"));
      const staff = await createUser(primary, { email: `editor-${Date.now()}@infrascout.in` });
      const reader = await createUser(primary);
      const settings = { DATABASE_URL: cluster.primaryUrl, DATA_DIR: dataDir, SEARCH_SNAPSHOT_DIR: "off" };
      const [writer, follower] = [await startServer(settings), await startServer({ ...settings, DATABASE_REPLICA_URL: cluster.standbyUrl })];
      const asStaff = await signIn(writer, staff.email, staff.password);
      const asReader = await signIn(follower, reader.email, reader.password);
      const search = async (query: string) => (await (await fetch(`${follower}/api/list/search/?${query}`, { headers: asReader })).json()) as { count: number; results: { id: number }[] };
      expect((await search("q=kharadi")).count).toBe(0);
      const edit = await fetch(`${writer}/api/work/${id}/`, { method: "PATCH", headers: { ...asStaff, "content-type": "application/json" }, body: JSON.stringify({ title: "Residential towers at Kharadi, Pune", city: "Kharadi" }) });
      expect(edit.status).toBe(200);
      expect((await search("q=kharadi")).results.map((r) => r.id)).toEqual([id]);
      expect((await search("filter=city:Kharadi")).count).toBe(1);
    } finally {
      stopServers();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("a standby out of reach: the primary answers, and every write is still found", async () => {
    const engine = new SearchEngine(primary, projectsIndex, "cache", (msg) => void logged.push(msg), { replica: standby });
    await engine.warm();
    cluster.stopStandby();
    const id = await insertProject(primary, project("Bandicoot bottling plant"));
    expect(await found(engine, "bandicoot")).toEqual([id]);
    expect(engine.copy.reads.lastFrom).toBe("primary");
    expect(logged.join("\n")).toMatch(/standby could not be read; the primary answers/);
  }, 60_000);
});

describe("DATABASE_REPLICA_URL", () => {
  it("is a postgres:// URL beside DATABASE_URL, or the server does not start", () => {
    const primaryUrl = "postgres://app@db-primary:5432/infrascout";
    expect(loadConfig({ DATABASE_URL: primaryUrl, DATABASE_REPLICA_URL: "postgresql://app@db-standby:5432/infrascout" }).databaseReplicaUrl).toBe("postgresql://app@db-standby:5432/infrascout");
    expect(loadConfig({ DATABASE_URL: primaryUrl }).databaseReplicaUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_REPLICA_URL: "postgres://app@db-standby/infrascout" })).toThrow(/needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: primaryUrl, DATABASE_REPLICA_URL: "http://secret:pw@db-standby/x" })).toThrow(/must be a postgres:\/\/ or postgresql:\/\/ URL$/);
    expect(() => loadConfig({ DATABASE_URL: primaryUrl, DATABASE_REPLICA_URL: "http://secret:pw@db-standby/x" })).not.toThrow(/secret|pw/);
  });
});
