// npm run bench (import part): each importer against a parse-only pass of the same files in the
// same run (read and map, no database), as a ratio, with the heap the import grew by. On PGlite
// (in memory), and on PostgreSQL when DATABASE_URL is set (in a schema of its own, dropped after).
//   tenders-csv  BENCH_IMPORT_ROWS generated plain tenders (default 20,000): first import, re-import
//   gepnic       BENCH_GEPNIC_PAGES copies of the three real award pages (tests/fixtures/import/gepnic,
//                from ../shared/data), each with its own Tender ID (default 5,495: a state's folder)
//   ocds         one release package of BENCH_OCDS_RELEASES copies of the OCDS fictional-example
//                releases (tests/fixtures/import/ocds), each process with its own ocid (default 3,800)
// The parse-only pass of ocds reads and groups the releases; merging them needs the database
// (earlier releases are stored), so it is part of the import, not of the baseline.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openDb, type Db } from "../server/db/client.js";
import { migrate } from "../server/db/migrate.js";
import { openPostgresSchema } from "./pg-schema.js";
import type { ImportKind, ImporterContext } from "../server/ingest/importers/model.js";
import { importerFor, runImport } from "../server/ingest/importers/run.js";
import { writeGepnicPages, writeOcdsPackage } from "../tests/fixtures/import/generated-pages.js";
import { writeTendersCsv } from "../tests/fixtures/import/generated-tenders.js";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);
const PAGES = Number(process.env.BENCH_GEPNIC_PAGES ?? 5495);
const RELEASES = Number(process.env.BENCH_OCDS_RELEASES ?? 3800);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));

const gepnicPages = (n: number) => writeGepnicPages(path.join(dir, "gepnic"), n);
const ocdsPackage = (n: number) => writeOcdsPackage(path.join(dir, "ocds-package.json"), n);

/** Seconds taken and how far the heap grew above where it started (sampled as the work runs). */
async function timed(fn: () => Promise<unknown>): Promise<{ s: number; heapMB: number }> {
  const start = process.memoryUsage().heapUsed;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
  const t0 = performance.now();
  try {
    await fn();
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { s: (performance.now() - t0) / 1000, heapMB: (peak - start) / 2 ** 20 };
}

/** The importer's own reading and mapping of the files, nothing written (ocds: reading and grouping). */
async function parseOnly(kind: ImportKind, files: string[]): Promise<void> {
  for (const file of files) {
    const ctx: ImporterContext = { file, source: "bench", fx: {}, state: null, now: new Date(), onBytes() {}, onRead() {}, warn() {} };
    for await (const u of importerFor(kind, ctx)) {
      if (u.type === "tender" && kind !== "ocds") await u.build(null as never); // pure for every kind but ocds
    }
  }
}

const line = (name: string, t: { s: number; heapMB: number }, n: number, unit: string, base?: { s: number }) =>
  `${name.padEnd(44)} ${t.s.toFixed(2).padStart(7)} s ${Math.round(n / t.s).toLocaleString("en-IN").padStart(9)} ${unit}/s` +
  `${base ? `   ×${(t.s / base.s).toFixed(1)} of parse-only` : "".padEnd(24)}   heap +${Math.max(0, t.heapMB).toFixed(0)} MB`;

async function benchOn(label: string, db: Db, inputs: { csv: string; pages: string[]; ocds: string }) {
  await migrate(db);
  const imp = (kind: ImportKind, files: string[]) => runImport(db, { kind, files: files.map((f) => ({ path: f })), source: "bench" });
  console.log(`\n${label}`);
  const csvBase = await timed(() => parseOnly("tenders-csv", [inputs.csv]));
  console.log(line(`baseline: parse ${ROWS} tenders (CSV)`, csvBase, ROWS, "rows"));
  console.log(line(`import tenders-csv, ${ROWS} rows`, await timed(() => imp("tenders-csv", [inputs.csv])), ROWS, "rows", csvBase));
  console.log(line(`re-import tenders-csv (all unchanged)`, await timed(() => imp("tenders-csv", [inputs.csv])), ROWS, "rows", csvBase));
  const pageBase = await timed(() => parseOnly("gepnic", inputs.pages));
  console.log(line(`baseline: parse ${PAGES} GePNIC pages`, pageBase, PAGES, "pages"));
  console.log(line(`import gepnic, ${PAGES} pages`, await timed(() => imp("gepnic", inputs.pages)), PAGES, "pages", pageBase));
  const ocdsBase = await timed(() => parseOnly("ocds", [inputs.ocds]));
  console.log(line(`baseline: parse OCDS package, ${RELEASES} releases`, ocdsBase, RELEASES, "releases"));
  console.log(line(`import ocds, ${RELEASES} releases`, await timed(() => imp("ocds", [inputs.ocds])), RELEASES, "releases", ocdsBase));
}

const inputs = { csv: writeTendersCsv(path.join(dir, "tenders.csv"), ROWS), pages: gepnicPages(PAGES), ocds: ocdsPackage(RELEASES) };
try {
  const pglite = await openDb({ dataDir: "memory://" });
  await benchOn("Imports, PGlite (embedded, in memory)", pglite, inputs);
  await pglite.close();
  if (process.env.DATABASE_URL) {
    const server = await openPostgresSchema(process.env.DATABASE_URL, "bench_import");
    try {
      await benchOn("Imports, PostgreSQL (DATABASE_URL, a schema of its own)", server.db, inputs);
    } finally {
      await server.close();
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
