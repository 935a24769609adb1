// Place from the source (issue #15 point 5): imported without --state, tenders and results carry
// the state and district their files name, and the listers find them by both. --state fills only
// the tenders whose file names no state; the report counts those and the disagreements.
// Files: the real GePNIC pages and OCDS example (tests/fixtures/import/README.md), and crafted
// OCDS packages with Indian buyers (crafted/ocds-india-places.json, crafted/ocds-portal-package.json).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseCsv } from "../../server/ingest/importers/csv.js";
import { formatReport } from "../../server/ingest/importers/report.js";
import { searchEngine } from "../../server/search/index.js";
import { resultsIndex } from "../../server/search/indexes/results.js";
import { tendersIndex } from "../../server/search/indexes/tenders.js";
import { fx, resetImports, run, tenderView } from "../fixtures/import/helpers.js";
import { bothModesJson, signedInApp, type TestContext } from "./harness.js";

const GEPNIC = ["final_2022_CD_25879_1.csv", "final_2023_WREAP_32455_1.csv", "final_2024_PWD_35115_146.csv"].map((f) => fx("gepnic", f));
const OCDS_UK = fx("ocds", "ocds-213czf-000-00001.json");
const PLACES = fx("crafted", "ocds-india-places.json");
const PORTAL = fx("crafted", "ocds-portal-package.json");

let ctx: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  ({ ctx, headers } = await signedInApp());
});
afterAll(() => ctx?.close());
beforeEach(() => resetImports(ctx.db));

/** A lister's titles for the filters, the same from the in-memory copy and from plain SQL. */
async function titles(list: "tenders" | "results", filters: string[]): Promise<string[]> {
  const engine = searchEngine(ctx.db, list === "results" ? resultsIndex : tendersIndex);
  // search_all_tenders: every status, not only live tenders (the lister's default).
  const url = `/api/list/${list}/search/?search_all_tenders=true&${filters.map((f) => `filter=${encodeURIComponent(f)}`).join("&")}`;
  const body = await bothModesJson(engine, () => ctx.app.inject({ method: "GET", url, headers }));
  return body.results.map((r: { title: string }) => r.title).sort();
}

const place = async (ocid: string) => {
  const t = (await tenderView(ctx.db, ocid))!.tender;
  return { state: t.state, district: t.district };
};

describe("GePNIC pages without --state", () => {
  it("take Assam from the organisation chain or the inviting office, the district from Location, and are found by both", async () => {
    const r = await run(ctx.db, "gepnic", GEPNIC, { source: "assam" });
    expect(r.totals).toMatchObject({ created: 3, rejected: 0 });
    expect(r.place).toEqual({ state_option: null, fallback: 0, disagreed: 0 });
    expect(await place("assam:2022_CD_25879_1")).toEqual({ state: "Assam", district: "Kamrup Metropolitan" }); // chain; Location 'Guwahati'
    expect(await place("assam:2023_WREAP_32455_1")).toEqual({ state: "Assam", district: null }); // pre-bid place 'Guwahati, Assam'; 'GUWAHATI WEST' is no district
    expect(await place("assam:2024_PWD_35115_146")).toEqual({ state: "Assam", district: null }); // office 'PWRD, Assam'; Tinsukia is not in the list

    expect(await titles("results", ["item_type:result", "state:Assam"])).toHaveLength(3);
    expect(await titles("results", ["item_type:result", "state:Assam", 'district:"Kamrup Metropolitan"'])).toEqual(["Expression of Interest for Consultancy service"]);
    expect(await titles("tenders", ['district:"Kamrup Metropolitan"'])).toEqual(["Expression of Interest for Consultancy service"]);
  });

  it("the portal named by --source places a page whose fields name no state", async () => {
    // The real PWD page with every field that could name a place blanked: only the portal is left.
    const blank = new Set(["Organisation Chain", "Location", "Name", "Address", "Pre Bid Meeting Place", "Pre Bid Meeting Address", "Bid Opening Place"]);
    const [head, ...rows] = parseCsv(fs.readFileSync(GEPNIC[2], "utf8"));
    const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
    const csv = [head.fields, ...rows.map((r) => r.fields.map((v, i) => (blank.has(head.fields[i]) ? "" : v)))].map((f) => f.map(quote).join(",")).join("\n");
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "place-")), "no-place.csv");
    fs.writeFileSync(file, csv);

    await run(ctx.db, "gepnic", [file], { source: "assam" });
    expect(await place("assam:2024_PWD_35115_146")).toEqual({ state: null, district: null }); // 'assam' names a source, not a portal
    await run(ctx.db, "gepnic", [file], { source: "assamtenders.gov.in" });
    expect(await place("assamtenders.gov.in:2024_PWD_35115_146")).toEqual({ state: "Assam", district: null });
  });
});

