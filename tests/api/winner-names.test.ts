// results.winner_names is a copy of the result's winners' names (one a line, in published order;
// NULL: the recorded winner alone) that search reads instead of result_winners: the winner facet
// and filter, the text search, list rows (024_winner_lists.sql). Every writer keeps it in step
// with the winners it writes: the batched importers (batch-store.ts: OCDS, GePNIC), the one-tender
// path (store.ts: plain tenders with a result, a batch's refused tender), results-csv (store.ts
// upsertResult) and the demo generator (gen-tenders.ts), on first write and on a rewrite.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client.js";
import { upsertTenders } from "../../server/ingest/importers/batch-store.js";
import type { ResultInput, TenderInput } from "../../server/ingest/importers/model.js";
import { upsertTender } from "../../server/ingest/importers/store.js";
import { seedDemoData } from "../../server/ingest/seed.js";
import { fx, importDb, resetImports, run } from "../fixtures/import/helpers.js";

/** Results whose winner_names (or winner_name) say other than their winners, with both sides. */
async function outOfStep(db: Db) {
  const { rows } = await db.query<{ id: number; said: string[]; winners: string[]; winner_name: string | null }>(
    `SELECT r.id, result_winner_names(r.winner_names, r.winner_name) AS said, r.winner_name,
            ARRAY(SELECT w.name FROM result_winner_list w WHERE w.result_id = r.id ORDER BY w.position) AS winners
       FROM results r`,
  );
  return rows.filter((r) => JSON.stringify(r.said) !== JSON.stringify(r.winners) || r.winner_name !== (r.winners[0] ?? null));
}

async function namesOf(db: Db, ocid: string): Promise<string | null> {
  const r = await db.query<{ winner_names: string | null }>("SELECT r.winner_names FROM results r JOIN tenders t ON t.id = r.tender_id WHERE t.ocid = $1", [ocid]);
  return r.rows[0]?.winner_names ?? null;
}

const tender = (ocid: string, result: ResultInput): TenderInput => ({
  ocid, portal_tender_id: null, reference: null, title: `Road works ${ocid}`, description: "", org_name: "Public Works Department", org_name_exact: null,
  department: null, tender_status: "AOC", is_corrigendum: false, category: "works", tender_type: null, value: 5e7, emd: null, tender_fee: null,
  published_date: null, closing_date: null, opening_date: null, prebid_date: null, status_update_date: null,
  state: "Assam", district: null, city: null, pincode: null, source: null, source_url: null, documents: [], corrigenda: [], result,
});
const award = (names: string[]): ResultInput => ({
  winner_name: names[0] ?? null, award_value: 4e7, result_date: new Date("2025-05-01T00:00:00Z"), bidders: [],
  winners: names.map((name, i) => ({ name, bid_value: null, award_ref: i < 2 ? "lot-1" : "lot-2", award_value: 2e7 })),
});
const stats = () => ({ companiesCreated: 0, companiesLinked: 0 });

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => ({ db, close } = await importDb()), 120_000);
afterAll(() => close?.());
beforeEach(() => resetImports(db));

describe("the importers keep results.winner_names in step with the winners", () => {
  it("OCDS and GePNIC (batched): every supplier of every award, the first as winner_name", async () => {
    await run(db, "ocds", [fx("crafted", "ocds-lots-joint-award.json")], { fx: { GBP: 100 } });
    await run(db, "gepnic", ["final_2024_PWD_35115_146.csv", "final_2022_CD_25879_1.csv", "final_2023_WREAP_32455_1.csv"].map((f) => fx("gepnic", f)), { source: "assam" });
    expect(await namesOf(db, "ocds-213czf-000-00002")).toBe("AnyCorp Cycle Provision\nBeta Corp Construction\nGamma Signs and Lines");
    expect(await outOfStep(db)).toEqual([]);
  });

  it("one tender at a time and in batches, on first write and when the winners change", async () => {
    const one = (t: TenderInput) => db.transaction((tx) => upsertTender(tx, t, null, stats()));
    const batch = (ts: TenderInput[]) => db.transaction((tx) => upsertTenders(tx, ts, null, stats(), () => {}));
    await one(tender("w:1", award(["Apex Infra", "Brahmaputra Builders", "Cauvery Constructions"])));
    await batch([tender("w:2", award(["Deccan Roads", "Eastern Earthworks"])), tender("w:3", award(["Frontier Civil"]))]);
    expect(await namesOf(db, "w:2")).toBe("Deccan Roads\nEastern Earthworks");
    expect(await outOfStep(db)).toEqual([]);
    // Rewritten: a winner fewer, another order, a recorded winner alone (no list).
    await one(tender("w:1", award(["Cauvery Constructions", "Apex Infra"])));
    await batch([tender("w:2", { ...award([]), winner_name: "Eastern Earthworks", winners: undefined }), tender("w:3", award(["Golden Roads", "Frontier Civil"]))]);
    expect([await namesOf(db, "w:1"), await namesOf(db, "w:2"), await namesOf(db, "w:3")]).toEqual([
      "Cauvery Constructions\nApex Infra", "Eastern Earthworks", "Golden Roads\nFrontier Civil",
    ]);
    expect(await outOfStep(db)).toEqual([]);
  });

  it("results-csv: the recorded winner of an existing tender", async () => {
    await run(db, "tenders-csv", [fx("crafted", "tenders.csv")]);
    const r = await run(db, "results-csv", [fx("crafted", "results.csv")]);
    expect(r.totals.created).toBeGreaterThan(0);
    expect(await namesOf(db, "cppp:2025_NHAI_1001_1")).toBe("M/s Rajputana Highways Pvt Ltd");
    expect(await outOfStep(db)).toEqual([]);
  });
});

describe("the demo generator keeps results.winner_names in step with the winners", () => {
  it("lots and joint awards as well as sole winners", async () => {
    const { db: seeded, close: done } = await importDb();
    try {
      await seedDemoData(seeded, { projects: 10, tenders: 400, companies: 60, seed: 7, now: new Date("2025-06-15T00:00:00Z"), batchSize: 128 });
      const n = await seeded.query<{ several: number; all: number }>(
        `SELECT count(*) FILTER (WHERE (SELECT count(*) FROM result_winners w WHERE w.result_id = r.id) > 1)::int AS several, count(*)::int AS "all" FROM results r`,
      );
      expect(n.rows[0].several, "the generator wrote results with several winners").toBeGreaterThan(0);
      expect(n.rows[0].all).toBeGreaterThan(n.rows[0].several);
      expect(await outOfStep(seeded)).toEqual([]);
    } finally {
      await done();
    }
  }, 120_000);
});
