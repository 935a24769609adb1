// Prepares what the end-to-end tests sign in with, once per run, then starts one server per
// worker with `npm start`, each on its own port over its own copy of the seeded database.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { openDb } from "../../server/db/client.js";
import { migrate } from "../../server/db/migrate.js";
import { seedDemoData } from "../../server/ingest/seed.js";
import { hashPassword } from "../../server/modules/auth/passwords.js";
import { workerDatabases, type ServerEnv } from "./databases.js";
import { startE2EIdentityProvider } from "./identity-provider.js";
import { E2E_DIR, FIXTURE_FILE, type E2EFixtures } from "./fixtures.js";
import { baseUrlOf, portOf } from "./workers.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

const day = (offset: number) => new Date(Date.now() + offset * 864e5).toISOString().slice(0, 10);

/** Migrates and seeds one database: demo data and one user per gating state, each with a password of its own. */
async function seed(target: ServerEnv): Promise<E2EFixtures["users"]> {
  const db = await openDb({ databaseUrl: target.DATABASE_URL, dataDir: target.DATA_DIR });
  await migrate(db);
  await seedDemoData(db, { projects: 300, tenders: 120, companies: 80, seed: 7 });
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
  // Closed before copying: a PGlite folder or a template database must be at rest.
  await db.close();
  return users;
}

interface RunningServer {
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** `npm start` for worker `slot`, resolved once its health check answers. */
async function startServer(slot: number, env: Record<string, string>): Promise<RunningServer> {
  const server = spawn("npm", ["start"], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(portOf(slot)), HOST: "127.0.0.1", SEED_PROJECTS: "0", LOG_LEVEL: "warn", LOGIN_MAX_ATTEMPTS: "50", TZ: process.env.E2E_MACHINE_TZ ?? "" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group: npm, tsx and node stop together
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const stop = async () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      return; // already gone
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  };
  let output = "";
  server.stdout!.on("data", (d) => (output += d));
  server.stderr!.on("data", (d) => (output += d));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm start (worker ${slot}) exited early:\n${output}`);
    try {
      if ((await fetch(`${baseUrlOf(slot)}/api/health/`)).ok) return { process: server, stop };
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server for worker ${slot} did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

export default async function globalSetup(config: FullConfig) {
  const workers = Math.max(1, config.workers);
  const started = Date.now();
  const databases = await workerDatabases();
  const users = await seed(databases.seedTarget);
  const seeded = Date.now();
  const envs = await databases.copy(workers);
  if (process.env.E2E_TIMINGS) console.log(`e2e setup: seeded in ${elapsed(started)}, copied for ${workers} workers in ${elapsed(seeded)}`);
  fs.mkdirSync(path.dirname(FIXTURE_FILE), { recursive: true });
  fs.writeFileSync(FIXTURE_FILE, JSON.stringify({ users } satisfies E2EFixtures));

  // Google and Microsoft sign-in verify against a local identity provider (tests/e2e/identity-provider.ts); one serves every worker.
  const idp = await startE2EIdentityProvider();
  const servers = await Promise.allSettled(envs.map((env, slot) => startServer(slot, { ...env, ...idp.env })));
  const running = servers.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const teardown = async () => {
    await idp.close();
    await Promise.all(running.map((s) => s.stop()));
    await databases.cleanup();
    fs.rmSync(E2E_DIR, { recursive: true, force: true });
  };
  const failed = servers.find((s) => s.status === "rejected");
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  if (process.env.E2E_TIMINGS) console.log(`e2e setup: ${workers} servers up after ${elapsed(started)}`);
  return teardown;
}
