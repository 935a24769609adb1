// Test harness for API tests: the real app over a real database. On PGlite (in memory) by
// default, each file starting from a copy of one migrated template (pglite-template.ts); on
// the PostgreSQL server when DATABASE_URL is set, each test file in a copy of its own of a migrated
// template database (postgres-template.ts). Either way files can run side by side (two Vitest
// workers) and leave nothing behind.
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect } from "vitest";
import { loadConfig, type Config } from "../../server/config.js";
import { openDb, type Db } from "../../server/db/client.js";
import { buildApp, type App } from "../../server/app.js";
import type { Mailer, MailMessage } from "../../server/mail/mailer.js";
import { hashPassword } from "../../server/modules/auth/passwords.js";
import { isStaffEmail } from "../../common/constants.js";
import type { SearchEngine } from "../../server/search/engine.js";
import { migratedPgliteTemplate } from "./pglite-template.js";
import { copyOfPostgresTemplate, dropInBackground } from "./postgres-template.js";

export interface TestContext {
  app: App;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/**
 * The app's data folder (mail outbox and the like) for this Vitest worker: files running at the
 * same time in the other worker — or in another checkout's run on this machine — must not see
 * each other's files.
 */
export const testDataDir = path.join(
  os.tmpdir(),
  `infrascout-test-${crypto.createHash("sha256").update(process.cwd()).digest("hex").slice(0, 8)}-${process.env.VITEST_POOL_ID ?? "0"}`,
);

/**
 * A database with every migration applied: a copy of the run's migrated template, on PGlite or on
 * PostgreSQL (a database of its own, dropped in the background once closed, else with the template
 * when the run ends).
 */
export async function openMigratedTestDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const copy = await copyOfPostgresTemplate(url);
    const db = await openDb({ databaseUrl: copy });
    databaseUrls.set(db, copy);
    return { db, drop: async () => dropInBackground(copy) };
  }
  return { db: await openDb({ dataDir: "memory://", loadDataDir: await migratedPgliteTemplate() }), drop: async () => undefined };
}

/** On PostgreSQL, the URL of each database openMigratedTestDb made. */
const databaseUrls = new WeakMap<Db, string>();

/**
 * An empty database (no migrations), for tests of the migrations themselves: on PostgreSQL a schema
 * of its own, in DATABASE_URL's database or, with `besides`, in the database of that test database
 * (for a test of what two schemas of one database share).
 */
