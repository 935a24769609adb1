// Finding a tender by the number people have (issue 15, point 1): the real GePNIC sample pages
// and the OCDS example imported as a user would load them, then typed into the search box by
// their portal Tender ID (exact, any case, and by prefix) and their reference number, on the
// tenders and the results listers, in memory and by SQL alike. Decoys that only mention the id
// in their text, or whose id merely starts with it, must come after.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identifierWhere } from "../../server/search/identifiers.js";
import { searchEngine } from "../../server/search/index.js";
import { resultsIndex } from "../../server/search/indexes/results.js";
import { tendersIndex } from "../../server/search/indexes/tenders.js";
import { Params } from "../../server/search/sql.js";
import { fx, importDb, REPO_ROOT, run } from "../fixtures/import/helpers.js";
import { bothModesJson, signedInApp, type TestContext } from "./harness.js";
import { inDays, insertResult } from "./tender-fixture.js";

/** Every sample page: its portal Tender ID and reference number as published. */
const SAMPLES = [
  { file: fx("gepnic", "final_2022_CD_25879_1.csv"), id: "2022_CD_25879_1", reference: "HF/ENGG-3531/21-22/62" },
  { file: fx("gepnic", "final_2023_WREAP_32455_1.csv"), id: "2023_WREAP_32455_1", reference: "WRD/ADB/OCB-Works/04" },
  { file: fx("gepnic", "final_2024_PWD_35115_146.csv"), id: "2024_PWD_35115_146", reference: "CE/DEV/TB/707/2023-24/01" },
  // OCDS: tender.id is the portal's Tender ID; the standard has no separate reference number.
  { file: fx("ocds", "ocds-213czf-000-00001.json"), id: "ocds-213czf-000-00001-01-tender", reference: null },
];

let ctx: TestContext;
let headers: Record<string, string>;
const tenderOf: Record<string, number> = {};
const resultOf: Record<string, number> = {};
const decoys: Record<string, { tender: number; result: number }> = {};

async function decoy(key: string, portalId: string | null, description: string) {
  const r = await ctx.db.query<{ id: number }>(
    `INSERT INTO tenders (ocid, portal_tender_id, title, description, org_name, org_name_exact, tender_status, category, state, city, source, status_update_date)
     VALUES ($1, $2, $3, $4, 'Public Works Roads Department', 'Public Works Roads Department', 'AOC', 'works', 'Assam', 'Guwahati', 'test', $5) RETURNING id`,
    [`decoy:${key}`, portalId, `Decoy tender ${key}`, description, inDays(-1)],
  );
  const tender = Number(r.rows[0].id);
  const result = await insertResult(ctx.db, tender, { winner: "Decoy Builders", award: 1e6, date: inDays(-1), bidders: [] });
  decoys[key] = { tender, result };
}

beforeAll(async () => {
  ({ ctx, headers } = await signedInApp());
  const gepnic = await run(ctx.db, "gepnic", SAMPLES.slice(0, 3).map((s) => s.file), { source: "assam", state: "Assam" });
  const ocds = await run(ctx.db, "ocds", [SAMPLES[3].file]);
  expect([gepnic.totals.created, ocds.totals.created]).toEqual([3, 1]);
  for (const s of SAMPLES) {
    const r = await ctx.db.query<{ id: number; result: number }>(
      `SELECT t.id, r.id AS result FROM tenders t JOIN results r ON r.tender_id = t.id WHERE t.portal_tender_id = $1`, [s.id]);
    expect(r.rows, s.id).toHaveLength(1);
    tenderOf[s.id] = Number(r.rows[0].id);
    resultOf[s.id] = Number(r.rows[0].result);
  }
  // Imported after the samples (newer ids, so an id-desc tie-break would put them first).
  await decoy("text", null, "Re-tender of work earlier published as 2024_PWD_35115_146 and CE/DEV/TB/707/2023-24/01.");
  await decoy("prefix", "2024_PWD_35115_1460", "Another work of the same division.");
  await decoy("hyphens", "2024-PWD-35115-146", "An id with other separators: '_' must not act as a wildcard.");
});
afterAll(() => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: "GET", url: `/api/${url}`, headers });

