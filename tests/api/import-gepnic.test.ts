// GePNIC award-of-contract CSV import: the three real sample pages (CivicDataLab, ODbL 1.0,
// copied in tests/fixtures/import/gepnic) with every value checked, a crafted variant with the
// quirks the samples lack, re-import (nothing changes) and company de-duplication.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client.js";
import { fx, importDb, run, sharedDataDir, snapshot, tenderView } from "../fixtures/import/helpers.js";

const CD = fx("gepnic", "final_2022_CD_25879_1.csv");
const WREAP = fx("gepnic", "final_2023_WREAP_32455_1.csv");
const PWD = fx("gepnic", "final_2024_PWD_35115_146.csv");
const VARIANT = fx("crafted", "gepnic-variant-crlf.csv");

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await importDb());
});
afterAll(() => close());

describe("the fixture copies", () => {
  it("are byte-identical to ../shared/data/gepnic-aoc-sample", () => {
    const shared = sharedDataDir("gepnic-aoc-sample");
    for (const f of [CD, WREAP, PWD, fx("gepnic", "LICENSE-ODbL.md")]) {
      expect(fs.readFileSync(f).equals(fs.readFileSync(path.join(shared, path.basename(f)))), f).toBe(true);
    }
  });
});

describe("GePNIC samples", () => {
  it("imports the three pages: one tender each, report counts", async () => {
    const r = await run(db, "gepnic", [CD, WREAP, PWD], { source: "assam", state: "Assam" });
    expect(r.status).toBe("done");
    expect(r.totals).toEqual({ read: 14, created: 3, updated: 0, unchanged: 0, skipped: 0, rejected: 0 });
    expect(r.files.map((f) => [f.file, f.read, f.created])).toEqual([
      ["final_2022_CD_25879_1.csv", 4, 1], ["final_2023_WREAP_32455_1.csv", 5, 1], ["final_2024_PWD_35115_146.csv", 5, 1],
    ]);
    expect(r.rejects).toEqual([]);
    expect(r.companies).toEqual({ created: 9, linked: 0 });
  });

  it("2022_CD_25879_1: roman ranks, western-grouped award, Indian-grouped bids, org chain split", async () => {
    const v = (await tenderView(db, "assam:2022_CD_25879_1"))!;
    expect(v.tender).toEqual({
      ocid: "assam:2022_CD_25879_1",
      portal_tender_id: "2022_CD_25879_1",
      reference: "HF/ENGG-3531/21-22/62",
      title: "Expression of Interest for Consultancy service",
      description: "Expression of Interest for consultancy service",
      org_name: "Cooperation Department",
      org_name_exact: "Cooperation Department",
      department: "Assam State Co-operative Housing Federation Ltd.(HOUSEFED)",
      tender_status: "AOC",
      is_corrigendum: false,
      category: "services",
      tender_type: "Open Tender",
      value: null, // blank on the page
      emd: 0,
      tender_fee: 0,
      published_date: "2022-06-08T06:00:00.000Z", // 08-Jun-2022 11:30 AM IST
      closing_date: "2022-06-13T08:30:00.000Z", // 13-Jun-2022 02:00 PM IST
      opening_date: "2022-06-13T10:30:00.000Z", // 13-Jun-2022 04:00 PM IST
      prebid_date: null, // 'NA '
      status_update_date: "2024-09-20T12:09:00.000Z", // AOC updated 20-Sep-2024 05:39 PM IST
      state: "Assam",
      district: "Kamrup Metropolitan", // Location 'Guwahati'
      city: "Guwahati",
      pincode: "781006", // '781006.0'
      source: "assam",
      source_url: null,
    });
    expect(v.documents.map((d) => [d.file_name, d.mime_type])).toEqual([
      ["Technical Qualification.pdf", "application/pdf"], ["EOI.pdf", "application/pdf"], ["AOC.pdf", "application/pdf"],
    ]);
    expect(v.corrigenda).toEqual([]);
    expect(v.result).toMatchObject({ winner_name: "AESTHETIC CREATION", award_value: 884944, result_date: "2024-09-19T18:30:00.000Z" });
    expect(v.bidders.map(({ company_id: _c, ...b }) => b)).toEqual([
      { bidder_name: "AESTHETIC CREATION", bid_value: 233016, rank: 1, rank_label: "I", status: "Accepted-AOC", is_winner: true, company: "aesthetic creation" },
      { bidder_name: "ACORN", bid_value: 423400, rank: 2, rank_label: "II", status: "Rejected-AOC", is_winner: false, company: "acorn" },
      { bidder_name: "architects collaborative", bid_value: 492312, rank: 3, rank_label: "III", status: "Rejected-AOC", is_winner: false, company: "architects collaborative" },
    ]);
    expect(v.result!.winner_company_id).toBe(v.bidders[0].company_id);
  });

  it("2023_WREAP_32455_1: L-ranks, decimals, corrigenda, a technically rejected bidder", async () => {
    const v = (await tenderView(db, "assam:2023_WREAP_32455_1"))!;
    expect(v.tender).toMatchObject({
      portal_tender_id: "2023_WREAP_32455_1",
      reference: "WRD/ADB/OCB-Works/04",
      title: "Palashbari and Gumi/Guwahati West subproject (Guwahati West) underwater riverbank protection works (Section 1) and above water riverbank protection works (Section 2) Lot 1",
      org_name: "Department of Water Resources-Externally Aided Project",
      department: "WRD-ADB Funded Procurements",
      tender_status: "AOC",
      is_corrigendum: true,
      category: "works",
      value: null,
      emd: 3400000, // '34,00,000'
      tender_fee: 0,
      published_date: "2023-09-13T03:30:00.000Z",
      closing_date: "2023-10-17T10:30:00.000Z",
      opening_date: "2023-10-17T10:45:00.000Z",
      prebid_date: "2023-09-21T08:30:00.000Z", // '21-Sep-2023 02:00 PM ' (trailing space)
      status_update_date: "2024-06-29T12:41:00.000Z",
      city: "GUWAHATI WEST",
      pincode: "781128",
    });
    expect(v.corrigenda.map((c) => [c.title, c.description])).toEqual([
      ["ADDENDUM III", "Corrigendum type: BOQ"], ["EXTENSION NOTICE", "Corrigendum type: Date"], ["ADDENDUM IV", "Corrigendum type: Technical Bid"],
    ]);
    expect(v.documents.map((d) => d.file_name)).toEqual([
      "TECHNICAL DOCUMENTS.pdf", "FINANCIAL BID.xls", "PRICE BID SUBMISSION SHEET.pdf", "palashbari_gumi_kamrup_rural_lot_1.pdf",
    ]);
    expect(v.result).toMatchObject({ winner_name: "Brahmaputra Infrastructure Ltd", award_value: 242551689.5, result_date: "2024-06-28T18:30:00.000Z" });
    expect(v.bidders.map(({ company_id: _c, ...b }) => b)).toEqual([
      { bidder_name: "Brahmaputra Infrastructure Ltd", bid_value: 242551689.5, rank: 1, rank_label: "L1", status: "Accepted-AOC", is_winner: true, company: "brahmaputra infrastructure" },
      { bidder_name: "Bhartia Infra Projects Ltd", bid_value: 260891730.1, rank: 2, rank_label: "L2", status: "Rejected-AOC", is_winner: false, company: "bhartia infra projects" },
      { bidder_name: "SHREE GAUTAM CONSTRUCTION CO. LTD.", bid_value: 278196978.2, rank: 3, rank_label: "L3", status: "Rejected-AOC", is_winner: false, company: "shree gautam construction" },
      { bidder_name: "Yojaka (India) Pvt. Ltd.", bid_value: null, rank: null, rank_label: null, status: "Rejected-Technical", is_winner: false, company: "yojaka india" },
    ]);
  });

  it("2024_PWD_35115_146: tender value, 'INR ' western award, 'M S' bidder, no department", async () => {
    const v = (await tenderView(db, "assam:2024_PWD_35115_146"))!;
    expect(v.tender).toMatchObject({
      portal_tender_id: "2024_PWD_35115_146",
      reference: "CE/DEV/TB/707/2023-24/01",
      org_name: "Public Works Roads Department",
      department: null,
      value: 43655000, // '4,36,55,000'
      emd: 933000,
      tender_fee: 9330,
      published_date: "2024-01-06T06:00:00.000Z",
      closing_date: "2024-01-12T08:30:00.000Z",
      opening_date: "2024-01-12T09:00:00.000Z",
      prebid_date: "2024-01-06T08:30:00.000Z",
      status_update_date: "2024-04-24T08:31:00.000Z",
      city: "Tinsukia",
      pincode: "781003",
    });
    expect(String(v.tender.title)).toMatch(/^MMPPNA_23_24_40, Construction of road from N\.H 38/);
    expect(v.documents.map((d) => d.file_name)).toEqual([
      "Technical Qualification Details.pdf", "Standard Bidding Document.pdf", "Bill of Quantities.xls", "Form of Bid.pdf", "MMPPNA-40-A.pdf",
    ]);
    expect(v.result).toMatchObject({ winner_name: "Dulal Dutta", award_value: 46654000, result_date: "2024-04-23T18:30:00.000Z" });
    expect(v.bidders.map(({ company_id: _c, ...b }) => b)).toEqual([
      { bidder_name: "Dulal Dutta", bid_value: 43653000, rank: 1, rank_label: "L1", status: "Accepted-AOC", is_winner: true, company: "dulal dutta" },
      { bidder_name: "M S Tapan Dutta", bid_value: 43655000, rank: 2, rank_label: "L2", status: "Rejected-AOC", is_winner: false, company: "tapan dutta" },
    ]);
  });

  it("re-importing the same files changes nothing and reports 'unchanged'", async () => {
    const before = await snapshot(db);
    const r = await run(db, "gepnic", [CD, WREAP, PWD], { source: "assam", state: "Assam" });
    expect(r.totals).toEqual({ read: 14, created: 0, updated: 0, unchanged: 3, skipped: 0, rejected: 0 });
    expect(r.companies.created).toBe(0);
    expect(await snapshot(db)).toEqual(before);
  });

  it("a changed page updates its tender, keeps the same companies and replaces the bidders", async () => {
    const tmp = path.join(fs.mkdtempSync("/tmp/gepnic-"), "final_2024_PWD_35115_146.csv");
    fs.writeFileSync(tmp, fs.readFileSync(PWD, "utf8").replace('"4,36,53,000.00",L1', '"4,36,52,000.00",L1'));
    const companies = (await db.query("SELECT count(*)::int AS n FROM companies")).rows[0];
    const r = await run(db, "gepnic", [tmp], { source: "assam", state: "Assam" });
    expect(r.totals).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const v = (await tenderView(db, "assam:2024_PWD_35115_146"))!;
    expect(v.bidders.map((b) => b.bid_value)).toEqual([43652000, 43655000]);
    expect(v.documents).toHaveLength(5); // not duplicated
    expect((await db.query("SELECT count(*)::int AS n FROM companies")).rows[0]).toEqual(companies);
    await run(db, "gepnic", [PWD], { source: "assam", state: "Assam" }); // back to the original
  });

  it("--source namespaces the portal ids: the same page from another source is another tender", async () => {
    const r = await run(db, "gepnic", [PWD], { source: "other-portal", dryRun: true });
    expect(r.totals.created).toBe(1);
    expect(await tenderView(db, "other-portal:2024_PWD_35115_146")).toBeNull(); // dry run
  });
});

