// tender/download_zip/{id}: the tender's documents as one zip, streamed. Each document goes in
// as the bytes the database holds (a demo file: rendered from its recipe), else its extracted text (.txt), else an internet shortcut
// to where it is published (.url, http(s) addresses only); tender.txt summarises every field and corrigenda.txt lists
// the corrigenda. Document bytes are read one document at a time, as the zip reaches them.
import { Readable } from "node:stream";
import yazl from "yazl";
import { safeWebUrl } from "../../../common/urls.js";
import type { Queryable } from "../../db/client.js";
import { renderTenderFile, type TenderFileRecipe } from "../../ingest/tender-files.js";
import type { TenderRecord } from "./detail-queries.js";

interface DocMeta {
  id: number;
  file_name: string;
  url: string | null;
  has_content: boolean;
  has_text: boolean;
  /** A demo file held as what it is made from: rendered here (tender-files.ts). */
  recipe: TenderFileRecipe | null;
}

/** A safe file name inside the zip: no folders, no control characters, unique. */
export function zipEntryName(raw: string, taken: Set<string>): string {
  let name = raw.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, "_").replace(/^[.\s]+/, "").trim().slice(0, 150) || "document";
  if (taken.has(name.toLowerCase())) {
    const dot = name.lastIndexOf(".");
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let n = 2;
    while (taken.has(`${stem} (${n})${ext}`.toLowerCase())) n++;
    name = `${stem} (${n})${ext}`;
  }
  taken.add(name.toLowerCase());
  return name;
}

const line = (label: string, v: unknown) => `${label}: ${v === null || v === undefined || v === "" ? "Not Specified" : String(v)}`;

export function tenderSummaryText(t: TenderRecord): string {
  return [
    t.title,
    "",
    line("Tender ID", t.id),
    line("Portal Tender ID", t.portal_tender_id),
    line("Reference", t.reference),
    line("Organisation", t.org_name),
    line("Department", t.department),
    line("Status", t.tender_status),
    line("Corrigendum", t.is_corrigendum ? "Yes" : "No"),
    line("Category", t.category),
    line("Tender type", t.tender_type),
    line("Estimated value (Rs)", t.value),
    line("EMD (Rs)", t.emd),
    line("Tender fee (Rs)", t.tender_fee),
    line("Published", t.published_date),
    line("Pre-bid meeting", t.prebid_date),
    line("Closing date", t.closing_date),
    line("Bid opening", t.opening_date),
    line("Location", [t.city, t.district, t.state, t.pincode].filter(Boolean).join(", ")),
    line("Source", t.source),
    line("Source URL", t.source_url),
    "",
    "Description:",
    t.description || "Not Specified",
    "",
  ].join("\r\n");
}

/** The zip as a readable stream; `names` (optional) receives the entry names in order. */
export async function tenderZip(db: Queryable, tender: TenderRecord, names: string[] = []): Promise<NodeJS.ReadableStream> {
  const [docs, corrigenda] = await Promise.all([
    db.query<DocMeta>(
      `SELECT id, file_name, url, content IS NOT NULL AS has_content, body_text <> '' AS has_text, recipe FROM tender_documents WHERE tender_id = $1 ORDER BY id`,
      [tender.id],
    ),
    db.query<{ title: string; description: string; published_date: Date }>(
      `SELECT title, description, published_date FROM tender_corrigenda WHERE tender_id = $1 ORDER BY published_date, id`,
      [tender.id],
    ),
  ]);
  const zip = new yazl.ZipFile();
  const taken = new Set<string>();
  const add = (name: string, buf: Buffer) => {
    names.push(name);
    zip.addBuffer(buf, name);
  };
  add(zipEntryName("tender.txt", taken), Buffer.from(tenderSummaryText(tender), "utf8"));
  if (corrigenda.rows.length) {
    const text = corrigenda.rows.map((c, i) => `${i + 1}. ${c.title} (${c.published_date.toISOString()})\r\n${c.description}`).join("\r\n\r\n");
    add(zipEntryName("corrigenda.txt", taken), Buffer.from(text + "\r\n", "utf8"));
  }
  for (const d of docs.rows) {
    if (d.recipe && !d.has_content) add(`documents/${zipEntryName(d.file_name, taken)}`, renderTenderFile(d.recipe, tender));
    else if (d.has_content || d.has_text) {
      const name = `documents/${zipEntryName(d.has_content ? d.file_name : `${d.file_name}.txt`, taken)}`;
      names.push(name);
      // Read when the zip gets to it: one document's bytes in memory at a time.
      const body = Readable.from(
        (async function* () {
          const r = await db.query<{ content: Uint8Array | null; body_text: string }>(`SELECT content, body_text FROM tender_documents WHERE id = $1`, [d.id]);
          const row = r.rows[0];
          yield row?.content ? Buffer.from(row.content) : Buffer.from(row?.body_text ?? "", "utf8");
        })(),
        { objectMode: false },
      );
      zip.addReadStream(body, name);
    } else if (safeWebUrl(d.url)) {
      // Only http(s), never a line break: a shortcut to file:, javascript: or a UNC path, or one
      // with extra lines (IconFile=…), would run or fetch something when the file is opened.
      add(`documents/${zipEntryName(`${d.file_name}.url`, taken)}`, Buffer.from(`[InternetShortcut]\r\nURL=${d.url}\r\n`, "utf8"));
    }
  }
  zip.end();
  return zip.outputStream;
}