/** The same answer from the in-memory copy and from SQL (the reference path). */
async function both(url: string, index: typeof tendersIndex) {
  return (await bothModesJson(searchEngine(ctx.db, index), () => get(url), { fromMemory: true })) as { count: number; results: { id: number; tender_id?: number; portal_tender_id: string | null; reference: string | null }[] };
}

const tenders = (q: string, extra = "") => both(`list/tenders/search/?search_all_tenders=true&q=${encodeURIComponent(q)}${extra}`, tendersIndex);
const results = (q: string, extra = "") => both(`list/results/search/?filter=item_type:result&q=${encodeURIComponent(q)}${extra}`, resultsIndex);

describe("the search box finds every sample page by its Tender ID", () => {
  for (const s of SAMPLES) {
    it(`${s.id}: exact, in any case, first on tenders and on results`, async () => {
      for (const q of [s.id, s.id.toLowerCase(), ` ${s.id.toUpperCase()} `]) {
        const t = await tenders(q);
        expect(t.results[0], q).toMatchObject({ id: tenderOf[s.id], portal_tender_id: s.id, reference: s.reference });
        const r = await results(q);
        expect(r.results[0], q).toMatchObject({ id: resultOf[s.id], tender_id: tenderOf[s.id], portal_tender_id: s.id });
      }
    });

    it(`${s.id}: by prefix, among the first`, async () => {
      const prefix = s.id.slice(0, -2).toLowerCase();
      const t = await tenders(prefix);
      const r = await results(prefix);
      // Every row whose id starts with the prefix comes before any other row.
      const starts = (row: { portal_tender_id: string | null }) => (row.portal_tender_id ?? "").toLowerCase().startsWith(prefix);
      for (const list of [t.results, r.results]) {
        const k = list.findIndex((row) => !starts(row));
        expect(list.slice(0, k === -1 ? undefined : k).map((row) => row.portal_tender_id)).toContain(s.id);
        if (k !== -1) expect(list.slice(k).some(starts)).toBe(false);
      }
    });
  }

  it("finds a reference number exactly and by prefix, first", async () => {
    for (const q of ["CE/DEV/TB/707/2023-24/01", "ce/dev/tb/707/2023-24", "HF/ENGG-3531/21-22/62", "wrd/adb/ocb-works/04"]) {
      const sample = SAMPLES.find((s) => s.reference?.toLowerCase().startsWith(q.toLowerCase()))!;
      expect((await tenders(q)).results[0].id, q).toBe(tenderOf[sample.id]);
      expect((await results(q)).results[0].id, q).toBe(resultOf[sample.id]);
    }
  });

  it("ranks the exact match, then the prefix match, then the text match (newer ids notwithstanding)", async () => {
    const t = await tenders("2024_PWD_35115_146");
    expect(t.results.map((x) => x.id)).toEqual([tenderOf["2024_PWD_35115_146"], decoys.prefix.tender, decoys.text.tender]);
    const r = await results("2024_PWD_35115_146");
    expect(r.results.map((x) => x.id)).toEqual([resultOf["2024_PWD_35115_146"], decoys.prefix.result, decoys.text.result]);
    expect(r.count).toBe(3);
  });

  it("matches identifiers only with relevance order; another sort keeps every match in its own order", async () => {
    const byDate = await tenders("2024_PWD_35115_146", "&sort=status_update_date+desc");
    expect(byDate.count).toBe(3);
    expect(new Set(byDate.results.map((x) => x.id))).toEqual(new Set([tenderOf["2024_PWD_35115_146"], decoys.prefix.tender, decoys.text.tender]));
  });

  it("is a filter field, like reference: portal_tender_id:<start>* and portal_tender_id:*part*", async () => {
    const exact = await both(`list/tenders/search/?search_all_tenders=true&filter=${encodeURIComponent("portal_tender_id:2023_wreap_32455_1*")}`, tendersIndex);
    expect(exact.results.map((x) => x.id)).toEqual([tenderOf["2023_WREAP_32455_1"]]);
    const part = await both(`list/results/search/?filter=${encodeURIComponent("portal_tender_id:*wreap*")}`, resultsIndex);
    expect(part.results.map((x) => x.id)).toEqual([resultOf["2023_WREAP_32455_1"]]);
  });

  it("plain words search text as before (no identifier match)", async () => {
    const t = await tenders("cycle lane");
    expect(t.results.map((x) => x.id)).toEqual([tenderOf["ocds-213czf-000-00001-01-tender"]]);
  });
});

