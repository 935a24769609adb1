// Streamed exports of a search: CSV (RFC 4180, CRLF, UTF-8 with a BOM so Excel reads Indian
// text) and XLSX (exceljs' streaming writer). Rows arrive in chunks and are written as they
// come, with backpressure, so a 10,000-row export never sits in memory as one string.
import { PassThrough, type Writable } from "node:stream";
import ExcelJS from "exceljs";
import type { ExportColumn } from "./types.js";

export type ExportFormat = "csv" | "xlsx";

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

type Row = Record<string, unknown>;

function cellText(col: ExportColumn, v: unknown): string {
  if (v === null || v === undefined) return "";
  switch (col.format) {
    case "boolean":
      return v ? "Yes" : "No";
    case "list":
      return Array.isArray(v) ? v.join(", ") : String(v);
    case "number":
      return String(v);
    default:
      return String(v);
  }
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 160;

// Blanks a spreadsheet skips before deciding a cell is a formula: spaces (also no-break, wide and
// zero-width ones), line feed, vertical tab, form feed, the byte-order mark.
const isBlank = (c: number) =>
  c === 32 || c === 10 || c === 11 || c === 12 || c === 160 || (c >= 0x2000 && c <= 0x200b) || c === 0x3000 || c === 0xfeff;

/**
 * Text a spreadsheet would run as a formula, defused (OWASP, CSV injection): a cell whose first
 * non-blank character is = + - @ or a tab or CR (' =HYPERLINK(…)', '\t=1+1', '\r@SUM(…)') gets a
 * leading single quote, so Excel, LibreOffice and Sheets show it as the text it is.
 */
export function defuseFormula(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13) return "'" + s;
    if (!isBlank(c)) return s;
  }
  return s;
}

/** An amount or id stays a number (a plain decimal as the database gives it); anything else is text like any other. */
const DECIMAL = /^-?\d+(\.\d+)?$/;
const numberText = (v: unknown): string | null =>
  typeof v === "number" || typeof v === "bigint" || (typeof v === "string" && DECIMAL.test(v)) ? String(v) : null;

/** One CSV field: quoted when needed; text that a spreadsheet would run as a formula is defused. */
export function csvField(col: ExportColumn, v: unknown): string {
  if (v === null || v === undefined) return "";
  const number = col.format === "number" ? numberText(v) : null;
  if (number !== null) return number;
  const s = defuseFormula(cellText(col, v));
  if (s.length === 0) return s;
  let quote = isSpace(s.charCodeAt(0)) || isSpace(s.charCodeAt(s.length - 1));
  let quotes = false;
  for (let i = 0; i < s.length && !quotes; i++) {
    const c = s.charCodeAt(i);
    if (c === 34) quote = quotes = true;
    else if (c === 44 || c === 10 || c === 13) quote = true;
  }
  if (!quote) return s;
  return `"${quotes ? s.replace(/"/g, '""') : s}"`;
}

function write(out: Writable, chunk: string | Buffer): Promise<void> {
  if (out.write(chunk)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      out.off("drain", ok);
      out.off("error", done);
      out.off("close", ok);
      if (err) reject(err);
      else resolve();
    };
    const ok = () => done();
    out.once("drain", ok);
    out.once("error", done);
    out.once("close", ok);
  });
}

export async function writeCsv(out: Writable, columns: ExportColumn[], chunks: AsyncIterable<Row[]>): Promise<number> {
  let n = 0;
  await write(out, "\uFEFF" + columns.map((c) => csvField({ ...c, format: "text" }, c.header)).join(",") + "\r\n");
  for await (const rows of chunks) {
    if (out.destroyed) break;
    // Arrays joined once: cheaper than growing one string (which V8 must flatten to encode).
    const fields: string[] = new Array(columns.length);
    const lines: string[] = new Array(rows.length + 1);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      for (let k = 0; k < columns.length; k++) fields[k] = csvField(columns[k], row[columns[k].key]);
      lines[r] = fields.join(",");
      n++;
    }
    lines[rows.length] = "";
    await write(out, Buffer.from(lines.join("\r\n"), "utf8"));
  }
  out.end();
  return n;
}

export async function writeXlsx(out: Writable, columns: ExportColumn[], chunks: AsyncIterable<Row[]>, sheetName = "Leads"): Promise<number> {
  return writeXlsxSheets(out, [{ name: sheetName, columns, chunks }]);
}

export interface XlsxSheet {
  name: string;
  columns: ExportColumn[];
  chunks: AsyncIterable<Row[]>;
}

/** One workbook of several sheets (a team's daily feed: one per quick search), each as writeXlsx writes one. */
export async function writeXlsxSheets(out: Writable, sheets: XlsxSheet[]): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = "InfraScout";
  let n = 0;
  for (const { name, columns, chunks } of sheets) {
    const sheet = wb.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = columns.map((c) => ({
      header: c.header,
      key: c.key,
      width: c.key === "title" ? 60 : c.format === "datetime" ? 20 : 16,
      style: c.format === "datetime" ? { numFmt: "dd mmm yyyy hh:mm" } : c.format === "date" ? { numFmt: "dd mmm yyyy" } : c.key === "value" ? { numFmt: "#,##0" } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    for await (const rows of chunks) {
      for (const row of rows) {
        const values: Record<string, unknown> = {};
        for (const c of columns) {
          const v = row[c.key];
          if (v === null || v === undefined) values[c.key] = null;
          else if (c.format === "datetime" || c.format === "date") values[c.key] = new Date(c.format === "date" ? `${v}T00:00:00Z` : String(v));
          else if (c.format === "number" && numberText(v) !== null) values[c.key] = Number(v);
          else values[c.key] = defuseFormula(cellText(c, v));
        }
        sheet.addRow(values).commit();
        n++;
      }
    }
    sheet.commit();
  }
  await wb.commit();
  return n;
}

/** Starts writing in the background; the returned stream is the response body. */
export function exportStream(format: ExportFormat, columns: ExportColumn[], chunks: AsyncIterable<Row[]>, onError: (err: unknown) => void): PassThrough {
  const out = new PassThrough();
  const job = format === "csv" ? writeCsv(out, columns, chunks) : writeXlsx(out, columns, chunks);
  job.catch((err) => {
    onError(err);
    out.destroy(err as Error);
  });
  return out;
}
