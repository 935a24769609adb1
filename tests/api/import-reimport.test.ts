// Re-imports tell the truth (issue #15 point 9): importing the same files again creates and
// updates nothing, changes no row (not even retrieved_on), and the report says "Nothing changed".
// Also when the importer's memory of the files (import_items: a hash of what each file said)
// is gone or no longer matches, as after an upgrade that maps a field differently: the values
// are compared with what is stored, and equal values are 'unchanged', not 'updated'.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client.js";
import { formatReport } from "../../server/ingest/importers/report.js";
import { fx, importDb, run, snapshot } from "../fixtures/import/helpers.js";

const GEPNIC = ["final_2022_CD_25879_1.csv", "final_2023_WREAP_32455_1.csv", "final_2024_PWD_35115_146.csv"].map((f) => fx("gepnic", f));
const OCDS = [fx("ocds", "ocds-213czf-000-00001.json"), fx("crafted", "ocds-india-places.json"), fx("crafted", "ocds-portal-package.json")];
const IMPORTS: [Parameters<typeof run>[1], string[], Parameters<typeof run>[3]][] = [
  ["gepnic", GEPNIC, { source: "assam", state: "Assam" }],
  ["ocds", OCDS, { fx: { GBP: 100 }, state: "Assam" }],
  ["tenders-csv", [fx("crafted", "tenders.csv")], {}],
  ["results-csv", [fx("crafted", "results.csv")], {}],
];

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await importDb());
  for (const [kind, files, opts] of IMPORTS) expect((await run(db, kind, files, opts)).totals.created).toBeGreaterThan(0);
});
afterAll(() => close());

/** Imports every file again; answers each run's totals and report text. */
async function importAllAgain() {
  const out = [];
  for (const [kind, files, opts] of IMPORTS) out.push(await run(db, kind, files, opts));
  return out;
}

describe("importing the same files again", () => {
  it("creates and updates nothing, writes nothing, and says so", async () => {
    const before = await snapshot(db);
    const again = await importAllAgain();
    expect(again.map((r) => [r.kind, r.totals.created, r.totals.updated, r.totals.unchanged])).toEqual([
      ["gepnic", 0, 0, 3], ["ocds", 0, 0, 6], ["tenders-csv", 0, 0, 3], ["results-csv", 0, 0, 2],
    ]);
    expect(formatReport(again[0])).toContain("Nothing changed: every tender in the files is already imported exactly as it is.");
    expect(formatReport(again[3])).toContain("Nothing changed: every result in the files is already imported exactly as it is.");
    expect(await snapshot(db)).toEqual(before);
  });

  it("says the same when the hashes of the last import are gone: values are compared, not hashes", async () => {
    const before = await snapshot(db);
    await db.exec("DELETE FROM import_items");
    // Not tenders.csv: two of its tenders say 'Closed' and are AOC since results.csv gave them a
    // result, a real difference its hash alone used to hide.
    const again = [];
    for (const [kind, files, opts] of IMPORTS.filter(([kind]) => kind !== "tenders-csv")) again.push(await run(db, kind, files, opts));
    expect(again.map((r) => [r.kind, r.totals.created, r.totals.updated, r.totals.unchanged])).toEqual([
      ["gepnic", 0, 0, 3], ["ocds", 0, 0, 6], ["results-csv", 0, 0, 2],
    ]);
    expect(again.every((r) => formatReport(r).includes("Nothing changed"))).toBe(true);
    expect(await snapshot(db)).toEqual(before); // retrieved_on and updated_at untouched too
  });

  it("a dry run of the same files says nothing would change", async () => {
    const r = await run(db, "gepnic", GEPNIC, { source: "assam", state: "Assam", dryRun: true });
    expect(formatReport(r)).toContain("Nothing would change: every tender in the files is already imported exactly as it is.");
  });

  it("what did change is still 'updated' (a value, a bid, a document removed), and put back as the file says", async () => {
    const before = await snapshot(db);
    await db.exec("DELETE FROM import_items");
    await db.query("UPDATE tenders SET title = 'Edited' WHERE ocid = 'assam:2022_CD_25879_1'");
    await db.query("UPDATE result_bidders SET bid_value = 1 WHERE bidder_name = 'Dulal Dutta'");
    await db.query("DELETE FROM tender_documents WHERE file_name = 'palashbari_gumi_kamrup_rural_lot_1.pdf'");
    const r = await run(db, "gepnic", GEPNIC, { source: "assam", state: "Assam" });
    expect(r.totals).toMatchObject({ created: 0, updated: 3, unchanged: 0 });
    expect(formatReport(r)).not.toContain("Nothing changed");
    const after = (await snapshot(db)) as { tenders: { ocid: string; title: string }[] };
    expect(after.tenders.find((t) => t.ocid === "assam:2022_CD_25879_1")?.title).toBe("Expression of Interest for Consultancy service");
    expect(after).toMatchObject({ bidders: (before as { bidders: unknown[] }).bidders.map(() => expect.anything()) });
    expect((after as unknown as { documents: { file_name: string }[] }).documents.map((d) => d.file_name)).toContain("palashbari_gumi_kamrup_rural_lot_1.pdf");
  });
});