describe("GePNIC crafted variant (no BOM, CRLF, western grouping, roman ranks, a missing rank)", () => {
  it("imports the good tender and rejects the one with an impossible date, with its row", async () => {
    const r = await run(db, "gepnic", [VARIANT], { source: "kerala" });
    expect(r.totals).toMatchObject({ read: 6, created: 1, rejected: 1 });
    expect(r.rejects).toEqual([
      { file: "gepnic-variant-crlf.csv", row: 7, key: "2024_KWA_681299_1", reason: "Publish Date '31-Feb-2024 10:00 AM' is not a valid date" },
    ]);
    expect(r.warnings).toEqual([]);
    const v = (await tenderView(db, "kerala:2024_KWA_681234_1"))!;
    expect(v.tender).toMatchObject({
      portal_tender_id: "2024_KWA_681234_1",
      reference: "KWA/PD/2024/17",
      title: "Laying of 300 mm DI pipeline, Kakkanad",
      description: 'Laying of 300 mm DI pipeline from Kakkanad to Edappally, "Phase II"',
      org_name: "Kerala Water Authority",
      department: "Project Division || Kochi Circle",
      tender_status: "AOC",
      is_corrigendum: true,
      value: 12345678, // '12,345,678' western grouping
      emd: 150000, // 'INR 1,50,000.00'
      tender_fee: 5900, // '5900.0'
      published_date: "2024-03-05T03:45:00.000Z",
      closing_date: "2024-03-20T12:30:00.000Z",
      opening_date: "2024-03-22T05:30:00.000Z",
      prebid_date: null,
      status_update_date: "2024-07-16T06:30:00.000Z",
      state: "Kerala", // named by the organisation chain
      district: "Ernakulam", // Location 'Kochi', the main city of Ernakulam district
      source: "kerala",
      pincode: "682030",
    });
    expect(v.corrigenda.map((c) => c.title)).toEqual(["Corrigendum 1"]);
    expect(v.documents.map((d) => d.file_name)).toEqual(["Tender Notice.pdf", "BOQ.xls", "KWA_AOC.pdf"]);
    // No award table: the winner is L1, the award the contract value.
    expect(v.result).toMatchObject({ winner_name: "PERIYAR CONSTRUCTIONS PRIVATE LIMITED", award_value: 11900000, result_date: "2024-07-14T18:30:00.000Z" });
    expect(v.bidders.map(({ company_id: _c, ...b }) => b)).toEqual([
      { bidder_name: "PERIYAR CONSTRUCTIONS PRIVATE LIMITED", bid_value: 11900000, rank: 1, rank_label: "I", status: "Accepted-AOC", is_winner: true, company: "periyar constructions" },
      { bidder_name: "Malabar Infra Projects", bid_value: 12345678, rank: 2, rank_label: "II", status: "Rejected-AOC", is_winner: false, company: "malabar infra projects" },
      { bidder_name: "Cochin Pipes and Co", bid_value: 12500000, rank: null, rank_label: null, status: "Rejected-AOC", is_winner: false, company: "cochin pipes" },
      { bidder_name: "Deccan Hydro Works", bid_value: null, rank: null, rank_label: null, status: "Rejected-Technical", is_winner: false, company: "deccan hydro works" },
    ]);
  });

  it("the same file with a BOM and LF line ends gives the same tender", async () => {
    const before = await tenderView(db, "kerala:2024_KWA_681234_1");
    const tmp = path.join(fs.mkdtempSync("/tmp/gepnic-"), "variant-bom-lf.csv");
    fs.writeFileSync(tmp, "\uFEFF" + fs.readFileSync(VARIANT, "utf8").replace(/\r\n/g, "\n"));
    const r = await run(db, "gepnic", [tmp], { source: "kerala" });
    expect(r.totals).toMatchObject({ unchanged: 1, rejected: 1 });
    expect(await tenderView(db, "kerala:2024_KWA_681234_1")).toEqual(before);
  });

  it("one company per normalised name across files and spellings", async () => {
    const rows = (await db.query<{ normalized_name: string; n: number }>(
      "SELECT normalized_name, count(*)::int AS n FROM companies GROUP BY 1 HAVING count(*) > 1")).rows;
    expect(rows).toEqual([]);
    const periyar = await db.query<{ id: number }>("SELECT id FROM companies WHERE normalized_name = 'periyar constructions'");
    expect(periyar.rows).toHaveLength(1);
  });

  it("a file that is not a GePNIC page, or missing, is a failed file; the other files still import", async () => {
    const dir = fs.mkdtempSync("/tmp/gepnic-");
    const bad = path.join(dir, "not-gepnic.csv");
    fs.writeFileSync(bad, "a,b,c\n1,2,3\n");
    const r = await run(db, "gepnic", [bad, path.join(dir, "missing.csv"), CD], { source: "assam", state: "Assam" });
    expect(r.failed_files).toBe(2);
    expect(r.files.map((f) => f.error ?? "ok")).toEqual([
      "cannot read not-gepnic.csv: not a GePNIC award-of-contract CSV: no 'Tender ID' column",
      "cannot read missing.csv: no such file",
      "ok",
    ]);
    expect(r.totals.unchanged).toBe(1);
  });
});
