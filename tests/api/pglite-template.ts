// The migrated PGlite template that every API test file starts from: built once per test run by
// global-setup.ts (the real migrate(), so migrations stay fully exercised), read once per worker,
// and handed to openDb's loadDataDir for each file's own copy. A fresh PGlite costs its initdb and
// every migration (seconds of CPU per file on these machines); a copy costs a fraction of that.
import fs from "node:fs/promises";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of the run's migrated PGlite template (a dumpDataDir tarball), from global-setup.ts. */
    pgliteTemplate: string;
  }
}

let cached: Promise<Blob> | undefined;

/** The migrated template as a tarball for openDb's loadDataDir. */
export function migratedPgliteTemplate(): Promise<Blob> {
  cached ??= (async () => {
    const tarball = inject("pgliteTemplate");
    if (!tarball) throw new Error("no PGlite template: is tests/api/global-setup.ts the node project's globalSetup in vitest.config.ts?");
    return new Blob([await fs.readFile(tarball)]);
  })();
  return cached;
}
