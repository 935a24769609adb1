// GePNIC pages and OCDS releases are written in batches (tender-batch.ts, batch-store.ts): a
// folder of pages costs a few statements per batch, not some twenty-five per page, with the same
// tenders, counts and companies; a tender the database refuses is still rejected alone, and an
// OCDS process rejected takes its releases with it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, Tx } from "../../server/db/client.js";
import { importDb, resetImports, run } from "../fixtures/import/helpers.js";
import { OCDS_OCID, writeGepnicPages, writeOcdsPackage } from "../fixtures/import/generated-pages.js";

let db: Db;
let close: () => Promise<void>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-batches-"));
beforeAll(async () => {
  ({ db, close } = await importDb());
});
afterAll(async () => {
  await close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The database, counting the statements an import sends inside its transaction. */
function counting(inner: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const count = (tx: Tx): Tx => ({
    exec: (sql) => tx.exec(sql),
    query: (sql, params) => {
      statements.push(sql);
      return tx.query(sql, params);
    },
    copyFrom: (table, columns, data) => {
      statements.push(`COPY ${table}`);
      return tx.copyFrom(table, columns, data);
    },
  });
  return { db: { ...inner, longTransaction: (fn) => inner.longTransaction((tx) => fn(count(tx))) }, statements };
}

/** Refuses (check_violation) the insert of a tender whose ocid matches `like`. */
async function refuseTender(like: string): Promise<void> {
  await db.exec(`
    CREATE OR REPLACE FUNCTION test_refuse_tender() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.ocid LIKE '${like}' THEN RAISE EXCEPTION 'refused for the test' USING ERRCODE = 'check_violation'; END IF; RETURN NEW; END $$;
    DROP TRIGGER IF EXISTS test_refuse_tender ON tenders;
    CREATE TRIGGER test_refuse_tender BEFORE INSERT ON tenders FOR EACH ROW EXECUTE FUNCTION test_refuse_tender();`);
}
const dropRefusal = () => db.exec("DROP TRIGGER IF EXISTS test_refuse_tender ON tenders");
const count = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0].n;

describe("pages and releases written in batches", () => {
  it("39 GePNIC pages take fewer statements than pages, with the companies counted as three pages count them; again: nothing changed", async () => {
    await resetImports(db);
    const three = await run(db, "gepnic", writeGepnicPages(path.join(dir, "three"), 3), { source: "assam" });
    const bidders = await count("SELECT count(*)::int AS n FROM result_bidders");
    await resetImports(db);
    const pages = writeGepnicPages(path.join(dir, "many"), 39);
    const c = counting(db);
    const r = await run(c.db, "gepnic", pages, { source: "assam" });
    expect(r.totals).toMatchObject({ created: 39, updated: 0, unchanged: 0, rejected: 0 });
    // Every page names the same companies as its template: created once, linked by every later page.
    const { created, linked } = three.companies;
    expect(r.companies).toEqual({ created, linked: 13 * (linked + created) - created });
    expect(await count("SELECT count(*)::int AS n FROM result_bidders")).toBe(13 * bidders);
    expect(c.statements.length).toBeLessThan(pages.length);

    const again = counting(db);
    const r2 = await run(again.db, "gepnic", pages, { source: "assam" });
    expect(r2.totals).toMatchObject({ created: 0, updated: 0, unchanged: 39 });
    expect(again.statements.length).toBeLessThan(10);
  });

  it("a page whose tender the database refuses is rejected alone, with its file and row; the other pages of its batch are written", async () => {
    await resetImports(db);
    const pages = writeGepnicPages(path.join(dir, "refused"), 12);
    await refuseTender("%\\_B7");
    let r;
    try {
      r = await run(db, "gepnic", pages, { source: "assam" });
    } finally {
      await dropRefusal();
    }
    expect(r.totals).toMatchObject({ created: 11, rejected: 1 });
    expect(r.rejects).toEqual([{ file: path.basename(pages[7]), row: 2, key: expect.stringMatching(/_B7$/), reason: "the database refused it: refused for the test" }]);
    expect(await count("SELECT count(*)::int AS n FROM tenders")).toBe(11);
    expect(await count("SELECT count(*)::int AS n FROM results")).toBe(11);
  });

  it("an OCDS process whose tender is refused is rejected with its releases; the package's other processes are written", async () => {
    await resetImports(db);
    const pkg = writeOcdsPackage(path.join(dir, "package.json"), 60);
    await refuseTender(`${OCDS_OCID}-b3`);
    let r;
    try {
      r = await run(db, "ocds", [pkg]);
    } finally {
      await dropRefusal();
    }
    expect(r.totals).toMatchObject({ read: 60, created: 9, rejected: 1 });
    expect(r.rejects.map((x) => [x.key, x.reason])).toEqual([[`${OCDS_OCID}-b3`, "the database refused it: refused for the test"]]);
    expect(await count(`SELECT count(*)::int AS n FROM ocds_releases WHERE ocid = '${OCDS_OCID}-b3'`)).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM ocds_releases")).toBe(54);
    // Imported again without the refusal: the process comes in, the others are as they were.
    const again = await run(db, "ocds", [pkg]);
    expect(again.totals).toMatchObject({ created: 1, updated: 0, unchanged: 9, rejected: 0 });
  });
});
