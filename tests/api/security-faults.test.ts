// Faults: the database goes away and comes back. Calls answer 503 with Retry-After and the
// generic message (no host, driver error or SQL), the probes say what they should, and the
// same process answers 200 again once the database is back, with no restart. A server started
// against a database that is missing or out of reach says so in one line and exits non-zero.
//
// The outage is real: a small TCP proxy (node net) stands between the app's pg pool and the
// PostgreSQL server, and the test cuts it (stops listening, destroys every socket) and brings it
// back on the same port. That part always runs on PostgreSQL (DATABASE_URL, else the server on
// this machine), so it runs, and can fail, in both CI legs; the PGlite part closes the embedded
// instance and runs in both legs as well.
import crypto from "node:crypto";
import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { openDb, type Db } from "../../server/db/client.js";
import { migrate } from "../../server/db/migrate.js";
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from "../../server/http/errors.js";
import { startJobRunner } from "../../server/jobs/index.js";
import { parseSearchParams } from "../../server/search/index.js";
import { searchEnginesOf } from "../../server/search/engines.js";
import { bearer, createUser, login, testDataDir, type TestContext } from "./harness.js";
import { migratedPgliteTemplate } from "./pglite-template.js";
import { insertProject, PROJECTS } from "./search-fixture.js";

const PG_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// Anything that would tell an attacker how we are built.
const INTERNALS = /ECONN|ETIMEDOUT|127\.0\.0\.1|localhost|:5432|postgres|pglite|SELECT|INSERT|terminated|connect|stack|\bat\s/i;

/** A TCP proxy to the PostgreSQL server that a test can cut and bring back on the same port. */
class DbProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const [a, b] of [[client, upstream], [upstream, client]] as const) {
        this.sockets.add(a);
        a.pipe(b);
        a.on("error", () => b.destroy());
        a.on("close", () => {
          b.destroy();
          this.sockets.delete(a);
        });
      }
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** The database is gone: no new connections, and every open one is cut. */
  async cut(): Promise<void> {
    const closed = new Promise((resolve) => this.server?.close(resolve));
    for (const s of this.sockets) s.destroy();
    await closed;
    this.server = null;
  }

  url(base: string, searchPath: string): string {
    const u = new URL(base);
    u.host = `127.0.0.1:${this.port}`;
    u.searchParams.set("options", `-c search_path=${searchPath},extensions`);
    return u.toString();
  }
}

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode).toBe(503);
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  expect(JSON.parse(res.body)).toEqual({ detail: UNAVAILABLE_MESSAGE });
  expect(res.body).not.toMatch(INTERNALS);
}

