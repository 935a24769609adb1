// A small XLSX writer for the demo workbooks (bills of quantities): one or more sheets of
// text and numbers, a bold header row, column widths, amounts formatted with two decimals and
// total rows as SUM formulas with their cached values. The package is a deflated zip built here
// (no async zip library), deterministic: fixed timestamps, so the same seed gives the same bytes.
import { crc32, deflateRawSync } from "node:zlib";

export type Cell = string | number | null | { sum: string; value: number };

export interface Sheet {
  name: string;
  /** Column widths in characters. */
  widths: number[];
  /** The first row is the header (bold). */
  rows: Cell[][];
  /** Zero-based columns shown as amounts (#,##0.00). */
  amountColumns?: number[];
}

const xml = (s: string) =>
  s.replace(/[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd]/g, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function columnName(i: number): string {
  let s = "";
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

// Styles: 0 normal, 1 bold, 2 amount, 3 bold amount.
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="#,##0.00"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/></cellXfs></styleSheet>`;

function sheetXml(s: Sheet): string {
  const amount = new Set(s.amountColumns ?? []);
  const rows = s.rows.map((row, r) => {
    const cells = row.map((v, c) => {
      if (v === null || v === "") return "";
      const ref = `${columnName(c)}${r + 1}`;
      const bold = r === 0 || (typeof v === "object" && v !== null);
      const style = amount.has(c) && r > 0 ? (bold ? 3 : 2) : bold ? 1 : 0;
      const st = style ? ` s="${style}"` : "";
      if (typeof v === "number") return `<c r="${ref}"${st}><v>${v}</v></c>`;
      if (typeof v === "object") return `<c r="${ref}"${st}><f>${v.sum}</f><v>${v.value}</v></c>`;
      return `<c r="${ref}"${st} t="inlineStr"><is><t xml:space="preserve">${xml(v)}</t></is></c>`;
    });
    return `<row r="${r + 1}">${cells.join("")}</row>`;
  });
  const cols = s.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData>${rows.join("")}</sheetData></worksheet>`;
}

/** The parts that depend only on the sheet names: built and deflated once per set of names. */
const packageParts = new Map<string, ZipEntry[]>();

function partsFor(names: string[]): ZipEntry[] {
  const key = names.join("\u0000");
  let parts = packageParts.get(key);
  if (parts) return parts;
  const ns = "http://schemas.openxmlformats.org";
  const files: [string, string][] = [
    ["[Content_Types].xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${names.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join("")}</Types>`],
    ["_rels/.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    ["xl/workbook.xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets>${names.map((n, i) => `<sheet name="${xml(n.slice(0, 31))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("")}</sheets></workbook>`],
    ["xl/_rels/workbook.xml.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="${ns}/package/2006/relationships">${names.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join("")}<Relationship Id="rId${names.length + 1}" Type="${ns}/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`],
    ["xl/styles.xml", STYLES],
  ];
  parts = files.map(([name, text]) => zipEntry(name, Buffer.from(text, "utf8")));
  if (packageParts.size < 16) packageParts.set(key, parts);
  return parts;
}

/** The workbook as the bytes of an .xlsx file. */
export function xlsxWorkbook(sheets: Sheet[]): Buffer {
  const sheetParts = sheets.map((s, i) => zipEntry(`xl/worksheets/sheet${i + 1}.xml`, Buffer.from(sheetXml(s), "utf8")));
  return zipArchive([...partsFor(sheets.map((s) => s.name)), ...sheetParts]);
}

// 1 January 2024 00:00 in MS-DOS form: fixed, so the bytes depend on the content only.
const DOS_TIME = 0;
const DOS_DATE = ((2024 - 1980) << 9) | (1 << 5) | 1;

export interface ZipEntry {
  name: Buffer;
  crc: number;
  size: number;
  data: Buffer;
}

/** One file of a zip, deflated (fast level: these are small and written by the thousand). */
export function zipEntry(name: string, data: Buffer): ZipEntry {
  return { name: Buffer.from(name, "utf8"), crc: crc32(data), size: data.length, data: deflateRawSync(data, { level: 1 }) };
}

/** A zip (deflate) of the given files, written in one pass. */
export function zipFiles(files: [string, Buffer][]): Buffer {
  return zipArchive(files.map(([name, data]) => zipEntry(name, data)));
}

function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name: nameBuf, crc, size, data: z } of entries) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(z.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(z.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, z);
    centrals.push(central, nameBuf);
    offset += local.length + nameBuf.length + z.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
