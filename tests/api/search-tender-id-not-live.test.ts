// A Tender ID typed on the live tenders list (issue 15, point 1): the list shows live tenders
// only, and every real GePNIC page is an award (AOC), so the search finds nothing there. The
// list then says which tenders the text finds by Tender ID or reference that it leaves out
// (not_live_matches: how many, and the best of them), under the same filters: exactly what
// search_all_tenders=true would add. The same answer from the in-memory copy and from SQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchEngine } from "../../server/search/index.js";
import { tendersIndex } from "../../server/search/indexes/tenders.js";
import { fx, run } from "../fixtures/import/helpers.js";
import { bothModesJson, signedInApp, type TestContext } from "./harness.js";
import { inDays } from "./tender-fixture.js";

const SAMPLE = { file: fx("gepnic", "final_2024_PWD_35115_146.csv"), id: "2024_PWD_35115_146", reference: "CE/DEV/TB/707/2023-24/01" };

let ctx: TestContext;
let headers: Record<string, string>;
let sample: number;
const made: Record<string, number> = {};

/** A tender beside the sample: its Tender ID, status, closing date and text. */
async function tender(key: string, portalId: string | null, status: string, closing: string | null, description = "Another work of the same division.") {
  const r = await ctx.db.query<{ id: number }>(
    `INSERT INTO tenders (ocid, portal_tender_id, title, description, org_name, org_name_exact, tender_status, closing_date, category, state, city, source, status_update_date)
     VALUES ($1, $2, $3, $4, 'Public Works Roads Department', 'Public Works Roads Department', $5, $6, 'works', 'Assam', 'Guwahati', 'test', $7) RETURNING id`,
    [`near:${key}`, portalId, `Tender ${key}`, description, status, closing, inDays(-1)],
  );
  made[key] = Number(r.rows[0].id);
}

beforeAll(async () => {
  ({ ctx, headers } = await signedInApp());
  const report = await run(ctx.db, "gepnic", [SAMPLE.file], { source: "assam", state: "Assam" });
  expect(report.totals.created).toBe(1);
  sample = Number((await ctx.db.query<{ id: number }>(`SELECT id FROM tenders WHERE portal_tender_id = $1`, [SAMPLE.id])).rows[0].id);
  // Newer than the sample (an id-desc order alone would put them first).
  await tender("live", "2024_PWD_35115_1461", "Published", inDays(5)); // live: in the list, not in the hint
  await tender("awarded", "2024_PWD_35115_1460", "AOC", inDays(-30)); // a prefix match, awarded
  await tender("lapsed", "2024_PWD_35115_1462", "Published", inDays(-2)); // a prefix match, its closing date past
  await tender("text", null, "AOC", inDays(-30), `Re-tender of work earlier published as ${SAMPLE.id}.`); // text only: not by its number
});
afterAll(() => ctx?.close());

interface Row { id: number; portal_tender_id: string | null; reference: string | null; tender_status: string }
interface Answer { count: number; results: Row[]; not_live_matches: { count: number; first: Row } | null }

/** list/tenders/search/ with q (and more), from the in-memory copy and from SQL alike. */
async function tenders(q: string, extra = ""): Promise<Answer> {
  const url = `/api/list/tenders/search/?q=${encodeURIComponent(q)}${extra}`;
  return (await bothModesJson(searchEngine(ctx.db, tendersIndex), () => ctx.app.inject({ method: "GET", url, headers }), { fromMemory: true })) as Answer;
}

describe("a Tender ID on the live tenders list", () => {
  it("lists only the live match, and says how many it leaves out: the exact match first", async () => {
    const a = await tenders(SAMPLE.id);
    expect(a.results.map((r) => r.id)).toEqual([made.live]);
    expect(a.not_live_matches).toMatchObject({ count: 3, first: { id: sample, portal_tender_id: SAMPLE.id, reference: SAMPLE.reference, tender_status: "AOC" } });
  });

  it("counts exactly what search_all_tenders=true adds, with the sample first there", async () => {
    const live = await tenders(SAMPLE.id);
    const all = await tenders(SAMPLE.id, "&search_all_tenders=true");
    expect(all.results[0].id).toBe(sample);
    expect(all.not_live_matches).toBeNull();
    const byNumber = [sample, made.live, made.awarded, made.lapsed];
    const added = all.results.filter((r) => !live.results.some((l) => l.id === r.id) && byNumber.includes(r.id));
    expect(added).toHaveLength(live.not_live_matches!.count);
  });

  it("matches the reference too, in any case, and a prefix (4 characters on)", async () => {
    expect((await tenders(SAMPLE.reference.toLowerCase())).not_live_matches).toMatchObject({ count: 1, first: { id: sample } });
    const prefix = await tenders("2024_pwd_35115_14");
    expect(prefix.not_live_matches?.count).toBe(3);
    // No exact match: the newest prefix match is the best.
    expect(prefix.not_live_matches?.first.id).toBe(made.lapsed);
  });

  it("keeps the list's filters: nothing to say when they rule the tender out", async () => {
    expect((await tenders(SAMPLE.id, "&filter=state:Assam")).not_live_matches?.count).toBe(3);
    expect((await tenders(SAMPLE.id, "&filter=state:Kerala")).not_live_matches).toBeNull();
    expect((await tenders(SAMPLE.id, "&filter=tender_status:AOC")).not_live_matches?.count).toBe(2);
  });

  it("says nothing for words, an id nobody has, or when every match is live", async () => {
    expect((await tenders("division")).not_live_matches).toBeNull();
    expect((await tenders("2019_XYZ_1_1")).not_live_matches).toBeNull();
    expect((await tenders("2024_PWD_35115_1461")).not_live_matches).toBeNull();
  });
});
