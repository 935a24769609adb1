// `npm run import` in a child process, as the tests that check the command line run it.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "../fixtures/import/helpers.js";

const exec = promisify(execFile);
export type CliRun = { code: number; stdout: string; stderr: string };

/**
 * Node with tsx's loader, as `npm run import` ends up running server/ingest/import-cli.ts, started
 * directly: the tsx command would start a second Node process for each run (≈ 0.3 s here). No
 * shell, so a glob arrives unexpanded, as when quoted. `--liftoff-only`: V8 keeps PGlite's
 * WebAssembly on its baseline compiler instead of also optimising it in the background, which a
 * run of a few seconds never pays back (one run here: 2.8 → 1.9 s); the program is the same.
 * import-cli and import-runs together, quiet machine: 46 → 34 s wall, 81 → 59 CPU-s.
 */
export function runImportCli(args: string[], options: { cwd: string; env: Record<string, string>; stdin?: string; timeout?: number }): Promise<CliRun> {
  const run = exec(process.execPath, ["--liftoff-only", "--import", import.meta.resolve("tsx"), path.join(REPO_ROOT, "server/ingest/import-cli.ts"), ...args], {
    cwd: options.cwd, env: { ...process.env, ...options.env }, timeout: options.timeout ?? 170_000, maxBuffer: 64 * 1024 * 1024,
  });
  run.child.stdin!.end(options.stdin ?? "");
  return run.then((r) => ({ code: 0, ...r }), (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }));
}
