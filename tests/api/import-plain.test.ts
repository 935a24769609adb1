// Our plain formats (server/ingest/importers/FORMATS.md): tenders-csv, tenders-json,
// results-csv, results-json — values, Indian amounts and IST dates, rejects with row numbers,
// results attached to imported tenders, idempotency.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client.js";
import { fx, importDb, run, snapshot, tenderView } from "../fixtures/import/helpers.js";

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await importDb());
});
afterAll(() => close());

describe("tenders-csv and results-csv", () => {
  it("imports tenders: lakh/crore, Indian and western grouping, IST dates, document URLs; rejects with row numbers", async () => {
    const r = await run(db, "tenders-csv", [fx("crafted", "tenders.csv")], { state: "Goa" });
    expect(r.totals).toEqual({ read: 5, created: 3, updated: 0, unchanged: 0, skipped: 0, rejected: 2 });
    expect(r.rejects).toEqual([
      { file: "tenders.csv", row: 4, key: "cppp:2025_CPWD_2003_1", reason: "tender_status 'Open' is not one of Live, Closed, AOC, Cancelled, Retender, Technical Evaluation, Financial Evaluation" },
      { file: "tenders.csv", row: 5, reason: "ocid is required" },
    ]);
    expect(r.warnings).toEqual([{ file: "tenders.csv", row: 1, message: "unknown columns ignored: remarks" }]);
    const nhai = (await tenderView(db, "cppp:2025_NHAI_1001_1"))!;
    expect(nhai.tender).toEqual({
      ocid: "cppp:2025_NHAI_1001_1", portal_tender_id: "2025_NHAI_1001_1", reference: "NHAI/PIU/2025/1001", title: "Four-laning of NH-48, Km 10 to Km 32", description: "",
      org_name: "National Highways Authority of India", org_name_exact: "National Highways Authority of India", department: "PIU Jaipur",
      tender_status: "Live", is_corrigendum: false, category: "works", tender_type: "EPC",
      value: 12500000000, emd: 250000, tender_fee: 29500,
      published_date: "2025-05-01T18:30:00.000Z", // 2025-05-02, midnight IST
      closing_date: "2025-05-30T09:30:00.000Z", // 30/05/2025 15:00 IST
      opening_date: "2025-05-31T05:30:00.000Z", // 11:00+05:30
      prebid_date: null, status_update_date: null,
      state: "Rajasthan", district: null, city: "Jaipur", pincode: "302001", source: "CPPP", source_url: null,
    });
    expect(nhai.documents).toEqual([
      { file_name: "nit-1001.pdf", url: "https://example.gov.in/nhai/nit-1001.pdf", mime_type: "application/pdf" },
      { file_name: "boq-1001.xls", url: "https://example.gov.in/nhai/boq-1001.xls", mime_type: "application/vnd.ms-excel" },
    ]);
    expect((await tenderView(db, "cppp:2025_CPWD_2002_1"))!.tender).toMatchObject({
      tender_status: "Closed", value: 43655000, emd: 873100, published_date: "2025-04-01T04:30:00.000Z", state: "Rajasthan",
    });
    expect((await tenderView(db, "cppp:2025_X_3"))!.tender).toMatchObject({
      title: 'Supply of 10,000 "ISI" marked bricks for the boundary wall', // a quoted line break; runs of white space collapse category: "goods", value: 550000, state: "Maharashtra",
    });
  });

  it("imports results: one row per bidder, winner linked, unknown tender and scattered rows rejected; tender becomes AOC", async () => {
    const r = await run(db, "results-csv", [fx("crafted", "results.csv")]);
    expect(r.unit).toBe("result");
    expect(r.totals).toEqual({ read: 7, created: 2, updated: 0, unchanged: 0, skipped: 0, rejected: 2 });
    expect(r.rejects).toEqual([
      { file: "results.csv", row: 5, key: "cppp:2025_UNKNOWN_9", reason: "no tender with ocid 'cppp:2025_UNKNOWN_9': import the tender first" },
      { file: "results.csv", row: 8, key: "cppp:2025_NHAI_1001_1", reason: "the rows of tender 'cppp:2025_NHAI_1001_1' must be consecutive; this row comes after another tender's" },
    ]);
    const nhai = (await tenderView(db, "cppp:2025_NHAI_1001_1"))!;
    expect(nhai.tender).toMatchObject({ tender_status: "AOC", status_update_date: "2025-07-31T18:30:00.000Z" });
    expect(nhai.result).toMatchObject({ winner_name: "M/s Rajputana Highways Pvt Ltd", award_value: 11990000000, result_date: "2025-07-31T18:30:00.000Z" });
    expect(nhai.bidders.map(({ company_id: _c, ...b }) => b)).toEqual([
      { bidder_name: "Rajputana Highways Private Limited", bid_value: 11990000000, rank: 1, rank_label: "L1", status: "Accepted-AOC", is_winner: true, company: "rajputana highways" },
      { bidder_name: "Aravalli Infracon LLP", bid_value: 12300000000, rank: 2, rank_label: "L2", status: "Rejected-AOC", is_winner: false, company: "aravalli infracon" },
      { bidder_name: "Thar Buildtech", bid_value: null, rank: null, rank_label: null, status: "Rejected-Technical", is_winner: false, company: "thar buildtech" },
    ]);
    expect(nhai.result!.winner_company_id).toBe(nhai.bidders[0].company_id);
    const cpwd = (await tenderView(db, "cppp:2025_CPWD_2002_1"))!;
    expect(cpwd.result).toMatchObject({ winner_name: "Hostel Builders", award_value: null, result_date: "2025-07-15T06:30:00.000Z" });
    expect(cpwd.bidders.map((b) => [b.bidder_name, b.rank, b.rank_label, b.bid_value, b.is_winner])).toEqual([
      ["Hostel Builders", 1, "1", 39000000, true], ["Marwar Constructions", 2, "2", 39500000, false],
    ]);
  });

  it("re-importing both files changes nothing", async () => {
    const before = await snapshot(db);
    const a = await run(db, "tenders-csv", [fx("crafted", "tenders.csv")], { state: "Goa" });
    const b = await run(db, "results-csv", [fx("crafted", "results.csv")]);
    expect(a.totals).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(b.totals).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(await snapshot(db)).toEqual(before);
  });
});

