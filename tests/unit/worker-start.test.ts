// A worker started from TypeScript (tsx, vitest) runs one bundled JavaScript file without tsx and
// without the process's own flags: a worker that loads tsx holds about 29 MB more, and the search
// pool keeps one per core. Its project imports are bundled in, its packages resolve from
// node_modules, and the same source gives the same file (named by its content).
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { prepareWorker, startWorker } from "../../server/workers/start.js";

interface Probe {
  url: string;
  execArgv: string[];
  tsxLoaded: boolean;
  intersected: number[];
  schema: string;
}

const workers: Worker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.terminate()));
});

function probe(): Promise<Probe> {
  const worker = startWorker(import.meta.url, "worker-probe");
  workers.push(worker);
  return new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}

describe("a worker started from TypeScript", () => {
  // First in the file: the module has bundled nothing yet.
  it("is bundled off the event loop when prepared, and then started from that bundle", async () => {
    let ticked = false;
    setTimeout(() => (ticked = true), 0);
    const preparing = prepareWorker(import.meta.url, "worker-probe");
    expect(prepareWorker(import.meta.url, "worker-probe")).toBe(preparing); // callers at once share one esbuild run
    await preparing;
    expect(ticked).toBe(true); // a synchronous bundling would have held the timer back until now
    const started = await probe();
    expect(started.url).toMatch(/worker-probe-[0-9a-f]{16}\.mjs$/);
  });

  it("runs one JavaScript bundle, without tsx, its imports working", async () => {
    const first = await probe();
    const file = fileURLToPath(first.url);
    expect(path.basename(path.dirname(file))).toBe("infrascout-workers");
    expect(file).toMatch(/worker-probe-[0-9a-f]{16}\.mjs$/);
    expect(first.execArgv).toEqual([]);
    expect(first.tsxLoaded).toBe(false);
    expect(first.intersected).toEqual([3, 5]);
    expect(first.schema).toBe("integer");
    expect((await probe()).url).toBe(first.url);
  });
});