export async function openTestDb({ besides }: { besides?: Db } = {}): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = (besides && databaseUrls.get(besides)) ?? process.env.DATABASE_URL;
  if (!url) return { db: await openDb({ dataDir: "memory://" }), drop: async () => undefined };
  const schema = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // In DATABASE_URL's database pg_trgm lives once in its own schema, shared by every test schema;
  // the search path holds only that and the test's own schema, so no test ever sees tables outside
  // its schema. A copy of the template (besides) has pg_trgm where the migrations put it: left there.
  if (!besides) {
    await admin.query(`CREATE SCHEMA IF NOT EXISTS extensions`).catch(() => undefined);
    await admin.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA extensions`).catch(() => undefined);
    await admin.query(`ALTER EXTENSION pg_trgm SET SCHEMA extensions`).catch(() => undefined);
  }
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const sep = url.includes("?") ? "&" : "?";
  const db = await openDb({ databaseUrl: `${url}${sep}options=${encodeURIComponent(`-c search_path=${schema},extensions`)}` });
  return {
    db,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

export async function startTestApp(
  overrides: Partial<Config> = {},
  opts: {
    mailer?: Mailer;
    /** A built web app to serve (with serveWebApp: true) instead of dist/. */
    webDist?: string;
    beforeReady?: (app: App) => void;
    /**
     * Another app over this one's database, as a second API process with its own settings would
     * be: for a test of one setting, without a database of its own. Its close leaves the database open.
     */
    sameDbAs?: TestContext;
  } = {},
): Promise<TestContext> {
  const own = opts.sameDbAs ? undefined : await openMigratedTestDb();
  const db = opts.sameDbAs?.db ?? own!.db;
  const config = loadConfig({}, { logLevel: "silent", serveWebApp: false, dataDir: testDataDir, searchSnapshotDir: null, ...overrides });
  const app = await buildApp(config, db, { mailer: opts.mailer, webDist: opts.webDist });
  opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      if (!own) return;
      await own.db.close();
      await own.drop();
    },
  };
}

/** A mailer that keeps what it sends, for tests that only need to read the message. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, async send(m) { sent.push(m); }, describe: () => "memory" };
}

let seq = 0;
export interface TestUser {
  id: number;
  email: string;
  password: string;
}

/** Creates a user directly in the database. Defaults: an active subscriber with preferences. */
export async function createUser(
  db: Db,
  opts: {
    email?: string; password?: string; endDate?: string | null; statuses?: string[]; credits?: number; firstName?: string; active?: boolean;
    /** Verified and granted staff (as make-staff does): by default when the address is on a default staff domain. */
    staffProven?: boolean;
  } = {},
): Promise<TestUser> {
  seq += 1;
  const email = opts.email ?? `user${seq}-${crypto.randomBytes(3).toString("hex")}@example.com`;
  const password = opts.password ?? "Secret@12345";
  const endDate = opts.endDate === undefined ? new Date(Date.now() + 90 * 864e5).toISOString().slice(0, 10) : opts.endDate;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, preferred_proj_status, end_date, total_credits, is_active)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [email, await hashPassword(password), opts.firstName ?? "Test", opts.statuses ?? ["Planning"], endDate, opts.credits ?? 10, opts.active ?? true],
  );
  if (opts.staffProven ?? isStaffEmail(email)) await proveStaff(db, rows[0].id);
  return { id: rows[0].id, email, password };
}

/** Makes a staff-domain user real staff, as `npm run make-staff` does: address verified and staff granted. */
export async function proveStaff(db: Db, userId: number): Promise<void> {
  await db.query(
    `UPDATE users SET email_verified_for = email, email_verified_at = now(), staff_granted_for = email, staff_granted_at = now() WHERE id = $1`,
    [userId],
  );
}

export async function login(app: App, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/login/", payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

export const bearer = (token: string) => ({ authorization: `Token ${token}` });

/**
 * PGlite answers without yielding to the event loop, so app.inject'ed requests would run one
 * after another. Letting the loop turn before each statement (or transaction, which stays
 * atomic) interleaves the requests at statement boundaries, as separate connections would,
 * so a balance check outside the unlock's transaction shows up as a double spend here too.
 */
export function yieldBeforeEachStatement(db: Db) {
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  db.query = (async (sql: string, params?: unknown[]) => (await turn(), query(sql, params))) as typeof db.query;
  db.transaction = (async (fn: Parameters<typeof db.transaction>[0]) => (await turn(), transaction(fn))) as typeof db.transaction;
}

/** A test app with one subscriber signed in: the app, the user and their request headers. The caller closes it. */
export async function signedInApp(overrides: Partial<Config> = {}): Promise<{ ctx: TestContext; user: TestUser; headers: Record<string, string> }> {
  const ctx = await startTestApp(overrides);
  const user = await createUser(ctx.db);
  return { ctx, user, headers: bearer(await login(ctx.app, user.email, user.password)) };
}

export interface BothModesOptions {
  /** How the in-memory answer is asked for: "auto" (as the app runs; the default) or "cache" (forced). */
  memory?: "auto" | "cache";
  /** Insist the first answer really came from the in-memory copy, not a fallback to SQL. */
  fromMemory?: boolean;
}

/**
 * Asks twice — the search engine answering from its in-memory copy, then from plain SQL (the
 * reference) — insists on the same answer and returns it. The engine's mode is put back after.
 */
export async function bothModes<T>(engine: SearchEngine, ask: () => Promise<T>, opts: BothModesOptions = {}): Promise<T> {
  const before = engine.mode;
  let memory: T, sql: T;
  try {
    engine.mode = opts.memory ?? "auto";
    memory = await ask();
    if (opts.fromMemory) expect(engine.lastPath, "answered from the in-memory copy").toBe("cache");
    engine.mode = "sql";
    sql = await ask();
  } finally {
    engine.mode = before;
  }
  expect(sql, "the SQL answer equals the in-memory one").toEqual(memory);
  return memory;
}

/** bothModes for an API request that must succeed: a 200 both ways, the same JSON, which it returns. */
export function bothModesJson(engine: SearchEngine, ask: () => Promise<{ statusCode: number; body: string; json(): any }>, opts: BothModesOptions = {}): Promise<any> {
  return bothModes(engine, async () => {
    const res = await ask();
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }, opts);
}
