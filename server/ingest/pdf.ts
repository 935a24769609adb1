// A small PDF writer for the demo documents (tender notices, corrigenda): A4 pages of
// Helvetica text, headings and label/value rows, content streams deflated, with a correct
// cross-reference table so every reader opens them. No library in the project writes PDF, and
// the seed must stay fast: one notice takes well under a millisecond.
import { deflateSync } from "node:zlib";

export type PdfBlock =
  | { kind: "title"; text: string }
  | { kind: "heading"; text: string }
  | { kind: "text"; text: string }
  | { kind: "row"; label: string; value: string }
  | { kind: "gap" };

const PAGE_W = 595;
const PAGE_H = 842;
const MARGIN = 50;
const VALUE_X = 210;

/** Text a standard font can show (WinAnsi): the rupee sign as Rs., other non-Latin-1 dropped. */
export function pdfSafe(s: string): string {
  return s.replace(/₹\s?/g, "Rs. ").replace(/[–—]/g, "-").replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[^\x20-\x7e\xa0-\xff]/g, "");
}

function escape(s: string): string {
  return pdfSafe(s).replace(/\\/g, "\\\\").replace(/\(/g, "\\(").replace(/\)/g, "\\)");
}

/** Splits text into lines of at most `chars` characters, at spaces. */
function wrap(text: string, chars: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (!word) continue;
    if (line && line.length + 1 + word.length > chars) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
    while (line.length > chars) {
      out.push(line.slice(0, chars));
      line = line.slice(chars);
    }
  }
  if (line) out.push(line);
  return out.length ? out : [""];
}

interface Op {
  font: "F1" | "F2";
  size: number;
  x: number;
  text: string;
  /** Space taken below the previous line before this one. */
  lead: number;
}

/** Lays the blocks out as positioned lines (widths estimated from Helvetica's average glyph). */
function layout(blocks: PdfBlock[]): Op[] {
  const ops: Op[] = [];
  const fullChars = (size: number) => Math.floor((PAGE_W - 2 * MARGIN) / (size * 0.5));
  for (const b of blocks) {
    if (b.kind === "gap") ops.push({ font: "F1", size: 10, x: MARGIN, text: "", lead: 6 });
    else if (b.kind === "title") wrap(b.text, fullChars(14)).forEach((t, i) => ops.push({ font: "F2", size: 14, x: MARGIN, text: t, lead: i ? 17 : 20 }));
    else if (b.kind === "heading") wrap(b.text, fullChars(11)).forEach((t, i) => ops.push({ font: "F2", size: 11, x: MARGIN, text: t, lead: i ? 14 : 20 }));
    else if (b.kind === "text") wrap(b.text, fullChars(10)).forEach((t) => ops.push({ font: "F1", size: 10, x: MARGIN, text: t, lead: 13 }));
    else {
      const valueChars = Math.floor((PAGE_W - MARGIN - VALUE_X) / 5);
      wrap(b.value || "-", valueChars).forEach((t, i) => {
        if (i === 0) ops.push({ font: "F2", size: 9.5, x: MARGIN, text: b.label, lead: 14 });
        ops.push({ font: "F1", size: 10, x: VALUE_X, text: t, lead: i === 0 ? 0 : 13 });
      });
    }
  }
  return ops;
}

/** Page content streams: lines placed top-down, a new page when one is full, page numbers. */
function pages(ops: Op[], footer: string): string[] {
  const out: string[] = [];
  let cur: string[] = [];
  let y = PAGE_H - MARGIN;
  const finish = () => {
    const n = out.length + 1;
    cur.push(`BT /F1 8 Tf ${MARGIN} 30 Td (${escape(`${footer}  -  Page ${n}`)}) Tj ET`);
    out.push(cur.join("\n"));
    cur = [];
    y = PAGE_H - MARGIN;
  };
  for (const op of ops) {
    if (y - op.lead < MARGIN + 20) finish();
    y -= op.lead;
    if (op.text) cur.push(`BT /${op.font} ${op.size} Tf ${op.x} ${y.toFixed(1)} Td (${escape(op.text)}) Tj ET`);
  }
  finish();
  return out;
}

/** A complete PDF file: info title, the blocks on as many A4 pages as they need. */
export function pdfDocument(title: string, blocks: PdfBlock[], footer = title): Buffer {
  const contents = pages(layout(blocks), footer.slice(0, 90));
  const objects: Buffer[] = [];
  const obj = (body: string | Buffer) => objects.push(typeof body === "string" ? Buffer.from(body, "latin1") : body);
  const n = contents.length;
  // 1 catalog, 2 page tree, 3–4 fonts, 5 info, then a page and its content per page.
  const kids = contents.map((_, i) => `${6 + 2 * i} 0 R`).join(" ");
  obj("<< /Type /Catalog /Pages 2 0 R >>");
  obj(`<< /Type /Pages /Kids [${kids}] /Count ${n} >>`);
  obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  obj(`<< /Title (${escape(title)}) /Producer (InfraScout demo data) >>`);
  contents.forEach((c, i) => {
    obj(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${7 + 2 * i} 0 R >>`);
    const z = deflateSync(Buffer.from(c, "latin1"), { level: 1 });
    obj(Buffer.concat([Buffer.from(`<< /Length ${z.length} /Filter /FlateDecode >>\nstream\n`, "latin1"), z, Buffer.from("\nendstream", "latin1")]));
  });
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, "latin1"), body, Buffer.from("\nendobj\n", "latin1")]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, "0000000000 65535 f \n", ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)].join("");
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${offset}\n%%EOF\n`, "latin1"));
  return Buffer.concat(parts);
}
