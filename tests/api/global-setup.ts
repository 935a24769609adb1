// Runs once per `vitest run`, before any API test file: builds the migrated PGlite template every
// file then starts from (a copy of it: pglite-template.ts), with the real migrate() on an
// in-memory PGlite, and keeps its tarball in a folder removed when the run ends. Built on
// PostgreSQL runs too: there each file migrates a schema of its own (harness.ts), but some files
// (security-faults) also test the embedded database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDb } from "../../server/db/client.js";
import { migrate } from "../../server/db/migrate.js";
import type {} from "./pglite-template.js"; // the provided key's type

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "infrascout-template-"));
  const tarball = path.join(dir, "migrated.tar");
  const db = await openDb({ dataDir: "memory://" });
  try {
    await migrate(db);
    fs.writeFileSync(tarball, Buffer.from(await (await db.dumpDataDir!()).arrayBuffer()));
  } finally {
    await db.close();
  }
  project.provide("pgliteTemplate", tarball);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
