// A worker module for tests/unit/worker-start.test.ts: it imports a project module (TypeScript,
// bundled in) and a package (left an import), and says what it runs as.
import { parentPort } from "node:worker_threads";
import { Type } from "typebox";
import { intersect } from "../../server/search/sorted-sets.js";

parentPort!.postMessage({
  url: import.meta.url,
  execArgv: process.execArgv,
  tsxLoaded: Object.keys(process.env).some((k) => k.startsWith("TSX")) || process.execArgv.some((a) => a.includes("tsx")),
  intersected: Array.from(intersect(Int32Array.of(1, 3, 5, 7), Int32Array.of(3, 4, 5))),
  schema: Type.Integer().type,
});
