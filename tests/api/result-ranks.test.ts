// Ranks in every form (issue 15, point 4), end to end: a real GePNIC page whose rank cells are
// rewritten to the forms the issue names (L-1, L 2, L-III; H1, h 2, H-III) is imported, and
// the result detail answers each bid's number, direction and label as published, in rank
// order, with the spread between the first two ranks. Also migration 020 on an older database.
//
// The pages are the real CivicDataLab samples (tests/fixtures/import/gepnic, ODbL 1.0); the
// ONLY edit is the Rank cells, replaced in each test below (the samples themselves carry L1,
// L2, L3 and I, II, III, which read as before). Every other cell is as published.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../server/db/migrate.js";
import { fx, run } from "../fixtures/import/helpers.js";
import { openTestDb, signedInApp, type TestContext } from "./harness.js";

const WREAP = fx("gepnic", "final_2023_WREAP_32455_1.csv"); // L1, L2, L3 (lowest bid first)
const CD = fx("gepnic", "final_2022_CD_25879_1.csv"); // I, II, III (lowest bid first)

let ctx: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  ({ ctx, headers } = await signedInApp());
});
afterAll(() => ctx?.close());

/** The sample page with its Rank cells rewritten: [bid cell as published, new rank] pairs. */
function withRanks(file: string, ranks: [bid: string, rank: string][]): string {
  let csv = fs.readFileSync(file, "utf8");
  for (const [bid, rankCell] of ranks) {
    const cell = new RegExp(`("${bid.replace(/[.]/g, "\\.")}"),[^,]*,`);
    expect(csv, `bid ${bid} with a rank on ${path.basename(file)}`).toMatch(cell);
    csv = csv.replace(cell, `$1,${rankCell},`);
  }
  const out = path.join(fs.mkdtempSync("/tmp/result-ranks-"), path.basename(file));
  fs.writeFileSync(out, csv);
  return out;
}

