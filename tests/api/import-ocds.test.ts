// OCDS 1.1 import: the Open Contracting Partnership's fictional process (BSD-3-Clause, copied in
// tests/fixtures/import/ocds) as six releases, as one release package, as a record package, in
// any order and over several runs: always the same tender. Plus Indian examples: JSON Lines
// with the bids extension, a single release, a record with only a compiledRelease.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/client.js";
import { fx, importDb, resetImports, run, sharedDataDir, snapshot, tenderView, type TenderView } from "../fixtures/import/helpers.js";

const OCID = "ocds-213czf-000-00001";
const RELEASES = [
  "ocds-213czf-000-00001-01-planning.json", "ocds-213czf-000-00001-02-tender.json", "ocds-213czf-000-00001-03-tenderAmendment.json",
  "ocds-213czf-000-00001-04-award.json", "ocds-213czf-000-00001-05-contract.json", "ocds-213czf-000-00001-06-implementation.json",
].map((f) => fx("ocds", f));
const PACKAGE = fx("ocds", "ocds-213czf-000-00001.json");

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await importDb());
});
afterAll(() => close());
beforeEach(() => resetImports(db));

/** The view without ids that differ between imports; documents in name order (import order varies). */
const comparable = (v: TenderView | null) => v && {
  ...v,
  documents: [...v.documents].sort((a, b) => a.file_name.localeCompare(b.file_name)),
  result: v.result && { ...v.result, id: undefined, winner_company_id: undefined },
  bidders: v.bidders.map((b) => ({ ...b, company_id: undefined })),
};

const EXPECTED_TENDER = {
  ocid: OCID,
  portal_tender_id: "ocds-213czf-000-00001-01-tender", // tender.id
  reference: null,
  title: "Planned cycle lane improvements",
  description: "Tenders solicited for work to build new cycle lanes in the centre of town.",
  org_name: "London Borough of Barnet",
  org_name_exact: "London Borough of Barnet",
  department: null, // the procuring entity is the buyer
  tender_status: "AOC", // complete, with an active award
  is_corrigendum: true,
  category: "works",
  tender_type: "Open Tender",
  value: 110000000, // 1,100,000 GBP at --fx GBP=100
  emd: null,
  tender_fee: null,
  published_date: "2010-03-01T09:00:00.000Z",
  closing_date: "2010-04-08T18:00:00.000Z", // extended by the amendment
  opening_date: null,
  prebid_date: null,
  status_update_date: "2011-01-10T09:30:00.000Z", // the newest release
  state: null, // the buyer's address is in the United Kingdom: in no Indian state
  district: null,
  city: "London",
  pincode: "N11 1NP",
  source: "OCDS",
  source_url: "http://example.com/tender-notices/ocds-213czf-000-00001-01.html",
};

describe("the fixture copies", () => {
  it("are byte-identical to ../shared/data/ocds/fictional-example-1.1", () => {
    const shared = sharedDataDir("ocds", "fictional-example-1.1");
    for (const f of [...RELEASES, PACKAGE, fx("ocds", "LICENSE")]) {
      expect(fs.readFileSync(f).equals(fs.readFileSync(path.join(shared, path.basename(f)))), f).toBe(true);
    }
  });
});

