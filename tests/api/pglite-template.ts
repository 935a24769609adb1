// A migrated PGlite data folder, made once per test run and cloned by every test file, so each
// file starts from the real migrate()'s result without paying for initdb and every migration.
//
// Vitest runs each file in a fresh process, so the template lives on disk: global-setup.ts gives
// the run a folder; the first worker that needs the template builds it there (with openDb and
// migrate, as `npm run migrate` does) and renames it into place, so a second worker building at
// the same moment just replaces it with an equal one. The folder is removed when the run ends.
import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { openDb } from "../../server/db/client.js";
import { migrate } from "../../server/db/migrate.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Folder of this test run where the migrated PGlite template is kept (global-setup.ts). */
    pgliteTemplateDir: string;
  }
}

let cached: Promise<Blob> | undefined;

/** The migrated template as a tarball for openDb's loadDataDir; built at most once per worker. */
export function migratedPgliteTemplate(): Promise<Blob> {
  cached ??= loadOrBuild();
  return cached;
}

async function loadOrBuild(): Promise<Blob> {
  const dir = inject("pgliteTemplateDir");
  if (!dir) throw new Error("pgliteTemplateDir not provided: is tests/api/global-setup.ts in vitest.config.ts?");
  const tarball = path.join(dir, "migrated.tar");
  if (!fs.existsSync(tarball)) await build(dir, tarball);
  return new Blob([fs.readFileSync(tarball)]);
}

async function build(dir: string, tarball: string): Promise<void> {
  const work = fs.mkdtempSync(path.join(dir, "build-"));
  try {
    const db = await openDb({ dataDir: work });
    await migrate(db);
    await db.close();
    // Our Db does not expose PGlite's dump, so the closed folder is opened once more, raw.
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const raw = await PGlite.create(path.join(work, "pgdata"), { extensions: { pg_trgm } });
    const dump = await raw.dumpDataDir("none");
    await raw.close();
    const partial = `${tarball}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, tarball);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
