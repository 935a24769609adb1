// Several API machines serving one product: two server processes (each with its own search copy,
// as two machines would have) on one PostgreSQL database. A change made through one process is
// in the other's very next search: each follows the change log before answering. Several
// machines need the PostgreSQL server, so this test uses it on every run (DATABASE_URL's server,
// else the local one).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "../../server/db/client.js";
import { migrate } from "../../server/db/migrate.js";
import { createUser } from "./harness.js";
import { onServer, withDatabase } from "./postgres-template.js";
import { insertProject, PROJECTS } from "./search-fixture.js";
import { signIn, startServer as startProcess, stopServers } from "./server-process.js";

const SERVER_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `two_processes_${crypto.randomBytes(4).toString("hex")}`;
const url = withDatabase(SERVER_URL, name);
let db: Db;
let dataDir: string;
const startServer = () => startProcess({ DATABASE_URL: url, DATA_DIR: dataDir });

beforeAll(async () => {
  await onServer(withDatabase(SERVER_URL, "postgres"), `CREATE DATABASE ${name}`);
  db = await openDb({ databaseUrl: url });
  await migrate(db);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "two-processes-"));
}, 60_000);
afterAll(async () => {
  stopServers();
  await db?.close();
  await onServer(withDatabase(SERVER_URL, "postgres"), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("two API processes on one PostgreSQL", () => {
  it("a change made through one is in the other's very next search", async () => {
    const id = await insertProject(db, PROJECTS[0]);
    const staff = await createUser(db, { email: `editor-${Date.now()}@infrascout.in` });
    const reader = await createUser(db);
    const [one, two] = [await startServer(), await startServer()];
    const asStaff = await signIn(one, staff.email, staff.password);
    const asReader = await signIn(two, reader.email, reader.password);
    const search = async (query: string) => (await (await fetch(`${two}/api/list/search/?${query}`, { headers: asReader })).json()) as { count: number; results: { id: number }[] };
    expect((await search("q=kharadi")).count).toBe(0); // the second process's copy is loaded

    const edit = await fetch(`${one}/api/work/${id}/`, { method: "PATCH", headers: { ...asStaff, "content-type": "application/json" }, body: JSON.stringify({ title: "Residential towers at Kharadi, Pune", city: "Kharadi" }) });
    expect(edit.status).toBe(200);
    // Not after a while: the first search asked after the change has it.
    expect((await search("q=kharadi")).results.map((r) => r.id)).toEqual([id]);
    expect((await search("filter=city:Kharadi")).count).toBe(1);
  }, 120_000);
});
