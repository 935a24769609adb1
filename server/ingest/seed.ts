// The demo data generator: realistic Indian companies, contacts, project leads, tenders and
// results, deterministic for a seed, written in batches of multi-row inserts.
//
//   const counts = await seedDemoData(db, { projects: 5000, seed: 1 });
//
// The same seed on an empty database gives the same rows (ids included); dates are relative
// to `now` (default: today 00:00 UTC) so leads always look fresh.
import type { Db } from "../db/client.js";
import { buildDeferredIndexes, deferIndexes } from "../db/deferred-indexes.js";
import { allocateIds, maySkipChildChecks, Pipeline, type Batch } from "./bulk.js";
import { seedDemoTeam } from "./demo-team.js";
import { seedDemoUsers } from "./demo-users.js";
import { CompanyGenerator, CompanyIndex, newCompanyBatches } from "./gen-companies.js";
import { newProjectBatches, ProjectGenerator } from "./gen-projects.js";
import { newTenderBatches, TenderGenerator } from "./gen-tenders.js";
import { Rng } from "./prng.js";
import { todayUtc } from "./text.js";

export const SEED_DEFAULTS = { projects: 5000, tenders: 2000, companies: 800, seed: 1 } as const;

export interface SeedOptions {
  projects?: number;
  tenders?: number;
  companies?: number;
  seed?: number;
  /** Create the demo accounts (default true). */
  users?: boolean;
  /** The day the data is generated around (default: today 00:00 UTC). */
  now?: Date;
  /** Rows of the main table per batch (default 5000). */
  batchSize?: number;
  onProgress?: (done: number, total: number, what: string) => void;
}

export interface SeedCounts {
  companies: number;
  directors: number;
  financials: number;
  contacts: number;
  projects: number;
  projectContacts: number;
  statusUpdates: number;
  documents: number;
  tenders: number;
  corrigenda: number;
  tenderDocuments: number;
  results: number;
  winners: number;
  bidders: number;
  users: number;
}

/** True when the database holds no projects and no users: start-up seeds it then. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const r = await db.query<{ empty: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM projects) AND NOT EXISTS (SELECT 1 FROM users) AS empty`,
  );
  return r.rows[0].empty;
}

export async function seedDemoData(db: Db, opts: SeedOptions = {}): Promise<SeedCounts> {
  const nProjects = count(opts.projects, SEED_DEFAULTS.projects, "projects");
  const nTenders = count(opts.tenders, SEED_DEFAULTS.tenders, "tenders");
  const nCompanies = count(opts.companies, SEED_DEFAULTS.companies, "companies");
  const seed = opts.seed ?? SEED_DEFAULTS.seed;
  if (!Number.isInteger(seed)) throw new Error("seed must be an integer");
  const now = opts.now ?? todayUtc();
  const batchSize = opts.batchSize ?? 5000;
  const total = nCompanies + nProjects + nTenders;
  let done = 0;
  const progress = (n: number, what: string) => {
    done += n;
    opts.onProgress?.(done, total, what);
  };
  const counts: SeedCounts = {
    companies: 0, directors: 0, financials: 0, contacts: 0, projects: 0, projectContacts: 0, statusUpdates: 0, documents: 0,
    tenders: 0, corrigenda: 0, tenderDocuments: 0, results: 0, winners: 0, bidders: 0, users: 0,
  };
  // Into empty tables, their secondary indexes are built once at the end (db/deferred-indexes.ts).
  const deferred = (await tablesEmpty(db, SEEDED_TABLES)) ? await deferIndexes(db, SEEDED_TABLES) : 0;
  try {
    opts.onProgress?.(0, total, "companies");
    const run: SeedRun = {
      db, seed, now, batchSize, counts, progress,
      pipeline: new Pipeline(db, db.kind === "postgres" ? 2 : 1, await maySkipChildChecks(db)),
      index: new CompanyIndex(),
    };
    await writeCompanies(run, nCompanies);
    await writeProjects(run, nProjects);
    await writeTenders(run, nTenders);
  } finally {
    if (deferred) {
      opts.onProgress?.(done, total, "indexes");
      await buildDeferredIndexes(db);
    }
  }
  if (opts.users !== false) {
    opts.onProgress?.(done, total, "users");
    counts.users = await seedDemoUsers(db, now);
    await seedDemoTeam(db, now);
  }
  return counts;
}

/** What the three writers share: the database, the batches in flight, the companies written. */
interface SeedRun {
  db: Db;
  seed: number;
  now: Date;
  batchSize: number;
  counts: SeedCounts;
  progress: (n: number, what: string) => void;
  pipeline: Pipeline;
  /** The companies written, for the leads and tenders that name them. */
  index: CompanyIndex;
}

