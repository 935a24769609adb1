// The import's one long transaction and everyone else (db.longTransaction). On PostgreSQL other
// connections simply never see its writes until it commits. On PGlite (one connection) a plain
// read of a table the import has not written is answered while it runs, and sees what is
// committed; a read of a table it has written, and any write, wait until it has ended — so no
// one ever sees rows that may yet be rolled back, and no one's write is undone with a failed
// import.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestContext } from "./harness.js";

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
  await t.db.exec(`
    CREATE TABLE IF NOT EXISTS test_long_written (id int PRIMARY KEY);
    CREATE TABLE IF NOT EXISTS test_long_other (id int PRIMARY KEY);
    CREATE OR REPLACE VIEW test_long_written_view AS SELECT id FROM test_long_written;
    TRUNCATE test_long_written, test_long_other;
    INSERT INTO test_long_other VALUES (1);`);
});
afterAll(async () => {
  await t.db.exec("DROP VIEW IF EXISTS test_long_written_view; DROP TABLE IF EXISTS test_long_written, test_long_other");
  await t.close();
});

/** Settles within ms, or answers 'waiting'. */
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), ms))]);
const count = async (table: string) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

/** A long transaction that has written `sql` and stays open until release() is called. */
async function holdOpen(sql: string) {
  let release!: () => void;
  const holding = new Promise<void>((resolve) => (release = resolve));
  let wrote!: () => void;
  const written = new Promise<void>((resolve) => (wrote = resolve));
  const tx = t.db.longTransaction(async (q) => {
    await q.query(sql);
    wrote();
    await holding;
  });
  await written;
  return { release, tx };
}

describe("a long transaction", () => {
  it("others read what is committed while it runs; its writes appear when it commits, never before", async () => {
    const { release, tx } = await holdOpen("INSERT INTO test_long_written VALUES (1), (2)");

    // A table it has not written: answered at once.
    expect(await within(count("test_long_other"), 2000)).toBe(1);
    // What it has written (directly or through a view): never its uncommitted rows.
    const readWritten = count("test_long_written");
    const readView = count("test_long_written_view");
    // A write elsewhere is not made part of it (it would be undone if the import failed).
    const otherWrite = t.db.query("INSERT INTO test_long_other VALUES (2)");
    if (t.db.kind === "pglite") {
      expect(await within(readWritten, 300)).toBe("waiting");
      expect(await within(readView, 300)).toBe("waiting");
      expect(await within(otherWrite, 300)).toBe("waiting");
    } else {
      expect(await readWritten).toBe(0);
      expect(await readView).toBe(0);
      await otherWrite;
    }
    release();
    await tx;
    expect(await readWritten).toBe(t.db.kind === "pglite" ? 2 : 0);
    expect(await count("test_long_written")).toBe(2);
    await otherWrite;
    expect(await count("test_long_other")).toBe(2);
  });

  it("a read that fails while it runs fails alone; the long transaction goes on and commits", async () => {
    await t.db.exec("TRUNCATE test_long_written");
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    const tx = t.db.longTransaction(async (q) => {
      await q.query("INSERT INTO test_long_written VALUES (7)");
      await holding;
      await q.query("INSERT INTO test_long_written VALUES (8)");
    });
    await new Promise((r) => setTimeout(r, 50));
    await expect(t.db.query("SELECT $1::int AS n FROM test_long_other", ["not a number"])).rejects.toMatchObject({ code: "22P02" });
    release();
    await tx;
    expect((await t.db.query("SELECT id FROM test_long_written ORDER BY id")).rows).toEqual([{ id: 7 }, { id: 8 }]);
  });

  it("a read asking for the database's snapshot waits: taken inside, it would count the import as already seen", async () => {
    const { release, tx } = await holdOpen("INSERT INTO test_long_written VALUES (20)");
    const snapshot = t.db.query<{ s: string; n: number }>(`SELECT pg_current_snapshot()::text AS s, (SELECT count(*)::int FROM test_long_other) AS n`);
    if (t.db.kind === "pglite") expect(await within(snapshot, 300)).toBe("waiting");
    release();
    await tx;
    expect((await snapshot).rows[0].n).toBeGreaterThan(0);
  });
});