describe("PostgreSQL goes away and comes back (through a proxy)", () => {
  const target = new URL(PG_URL);
  const proxy = new DbProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const schema = `t_faults_${crypto.randomBytes(5).toString("hex")}`;
  let db: Db;
  let app: App;
  let token: string;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS extensions`).catch(() => undefined);
    await admin.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA extensions`).catch(() => undefined);
    await admin.query(`CREATE SCHEMA ${schema}`);
    await proxy.up();
    db = await openDb({ databaseUrl: proxy.url(PG_URL, schema) });
    await migrate(db);
    for (const p of PROJECTS) await insertProject(db, p);
    app = await buildApp(loadConfig({}, { logLevel: "silent", serveWebApp: false, dataDir: testDataDir, jobsIntervalSeconds: 0 }), db);
    await app.ready();
    const user = await createUser(db, { statuses: [] });
    token = await login(app, user.email, user.password);
  });
  // A test that fails while the database is cut must not leave the next one without it.
  afterEach(() => proxy.up());
  afterAll(async () => {
    await app?.close();
    await db?.close().catch(() => undefined);
    await proxy.cut().catch(() => undefined);
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  });

  const get = (url: string, auth = true) => app.inject({ method: "GET", url, headers: auth ? bearer(token) : {} });
  const waitReady = async () => {
    for (let i = 0; i < 100; i++) {
      const res = await get("/api/ready", false);
      if (res.statusCode === 200) return res;
      await new Promise((r) => setTimeout(r, 100));
    }
    return get("/api/ready", false);
  };

  it("answers 503 with Retry-After and the generic message while it is gone, 200 again once it is back", async () => {
    expect((await waitReady()).json()).toMatchObject({ ready: true, database: "up", search: { projects: "loaded" } });
    expect((await get("/api/user-info/")).statusCode).toBe(200);
    expect((await get("/api/list/search/")).json().count).toBe(PROJECTS.length);

    await proxy.cut();
    // Signed-in calls (the token is looked up), a search, a public sign-in, the old probe.
    for (const url of ["/api/user-info/", "/api/list/search/", "/api/health/"]) expectUnavailable(await get(url));
    expectUnavailable(await app.inject({ method: "POST", url: "/api/login/", payload: { username: "someone@example.com", password: "Secret@12345" } }));
    // The API description never shows a database error: with a token it is the same 503.
    expectUnavailable(await get("/api/docs/json"));
    expect((await get("/api/docs/json", false)).statusCode).toBe(200);
    // Liveness does not ask the database; readiness says what is missing.
    const live = await get("/api/health", false);
    expect([live.statusCode, live.json()]).toEqual([200, { status: "ok" }]);
    const ready = await get("/api/ready", false);
    expect(ready.statusCode).toBe(503);
    expect(Number(ready.headers["retry-after"])).toBeGreaterThan(0);
    expect(ready.json()).toMatchObject({ ready: false, database: "unavailable", detail: expect.stringContaining("database") });
    expect(ready.body).not.toMatch(/ECONN|127\.0\.0\.1|5432/);
    // A probe that sends a token cannot have it checked: the error layer's 503, never a 500.
    expectUnavailable(await get("/api/ready"));

    // A search that reaches the engine while the database is gone drops its copy (it cannot
    // catch up); readiness then waits for a new one, which it starts once the database is back.
    const projects = searchEnginesOf(db).find((e) => e.def.name === "projects")!;
    await expect(projects.orderedIds(parseSearchParams(projects.def, {}), { userId: 0 }, 0, 20)).rejects.toSatisfy(isDatabaseUnavailable);
    expect(projects.copyStatus()).not.toBe("loaded");

    await proxy.up(); // the same port: the app is not told
    expect((await waitReady()).json()).toMatchObject({ ready: true, database: "up", search: { projects: "loaded" } });
    expect((await get("/api/user-info/")).statusCode).toBe(200);
    const list = await get("/api/list/search/");
    expect([list.statusCode, list.json().count]).toEqual([200, PROJECTS.length]);
    expect((await get("/api/health/")).json()).toEqual({ ok: true, database: "postgres" });
    expect((await get("/api/docs/json")).statusCode).toBe(200);
  });

  it("the job runner survives an outage: paused once in the log, resumed after, no error per round", async () => {
    const logged: string[] = [];
    const record = (level: string) => (a: unknown, b?: unknown) => void logged.push(`${level} ${typeof a === "string" ? a : String(b)}`);
    Object.assign(app.log, { info: record("info"), warn: record("warn"), error: record("error") });
    (app.config as { jobsIntervalSeconds: number }).jobsIntervalSeconds = 1;
    await proxy.cut();
    const runner = startJobRunner(app);
    try {
      await new Promise((r) => setTimeout(r, 4000)); // three rounds or so, all failing
      await proxy.up();
      for (let i = 0; i < 50 && !logged.some((l) => l.startsWith("info jobs resumed")); i++) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await runner.stop();
      (app.config as { jobsIntervalSeconds: number }).jobsIntervalSeconds = 0;
    }
    expect(logged.filter((l) => l.startsWith("warn jobs paused"))).toHaveLength(1);
    expect(logged.filter((l) => l.startsWith("error"))).toEqual([]);
    expect(logged).toContain("info jobs resumed: the database answers again");
  });

  it("a connection lost in the middle of a transaction fails that transaction, not the process", async () => {
    let cut!: () => void;
    const cutDone = new Promise<void>((resolve) => (cut = resolve));
    const tx = db.transaction(async (t) => {
      await t.query("SELECT 1");
      await proxy.cut(); // idle in the transaction when its connection goes
      await new Promise((r) => setTimeout(r, 200));
      cut();
      await t.query("SELECT 2");
    });
    await expect(tx).rejects.toThrow();
    await cutDone;
    await proxy.up();
    expect((await waitReady()).statusCode).toBe(200);
    expect((await get("/api/user-info/")).statusCode).toBe(200);
  });
});

