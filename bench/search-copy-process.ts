// One search copy in a process of its own (bench/search-scale.ts runs it): loads an index's copy
// from the database or reads it back from its snapshot, and prints what that took and the
// resident memory it added to the process (after garbage collection, against the process before
// the copy) as one JSON line. Run with --expose-gc. `apart`: a copy not in its snapshot is loaded
// by a process of its own (load-process.ts) and read back; `here`: in this process.
//   node --expose-gc --import tsx bench/search-copy-process.ts <projects|tenders> <snapshot dir|off> [here|apart]
import { performance } from "node:perf_hooks";
import { openDb } from "../server/db/client.js";
import { SearchEngine } from "../server/search/engine.js";
import { projectsIndex } from "../server/search/indexes/projects.js";
import { tendersIndex } from "../server/search/indexes/tenders.js";
import { BENCH_PG_URL } from "./search-data.js";

const [name, dir, where = "here"] = process.argv.slice(2);
const def = name === "tenders" ? tendersIndex : projectsIndex;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");
const settle = () => {
  for (let k = 0; k < 3; k++) gc();
};

const db = await openDb({ databaseUrl: BENCH_PG_URL });
await db.query("SELECT 1"); // the connection pool and driver are part of the empty start
settle();
const before = process.memoryUsage();
const snapshotDir = dir === "off" ? null : dir;
const engine = new SearchEngine(db, def, "cache", () => undefined, { snapshotDir, urls: where === "apart" ? { primary: BENCH_PG_URL } : null });
const t0 = performance.now();
await engine.warm();
const ms = performance.now() - t0;
await engine.saveSnapshot(); // a load from the database leaves the snapshot the next start reads
settle();
const after = process.memoryUsage();
const figures = engine.copyFigures()!;
console.log(
  JSON.stringify({
    from: engine.copy.loadedFrom,
    ms: Math.round(ms),
    rows: figures.rows,
    heldPerRow: figures.bytes_per_row,
    residentPerRow: Math.round((after.rss - before.rss) / figures.rows),
    heapPerRow: Math.round((after.heapUsed - before.heapUsed) / figures.rows),
  }),
);
await db.close();
process.exit(0);
