// Starts load-process.ts for an index and waits for it: the copy is loaded in a process of its own
// that writes the snapshot and exits, taking the memory the load needed with it.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export interface LoadApartSettings {
  /** The database every row is read from (the standby when there is one). */
  url: string;
  /** Where the snapshot's token is written. */
  primaryUrl: string;
  /** The snapshot folder. */
  dir: string;
}

/** Loads an index's copy in a process of its own into its snapshot file; answers its rows. */
export function loadApart(index: string, settings: LoadApartSettings): Promise<number> {
  const self = fileURLToPath(import.meta.url);
  const file = path.join(path.dirname(self), `load-process${path.extname(self)}`);
  // From the TypeScript source (npm start, tests), the process loads it as the server does: tsx.
  const tsx = self.endsWith(".ts") ? ["--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx/package.json").replace(/package\.json$/, "dist/loader.mjs")).href] : [];
  const child = spawn(process.execPath, [...tsx, file, index], {
    env: { ...process.env, SEARCH_LOAD_URL: settings.url, SEARCH_LOAD_PRIMARY_URL: settings.primaryUrl, SEARCH_LOAD_DIR: settings.dir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err = (err + chunk.toString()).slice(-2000)));
  return new Promise<number>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => {
      let answer: { rows?: number; error?: string } = {};
      try {
        answer = JSON.parse(out.trim().split("\n").pop() ?? "{}");
      } catch {
        // reported below
      }
      if (code === 0 && typeof answer.rows === "number") resolve(answer.rows);
      else reject(new Error(`the loading process for ${index} ended (code ${code}): ${answer.error ?? err.trim().split("\n").pop() ?? "no reason given"}`));
    });
  });
}