describe("the Tender ID in the details", () => {
  it("tender/detail/{id} has portal_tender_id beside reference; result/detail/{id} has tender.portal_tender_id", async () => {
    const id = "2024_PWD_35115_146";
    const t = await get(`tender/detail/${tenderOf[id]}`);
    expect(t.statusCode).toBe(200);
    expect(t.json()).toMatchObject({ ocid: `assam:${id}`, portal_tender_id: id, reference: "CE/DEV/TB/707/2023-24/01" });
    const r = await get(`result/detail/${resultOf[id]}`);
    expect(r.statusCode).toBe(200);
    expect(r.json().tender).toMatchObject({ id: tenderOf[id], portal_tender_id: id, reference: "CE/DEV/TB/707/2023-24/01" });
  });
});

describe("identifier lookups use the lower(...) text_pattern_ops indexes", () => {
  for (const [name, q] of [["exact", "2022_C"], ["prefix", "2022_CD_25879"]] as const) {
    it(`${name}: an index scan on both columns`, async () => {
      const p = new Params();
      const where = identifierWhere(tendersIndex, { text: q, prefix: name === "prefix" }, p)!;
      const plan = await ctx.db.transaction(async (tx) => {
        // Four rows: a sequential scan is cheapest unless it is ruled out; what matters is that an index can serve it.
        await tx.query("SET LOCAL enable_seqscan = off");
        const r = await tx.query<{ "QUERY PLAN": string }>(`EXPLAIN SELECT t.id FROM ${tendersIndex.table} t WHERE ${where}`, p.values);
        return r.rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
      expect(plan).toContain("tenders_portal_tender_id_lower");
      expect(plan).toContain("tenders_reference_lower");
      expect(plan).not.toMatch(/Seq Scan on tenders/);
    });
  }
});


describe("migration 021 fills the Tender ID of tenders imported before it", () => {
  it("GePNIC: from the ocid after '<source>:'; OCDS: the reference that held tender.id moves over", async () => {
    const { db, close } = await importDb();
    try {
      await run(db, "gepnic", [SAMPLES[2].file], { source: "assam", state: "Assam" });
      await run(db, "ocds", [SAMPLES[3].file]);
      await run(db, "tenders-csv", [fx("crafted", "tenders.csv")]);
      // As the importers left them before: no Tender ID; OCDS tender.id in reference; a plain tender's as given.
      await db.query(`UPDATE tenders SET portal_tender_id = NULL`);
      await db.query(`UPDATE tenders SET reference = $1 WHERE ocid = 'ocds-213czf-000-00001'`, [SAMPLES[3].id]);
      const migration = fs.readFileSync(path.join(REPO_ROOT, "server/db/migrations/021_portal_tender_id.sql"), "utf8");
      const backfill = migration.split(/;\s*\n/).filter((s) => /^\s*UPDATE tenders/m.test(s.replace(/^--.*$/gm, "")));
      expect(backfill).toHaveLength(2);
      for (const sql of backfill) await db.exec(sql);
      const rows = (await db.query<{ ocid: string; portal_tender_id: string | null; reference: string | null }>(
        `SELECT ocid, portal_tender_id, reference FROM tenders ORDER BY ocid`)).rows;
      expect(rows).toEqual([
        { ocid: "assam:2024_PWD_35115_146", portal_tender_id: "2024_PWD_35115_146", reference: "CE/DEV/TB/707/2023-24/01" },
        // A plain tender's ocid is the file's own key: nothing is guessed from it.
        { ocid: "cppp:2025_CPWD_2002_1", portal_tender_id: null, reference: "CPWD/JDH/2025/2002" },
        { ocid: "cppp:2025_NHAI_1001_1", portal_tender_id: null, reference: "NHAI/PIU/2025/1001" },
        { ocid: "cppp:2025_X_3", portal_tender_id: null, reference: null },
        { ocid: "ocds-213czf-000-00001", portal_tender_id: SAMPLES[3].id, reference: null },
      ]);
    } finally {
      await close();
    }
  });
});
