// A migrated PGlite data folder, made once per test run and cloned by every test file, so each
// file starts from the real migrate()'s result without paying for initdb and every migration.
//
// Vitest runs each file in a fresh process, so the template lives on disk: global-setup.ts gives
// the run a folder; the first worker that needs the template builds it there (the real migrate()
// on a PGlite in memory, dumped to a tarball) while the other waits for it rather than building it too
// (both start at once, and building is mostly PGlite's initdb: seconds of CPU). The folder is
// removed when the run ends.
import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import type { Db, Tx } from "../../server/db/client.js";
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
  if (!fs.existsSync(tarball)) {
    if (takeBuildLock(dir)) await build(tarball).catch((err: Error) => failed(dir, err));
    else await waitFor(dir, tarball);
  }
  return new Blob([fs.readFileSync(tarball)]);
}

/** mkdir is atomic: exactly one worker of the run gets to build; it leaves its pid in the lock. */
function takeBuildLock(dir: string): boolean {
  try {
    fs.mkdirSync(path.join(dir, "building"));
    fs.writeFileSync(path.join(dir, "building", "pid"), String(process.pid));
    return true;
  } catch {
    return false;
  }
}

/** False once the builder's process is gone (its file ended, e.g. a timed-out hook, before the build did). */
function builderAlive(dir: string): boolean {
  const pid = Number(fs.readFileSync(path.join(dir, "building", "pid"), { encoding: "utf8", flag: "a+" }));
  if (!pid) return true; // the lock was just taken; the pid follows
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A failed build is written down, so every other file fails at once with the reason instead of waiting. */
function failed(dir: string, err: Error): never {
  fs.writeFileSync(path.join(dir, "failed.txt"), err.stack ?? err.message);
  throw err;
}

async function waitFor(dir: string, tarball: string, timeoutMs = 110_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!fs.existsSync(tarball)) {
    const failure = path.join(dir, "failed.txt");
    if (fs.existsSync(failure)) throw new Error(`building the migrated PGlite template failed:\n${fs.readFileSync(failure, "utf8")}`);
    if (!builderAlive(dir)) return build(tarball); // a copy of our own; renamed into place like the builder's
    if (Date.now() > until) throw new Error(`the other worker did not build the PGlite template (${tarball}) in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function build(tarball: string): Promise<void> {
  const dump = await migratedInMemory();
  const partial = `${tarball}.${process.pid}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, tarball);
}

/**
 * The real migrate() on a PGlite in memory (on a busy machine a data folder on disk made this
 * take minutes: initdb writes and syncs tens of MB). Our Db does not expose PGlite's dump, so
 * migrate gets PGlite through the few calls it makes, as openDb passes them on.
 */
async function migratedInMemory(): Promise<Blob> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const pglite = await PGlite.create("memory://", { extensions: { pg_trgm } });
  try {
    const through = (q: Pick<Transaction, "query" | "exec">): Tx => ({
      async query<T>(sql: string, params: unknown[] = []) {
        const r = await q.query<T>(sql, params);
        return { rows: r.rows, rowCount: r.rows.length };
      },
      async exec(sql: string) {
        await q.exec(sql);
      },
    });
    const db = {
      ...through(pglite),
      kind: "pglite",
      transaction: (fn) => pglite.transaction((tx) => fn(through(tx))),
      longTransaction: (fn) => pglite.transaction((tx) => fn(through(tx))),
      close: () => pglite.close(),
    } satisfies Db;
    await migrate(db);
    return await pglite.dumpDataDir("none");
  } finally {
    await pglite.close();
  }
}
