// npm run bench: measures the API against the floor beneath it, in the same run, and prints
// ratios (never absolute targets). Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
//   authenticated read   GET /api/user-info/ (token lookup + user read + JSON)  vs  the raw SELECT
//   sign-in              POST /api/login/ (rate limit + argon2id + token)        vs  argon2id verify alone
import { performance } from "node:perf_hooks";
import { loadConfig } from "../server/config.js";
import { openDb, type Db } from "../server/db/client.js";
import { migrate } from "../server/db/migrate.js";
import { buildApp } from "../server/app.js";
import { hashPassword, verifyPassword } from "../server/modules/auth/passwords.js";

interface Stats {
  p50: number;
  p95: number;
}

async function measure(n: number, fn: () => Promise<unknown>): Promise<Stats> {
  for (let i = 0; i < Math.min(20, n); i++) await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(n * 0.5)], p95: times[Math.floor(n * 0.95)] };
}

const row = (name: string, s: Stats, base: Stats) =>
  `${name.padEnd(34)} p50 ${s.p50.toFixed(2).padStart(8)} ms  p95 ${s.p95.toFixed(2).padStart(8)} ms   ×${(s.p50 / base.p50).toFixed(2)} of baseline p50`;

async function benchOn(label: string, db: Db) {
  await migrate(db);
  const config = loadConfig({}, { logLevel: "silent", serveWebApp: false, loginMaxAttempts: 1_000_000, apiRequestsPerMinute: 1_000_000 });
  const app = await buildApp(config, db);
  await app.ready();
  const email = `bench-${Date.now()}@example.com`;
  const password = "Bench-pass-1";
  const hash = await hashPassword(password);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, preferred_proj_status, end_date, total_credits) VALUES ($1, $2, 'Bench', '{Planning}', '2099-01-01', 100) RETURNING id`,
    [email, hash],
  );
  const login = async () => (await app.inject({ method: "POST", url: "/api/login/", payload: { username: email, password } })).json().token as string;
  const token = await login();

  const rawSelect = await measure(500, () => db.query(`SELECT * FROM users WHERE id = $1`, [rows[0].id]));
  const userInfo = await measure(500, () => app.inject({ method: "GET", url: "/api/user-info/", headers: { authorization: `Token ${token}` } }));
  const rawVerify = await measure(30, () => verifyPassword(hash, password));
  const signIn = await measure(30, login);

  console.log(`\n${label}`);
  console.log(row("baseline: SELECT user by id", rawSelect, rawSelect));
  console.log(row("GET /api/user-info/", userInfo, rawSelect));
  console.log(row("baseline: argon2id verify", rawVerify, rawVerify));
  console.log(row("POST /api/login/", signIn, rawVerify));
  await app.close();
}

const pglite = await openDb({ dataDir: "memory://" });
await benchOn("PGlite (embedded, in memory)", pglite);
await pglite.close();
if (process.env.DATABASE_URL) {
  const server = await openDb({ databaseUrl: process.env.DATABASE_URL });
  await benchOn("PostgreSQL (DATABASE_URL)", server);
  await server.close();
}
