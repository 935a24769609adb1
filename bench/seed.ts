// npm run bench (seed part): `npm run seed` against two floors measured in the same run, as
// ratios (never absolute targets). On PGlite (in memory), and on PostgreSQL when DATABASE_URL is
// set (schemas of their own, dropped after). BENCH_SEED_PROJECTS projects (default 20,000) with
// the seed's default ratio of tenders and companies:
//   generate only   the generators and the COPY encoding of every row, no database
//   write only      a plain COPY of those same rows into a fresh database, nothing generated
//   seed            seedDemoData into another fresh database (generation overlapped with writing)
// On PGlite (one thread) a seed near generate + write is as good as it gets; on a server, where
// the writing runs in another process, near the larger of the two.
import { performance } from "node:perf_hooks";
import type { Db } from "../server/db/client.js";
import { openDb } from "../server/db/client.js";
import { migrate } from "../server/db/migrate.js";
import type { Batch } from "../server/ingest/bulk.js";
import { CompanyGenerator, CompanyIndex, newCompanyBatches } from "../server/ingest/gen-companies.js";
import { newProjectBatches, ProjectGenerator } from "../server/ingest/gen-projects.js";
import { newTenderBatches, TenderGenerator } from "../server/ingest/gen-tenders.js";
import { Rng } from "../server/ingest/prng.js";
import { seedDemoData } from "../server/ingest/seed.js";
import { parseArgs } from "../server/ingest/seed-cli.js";
import { openPostgresSchema } from "./pg-schema.js";

const PROJECTS = Number(process.env.BENCH_SEED_PROJECTS ?? 20_000);
const { tenders: TENDERS = 0, companies: COMPANIES = 0 } = parseArgs(["--projects", String(PROJECTS)]);
const NOW = new Date("2026-03-10T00:00:00Z");
const BATCH = 5000;

/** Every row the seed would write, in batches of the seed's size, ids from 1 (as on an empty database). */
function generateAll(): Batch[][] {
  const out: Batch[][] = [];
  const index = new CompanyIndex();
  const companies = new CompanyGenerator(Rng.derive(1, "companies"), Rng.derive(1, "contact-counts"), NOW, index);
  let contactId = 1;
  for (let start = 0; start < COMPANIES; start += BATCH / 2) {
    const b = newCompanyBatches();
    for (let id = start + 1; id <= Math.min(COMPANIES, start + BATCH / 2); id++) companies.generate(id, Array.from({ length: companies.contactCount() }, () => contactId++), b);
    out.push([b.companies, b.directors, b.financials, b.contacts]);
  }
  const projects = new ProjectGenerator(Rng.derive(1, "projects"), NOW, index);
  for (let start = 0; start < PROJECTS; start += BATCH) {
    const b = newProjectBatches();
    for (let id = start + 1; id <= Math.min(PROJECTS, start + BATCH); id++) projects.generate(id, b);
    out.push([b.projects, b.contacts, b.statusUpdates, b.documents]);
  }
  const tenders = new TenderGenerator(Rng.derive(1, "tenders"), NOW, index);
  let resultId = 1;
  for (let start = 0; start < TENDERS; start += BATCH) {
    const b = newTenderBatches();
    for (let id = start + 1; id <= Math.min(TENDERS, start + BATCH); id++) tenders.generate(id, () => resultId++, b);
    out.push([b.tenders, b.corrigenda, b.documents, b.results, b.winners, b.bidders]);
  }
  return out;
}

async function seconds(fn: () => unknown): Promise<number> {
  const t0 = performance.now();
  await fn();
  return (performance.now() - t0) / 1000;
}

const line = (name: string, s: number, rows: number, note = "") =>
  `${name.padEnd(40)} ${s.toFixed(2).padStart(7)} s ${Math.round(rows / s).toLocaleString("en-IN").padStart(9)} rows/s   ${note}`;

async function benchOn(label: string, open: () => Promise<{ db: Db; close: () => Promise<void> }>) {
  let batches: Batch[][] = [];
  const gen = await seconds(() => (batches = generateAll()));
  const rows = batches.flat().reduce((n, b) => n + b.length, 0);
  const plain = await open();
  await migrate(plain.db);
  const write = await seconds(async () => {
    for (const group of batches) await plain.db.transaction(async (tx) => {
      for (const b of group) await b.insert(tx);
    });
  });
  await plain.close();
  batches = [];
  const target = await open();
  await migrate(target.db);
  const seed = await seconds(() => seedDemoData(target.db, { projects: PROJECTS, tenders: TENDERS, companies: COMPANIES, users: false, now: NOW }));
  await target.close();
  const floor = label.startsWith("PGlite") ? gen + write : Math.max(gen, write);
  console.log(`\n${label}: ${PROJECTS.toLocaleString("en-IN")} projects, ${TENDERS.toLocaleString("en-IN")} tenders, ${COMPANIES.toLocaleString("en-IN")} companies, ${rows.toLocaleString("en-IN")} rows`);
  console.log(line("baseline: generate only (no database)", gen, rows));
  console.log(line("baseline: write only (COPY, no generating)", write, rows));
  console.log(line("seed", seed, rows, `×${(seed / floor).toFixed(2)} of ${label.startsWith("PGlite") ? "generate + write" : "the larger of generate, write"}`));
}

await benchOn("PGlite (embedded, in memory)", async () => {
  const db = await openDb({ dataDir: "memory://" });
  return { db, close: () => db.close() };
});
if (process.env.DATABASE_URL) await benchOn("PostgreSQL (DATABASE_URL, schemas of their own)", () => openPostgresSchema(process.env.DATABASE_URL!, "bench_seed"));