/** Companies, their directors, financials and contacts. Smaller batches: ~12 rows each. */
async function writeCompanies({ db, seed, now, batchSize, counts, progress, pipeline, index }: SeedRun, total: number): Promise<void> {
  const companyGen = new CompanyGenerator(Rng.derive(seed, "companies"), Rng.derive(seed, "contact-counts"), now, index);
  const companyBatch = Math.max(1, Math.floor(batchSize / 2));
  for (let start = 0; start < total; start += companyBatch) {
    const n = Math.min(companyBatch, total - start);
    const ids = await allocateIds(db, "companies", n);
    const perCompany = Array.from({ length: n }, () => companyGen.contactCount());
    const contactIds = await allocateIds(db, "contacts", perCompany.reduce((a, b) => a + b, 0));
    const b = newCompanyBatches();
    let k = 0;
    for (let i = 0; i < n; i++) {
      companyGen.generate(ids[i], contactIds.slice(k, k + perCompany[i]), b);
      k += perCompany[i];
      if (i % YIELD_EVERY === YIELD_EVERY - 1) await letWritesFlow();
    }
    counts.companies += b.companies.length;
    counts.directors += b.directors.length;
    counts.financials += b.financials.length;
    counts.contacts += b.contacts.length;
    await pipeline.run([b.companies, b.directors, b.financials, b.contacts], () => progress(n, "companies"));
  }
  await pipeline.drain();
}

/** Projects with contacts, status updates and documents. */
async function writeProjects({ db, seed, now, batchSize, counts, progress, pipeline, index }: SeedRun, total: number): Promise<void> {
  const projectGen = new ProjectGenerator(Rng.derive(seed, "projects"), now, index);
  for (let start = 0; start < total; start += batchSize) {
    const n = Math.min(batchSize, total - start);
    const ids = await allocateIds(db, "projects", n);
    const b = newProjectBatches();
    for (let i = 0; i < n; i++) {
      projectGen.generate(ids[i], b);
      if (i % YIELD_EVERY === YIELD_EVERY - 1) await letWritesFlow();
    }
    counts.projects += b.projects.length;
    counts.projectContacts += b.contacts.length;
    counts.statusUpdates += b.statusUpdates.length;
    counts.documents += b.documents.length;
    await pipeline.run([b.projects, b.contacts, b.statusUpdates, b.documents], () => progress(n, "projects"));
  }
  await pipeline.drain();
}

/** Tenders with corrigenda, results and bidders. */
async function writeTenders({ db, seed, now, batchSize, counts, progress, pipeline, index }: SeedRun, total: number): Promise<void> {
  const tenderGen = new TenderGenerator(Rng.derive(seed, "tenders"), now, index);
  let resultIds: number[] = [];
  for (let start = 0; start < total; start += batchSize) {
    const n = Math.min(batchSize, total - start);
    const ids = await allocateIds(db, "tenders", n);
    // AOC is about a fifth of tenders; reserve result ids ahead and top up when short.
    const want = Math.ceil(n * 0.3) + 10;
    if (resultIds.length < want) resultIds = resultIds.concat(await allocateIds(db, "results", want - resultIds.length));
    const b = newTenderBatches();
    for (let i = 0; i < n; i++) {
      tenderGen.generate(ids[i], () => {
        const id = resultIds.shift();
        if (id === undefined) throw new Error("result id pool exhausted"); // cannot happen: at most one per tender
        return id;
      }, b);
      if (resultIds.length === 0) resultIds = await allocateIds(db, "results", 64);
      if (i % YIELD_EVERY === YIELD_EVERY - 1) await letWritesFlow();
    }
    counts.tenders += b.tenders.length;
    counts.corrigenda += b.corrigenda.length;
    counts.tenderDocuments += b.documents.length;
    counts.results += b.results.length;
    counts.winners += b.winners.length;
    counts.bidders += b.bidders.length;
    await pipeline.run([b.tenders, b.corrigenda, b.documents, b.results, b.winners, b.bidders], () => progress(n, "tenders"));
  }
  await pipeline.drain();
}

/** Every table the seed writes (users aside), as its batches name them. */
const SEEDED_TABLES = [newCompanyBatches(), newProjectBatches(), newTenderBatches()].flatMap((b) => Object.values(b).map((batch: Batch) => batch.table));

async function tablesEmpty(db: Db, tables: readonly string[]): Promise<boolean> {
  for (const table of tables) {
    // Names from our own batches (above), not from input.
    const { rows } = await db.query(`SELECT 1 FROM ${table} LIMIT 1`);
    if (rows.length) return false;
  }
  return true;
}

/**
 * Generation gives the event loop a turn this often (rows of the main table): the batches in
 * flight are COPYs streamed in chunks as the socket drains, so a generating loop that never
 * yields would leave the server idle until the whole next batch is made.
 */
const YIELD_EVERY = 200;
const letWritesFlow = () => new Promise<void>((resolve) => setImmediate(resolve));

function count(v: number | undefined, dflt: number, name: string): number {
  const n = v ?? dflt;
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number ≥ 0 (got ${v})`);
  return n;
}
