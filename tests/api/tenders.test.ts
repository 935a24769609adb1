// Tenders API: the lister (live by default, search_all_tenders, facets, filters, sorts, bad
// input), the export, the organisation suggester, detail, more-like-this, the documents zip and
// the cited brief. Data: tests/api/tender-fixture.ts.
import JSZip from "jszip";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchEngine } from "../../server/search/index.js";
import { tendersIndex } from "../../server/search/indexes/tenders.js";
import { LIVE_KEYS, NHAI, NIT_TEXT, NMC, PWD, TENDERS, inDays, insertTender, tenderWorld, type TenderWorld } from "./tender-fixture.js";
import { bearer, bothModesJson, createUser, login } from "./harness.js";
import { newItems } from "../../server/modules/alerts/new-items.js";

let w: TenderWorld;
beforeAll(async () => {
  w = await tenderWorld();
});
afterAll(async () => {
  await w?.close();
});

const get = (url: string, headers: Record<string, string> = w.headersA) => w.ctx.app.inject({ method: "GET", url: `/api/${url}`, headers });
const keyOf = (id: number) => Object.entries(w.ids).find(([, v]) => v === id)?.[0];
const keys = (body: { results: { id: number }[] }) => body.results.map((r) => keyOf(r.id));

/** Asks twice — from the in-memory copy and from plain SQL — and insists on the same answer. */
const both = (url: string) => bothModesJson(searchEngine(w.ctx.db, tendersIndex), () => get(url));