describe("OCDS fictional example", () => {
  it("the six releases merge into one tender with exact values", async () => {
    const r = await run(db, "ocds", RELEASES, { fx: { GBP: 100 } });
    expect(r.status).toBe("done");
    expect(r.totals).toEqual({ read: 6, created: 1, updated: 5, unchanged: 0, skipped: 0, rejected: 0 });
    const v = (await tenderView(db, OCID))!;
    expect(v.tender).toEqual(EXPECTED_TENDER);
    expect(v.documents).toEqual([
      { file_name: "Consultation on cycle provision", url: "http://example.com/consultations/cycle-provision/", mime_type: "text/html" },
      { file_name: "Map of affected areas", url: null, mime_type: "application/octet-stream" },
      { file_name: "Tender Notice", url: "http://example.com/tender-notices/ocds-213czf-000-00001-01.html", mime_type: "text/html" },
      { file_name: "Enquiry Responses", url: "http://example.com/enquiry-response/ocds-213czf-000-00001-01.html", mime_type: "text/html" },
      { file_name: "Award notice", url: "http://example.com/tender-notices/ocds-213czf-000-00001-04.html", mime_type: "text/html" },
    ]);
    expect(v.corrigenda).toHaveLength(1);
    expect(v.corrigenda[0]).toMatchObject({
      title: "The tender period has been extended in accordance with council guidelines",
      published_date: "2010-03-20T09:45:00.000Z",
    });
    expect(v.corrigenda[0].description).toMatch(/^The closing date/);
    expect(v.result).toMatchObject({ winner_name: "AnyCorp Cycle Provision", award_value: 1100000000, result_date: "2010-05-10T10:30:00.000Z" });
    expect(v.bidders.map(({ company_id: _c, ...b }) => b)).toEqual([
      { bidder_name: "AnyCorp Cycle Provision", bid_value: null, rank: null, rank_label: null, status: "Awarded", is_winner: true, company: "anycorp cycle provision" },
      { bidder_name: "Beta Corp Construction", bid_value: null, rank: null, rank_label: null, status: null, is_winner: false, company: "beta corp construction" },
    ]);
    expect(v.result!.winner_company_id).toBe(v.bidders[0].company_id);
  });

  it("importing the package (the compiled record's releases) equals importing the six releases", async () => {
    await run(db, "ocds", RELEASES, { fx: { GBP: 100 } });
    const fromReleases = comparable(await tenderView(db, OCID));
    await resetImports(db);
    const r = await run(db, "ocds", [PACKAGE], { fx: { GBP: 100 } });
    expect(r.totals).toMatchObject({ read: 6, created: 1, rejected: 0 });
    expect(comparable(await tenderView(db, OCID))).toEqual(fromReleases);
    // The same releases as a record package.
    await resetImports(db);
    await run(db, "ocds", [fx("crafted", "fictional-record-package.json")], { fx: { GBP: 100 } });
    expect(comparable(await tenderView(db, OCID))).toEqual(fromReleases);
    // The releases newest first, one run each: the merge goes by date, not by arrival.
    await resetImports(db);
    for (const f of [...RELEASES].reverse()) await run(db, "ocds", [f], { fx: { GBP: 100 } });
    expect(comparable(await tenderView(db, OCID))).toEqual(fromReleases);
  });

  it("re-importing changes nothing; the package after the releases is 'unchanged'", async () => {
    await run(db, "ocds", RELEASES, { fx: { GBP: 100 } });
    const before = await snapshot(db);
    const again = await run(db, "ocds", [PACKAGE], { fx: { GBP: 100 } });
    expect(again.totals).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect(await snapshot(db)).toEqual(before);
  });

  it("without an exchange rate, GBP amounts stay empty and the report says so", async () => {
    const r = await run(db, "ocds", [PACKAGE]);
    const v = (await tenderView(db, OCID))!;
    expect(v.tender.value).toBeNull();
    expect(v.result!.award_value).toBeNull();
    expect(r.warnings.map((w) => w.message).sort()).toEqual([
      `${OCID}: award value 11000000 GBP is not in rupees and no --fx GBP=RATE was given: left empty`,
      `${OCID}: contract value 11000000 GBP is not in rupees and no --fx GBP=RATE was given: left empty`, // the signed contract, read since #15
      `${OCID}: tender value 1100000 GBP is not in rupees and no --fx GBP=RATE was given: left empty`,
    ]);
  });

  it("status follows the process: planned → Live, active after closing → Closed, pending award → Closed", async () => {
    await run(db, "ocds", [RELEASES[0]]);
    expect((await tenderView(db, OCID))!.tender).toMatchObject({ tender_status: "Live", title: "Planned cycle lane improvements", closing_date: null });
    await run(db, "ocds", [RELEASES[1]]);
    expect((await tenderView(db, OCID))!.tender.tender_status).toBe("Closed"); // active, but closed on 2010-04-01
    await run(db, "ocds", [RELEASES[2], RELEASES[3]]);
    const v = (await tenderView(db, OCID))!;
    expect(v.tender.tender_status).toBe("Closed"); // complete, the award only pending
    expect(v.result).toBeNull();
    await run(db, "ocds", [RELEASES[4]]);
    expect((await tenderView(db, OCID))!.tender.tender_status).toBe("AOC");
  });
});