describe("OCDS without --state", () => {
  it("buyer address, organisation chain and portal place each process; results and tenders are found by state and district", async () => {
    const r = await run(ctx.db, "ocds", [PLACES, PORTAL]);
    expect(r.totals).toMatchObject({ created: 5, rejected: 0 });
    expect(r.place).toEqual({ state_option: null, fallback: 0, disagreed: 0 });
    expect(await place("ocds-x7y2ab-AS-2025-0101")).toEqual({ state: "Assam", district: "Kamrup Metropolitan" }); // address region + locality
    expect(await place("ocds-x7y2ab-AS-2025-0102")).toEqual({ state: "Assam", district: "Dibrugarh" }); // 'PWRD||Dibrugarh Division'
    expect(await place("ocds-x7y2ab-KA-2025-0103")).toEqual({ state: "Karnataka", district: "Mysuru" });
    expect(await place("ocds-x7y2ab-IW-2025-0104")).toEqual({ state: null, district: null }); // names no place
    expect(await place("ocds-x7y2ab-IW-2025-0105")).toEqual({ state: "Assam", district: null }); // published by assamtenders.gov.in

    expect(await titles("results", ["item_type:result", "state:Assam"])).toEqual(["Construction of staff quarters, Dispur", "Strengthening of Lahowal-Chabua road"]);
    expect(await titles("results", ["item_type:result", "district:Dibrugarh"])).toEqual(["Strengthening of Lahowal-Chabua road"]);
    expect(await titles("tenders", ["state:Assam", 'district:"Kamrup Metropolitan"'])).toEqual(["Construction of staff quarters, Dispur"]);
    expect(await titles("tenders", ["state:Karnataka", "district:Mysuru"])).toEqual(["Desilting of storm water drains, Mysuru"]);
  });

  it("the OCP example's buyer is in London: no Indian state, not even with --state", async () => {
    const r = await run(ctx.db, "ocds", [OCDS_UK], { fx: { GBP: 100 }, state: "Assam" });
    expect(await tenderView(ctx.db, "ocds-213czf-000-00001")).toMatchObject({ tender: { state: null, district: null, city: "London" } });
    expect(r.place).toEqual({ state_option: "Assam", fallback: 0, disagreed: 1 });
    expect(await titles("results", ["item_type:result", "state:Assam"])).toEqual([]);
  });
});

describe("--state is a fallback", () => {
  it("fills only tenders whose file names no state; where the file names another, the file wins; the report counts both", async () => {
    const r = await run(ctx.db, "ocds", [PLACES], { state: "assam" }); // any case: the product's name is stored
    expect(await place("ocds-x7y2ab-IW-2025-0104")).toEqual({ state: "Assam", district: null }); // fallback
    expect(await place("ocds-x7y2ab-KA-2025-0103")).toEqual({ state: "Karnataka", district: "Mysuru" }); // disagrees: the file wins
    expect(await place("ocds-x7y2ab-AS-2025-0101")).toEqual({ state: "Assam", district: "Kamrup Metropolitan" });
    expect(r.place).toEqual({ state_option: "Assam", fallback: 1, disagreed: 1 });
    expect(formatReport(r)).toContain("State Assam given: 1 tender took it (the file names no state); 1 tender where the file names another place kept the file's.");

    await resetImports(ctx.db);
    const g = await run(ctx.db, "gepnic", GEPNIC, { source: "assam", state: "Bihar" });
    expect(g.place).toEqual({ state_option: "Bihar", fallback: 0, disagreed: 3 });
    expect(await titles("results", ["item_type:result", "state:Bihar"])).toEqual([]);
  });

  it("a --state that is not an Indian state or union territory is refused before anything is imported", async () => {
    await expect(run(ctx.db, "ocds", [PLACES], { state: "London" })).rejects.toThrow("'London' is not an Indian state or union territory");
    expect((await ctx.db.query("SELECT count(*)::int AS n FROM import_runs")).rows[0]).toEqual({ n: 0 });
  });
});
