// npm run bench (scale part), on the PostgreSQL server's benchmark data (bench/search-data.ts):
//   restart     a copy loaded from the database vs read back from its snapshot file, each in a
//               fresh process (bench/search-copy-process.ts), as ratio
//   memory      resident memory the copy adds to an empty process, per row (RSS after garbage
//               collection), and the bytes its arrays hold per row (the figure /api/ready gives)
//   throughput  distinct searches (list + facets) one at a time, two and four at once: on the
//               API thread (the engine before the search workers) and on the workers
// PGlite is the single-machine embedded default; scale is measured on the server.
//   BENCH_SUITES=projects,tenders  BENCH_SCALE_SEARCHES=40
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { SearchEngine } from "../server/search/engine.js";
import { parseSearchParams, type SearchQuery } from "../server/search/index.js";
import { projectsIndex } from "../server/search/indexes/projects.js";
import { tendersIndex } from "../server/search/indexes/tenders.js";
import { searchPool } from "../server/search/pool.js";
import type { IndexDefinition } from "../server/search/types.js";
import { openBenchPostgres } from "./search-data.js";

const SUITES = (process.env.BENCH_SUITES ?? "projects,tenders").split(",").map((s) => s.trim());
const SEARCHES = Number(process.env.BENCH_SCALE_SEARCHES ?? 40);
const STATES = ["Maharashtra", "Gujarat", "Karnataka", "Goa", "Rajasthan", "Kerala", "Punjab", "Bihar", "Odisha", "Assam"];
const TERMS = ["hospital", "road", "warehouse", "bridge", "school", "solar", "water supply", "steel", "hotel", "pipeline"];

interface Copy {
  from: string;
  ms: number;
  rows: number;
  heldPerRow: number;
  residentPerRow: number;
  heapPerRow: number;
}

function copyInProcess(index: string, dir: string, where: "here" | "apart" = "here"): Copy {
  const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", "bench/search-copy-process.ts", index, dir, where], { encoding: "utf8", env: process.env, maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split("\n").pop()!);
}

/** Distinct searches people make: filters, text, sorts, mixed. */
function searches(def: IndexDefinition): SearchQuery[] {
  const status = def === tendersIndex ? ["tender_status:AOC", "tender_status:Closed", "tender_status:Live"] : ["status:Under Construction", "status:Planning", "status:Completed"];
  return Array.from({ length: SEARCHES }, (_, i) =>
    parseSearchParams(def, {
      filter: [`state:${STATES[i % STATES.length]}`, ...(i % 2 ? [status[i % 3]] : [])],
      q: i % 4 === 3 ? TERMS[i % TERMS.length] : undefined,
      sort: i % 3 === 1 ? "value desc" : undefined,
    }),
  );
}

async function throughput(engine: SearchEngine, queries: SearchQuery[], atOnce: number): Promise<number> {
  const one = (q: SearchQuery) => Promise.all([engine.orderedIds(q, { userId: 1 }, 0, 20), engine.facets(q, { userId: 1 })]);
  for (const q of queries.slice(0, 4)) await one(q); // warm-up (text sets cached as in use)
  engine.forgetEvaluations();
  const t0 = performance.now();
  for (let i = 0; i < queries.length; i += atOnce) await Promise.all(queries.slice(i, i + atOnce).map(one));
  return (queries.length / (performance.now() - t0)) * 1000;
}

const db = await openBenchPostgres();
console.log(`\nSearch at scale — PostgreSQL server (${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)})`);
for (const def of [projectsIndex, tendersIndex].filter((d) => SUITES.includes(d.name))) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-snapshots-"));
  try {
    const loaded = copyInProcess(def.name, dir);
    const restored = copyInProcess(def.name, dir);
    const apartDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-snapshots-"));
    const apart = copyInProcess(def.name, apartDir, "apart");
    fs.rmSync(apartDir, { recursive: true, force: true });
    console.log(`\n${def.name}: ${loaded.rows.toLocaleString("en-IN")} rows`);
    console.log(`  restart: from the database ${(loaded.ms / 1000).toFixed(1)} s (in a loading process of its own ${(apart.ms / 1000).toFixed(1)} s), from its snapshot ${(restored.ms / 1000).toFixed(2)} s  (×${(restored.ms / loaded.ms).toFixed(3)}; snapshot ${(fs.statSync(path.join(dir, `${def.name}.snapshot`)).size / 1e6).toFixed(0)} MB)`);
    console.log(
      `  memory per row: arrays held ${restored.heldPerRow} B; resident added ${restored.residentPerRow} B read back from the snapshot, ${apart.residentPerRow} B loaded by a process of its own, ${loaded.residentPerRow} B loaded in place (JS heap ${restored.heapPerRow} / ${apart.heapPerRow} / ${loaded.heapPerRow} B)`,
    );

    const engine = new SearchEngine(db, def, "cache", () => undefined, { snapshotDir: dir });
    await engine.warm();
    await searchPool()?.whenReady();
    const queries = searches(def);
    const rates: Record<string, number[]> = {};
    for (const [label, rows] of [["API thread", Infinity], ["search workers", 0]] as const) {
      engine.search.workerRows = rows;
      rates[label] = [await throughput(engine, queries, 1), await throughput(engine, queries, 2), await throughput(engine, queries, 4)];
    }
    const base = rates["API thread"][0];
    for (const [label, [one, two, four]] of Object.entries(rates)) {
      console.log(`  ${label.padEnd(15)} searches/s one at a time ${one.toFixed(1).padStart(6)}, two at once ${two.toFixed(1).padStart(6)}, four ${four.toFixed(1).padStart(6)}   (×${(one / base).toFixed(2)} / ×${(two / base).toFixed(2)} / ×${(four / base).toFixed(2)} of the API thread one at a time)`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
await db.close();
process.exit(0);
