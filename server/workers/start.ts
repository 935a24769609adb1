// Starts a worker thread from a module beside the caller: the built JavaScript when the server
// runs compiled. From the TypeScript source (tsx: `npm start`, vitest), the worker's module and
// the project files it imports are first bundled into one JavaScript file (esbuild, the compiler
// tsx itself uses), so the worker does not load tsx: a worker that registers tsx holds about
// 29 MB more than a plain one (measured: two search workers 67 MB against 4 MB), and the search
// pool keeps one per core for the life of the process. Packages stay imports, resolved from
// node_modules beside the bundle. If bundling fails, the worker registers tsx as before.
import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { Worker, type WorkerOptions } from "node:worker_threads";

const require = createRequire(import.meta.url);
/** Bundles live under node_modules, so the packages they import resolve as the source's do. */
const BUNDLE_DIR = path.join(path.dirname(require.resolve("tsx/package.json")), "..", ".cache", "infrascout-workers");
const bundled = new Map<string, string | null>();

/** The worker module's file beside the caller, and whether it is TypeScript source. */
function targetOf(callerUrl: string, name: string): { target: string; source: boolean } {
  const self = fileURLToPath(callerUrl);
  return { target: path.join(path.dirname(self), `${name}${path.extname(self)}`), source: self.endsWith(".ts") };
}

/**
 * Makes the worker's bundle without blocking this thread (esbuild runs as a child process), so
 * a later startWorker finds it made: call it before the first start where a request may wait.
 */
export function prepareWorker(callerUrl: string, name: string): Promise<void> {
  const { target, source } = targetOf(callerUrl, name);
  if (!source || bundled.has(target)) return Promise.resolve();
  // Callers at once (imports starting together) share one esbuild run.
  let running = preparing.get(target);
  if (!running) {
    running = bundleApart(target).finally(() => preparing.delete(target));
    preparing.set(target, running);
  }
  return running;
}
const preparing = new Map<string, Promise<void>>();

async function bundleApart(target: string): Promise<void> {
  let file: string | null = null;
  try {
    const { stdout } = await execFileAsync(esbuild(), esbuildArgs(target), { encoding: "buffer", maxBuffer: 64 << 20 });
    file = writeBundle(target, stdout);
  } catch {
    file = null;
  }
  if (!bundled.has(target)) bundled.set(target, file);
}

/** A worker running `name` (without extension), a module in the folder of `callerUrl` (import.meta.url). */
export function startWorker(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  const { target, source } = targetOf(callerUrl, name);
  if (!source) return new Worker(pathToFileURL(target), options);
  const bundle = bundleOf(target);
  // Not the process's own flags: `--import tsx` would load tsx into the worker all the same.
  if (bundle) return new Worker(pathToFileURL(bundle), { execArgv: [], ...options });
  const tsx = pathToFileURL(require.resolve("tsx/package.json").replace(/package\.json$/, "dist/esm/api/index.mjs")).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(pathToFileURL(target).href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * The worker module as one JavaScript file, built once per process. The file is named by its
 * content and written by rename, so processes starting at once (test runners) never read one
 * half written, and a changed source never runs an old bundle.
 */
function bundleOf(entry: string): string | null {
  if (bundled.has(entry)) return bundled.get(entry)!;
  let file: string | null = null;
  try {
    file = writeBundle(entry, execFileSync(esbuild(), esbuildArgs(entry), { maxBuffer: 64 << 20, stdio: ["ignore", "pipe", "ignore"] }));
  } catch {
    file = null; // no esbuild, or a read-only folder: the worker registers tsx instead
  }
  bundled.set(entry, file);
  return file;
}

const execFileAsync = promisify(execFile);
// Its command, not its JavaScript API: buildSync keeps a worker thread of its own running.
const esbuild = () => require.resolve("esbuild/bin/esbuild");
const esbuildArgs = (entry: string) => [entry, "--bundle", "--packages=external", "--platform=node", "--format=esm", "--target=node20", "--log-level=error"];

/** The bundle's code written under its content's name (unless there already); the file's path. */
function writeBundle(entry: string, code: Buffer): string {
  const digest = createHash("sha256").update(code).digest("hex").slice(0, 16);
  const file = path.join(BUNDLE_DIR, `${path.basename(entry, ".ts")}-${digest}.mjs`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(BUNDLE_DIR, { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(temp, code);
    fs.renameSync(temp, file);
  }
  return file;
}
