// Starts a worker thread from a module beside the caller: the built JavaScript when the server
// runs compiled, or the TypeScript source (tsx, vitest), in which case the worker registers tsx
// before importing it.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

/** A worker running `name` (without extension), a module in the folder of `callerUrl` (import.meta.url). */
export function startWorker(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  const self = fileURLToPath(callerUrl);
  const target = pathToFileURL(path.join(path.dirname(self), `${name}${path.extname(self)}`)).href;
  if (!self.endsWith(".ts")) return new Worker(new URL(target), options);
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/package.json").replace(/package\.json$/, "dist/esm/api/index.mjs")).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(target)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
