// The file of a team's daily feed: what arrived in (from, to] in each quick search, run by the
// search module as the lister runs it (alerts/new-items.ts), written by the export module.
// CSV: one table for every search, a "Quick search" column first and the columns of every kind of
// item in it, so a CRM imports it in one go. XLSX: one sheet per quick search, its own columns.
// Both carry each item's link, and formulas are defused as in every export.
import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { FEED_MAX_ROWS_PER_SEARCH, type FeedFormat } from "../../../common/team-feed.js";
import { EXPORT_CONTENT_TYPES, writeCsv, writeXlsxSheets } from "../../search/export.js";
import { fetchRows, searchEngine } from "../../search/index.js";
import type { ExportColumn } from "../../search/types.js";
import { newItemParts } from "../alerts/new-items.js";
import { itemLink } from "../reminders/items.js";
import type { SavedSearchRow } from "./queries.js";

type Row = Record<string, unknown>;

export interface FeedSection {
  search: string;
  itemType: string;
  columns: ExportColumn[];
  rows: Row[];
  /** More arrived than the feed carries (FEED_MAX_ROWS_PER_SEARCH). */
  more: boolean;
}

export interface FeedFile {
  filename: string;
  contentType: string;
  content: Buffer;
  rows: number;
  sections: FeedSection[];
  /** Quick searches that could not run (their saved query no longer parses), by name. */
  broken: string[];
}

const LEAD_COLUMNS: ExportColumn[] = [
  { header: "Quick search", key: "quick_search" },
  { header: "Item type", key: "item_type" },
];
const LINK: ExportColumn = { header: "Link", key: "link" };

/** What arrived in each of the owner's quick searches, newest first, as the owner sees it. */
export async function feedSections(app: FastifyInstance, ownerId: number, searches: SavedSearchRow[], from: Date, to: Date) {
  const sections: FeedSection[] = [];
  const broken: string[] = [];
  const searcher = { userId: ownerId };
  for (const search of searches) {
    const made = newItemParts(search, undefined, from, to);
    if ("error" in made) {
      broken.push(search.name);
      continue;
    }
    for (const part of made.parts) {
      const engine = searchEngine(app.db, part.def, (msg, err) => (err ? app.log.error({ err }, msg) : app.log.info(msg)));
      const { ids } = await engine.orderedIds(part.query, searcher, 0, FEED_MAX_ROWS_PER_SEARCH + 1);
      const mark = part.def.exportColumns.some((c) => c.key === "mark");
      const rows = await fetchRows(app.db, part.def, ids.slice(0, FEED_MAX_ROWS_PER_SEARCH), searcher, { mark });
      const link = (id: unknown) => `${app.config.publicUrl}${itemLink(part.itemType, Number(id))}`;
      sections.push({
        search: search.name,
        itemType: part.itemType,
        columns: part.def.exportColumns,
        rows: rows.map((r) => ({ ...r, quick_search: search.name, item_type: part.itemType, link: link(r.id) })),
        more: ids.length > FEED_MAX_ROWS_PER_SEARCH,
      });
    }
  }
  return { sections, broken };
}

/** The sections as one file of the feed's format. */
export async function feedFile(format: FeedFormat, stem: string, sections: FeedSection[], broken: string[]): Promise<FeedFile> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on("data", (b: Buffer) => parts.push(b));
  const ended = new Promise<void>((resolve, reject) => {
    out.on("end", resolve);
    out.on("error", reject);
  });
  const once = <T,>(rows: T[]) => (async function* () {
    yield rows;
  })();
  const rows = sections.reduce((n, s) => n + s.rows.length, 0);
  if (format === "csv") {
    await writeCsv(out, [...LEAD_COLUMNS, ...unionOf(sections), LINK], once(sections.flatMap((s) => s.rows)));
  } else {
    const names = sheetNames(sections.map((s) => s.search));
    await writeXlsxSheets(out, sections.length
      ? sections.map((s, i) => ({ name: names[i], columns: [...s.columns, LINK], chunks: once(s.rows) }))
      : [{ name: "Nothing new", columns: [...LEAD_COLUMNS, LINK], chunks: once([]) }]);
  }
  await ended;
  return { filename: `${stem}.${format}`, contentType: EXPORT_CONTENT_TYPES[format], content: Buffer.concat(parts), rows, sections, broken };
}

/** Every kind's columns once, in the order first met (leads' and tenders' share ID, Title, …). */
function unionOf(sections: FeedSection[]): ExportColumn[] {
  const seen = new Map<string, ExportColumn>();
  for (const s of sections) for (const c of s.columns) if (!seen.has(c.key)) seen.set(c.key, c);
  return [...seen.values()];
}

/** Excel's sheet names: at most 31 characters, none of : \ / ? * [ ], each different. */
export function sheetNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const base = name.replace(/[:\\/?*[\]]/g, " ").trim().slice(0, 31) || "Quick search";
    let candidate = base;
    for (let k = 2; used.has(candidate.toLowerCase()); k++) candidate = `${base.slice(0, 31 - String(k).length - 1)} ${k}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}
