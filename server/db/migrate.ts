// Applies server/db/migrations/NNN_name.sql in order, once each, recording them in
// schema_migrations. An advisory lock keeps two API processes from migrating at once. Then builds
// any index a bulk load set aside and did not build (deferred-indexes.ts).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "./client.js";
import { buildDeferredIndexes } from "./deferred-indexes.js";

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
const MIGRATION_LOCK = 7_310_001;

export async function migrate(db: Db): Promise<string[]> {
  const applied = await applyMigrations(db);
  // Indexes a bulk load set aside and did not live to build (deferred-indexes.ts).
  await buildDeferredIndexes(db);
  return applied;
}

async function applyMigrations(db: Db): Promise<string[]> {
  const files = fs.readdirSync(MIGRATIONS_DIR).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    const done = new Set((await tx.query<{ version: string }>("SELECT version FROM schema_migrations")).rows.map((r) => r.version));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), "utf8");
      await tx.exec(sql).catch((err: Error) => {
        throw new Error(`migration ${file} failed: ${err.message}`);
      });
      await tx.query("INSERT INTO schema_migrations (version) VALUES ($1)", [file]);
      applied.push(file);
    }
    return applied;
  });
}