describe("tenders-json and results-json", () => {
  it("imports a JSON array with documents, corrigenda and a nested result; a bad item is rejected by position", async () => {
    const r = await run(db, "tenders-json", [fx("crafted", "tenders.json")], { source: "GeM" });
    expect(r.totals).toMatchObject({ read: 3, created: 2, rejected: 1 });
    expect(r.rejects).toEqual([{ file: "tenders.json", row: 3, key: "gem:GEM/2025/B/5003", reason: "value 'lots' is not an amount" }]);
    const a = (await tenderView(db, "gem:GEM/2025/B/5001"))!;
    expect(a.tender).toMatchObject({
      title: "Procurement of 50 desktop computers", tender_status: "Technical Evaluation", category: "goods", value: 2750000,
      closing_date: "2025-06-10T11:30:00.000Z", is_corrigendum: true, source: "GeM", state: "Tamil Nadu",
    });
    expect(a.corrigenda).toEqual([{ title: "Corrigendum 1", description: "Delivery period revised to 30 days", published_date: "2025-05-31T18:30:00.000Z" }]);
    expect(a.documents).toEqual([{ file_name: "Technical specifications.pdf", url: "https://gem.gov.in/docs/5001-spec.pdf", mime_type: "application/pdf" }]);
    const b = (await tenderView(db, "gem:GEM/2025/B/5002"))!;
    expect(b.tender).toMatchObject({ tender_status: "AOC", value: 1850000 });
    expect(b.result).toMatchObject({ winner_name: "Otis Elevator Company (India) Ltd", award_value: 1790000, result_date: "2025-06-30T18:30:00.000Z" });
    expect(b.bidders.map((x) => [x.bidder_name, x.rank, x.bid_value, x.is_winner, x.company])).toEqual([
      ["Otis Elevator Company (India) Ltd", 1, 1790000, true, "otis elevator company india"],
      ["Kone Elevator India Pvt Ltd", 2, 1850000, false, "kone elevator india"],
    ]);
  });

  it("imports JSON Lines results; an unreadable rank is rejected", async () => {
    const r = await run(db, "results-json", [fx("crafted", "results.jsonl")]);
    expect(r.totals).toMatchObject({ read: 2, created: 1, rejected: 1 });
    expect(r.rejects).toEqual([{ file: "results.jsonl", row: 2, key: "gem:GEM/2025/B/5002", reason: "rank 'X1' is not L1, L-2, H1, I, II… or 1, 2…" }]); // H1 reads since issue 15
    const a = (await tenderView(db, "gem:GEM/2025/B/5001"))!;
    expect(a.tender.tender_status).toBe("AOC");
    expect(a.result).toMatchObject({ winner_name: "HCL Infosystems Ltd", award_value: 2600000, result_date: "2025-07-09T18:30:00.000Z" });
    expect(a.bidders.map((x) => [x.bidder_name, x.rank, x.rank_label, x.is_winner])).toEqual([
      ["HCL Infosystems Limited", 1, "L1", true], ["Acer India Pvt Ltd", 2, "II", false],
    ]);
  });
});