describe("the embedded database (PGlite) fails", () => {
  let t: TestContext;
  let pglite: Db;
  beforeAll(async () => {
    pglite = await openDb({ dataDir: "memory://", loadDataDir: await migratedPgliteTemplate() });
    const app = await buildApp(loadConfig({}, { logLevel: "silent", serveWebApp: false, dataDir: testDataDir, jobsIntervalSeconds: 0 }), pglite);
    await app.ready();
    t = { app, db: pglite, config: app.config, close: async () => void (await app.close()) };
  });
  afterAll(() => t.close());

  it("answers the same 503 once the instance is closed, and liveness still answers", async () => {
    const user = await createUser(pglite, { statuses: [] });
    const token = await login(t.app, user.email, user.password);
    expect((await t.app.inject({ url: "/api/user-info/", headers: bearer(token) })).statusCode).toBe(200);
    await pglite.close();
    for (const url of ["/api/user-info/", "/api/list/search/", "/api/health/", "/api/docs/json"]) {
      expectUnavailable(await t.app.inject({ url, headers: bearer(token) }));
    }
    expect((await t.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    const ready = await t.app.inject({ url: "/api/ready" });
    expect([ready.statusCode, ready.json().database]).toEqual([503, "unavailable"]);
  });
});

describe("starting against a database that is missing or out of reach", () => {
  const start = (databaseUrl: string) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl, SERVE_WEB_APP: "false", PORT: "0", JOBS_INTERVAL_SECONDS: "0", LOG_LEVEL: "silent" },
      });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
      child.on("exit", (code) => {
        clearTimeout(timer);
        resolve({ code, out });
      });
    });
  const withPassword = (url: string, database: string, port?: number) => {
    const u = new URL(url);
    u.password = "s3cret-pw";
    u.pathname = `/${database}`;
    if (port) u.port = String(port);
    return u.toString();
  };
  const expectOneLine = (out: string, ...names: string[]) => {
    const lines = out.split("\n").filter((l) => l.trim());
    expect(lines).toHaveLength(1);
    for (const name of names) expect(lines[0]).toContain(name);
    expect(out).not.toContain("s3cret-pw");
    expect(out).not.toMatch(/^\s+at /m);
  };

  it("a database that does not exist: one line naming it, exit code non-zero", async () => {
    const name = `nope_${crypto.randomBytes(4).toString("hex")}`;
    const { code, out } = await start(withPassword(PG_URL, name));
    expect(code).not.toBe(0);
    expectOneLine(out, `"${name}"`, "does not exist");
  }, 90_000);

  it("a server that does not answer: one line naming it, exit code non-zero", async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve)); // a port nobody listens on
    const { code, out } = await start(withPassword(PG_URL.replace(/@[^/]+/, "@127.0.0.1"), "test", port));
    expect(code).not.toBe(0);
    expectOneLine(out, `127.0.0.1:${port}`, "cannot be reached");
  }, 90_000);
});

describe("what counts as 'the database is gone' (classified once, in the error layer)", () => {
  const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });
  it("pg connection failures, server shutdowns, a missing database, pool time-outs and a closed PGlite", () => {
    for (const err of [
      withCode("ECONNREFUSED"), withCode("ECONNRESET"), withCode("ETIMEDOUT"),
      withCode("57P01", "terminating connection due to administrator command"), withCode("57P03", "the database system is starting up"),
      withCode("08006"), withCode("08001"), withCode("3D000", 'database "nope" does not exist'), withCode("53300", "too many connections"),
      new Error("Connection terminated unexpectedly"), new Error("timeout exceeded when trying to connect"),
      new Error("Connection terminated due to connection timeout", { cause: new Error("Connection terminated unexpectedly") }),
      new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")], ""), new Error("PGlite is closed"),
    ]) expect([err.message, isDatabaseUnavailable(err)]).toEqual([err.message, true]);
  });
  it("not a bad query, a constraint, a bad password or a bug", () => {
    for (const err of [
      withCode("42P01", 'relation "x" does not exist'), withCode("23505", "duplicate key"), withCode("22P02"), withCode("28P01"),
      new TypeError("Cannot read properties of undefined"), null, "ECONNREFUSED",
    ]) expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