describe("list/tenders/search/", () => {
  it("lists only live tenders by default, soonest closing first (no closing date last)", async () => {
    const body = await both("list/tenders/search/");
    expect(body.count).toBe(3);
    expect(keys(body)).toEqual(["pipes", "road", "no-closing"]);
    expect(new Set(keys(body))).toEqual(new Set(LIVE_KEYS));
    const road = body.results.find((r: { id: number }) => r.id === w.ids.road);
    expect(road).toMatchObject({
      title: TENDERS[0].title, org_name_exact: PWD, tender_status: "Live", is_corrigendum: true, value: 12.5e7, value_band: "10 - 100 Crore", emd: 2.5e5, result_id: null,
    });
    expect(typeof road.closing_date).toBe("string");
  });

  it("search_all_tenders=true lists every tender, latest status update first", async () => {
    const body = await both("list/tenders/search/?search_all_tenders=true");
    expect(body.count).toBe(TENDERS.length);
    expect(keys(body).slice(0, 3)).toEqual(["no-closing", "road", "pipes"]); // a tie goes to the higher id
    const aoc = body.results.find((r: { id: number }) => r.id === w.ids["aoc-road"]);
    expect(aoc.result_id).toBe(w.results["aoc-road"]);
  });

  it("filters by facet values, corrigendum flag, value range in rupees and closing-date range", async () => {
    expect(keys(await both(`list/tenders/search/?search_all_tenders=true&filter=${encodeURIComponent(`org_name_exact:${PWD}`)}&sort=value+desc`))).toEqual(["road", "aoc-road", "lapsed"]);
    expect(keys(await both("list/tenders/search/?search_all_tenders=true&filter=tender_status:AOC&filter=state:Maharashtra"))).toEqual(["aoc-road"]);
    expect(keys(await both("list/tenders/search/?filter=is_corrigendum:true"))).toEqual(["road"]);
    expect(keys(await both(`list/tenders/search/?search_all_tenders=true&filter=${encodeURIComponent("value:[5000000 TO 200000000]")}&sort=value+asc`))).toEqual(["pipes", "cancelled", "aoc-road", "road"]);
    const closing = encodeURIComponent(`closing_date:[${inDays(0)} TO ${inDays(7)}]`);
    expect(keys(await both(`list/tenders/search/?search_all_tenders=true&filter=${closing}`)).sort()).toEqual(["cancelled", "pipes"]);
    expect(keys(await both(`list/tenders/search/?search_all_tenders=true&filter=${encodeURIComponent('value_band:"Above 100 Crore"')}`))).toEqual(["aoc-bridge"]);
    expect(keys(await both(`list/tenders/search/?search_all_tenders=true&filter=${encodeURIComponent("reference:*aoc-ro*")}`))).toEqual(["aoc-road"]);
  });

  it("searches title, description and organisation text", async () => {
    expect(keys(await both("list/tenders/search/?q=ductile+pipes"))).toEqual(["pipes"]);
    expect(keys(await both("list/tenders/search/?q=culverts"))).toEqual(["road"]); // description only
    expect((await both("list/tenders/search/?search_all_tenders=true&q=highways+authority")).count).toBe(2); // organisation
    expect((await both("list/tenders/search/?q=wainganga")).count).toBe(0); // not live
  });

  it("counts facets with every filter but their own", async () => {
    const body = await both(`list/tenders/search/facets/?search_all_tenders=true&filter=tender_status:Live`);
    expect(body.facets.tender_status).toEqual([
      { text: "Live", count: 4 }, { text: "AOC", count: 2 }, { text: "Cancelled", count: 1 },
    ]);
    expect(body.facets.org_name_exact).toEqual([
      { text: PWD, count: 2 }, { text: NMC, count: 1 }, { text: NHAI, count: 1 },
    ]);
    expect(body.facets.is_corrigendum).toEqual([{ text: "false", count: 3 }, { text: "true", count: 1 }]);
    for (const f of ["state", "city", "category", "value_band"]) expect(body.facets[f].length).toBeGreaterThan(0);
    const live = await both("list/tenders/search/facets/");
    expect(live.facets.tender_status).toEqual([{ text: "Live", count: 3 }]);
  });

  it("a new tender is in the very next search; one whose status closes it leaves the live list", async () => {
    const id = await insertTender(w.ctx.db, { key: "fresh", title: "Desilting of drains in Akola", org: "Akola Municipal Corporation", status: "Live", category: "works", value: 30e5, state: "Maharashtra", city: "Akola", closing: inDays(20) });
    expect((await get("list/tenders/search/?q=desilting")).json().results.map((r: { id: number }) => r.id)).toEqual([id]);
    await w.ctx.db.query(`UPDATE tenders SET tender_status = 'Closed' WHERE id = $1`, [id]);
    expect((await get("list/tenders/search/?q=desilting")).json().count).toBe(0);
    expect((await get("list/tenders/search/?q=desilting&search_all_tenders=true")).json().count).toBe(1);
    await w.ctx.db.query(`DELETE FROM tenders WHERE id = $1`, [id]);
  });

  it("answers 400 with a field message for bad input, 401 without sign-in, 403 without a subscription", async () => {
    for (const [url, field] of [
      ["list/tenders/search/?filter=nosuchfield:1", "filter"],
      ["list/tenders/search/?filter=value:[abc TO 5]", "filter"],
      ["list/tenders/search/?filter=closing_date:[yesterday TO *]", "filter"],
      ["list/tenders/search/?sort=colour+desc", "sort"],
      ["list/tenders/search/?page=0", "page"],
      ["list/tenders/search/?search_all_tenders=maybe", "search_all_tenders"],
      ["list/tenders/search/facets/?filter=is_corrigendum:perhaps", "filter"],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()[field]?.[0], url).toEqual(expect.any(String));
    }
    expect((await get("list/tenders/search/", {})).statusCode).toBe(401);
    const expired = await createUser(w.ctx.db, { endDate: "2020-01-01" });
    const res = await get("list/tenders/search/", bearer(await login(w.ctx.app, expired.email, expired.password)));
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe("User Subscription Expired");
  });
});

