// A script that awaits a search on the workers gets its answer: a worker with a task keeps the
// process alive (an idle pool does not). Before, a copy process (bench, a loading script) whose
// only work in flight was a worker's task exited with status 13, its search unanswered.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/package.json").replace(/package\.json$/, "dist/loader.mjs")).href;

describe("the search pool", () => {
  it("keeps a process alive while a worker has its task, and lets it end when idle", () => {
    const probe = fileURLToPath(new URL("./pool-alive-probe.ts", import.meta.url));
    const run = spawnSync(process.execPath, ["--import", tsx, probe], { encoding: "utf8", timeout: 60_000 });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout.trim().split("\n").pop()!).answer).toMatch(/^refused: search worker: /);
  }, 90_000);
});
