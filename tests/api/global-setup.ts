// Runs once per `vitest run` in the main process: a folder for this run's migrated PGlite
// template (pglite-template.ts), removed at the end. On PostgreSQL it is simply never used.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import type {} from "./pglite-template.js"; // the provided key's type

export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "infrascout-template-"));
  project.provide("pgliteTemplateDir", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
