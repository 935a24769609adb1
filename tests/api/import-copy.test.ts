// copyRows (server/ingest/importers/copy.ts): rows of JS values land in a table exactly as given,
// whatever text they hold (tabs, newlines, backslashes, a literal \N, non-Latin script), on
// PostgreSQL (COPY FROM STDIN) and PGlite (COPY FROM '/dev/blob'); a value the column refuses
// fails the COPY with its SQLSTATE and leaves nothing loaded; only plain names reach the SQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client.js";
import { copyRows } from "../../server/ingest/importers/copy.js";
import { importDb } from "../fixtures/import/helpers.js";

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await importDb());
});
afterAll(() => close());

const COLUMNS = ["id", "label", "amount", "at", "flag", "doc"];
const STAGE = `CREATE TEMP TABLE copy_probe (id int PRIMARY KEY, label text, amount numeric(18,2), at timestamptz, flag boolean, doc jsonb) ON COMMIT DROP`;
const READ_BACK = `SELECT id, label, amount, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS at, flag, doc FROM copy_probe ORDER BY id`;

describe("copyRows", () => {
  it("loads every value exactly as given, on this database", async () => {
    const awkward = "tab\there, line\nbreak, cr\r, back\\slash, \\N, \\t, ₹ 2,50,000 — असम";
    const rows = await db.transaction(async (tx) => {
      await tx.query(STAGE);
      const n = await copyRows(tx, "copy_probe", COLUMNS, [
        [1, awkward, 1234567.89, new Date("2025-05-02T04:30:00Z"), true, { files: ["nit.pdf"], note: "a\tb\\c\n" }],
        [2, "", 0, null, false, []],
        [3, null, null, undefined, null, null],
      ]);
      expect(n).toBe(3);
      return (await tx.query(READ_BACK)).rows;
    });
    expect(rows).toEqual([
      { id: 1, label: awkward, amount: 1234567.89, at: "2025-05-02T04:30:00", flag: true, doc: { files: ["nit.pdf"], note: "a\tb\\c\n" } },
      { id: 2, label: "", amount: 0, at: null, flag: false, doc: [] },
      { id: 3, label: null, amount: null, at: null, flag: null, doc: null },
    ]);
  });

  it("a value the column refuses fails the whole COPY with its SQLSTATE; rolled back to a savepoint, nothing of it stays", async () => {
    const { err, count } = await db.transaction(async (tx) => {
      await tx.query(STAGE);
      await tx.query("SAVEPOINT probe");
      const err = await copyRows(tx, "copy_probe", COLUMNS, [[1, "fits", 1, null, null, null], [2, "too big", 1e20, null, null, null]]).catch((e) => e);
      await tx.query("ROLLBACK TO SAVEPOINT probe");
      const count = (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM copy_probe")).rows[0].n;
      return { err, count };
    });
    expect(err.code).toBe("22003"); // numeric field overflow
    expect(count).toBe(0);
  });

  it("a large load in one statement (streamed in chunks on PostgreSQL)", async () => {
    const n = 20_000;
    const sum = await db.transaction(async (tx) => {
      await tx.query(STAGE);
      function* many() {
        for (let i = 1; i <= n; i++) yield [i, `row ${i}\twith a tab`, i / 100, null, i % 2 === 0, { i }];
      }
      expect(await copyRows(tx, "copy_probe", COLUMNS, many())).toBe(n);
      return (await tx.query<{ s: number; tabs: number }>(`SELECT sum((doc->>'i')::int)::int AS s, count(*) FILTER (WHERE label LIKE '%' || chr(9) || '%')::int AS tabs FROM copy_probe`)).rows[0];
    });
    expect(sum).toEqual({ s: (n * (n + 1)) / 2, tabs: n });
  });

  it("only plain table and column names, and as many values as columns", async () => {
    await db.transaction(async (tx) => {
      await tx.query(STAGE);
      await expect(copyRows(tx, "copy_probe; DROP TABLE tenders", COLUMNS, [])).rejects.toThrow("is not a plain table and column list");
      await expect(copyRows(tx, "copy_probe", ["id", 'label"'], [])).rejects.toThrow("is not a plain table and column list");
      await expect(copyRows(tx, "copy_probe", COLUMNS, [[1, "short"]])).rejects.toThrow("a COPY row has 2 values for 6 columns");
    });
    expect((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM tenders")).rows[0].n).toBeGreaterThanOrEqual(0);
  });
});
