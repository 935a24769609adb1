// The search benchmark's data: 1,000,000 generated projects and as many tenders (with their
// results and bidders; BENCH_PROJECTS and BENCH_TENDERS override) in a
// dedicated database on the PostgreSQL server (infrascout_bench, created through the postgres
// database when missing) and in a PGlite data folder (./data/bench-pglite). A marker table
// records a finished seed, so later runs reuse the data; a partial seed is wiped and redone.
//   npx tsx bench/search-data.ts [pg|pglite]   prepares the data only
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDb, type Db } from "../server/db/client.js";
import { migrate } from "../server/db/migrate.js";
import { seedDemoData } from "../server/ingest/seed.js";

export const BENCH_PROJECTS = Number(process.env.BENCH_PROJECTS ?? 1_000_000);
export const BENCH_TENDERS = Number(process.env.BENCH_TENDERS ?? 1_000_000);
export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/infrascout_bench";
export const BENCH_PGLITE_DIR = path.resolve(process.env.BENCH_PGLITE_DIR ?? "./data/bench-pglite");
const SEED = 7;

/** What a finished seed recorded ('projects/tenders'), or null. */
async function markerCount(db: Db): Promise<string | null> {
  await db.exec(`CREATE TABLE IF NOT EXISTS bench_search_marker (projects integer NOT NULL, seeded_at timestamptz NOT NULL DEFAULT now())`);
  await db.exec(`ALTER TABLE bench_search_marker ADD COLUMN IF NOT EXISTS tenders integer NOT NULL DEFAULT 0`);
  const r = await db.query<{ projects: number; tenders: number }>(`SELECT projects, tenders FROM bench_search_marker ORDER BY seeded_at DESC LIMIT 1`);
  return r.rows[0] ? `${r.rows[0].projects}/${r.rows[0].tenders}` : null;
}
const WANTED = `${BENCH_PROJECTS}/${BENCH_TENDERS}`;

async function seed(db: Db, label: string) {
  const t0 = Date.now();
  let last = 0;
  await seedDemoData(db, {
    projects: BENCH_PROJECTS,
    tenders: BENCH_TENDERS,
    companies: Math.max(800, Math.round(BENCH_PROJECTS / 50)),
    users: false,
    seed: SEED,
    onProgress: (done, total, what) => {
      if (Date.now() - last > 15_000) {
        last = Date.now();
        console.log(`  ${label}: ${what} ${done.toLocaleString("en-IN")} / ${total.toLocaleString("en-IN")} (${Math.round((Date.now() - t0) / 1000)} s)`);
      }
    },
  });
  await db.exec(`VACUUM ANALYZE`);
  await db.query(`INSERT INTO bench_search_marker (projects, tenders) VALUES ($1, $2)`, [BENCH_PROJECTS, BENCH_TENDERS]);
  console.log(`  ${label}: seeded ${BENCH_PROJECTS.toLocaleString("en-IN")} projects and ${BENCH_TENDERS.toLocaleString("en-IN")} tenders in ${Math.round((Date.now() - t0) / 1000)} s`);
}

/** The benchmark database on the PostgreSQL server, seeded when needed. */
export async function openBenchPostgres(): Promise<Db> {
  const url = new URL(BENCH_PG_URL);
  const name = url.pathname.replace(/^\//, "");
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bench database name '${name}' must be a plain identifier`);
  const adminUrl = new URL(BENCH_PG_URL);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const exists = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).rowCount;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  let db = await openDb({ databaseUrl: BENCH_PG_URL });
  await migrate(db);
  const marker = await markerCount(db);
  if (marker !== WANTED) {
    console.log(`PostgreSQL: (re)creating ${name} with ${BENCH_PROJECTS.toLocaleString("en-IN")} projects and ${BENCH_TENDERS.toLocaleString("en-IN")} tenders`);
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    db = await openDb({ databaseUrl: BENCH_PG_URL });
    await migrate(db);
    await markerCount(db);
    await seed(db, "PostgreSQL");
  }
  await admin.end();
  return db;
}

/** The benchmark's PGlite data folder, seeded when needed. */
export async function openBenchPglite(): Promise<Db> {
  let db = await openDb({ dataDir: BENCH_PGLITE_DIR });
  await migrate(db);
  const marker = await markerCount(db);
  if (marker !== WANTED) {
    console.log(`PGlite: (re)creating ${BENCH_PGLITE_DIR} with ${BENCH_PROJECTS.toLocaleString("en-IN")} projects and ${BENCH_TENDERS.toLocaleString("en-IN")} tenders`);
    await db.close();
    fs.rmSync(BENCH_PGLITE_DIR, { recursive: true, force: true });
    db = await openDb({ dataDir: BENCH_PGLITE_DIR });
    await migrate(db);
    await markerCount(db);
    await seed(db, "PGlite");
  }
  return db;
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join("bench", "search-data.ts"))) {
  const which = process.argv[2] ?? "both";
  if (which === "pg" || which === "both") await (await openBenchPostgres()).close();
  if (which === "pglite" || which === "both") await (await openBenchPglite()).close();
}
