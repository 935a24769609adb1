// Hostile zips and workbooks for tests/api/security-uploads.test.ts, built with yazl and then,
// where a lie is wanted, by rewriting the archive's own size fields and directory.
import crypto from "node:crypto";
import yazl from "yazl";

export function zipOf(entries: { name: string; data: Buffer | string; store?: boolean }[]): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const e of entries) z.addBuffer(Buffer.from(e.data), e.name, { compress: !e.store });
  z.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    z.outputStream.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve(Buffer.concat(chunks))).on("error", reject);
  });
}

interface DirectoryRecord {
  /** Where the record starts in the central directory. */
  at: number;
  length: number;
  name: string;
  localOffset: number;
}

/** The end-of-central-directory record (no archive comment) and the directory's records. */
function directory(zip: Buffer): { eocd: number; start: number; records: DirectoryRecord[] } {
  const eocd = zip.length - 22;
  if (zip.readUInt32LE(eocd) !== 0x06054b50) throw new Error("no end-of-central-directory record");
  const count = zip.readUInt16LE(eocd + 10);
  const start = zip.readUInt32LE(eocd + 16);
  const records: DirectoryRecord[] = [];
  let at = start;
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const length = 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    records.push({ at, length, name: zip.toString("latin1", at + 46, at + 46 + nameLength), localOffset: zip.readUInt32LE(at + 42) });
    at += length;
  }
  return { eocd, start, records };
}

/** The same archive, its directory and local header both declaring `declared` bytes for the entry. */
export function lieAboutSize(zip: Buffer, name: string, declared: number): Buffer {
  const out = Buffer.from(zip);
  const record = directory(out).records.find((r) => r.name === name)!;
  out.writeUInt32LE(declared, record.at + 24);
  out.writeUInt32LE(declared, record.localOffset + 22);
  return out;
}

/** The same archive with `name` left out of its directory: its data stays in the file, unlisted. */
export function hideEntry(zip: Buffer, name: string): Buffer {
  const { eocd, start, records } = directory(zip);
  const kept = records.filter((r) => r.name !== name);
  const dir = Buffer.concat(kept.map((r) => zip.subarray(r.at, r.at + r.length)));
  const end = Buffer.from(zip.subarray(eocd, eocd + 22));
  end.writeUInt16LE(kept.length, 8);
  end.writeUInt16LE(kept.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(start, 16);
  return Buffer.concat([zip.subarray(0, start), dir, end]);
}

const column = (i: number) => {
  let s = "";
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};
const cell = (row: number, col: number, v: string) => `<c r="${column(col)}${row}" t="inlineStr"><is><t>${v}</t></is></c>`;

/** A minimal XLSX (inline strings) whose first sheet holds these rows. */
export function workbook(rows: string[][]): Promise<Buffer> {
  const ns = "http://schemas.openxmlformats.org/";
  const sheetRows = rows.map((cells, r) => `<row r="${r + 1}">${cells.map((v, c) => cell(r + 1, c, v)).join("")}</row>`).join("");
  return zipOf([
    { name: "[Content_Types].xml", data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>` },
    { name: "_rels/.rels", data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}package/2006/relationships"><Relationship Id="rId1" Type="${ns}officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: "xl/workbook.xml", data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}spreadsheetml/2006/main" xmlns:r="${ns}officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    { name: "xl/_rels/workbook.xml.rels", data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}package/2006/relationships"><Relationship Id="rId1" Type="${ns}officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>` },
    { name: "xl/worksheets/sheet1.xml", data: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>` },
  ]);
}

/**
 * The MCA header, `before` rows the importer rejects (no valid CIN), then one row of `columns`
 * random strings of `length` characters: about columns × length bytes of text in one row.
 */
export function wideWorkbook(columns: number, length: number, before: number): Promise<Buffer> {
  const wide = Array.from({ length: columns }, () => crypto.randomBytes(length / 2).toString("hex"));
  const filler = Array.from({ length: before }, (_, i) => [`not-a-cin-${i}`, `Filler ${i}`]);
  return workbook([["CIN", "CompanyName"], ...filler, wide]);
}
