// Where each Playwright worker's server lives. A run has one server and one database per worker
// (the product keeps one session per user and specs change data, so two workers must never
// share either). Worker i serves on E2E_PORT + i and keeps its data folder (the PGlite database
// and, in both modes, the mail outbox) under .e2e/<E2E_PORT>/worker-<i>/data.
// Loaded by playwright.config.ts, global-setup.ts and fixtures.ts, in the runner and in workers.
import { execFileSync } from "node:child_process";
import path from "node:path";

// Ports of their own per run, free when chosen, so several runs on one machine never meet; the
// runner chooses (free-ports.mjs) and its workers inherit E2E_PORT.
process.env.E2E_PORT ??= execFileSync(process.execPath, [path.join(import.meta.dirname, "free-ports.mjs"), "8"]).toString().trim();
/** The run's first port: worker 0's server. */
export const E2E_PORT = Number(process.env.E2E_PORT);

/**
 * Workers (and so servers) per run: 3 unless E2E_WORKERS says otherwise (`--workers` on the command
 * line also wins). Three on these 2-core machines: a worker waits on its server and its page often
 * enough that two left ≈ 20% of the CPU idle. Whole suite, CI=true, PGlite, one machine: 2 workers
 * 181 and 183 s, 3 workers 147 and 158 s, 4 workers 160 s.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 3);

// One folder per run: not under test-results/, which Playwright empties after global setup.
export const E2E_DIR = path.resolve(import.meta.dirname, "../../.e2e", process.env.E2E_PORT);

/**
 * This process's worker slot. Playwright sets TEST_PARALLEL_INDEX (0 … workers-1) in each worker
 * before it loads the config or any spec; workers running at once never share one, and a worker
 * restarted after a failure keeps its slot. The runner process itself (global setup) is slot 0.
 */
export const workerSlot = (): number => Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const portOf = (slot: number): number => E2E_PORT + slot;
export const baseUrlOf = (slot: number): string => `http://127.0.0.1:${portOf(slot)}`;
export const dataDirOf = (slot: number): string => path.join(E2E_DIR, `worker-${slot}`, "data");