async function readDetail(ocid: string) {
  const r = await ctx.db.query<{ id: number }>(`SELECT r.id FROM results r JOIN tenders t ON t.id = r.tender_id WHERE t.ocid = $1`, [ocid]);
  const res = await ctx.app.inject({ method: "GET", url: `/api/result/detail/${r.rows[0].id}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function importAndRead(file: string, source: string) {
  const report = await run(ctx.db, "gepnic", [file], { source, state: "Assam" });
  expect(report.totals).toMatchObject({ created: 1, rejected: 0 });
  return { report, detail: await readDetail(`${source}:${path.basename(file).replace(/^final_|\.csv$/g, "")}`) };
}

type B = { bidder_name: string; rank: number | null; rank_direction: string | null; rank_label: string | null; bid_value: number | null; is_winner: boolean };
const ranks = (bidders: B[]) => bidders.map((b) => [b.bidder_name, b.rank, b.rank_direction, b.rank_label, b.bid_value]);

describe("result detail of an imported page with L-1, L 2, L-III ranks (edited WREAP sample)", () => {
  it("numbers every bid lowest first and keeps each label as published", async () => {
    const file = withRanks(WREAP, [["24,25,51,689.50", "L-1"], ["26,08,91,730.10", "L 2"], ["27,81,96,978.20", "L-III"]]);
    const { report, detail } = await importAndRead(file, "ranks-l");
    expect(report.warnings).toEqual([]);
    expect(ranks(detail.bidders)).toEqual([
      ["Brahmaputra Infrastructure Ltd", 1, "lowest", "L-1", 242551689.5],
      ["Bhartia Infra Projects Ltd", 2, "lowest", "L 2", 260891730.1],
      ["SHREE GAUTAM CONSTRUCTION CO. LTD.", 3, "lowest", "L-III", 278196978.2],
      ["Yojaka (India) Pvt. Ltd.", null, null, null, null], // rejected at the technical stage
    ]);
    expect(detail.winner).toMatchObject({ name: "Brahmaputra Infrastructure Ltd", rank_label: "L-1" });
    expect(detail.spread_l1_l2).toEqual({ amount: 18340040.6, percent: 7.56 }); // L2 − L1
  });
});

describe("result detail of an imported page with H ranks (edited CD sample)", () => {
  it("numbers every bid highest first, labels as published, H1 first and the spread H2 − H1", async () => {
    // H1 on the highest bid, as an H ranking means; the award table (AESTHETIC CREATION) is as published.
    const file = withRanks(CD, [["4,92,312.00", "H1"], ["4,23,400.00", "h 2"], ["2,33,016.00", "H-III"]]);
    const { report, detail } = await importAndRead(file, "ranks-h");
    expect(report.warnings).toEqual([]);
    expect(ranks(detail.bidders)).toEqual([
      ["architects collaborative", 1, "highest", "H1", 492312],
      ["ACORN", 2, "highest", "h 2", 423400],
      ["AESTHETIC CREATION", 3, "highest", "H-III", 233016],
    ]);
    expect(detail.bidders.filter((b: B) => b.is_winner).map((b: B) => b.bidder_name)).toEqual(["AESTHETIC CREATION"]);
    expect(detail.winner).toMatchObject({ name: "AESTHETIC CREATION", rank_label: "H-III" });
    expect(detail.spread_l1_l2).toEqual({ amount: -68912, percent: -14 }); // H2 − H1
    const stored = await ctx.db.query(`SELECT rank_direction, count(*)::int AS n FROM result_bidders WHERE rank_label ~* '^h' GROUP BY 1`);
    expect(stored.rows).toEqual([{ rank_direction: "highest", n: 3 }]);
  });
});

describe("an unreadable rank (edited WREAP sample)", () => {
  it("is kept as published without a number, after the ranked bids, and the import warns", async () => {
    const file = withRanks(WREAP, [["24,25,51,689.50", "L1"], ["26,08,91,730.10", "X1"], ["27,81,96,978.20", "L"]]);
    const { report, detail } = await importAndRead(file, "ranks-junk");
    expect(report.warnings.map((w: { message: string }) => w.message)).toEqual([
      "rank 'X1' of Bhartia Infra Projects Ltd is not L1, L-2, H1, I, II… or 1, 2…: kept as published, without a number",
      "rank 'L' of SHREE GAUTAM CONSTRUCTION CO. LTD. is not L1, L-2, H1, I, II… or 1, 2…: kept as published, without a number",
    ]);
    expect(ranks(detail.bidders)).toEqual([
      ["Brahmaputra Infrastructure Ltd", 1, "lowest", "L1", 242551689.5],
      ["Bhartia Infra Projects Ltd", null, null, "X1", 260891730.1],
      ["SHREE GAUTAM CONSTRUCTION CO. LTD.", null, null, "L", 278196978.2],
      ["Yojaka (India) Pvt. Ltd.", null, null, null, null],
    ]);
    expect(detail.spread_l1_l2).toBeNull();
  });
});

describe("OCDS bids (crafted ocds-india.jsonl): ranks computed from the bid values", () => {
  it("are lowest first, labelled L1, L2, L3; a disqualified bid has none", async () => {
    await run(ctx.db, "ocds", [fx("crafted", "ocds-india.jsonl")], { source: "Maharashtra OCDS" });
    const detail = await readDetail("ocds-x7y2ab-MH-2025-0002");
    expect(ranks(detail.bidders)).toEqual([
      ["Deccan Pipes Private Limited", 1, "lowest", "L1", 11250000],
      ["Sahyadri Steel Works", 2, "lowest", "L2", 11800000],
      ["Western Flow Systems LLP", 3, "lowest", "L3", 12100000],
      ["Konkan Traders", null, null, null, 9900000],
    ]);
    const stored = await ctx.db.query(`SELECT b.rank_direction FROM result_bidders b JOIN results r ON r.id = b.result_id JOIN tenders t ON t.id = r.tender_id
      WHERE t.ocid = 'ocds-x7y2ab-MH-2025-0002' AND b.rank IS NOT NULL`);
    expect(stored.rows).toEqual([{ rank_direction: "lowest" }, { rank_direction: "lowest" }, { rank_direction: "lowest" }]);
  });
});

describe("migration 020 on a database from before it", () => {
  it("gives stored ranks their direction and numbers the labels the old reader left unnumbered", async () => {
    const { db, drop } = await openTestDb();
    try {
      const dir = path.resolve("server/db/migrations");
      const before = fs.readdirSync(dir).filter((f) => /^\d+_.+\.sql$/.test(f) && f < "020").sort();
      await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
      for (const f of before) {
        await db.transaction(async (tx) => tx.exec(fs.readFileSync(path.join(dir, f), "utf8")));
        await db.query(`INSERT INTO schema_migrations (version) VALUES ($1)`, [f]);
      }
      const t = await db.query<{ id: number }>(`INSERT INTO tenders (title) VALUES ('Old import') RETURNING id`);
      const r = await db.query<{ id: number }>(`INSERT INTO results (tender_id) VALUES ($1) RETURNING id`, [t.rows[0].id]);
      // As the old importer stored them: L1, 2 and II numbered; L-1, H 1, H-2, L-III, l.x and junk not.
      const old: [string, number | null][] = [["L1", 1], ["2", 2], ["II", 2], ["L-1", null], ["H 1", null], ["H-2", null], ["L-III", null], ["l.x", null], ["X1", null], ["L", null], ["H-0", null]];
      for (const [label, rank] of old) {
        await db.query(`INSERT INTO result_bidders (result_id, bidder_name, rank, rank_label) VALUES ($1, $2, $3, $2)`, [r.rows[0].id, label, rank]);
      }
      expect(await migrate(db)).toContain("020_rank_direction.sql");
      const { rows } = await db.query<{ rank_label: string; rank: number | null; rank_direction: string | null }>(
        `SELECT rank_label, rank, rank_direction FROM result_bidders ORDER BY id`);
      expect(rows.map((b) => [b.rank_label, b.rank, b.rank_direction])).toEqual([
        ["L1", 1, "lowest"], ["2", 2, "lowest"], ["II", 2, "lowest"], ["L-1", 1, "lowest"], ["H 1", 1, "highest"], ["H-2", 2, "highest"],
        ["L-III", 3, "lowest"], ["l.x", 10, "lowest"], ["X1", null, null], ["L", null, null], ["H-0", null, null],
      ]);
      // A direction only with a rank, and only these two.
      await expect(db.query(`UPDATE result_bidders SET rank_direction = 'lowest' WHERE rank_label = 'X1'`)).rejects.toThrow(/result_bidders_rank_direction_needs_rank/);
      await expect(db.query(`UPDATE result_bidders SET rank_direction = 'up' WHERE rank_label = 'L1'`)).rejects.toThrow(/result_bidders_rank_direction/);
    } finally {
      await db.close();
      await drop();
    }
  });
});
