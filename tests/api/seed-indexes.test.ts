// Seeding empty tables sets their secondary indexes aside and builds them once at the end
// (server/db/deferred-indexes.ts): afterwards the database has exactly the indexes its migrations
// made, and a seed that dies half-way leaves them recorded for the next start to build.
import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client.js";
import { deferIndexes } from "../../server/db/deferred-indexes.js";
import { migrate } from "../../server/db/migrate.js";
import { seedDemoData } from "../../server/ingest/seed.js";
import { openMigratedTestDb } from "./harness.js";

const SIZE = { projects: 120, tenders: 60, companies: 40, seed: 3, now: new Date("2025-06-15T00:00:00Z"), batchSize: 50, users: false };

/** Every index of the app's schema, with its definition. */
async function indexes(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ d: string }>(`SELECT indexname || ': ' || indexdef AS d FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1`);
  return rows.map((r) => r.d);
}

const recorded = async (db: Db) => (await db.query(`SELECT name FROM deferred_indexes`)).rows.length;

let dropDb: (() => Promise<void>) | undefined;
afterEach(async () => {
  await dropDb?.();
  dropDb = undefined;
});

async function freshDb(): Promise<Db> {
  const { db, drop } = await openMigratedTestDb();
  dropDb = drop;
  return db;
}

describe("seeding and indexes", () => {
  it("into empty tables: afterwards has exactly the indexes the migrations made, none left recorded", async () => {
    const db = await freshDb();
    const migrated = await indexes(db);
    await seedDemoData(db, SIZE);
    expect(await indexes(db)).toEqual(migrated);
    expect(await recorded(db)).toBe(0);
  });

  it("while loading, the non-unique indexes are absent and recorded; keys stay", async () => {
    const db = await freshDb();
    const migrated = await indexes(db);
    const seen: { count: number; recorded: number; search: boolean; key: boolean }[] = [];
    let asked: Promise<void> | undefined;
    await seedDemoData(db, {
      ...SIZE,
      onProgress: (_done, _total, what) => {
        if (what !== "projects" || asked) return;
        asked = (async () => {
          const now = await indexes(db);
          seen.push({ count: now.length, recorded: await recorded(db), search: now.some((d) => d.startsWith("projects_search:")), key: now.some((d) => d.startsWith("projects_pkey:")) });
        })();
      },
    });
    await asked;
    expect(seen).toHaveLength(1);
    expect(seen[0].search).toBe(false);
    expect(seen[0].key).toBe(true);
    expect(seen[0].count + seen[0].recorded).toBe(migrated.length);
    expect(seen[0].recorded).toBeGreaterThan(20);
  });

  it("into tables that hold rows: sets nothing aside", async () => {
    const db = await freshDb();
    await seedDemoData(db, SIZE);
    const before = await indexes(db);
    let during: number | undefined;
    let asked: Promise<void> | undefined;
    await seedDemoData(db, {
      ...SIZE,
      seed: 4,
      onProgress: () => {
        asked ??= (async () => void (during = (await indexes(db)).length))();
      },
    });
    await asked;
    expect(during).toBe(before.length);
    expect(await indexes(db)).toEqual(before);
  });

  it("a load that died with its indexes set aside: the next start builds them", async () => {
    const db = await freshDb();
    const migrated = await indexes(db);
    const set = await deferIndexes(db, ["projects", "project_contacts"]);
    expect(set).toBeGreaterThan(10);
    expect((await indexes(db)).length).toBe(migrated.length - set);
    await migrate(db); // what every start runs
    expect(await indexes(db)).toEqual(migrated);
    expect(await recorded(db)).toBe(0);
  });

  it("a recorded row that is not an index definition is never run: the start stops and says which", async () => {
    const db = await freshDb();
    await db.query(`INSERT INTO deferred_indexes (name, definition) VALUES ('projects_x', 'CREATE INDEX projects_x ON public.projects USING btree (id); DROP TABLE users')`);
    await expect(migrate(db)).rejects.toThrow("deferred_indexes: 'projects_x' is not an index definition this app wrote");
    expect((await db.query<{ kept: boolean }>(`SELECT to_regclass('users') IS NOT NULL AS kept`)).rows[0].kept).toBe(true);
  });
});
