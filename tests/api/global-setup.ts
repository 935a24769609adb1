// Runs once per `vitest run`, before any API test file: builds the migrated PGlite template every
// file then starts from (a copy of it: pglite-template.ts), with the real migrate() on an
// in-memory PGlite, and keeps its tarball in a folder removed when the run ends. Built on
// PostgreSQL runs too, since some files (security-faults) also test the embedded database; there
// it also builds the migrated template database each file copies (postgres-template.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDb } from "../../server/db/client.js";
import { migrate } from "../../server/db/migrate.js";
import type {} from "./pglite-template.js"; // the provided key's type
import { dropPostgresTemplate, newTemplateName, onServer, withDatabase } from "./postgres-template.js";

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
  const url = process.env.DATABASE_URL;
  const template = url ? await migratedPostgresTemplate(url) : undefined;
  if (template) project.provide("postgresTemplate", template);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && template) await dropPostgresTemplate(url, template);
  };
}

async function migratedPostgresTemplate(url: string): Promise<string> {
  const template = newTemplateName();
  await onServer(url, `CREATE DATABASE ${template}`);
  const db = await openDb({ databaseUrl: withDatabase(url, template) });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  return template;
}