describe("OCDS Indian examples", () => {
  it("JSON Lines: interleaved processes, bids ranked by value, bad lines rejected with their line", async () => {
    const r = await run(db, "ocds", [fx("crafted", "ocds-india.jsonl")], { source: "Maharashtra OCDS" });
    expect(r.totals).toMatchObject({ created: 2, rejected: 2 });
    expect(r.rejects).toEqual([
      { file: "ocds-india.jsonl", row: 3, reason: expect.stringMatching(/^line 3 is not valid JSON/) },
      { file: "ocds-india.jsonl", row: 4, reason: "release 'X-1' has no ocid" },
    ]);
    const a = (await tenderView(db, "ocds-x7y2ab-MH-2025-0001"))!;
    expect(a.tender).toMatchObject({
      title: "Resurfacing of Karve Road, Pune", org_name: "Public Works Department, Maharashtra", tender_status: "Live",
      value: 45000000, published_date: "2025-01-10T05:30:00.000Z", closing_date: "2099-02-17T09:30:00.000Z", is_corrigendum: true,
      state: "Maharashtra", city: "Pune", pincode: "411001", source: "Maharashtra OCDS", source_url: "https://example.gov.in/pwd/nit-14.pdf",
      portal_tender_id: "PWD/PUNE/2025/14", reference: null, tender_type: "Open Tender",
    });
    expect(a.corrigenda.map((c) => [c.title, c.description, c.published_date])).toEqual([
      ["Closing date extended", "Bid due date extended by a week.", "2025-01-20T05:30:00.000Z"],
    ]);
    expect(a.documents).toEqual([{ file_name: "Notice inviting tender", url: "https://example.gov.in/pwd/nit-14.pdf", mime_type: "application/pdf" }]);

    const b = (await tenderView(db, "ocds-x7y2ab-MH-2025-0002"))!;
    expect(b.tender).toMatchObject({
      title: "Supply of ductile iron pipes", org_name: "Government of Maharashtra", department: "Pune Municipal Corporation",
      tender_status: "AOC", value: 12000000, category: "goods", tender_type: "Limited Tender", closing_date: "2025-03-01T09:30:00.000Z",
    });
    expect(b.result).toMatchObject({ winner_name: "M/s Deccan Pipes Pvt Ltd", award_value: 11250000, result_date: "2025-04-15T06:30:00.000Z" });
    expect(b.bidders.map(({ company_id: _c, ...x }) => x)).toEqual([
      { bidder_name: "Deccan Pipes Private Limited", bid_value: 11250000, rank: 1, rank_label: "L1", status: "valid", is_winner: true, company: "deccan pipes" },
      { bidder_name: "Sahyadri Steel Works", bid_value: 11800000, rank: 2, rank_label: "L2", status: "valid", is_winner: false, company: "sahyadri steel works" },
      { bidder_name: "Western Flow Systems LLP", bid_value: 12100000, rank: 3, rank_label: "L3", status: "valid", is_winner: false, company: "western flow systems" },
      { bidder_name: "Konkan Traders", bid_value: 9900000, rank: null, rank_label: null, status: "disqualified", is_winner: false, company: "konkan traders" },
    ]);
    // The winner as awarded and as bidder is one company.
    expect(b.result!.winner_company_id).toBe(b.bidders[0].company_id);
  });

  it("a single release (cancelled) and a record with only a compiledRelease (USD, planned)", async () => {
    const r = await run(db, "ocds", [fx("crafted", "ocds-single-release-cancelled.json"), fx("crafted", "ocds-record-compiled.json")], { fx: { USD: 83.5 } });
    expect(r.totals).toMatchObject({ read: 2, created: 2, rejected: 0 });
    expect((await tenderView(db, "ocds-x7y2ab-KA-2025-0042"))!.tender).toMatchObject({
      title: "Construction of anganwadi building, Mysuru", tender_status: "Cancelled", value: 2500000,
      org_name: "Women and Child Development Department, Karnataka", closing_date: "2025-02-28T09:30:00.000Z",
    });
    expect((await tenderView(db, "ocds-x7y2ab-TN-2025-0007"))!.tender).toMatchObject({
      title: "Desilting of Adyar river, Chennai", tender_status: "Live", value: 83500000, org_name: "Water Resources Department, Tamil Nadu",
    });
  });

  it("a file that is not OCDS is rejected with a reason; invalid JSON is a failed file", async () => {
    const dir = fs.mkdtempSync("/tmp/ocds-");
    fs.writeFileSync(path.join(dir, "other.json"), JSON.stringify({ hello: "world" }));
    fs.writeFileSync(path.join(dir, "broken.json"), '{\n  "releases": [\n');
    const r = await run(db, "ocds", [path.join(dir, "other.json"), path.join(dir, "broken.json")]);
    expect(r.rejects.map((x) => [x.file, x.row, x.reason.replace(/: .*/, "")])).toEqual([
      ["other.json", 1, "not an OCDS release, record, release package or record package"],
      ["broken.json", null, "cannot read broken.json"],
    ]);
    expect(r.failed_files).toBe(1);
  });
});