describe("list/tenders/search/export/", () => {
  it("exports the live list as CSV with the list's rows and records the export", async () => {
    const res = await get("list/tenders/search/export/?format=csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="infrascout-tenders-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("ID,Title,Portal Tender ID,Reference,Organisation,Department,Status,Corrigendum,Category,Tender Type,Value (Rs),EMD (Rs),State,District,City,Published,Closing Date,Status Updated,Retrieved On");
    expect(lines.slice(1).map((l) => Number(l.split(",")[0]))).toEqual([w.ids.pipes, w.ids.road, w.ids["no-closing"]]);
    expect(lines[2]).toContain(`"${PWD}"`);
    const rec = await w.ctx.db.query<{ lister: string; row_count: number }>(`SELECT lister, row_count FROM exports WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [w.userA.id]);
    expect(rec.rows[0]).toEqual({ lister: "tenders", row_count: 3 });
  });

  it("exports XLSX with every tender when search_all_tenders=true", async () => {
    const res = await get("list/tenders/search/export/?format=xlsx&search_all_tenders=true&sort=value+desc");
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as never);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(2).value).toBe("Title");
    expect(sheet.rowCount).toBe(1 + TENDERS.length);
    expect(sheet.getRow(2).getCell(1).value).toBe(w.ids["aoc-bridge"]);
  });

  it("refuses a bad format or filter with 400", async () => {
    expect((await get("list/tenders/search/export/?format=pdf")).statusCode).toBe(400);
    expect((await get("list/tenders/search/export/?filter=nosuch:1")).statusCode).toBe(400);
  });
});

describe("suggester_facet/", () => {
  const suggest = async (q: string, field = "org_name_exact") =>
    (await get(`suggester_facet/?suggest_query=${encodeURIComponent(q)}&suggest_field=${field}`)).json();

  it("suggests organisations by prefix with their tender counts", async () => {
    const body = await suggest("publ");
    expect(body.field).toBe("org_name_exact");
    expect(body.suggestions[0]).toEqual({ text: PWD, count: 3 });
    expect((await suggest("Nagpur")).suggestions[0]).toEqual({ text: NMC, count: 1 });
    expect((await suggest("highways")).suggestions[0].text).toBe(NHAI); // a word inside the name
  });

  it("forgives typos", async () => {
    expect((await suggest("pubic wrks")).suggestions[0].text).toBe(PWD);
    expect((await suggest("natonal highway")).suggestions[0].text).toBe(NHAI);
    expect((await suggest("nagpure municpal")).suggestions[0].text).toBe(NMC);
  });

  it("keeps counts current as tenders change organisation", async () => {
    const id = await insertTender(w.ctx.db, { key: "sugg", title: "Road repairs", org: "Zilla Parishad Yavatmal", status: "Live", category: "works", value: 1e6, state: "Maharashtra", city: "Yavatmal", closing: inDays(5) });
    expect((await suggest("zilla")).suggestions).toEqual([{ text: "Zilla Parishad Yavatmal", count: 1 }]);
    await w.ctx.db.query(`UPDATE tenders SET org_name_exact = $2 WHERE id = $1`, [id, PWD]);
    expect((await suggest("zilla")).suggestions).toEqual([]);
    expect((await suggest("public works")).suggestions[0]).toEqual({ text: PWD, count: 4 });
    await w.ctx.db.query(`DELETE FROM tenders WHERE id = $1`, [id]);
    expect((await suggest("public works")).suggestions[0]).toEqual({ text: PWD, count: 3 });
  });

  it("answers nothing for empty text, treats LIKE characters literally, refuses another field", async () => {
    expect((await suggest("")).suggestions).toEqual([]);
    expect((await suggest("%")).suggestions).toEqual([]);
    const res = await get("suggester_facet/?suggest_query=pub&suggest_field=state");
    expect(res.statusCode).toBe(400);
    expect(res.json().suggest_field[0]).toMatch(/org_name_exact/);
    expect((await get("suggester_facet/?suggest_query=pub", {})).statusCode).toBe(401);
  });
});

describe("tender/detail/{id}", () => {
  it("answers every field, documents, corrigenda newest first and records the view", async () => {
    const res = await get(`tender/detail/${w.ids.road}`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      id: w.ids.road, ocid: "test-road", reference: "REF-ROAD", title: TENDERS[0].title, org_name: PWD, tender_status: "Live", is_live: true,
      is_corrigendum: true, category: "works", value: 12.5e7, emd: 2.5e5, tender_fee: 5900, state: "Maharashtra", city: "Nagpur", result: null, shared: false,
    });
    for (const f of ["published_date", "closing_date", "opening_date", "prebid_date", "status_update_date", "retrieved_on", "arrived_date"]) expect(d[f]).toMatch(/Z$/);
    expect(d.documents).toEqual([
      { id: w.docs.pdf, file_name: "NIT.pdf", mime_type: "application/pdf", url: null, size: 33, has_text: false },
      { id: w.docs.nit, file_name: "NIT text.txt", mime_type: "text/plain", url: null, size: null, has_text: true },
      { id: w.docs.boq, file_name: "BOQ.xls", mime_type: "application/vnd.ms-excel", url: "https://mahatenders.gov.in/boq/123.xls", size: null, has_text: false },
    ]);
    expect(d.corrigenda.map((c: { title: string }) => c.title)).toEqual(["Corrigendum-2: Revised BOQ", "Corrigendum-1: Extension of bid due date"]);
    const viewed = await w.ctx.db.query(`SELECT 1 FROM recently_viewed WHERE user_id = $1 AND item_type = 'tender' AND item_id = $2`, [w.userA.id, w.ids.road]);
    expect(viewed.rows.length).toBe(1);
  });

  it("shows an awarded tender's result and marks a lapsed one as not live", async () => {
    const aoc = (await get(`tender/detail/${w.ids["aoc-road"]}`)).json();
    expect(aoc.result).toEqual({ id: w.results["aoc-road"], winner_name: "Ashoka Buildcon Ltd", winner_names: ["Ashoka Buildcon Ltd"], award_value: 9.5e7, result_date: expect.any(String) });
    expect(aoc.is_live).toBe(false);
    expect((await get(`tender/detail/${w.ids.lapsed}`)).json().is_live).toBe(false);
    expect((await get(`tender/detail/${w.ids["no-closing"]}`)).json().is_live).toBe(true);
  });

  it("answers 404 for an unknown id, 400 for a malformed one, 401 without sign-in or link", async () => {
    expect((await get("tender/detail/999999")).statusCode).toBe(404);
    expect((await get("tender/detail/abc")).statusCode).toBe(400);
    expect((await get("tender/detail/0")).statusCode).toBe(400);
    const anon = await get(`tender/detail/${w.ids.road}`, {});
    expect(anon.statusCode).toBe(401);
    expect(anon.body).not.toContain("Nagpur");
  });
});

describe("tender/{id}/tender-mlt/", () => {
  it("ranks tenders by shared terms, organisation, category, place and value; never the tender itself", async () => {
    const res = await get(`tender/${w.ids.road}/tender-mlt/`);
    expect(res.statusCode).toBe(200);
    const list = res.json().results as { id: number; score: number }[];
    expect(list.map((r) => r.id)).not.toContain(w.ids.road);
    expect(keyOf(list[0].id)).toBe("aoc-road"); // NH-44, Nagpur, same organisation, close value
    for (let i = 1; i < list.length; i++) expect(list[i - 1].score).toBeGreaterThanOrEqual(list[i].score);
    const lapsed = list.findIndex((r) => r.id === w.ids.lapsed);
    const bridge = list.findIndex((r) => r.id === w.ids["aoc-bridge"]);
    expect(lapsed).toBeGreaterThan(0);
    expect(bridge === -1 || bridge > lapsed).toBe(true); // another organisation and state rank below
  });

  it("answers 404 for an unknown tender", async () => {
    expect((await get("tender/999999/tender-mlt/")).statusCode).toBe(404);
  });
});

describe("tender/download_zip/{id}", () => {
  it("zips the summary, corrigenda and every document the database holds", async () => {
    const res = await get(`tender/download_zip/${w.ids.road}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="tender-${w.ids.road}.zip"`);
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(["corrigenda.txt", "documents/BOQ.xls.url", "documents/NIT text.txt.txt", "documents/NIT.pdf", "tender.txt"]);
    const pdf = await zip.file("documents/NIT.pdf")!.async("nodebuffer");
    expect(pdf.equals(Buffer.from("%PDF-1.4 fake but exact bytes \u0000\u0001\u0002"))).toBe(true);
    expect(await zip.file("documents/NIT text.txt.txt")!.async("string")).toBe(NIT_TEXT);
    expect(await zip.file("documents/BOQ.xls.url")!.async("string")).toContain("URL=https://mahatenders.gov.in/boq/123.xls");
    const summary = await zip.file("tender.txt")!.async("string");
    expect(summary).toContain(TENDERS[0].title);
    expect(summary).toContain(`Organisation: ${PWD}`);
    expect(summary).toContain("Estimated value (Rs): 125000000");
    expect(await zip.file("corrigenda.txt")!.async("string")).toContain("Corrigendum-1: Extension of bid due date");
  });

  it("keeps document names inside the zip's documents folder and unique", async () => {
    const tid = await insertTender(w.ctx.db, { key: "zipnames", title: "Zip names", org: NMC, status: "Live", category: "works", value: 1e6, state: "Maharashtra", city: "Nagpur", closing: inDays(4) });
    for (const name of ["../../etc/passwd", "C:\\boot.ini", "same.pdf", "same.pdf", "SAME.pdf"]) {
      await w.ctx.db.query(`INSERT INTO tender_documents (tender_id, file_name, content) VALUES ($1, $2, $3)`, [tid, name, Buffer.from(name)]);
    }
    const zip = await JSZip.loadAsync((await get(`tender/download_zip/${tid}`)).rawPayload);
    const names = Object.keys(zip.files).filter((n) => n.startsWith("documents/"));
    expect(names.length).toBe(5);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(5);
    for (const n of names) expect(n.split("/")).toHaveLength(2);
    expect(names).toContain("documents/same (2).pdf");
    expect(await zip.file(names.find((n) => n.includes("passwd"))!)!.async("string")).toBe("../../etc/passwd");
    await w.ctx.db.query(`DELETE FROM tenders WHERE id = $1`, [tid]);
  });

  it("zips just the summary for a tender without documents; 404 for an unknown one; 401 signed out", async () => {
    const zip = await JSZip.loadAsync((await get(`tender/download_zip/${w.ids.pipes}`)).rawPayload);
    expect(Object.keys(zip.files)).toEqual(["tender.txt"]);
    expect((await get("tender/download_zip/999999")).statusCode).toBe(404);
    expect((await get(`tender/download_zip/${w.ids.road}`, {})).statusCode).toBe(401);
  });
});

describe("tender/ai-detail/{id}/", () => {
  type Point = { section: string; label: string; text: string; citations: { source: string; source_id: number | null; source_name: string; quote: string }[] };
  it("briefs scope, eligibility, key dates, EMD and fee and value, each point citing its passage", async () => {
    const res = await get(`tender/ai-detail/${w.ids.road}/`);
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({ tender_id: w.ids.road, generated_by: "extraction", missing: [], shared: false });
    const points = b.points as Point[];
    const point = (label: string) => points.find((p) => p.label === label)!;
    for (const p of points) expect(p.citations.length, p.label).toBeGreaterThan(0);

    // Every quoted passage is really in the source it names.
    const nit = point("Minimum turnover");
    expect(nit.citations[0]).toEqual({ source: "document", source_id: w.docs.nit, source_name: "NIT text.txt", quote: expect.stringContaining("turnover of Rs. 5 crore") });
    expect(NIT_TEXT).toContain(nit.citations[0].quote);
    expect(point("Similar work experience").text).toContain("similar work of value not less than Rs. 10 crore");
    expect(point("Scope of work").citations[0]).toMatchObject({ source: "title", quote: TENDERS[0].title });
    expect(point("Completion period").citations[0]).toMatchObject({ source: "description", quote: "Period of completion 18 months." });
    expect(point("Pre-bid meeting").citations.map((c) => c.source)).toEqual(["field", "document"]);
    expect(point("Bid closing").citations[0]).toMatchObject({ source: "field", source_name: "Closing date" });
    expect(point("Bid closing").text).toMatch(/^\d{2} [A-Z][a-z]{2}, \d{4}, \d{2}:\d{2} [AP]M IST$/);
    expect(point("EMD")).toMatchObject({ section: "emd_and_fee", text: "₹2,50,000 (2.50 Lakh)" });
    expect(point("EMD").citations[1]).toMatchObject({ source: "description", quote: "EMD Rs. 2,50,000 to be paid online on or before the bid due date." });
    expect(point("Tender fee")).toMatchObject({ text: "₹5,900" });
    expect(point("Tender fee").citations[1]).toMatchObject({ source: "document", quote: "Tender fee Rs. 5,900 (non-refundable) shall be paid online." });
    expect(point("Estimated value")).toMatchObject({ section: "value", text: "₹12,50,00,000 (12.50 Crore)" });
    expect(point("Date changes").citations[0]).toMatchObject({ source: "corrigendum", source_name: "Corrigendum-1: Extension of bid due date" });
    const sections = points.map((p) => p.section);
    expect([...new Set(sections)]).toEqual(["scope", "eligibility", "key_dates", "emd_and_fee", "value"]);
  });

  it("cites the clause of a sentence that lists several facts", async () => {
    await w.ctx.db.query(`UPDATE tenders SET description = $2 WHERE id = $1`, [w.ids.pipes, "Nagpur Municipal Corporation invites bids. Estimated cost ₹80,00,000; EMD ₹1,60,000; period of completion 6 months."]);
    const b = (await get(`tender/ai-detail/${w.ids.pipes}/`)).json();
    const point = (label: string) => b.points.find((p: Point) => p.label === label);
    expect(point("Completion period").citations[0].quote).toBe("period of completion 6 months.");
    expect(point("EMD").citations[0]).toMatchObject({ source: "description", quote: "EMD ₹1,60,000" });
    expect(point("Estimated value").citations[1]).toMatchObject({ source: "description", quote: "Estimated cost ₹80,00,000" });
  });

  it("says which sections the tender's text does not cover", async () => {
    const b = (await get(`tender/ai-detail/${w.ids["no-closing"]}/`)).json();
    expect(b.missing).toEqual(expect.arrayContaining(["eligibility", "value"]));
    expect(b.points.some((p: Point) => p.section === "eligibility")).toBe(false);
    expect(b.points[0]).toMatchObject({ section: "scope", label: "Scope of work" });
  });

  it("answers 404 for an unknown tender and 401 signed out", async () => {
    expect((await get("tender/ai-detail/999999/")).statusCode).toBe(404);
    expect((await get(`tender/ai-detail/${w.ids.road}/`, {})).statusCode).toBe(401);
  });
});

describe("quick searches and alerts on /live-tenders", () => {
  it("saves a tender search checked by the tenders index; its alert lists new live tenders only", async () => {
    const post = (query: string, name: string) =>
      w.ctx.app.inject({ method: "POST", url: "/api/saved-search/", headers: w.headersA, payload: { name, resource: "/live-tenders", query } });
    const ok = await post(`q=road&filter=${encodeURIComponent("state:Maharashtra")}`, "Maharashtra roads");
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().resource_label).toBe("Tenders");
    const bad = await post("filter=sector:Steel", "Not a tender field");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().query[0]).toMatch(/sector/);

    const since = new Date(Date.now() - 3600_000);
    const { items, error } = await newItems(
      w.ctx.app,
      { configId: 0, userId: w.userA.id, savedSearch: { name: "Maharashtra roads", resource: "/live-tenders", query: "q=road&filter=state:Maharashtra" } },
      undefined,
      since,
      new Date(),
    );
    expect(error).toBeUndefined();
    // 'road' matches the live bypass and the awarded widening; only the live one is new for the alert.
    expect(items.map((i) => i.id)).toEqual([w.ids.road]);
    expect(items[0]).toMatchObject({ item_type: "tender", title: TENDERS[0].title, link: `/tender/detail/${w.ids.road}` });
  });
});
