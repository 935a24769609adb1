// Prepares what the end-to-end tests sign in with, then starts the server with `npm start`.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDb } from "../../server/db/client.js";
import { migrate } from "../../server/db/migrate.js";
import { seedDemoData } from "../../server/ingest/seed.js";
import { hashPassword } from "../../server/modules/auth/passwords.js";
import { E2E_PORT } from "../../playwright.config.js";
import { startE2EIdentityProvider } from "./identity-provider.js";
import { E2E_DATA_DIR, E2E_DIR, FIXTURE_FILE, type E2EFixtures } from "./fixtures.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

async function prepareDatabase(): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  // The data folder holds the PGlite database and, in both modes, the mail outbox.
  const dataDir = E2E_DATA_DIR;
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  if (!url) return { env: { DATA_DIR: dataDir }, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  const schema = `e2e_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA IF NOT EXISTS extensions`);
  await admin.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA extensions`);
  await admin.query(`ALTER EXTENSION pg_trgm SET SCHEMA extensions`).catch(() => undefined);
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const sep = url.includes("?") ? "&" : "?";
  const schemaUrl = `${url}${sep}options=${encodeURIComponent(`-c search_path=${schema},extensions`)}`;
  return {
    env: { DATABASE_URL: schemaUrl, DATA_DIR: dataDir },
    cleanup: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const day = (offset: number) => new Date(Date.now() + offset * 864e5).toISOString().slice(0, 10);

export default async function globalSetup() {
  const { env, cleanup } = await prepareDatabase();
  const db = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await migrate(db);
  await seedDemoData(db, { projects: 300, tenders: 120, companies: 80, seed: 7 });
  // One user per gating state, each with a password of its own.
  const password = "E2e-pass-123";
  const hash = await hashPassword(password);
  const users: E2EFixtures["users"] = {
    onboarding: { email: "new.subscriber@e2e.test", password },
    signupRecorded: { email: "applicant@e2e.test", password },
    expired: { email: "expired@e2e.test", password },
    secondBrowser: { email: "two.browsers@e2e.test", password },
  };
  const rows: [string, string[], string | null][] = [
    [users.onboarding.email, [], day(60)],
    [users.signupRecorded.email, ["Planning"], null],
    [users.expired.email, ["Planning"], day(-3)],
    [users.secondBrowser.email, ["Planning"], day(60)],
  ];
  for (const [email, statuses, endDate] of rows) {
    await db.query(
      `INSERT INTO users (email, password_hash, first_name, preferred_proj_status, end_date, total_credits) VALUES ($1, $2, 'Tester', $3, $4, 5)`,
      [email, hash, statuses, endDate],
    );
  }
  await db.close();
  fs.mkdirSync(path.dirname(FIXTURE_FILE), { recursive: true });
  fs.writeFileSync(FIXTURE_FILE, JSON.stringify({ users } satisfies E2EFixtures));

  // Google and Microsoft sign-in verify against a local identity provider (tests/e2e/identity-provider.ts).
  const idp = await startE2EIdentityProvider();
  const server = spawn("npm", ["start"], {
    cwd: ROOT,
    env: { ...process.env, ...env, ...idp.env, PORT: String(E2E_PORT), HOST: "127.0.0.1", SEED_PROJECTS: "0", LOG_LEVEL: "warn", LOGIN_MAX_ATTEMPTS: "50" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  server.stdout.on("data", (d) => (output += d));
  server.stderr.on("data", (d) => (output += d));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    try {
      const r = await fetch(`http://127.0.0.1:${E2E_PORT}/api/health/`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return async () => {
    await idp.close();
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
    await new Promise((r) => setTimeout(r, 500));
    await cleanup();
    fs.rmSync(E2E_DIR, { recursive: true, force: true });
  };
}
