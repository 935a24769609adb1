// 'Ask about this lead': retrieval over the lead's own fields and documents, then extraction.
//   1. Passages: each field of the lead as a line of a field summary, each sentence of the
//      description and of each document, and each extracted specification — every passage
//      knows its source, title and character offsets in the text it came from.
//   2. Ranking in PostgreSQL: the question's stemmed terms (any of them) against each passage's
//      to_tsvector, ranked by ts_rank normalised by length; all text goes in as parameters.
//   3. Extraction: the best passages (within half of the best score, at most three) are the
//      answer, each followed by its citation number.
import type { Queryable } from "../../db/client.js";
import { CRORE, LAKH } from "../../../common/constants.js";
import { parseProjectType } from "../../../common/project-type.js";
import type { ProjectRow } from "../projects/detail-queries.js";

export interface Passage {
  source: "document" | "field";
  title: string;
  passage: string;
  start: number;
  end: number;
}

export interface DocumentText {
  title: string;
  body: string;
  specs: unknown;
}

export const NO_ANSWER = "This lead's fields and documents do not say.";
export const MAX_ANSWER_PASSAGES = 3;

/** Sentences of a text with their offsets ('3.15 m' and 'Rs. 5' do not end a sentence). */
export function sentences(text: string): { text: string; start: number; end: number }[] {
  const out: { text: string; start: number; end: number }[] = [];
  const push = (from: number, to: number) => {
    const raw = text.slice(from, to);
    const t = raw.trim();
    if (t.length < 2) return;
    const s = from + (raw.length - raw.trimStart().length);
    out.push({ text: t, start: s, end: s + t.length });
  };
  let from = 0;
  for (const m of text.matchAll(/[.!?]+(?=\s|$)|\n+/g)) {
    const at = m.index ?? 0;
    const to = m[0].startsWith("\n") ? at : at + m[0].length;
    push(from, to);
    from = at + m[0].length;
  }
  push(from, text.length);
  return mergeAbbreviations(out, text);
}

// 'Rs.' 'No.' 'approx.' and single capitals ('M. Patel') followed by more text are not sentence ends.
const ABBREV = /\b(?:rs|no|nos|approx|sq|ft|mr|mrs|ms|dr|st|co|ltd|pvt|inc|vs|etc|[a-z])\.$/i;
function mergeAbbreviations(parts: { text: string; start: number; end: number }[], text: string) {
  const out: typeof parts = [];
  for (const p of parts) {
    const prev = out[out.length - 1];
    if (prev && ABBREV.test(prev.text) && text.slice(prev.end, p.start).trim() === "") {
      prev.end = p.end;
      prev.text = text.slice(prev.start, prev.end);
    } else out.push({ ...p });
  }
  return out;
}

function rupees(v: number | null): string | null {
  if (v == null) return null;
  if (v >= CRORE) return `₹${(v / CRORE).toFixed(2).replace(/\.?0+$/, "")} crore`;
  if (v >= LAKH) return `₹${(v / LAKH).toFixed(2).replace(/\.?0+$/, "")} lakh`;
  return `₹${v}`;
}

/** The lead's fields as labelled lines: one passage each, offsets into the summary text. */
export function fieldPassages(p: ProjectRow): Passage[] {
  const types = parseProjectType(p.project_type);
  const lines: [string, string | null | undefined][] = [
    ["Title", p.title],
    ["Status", p.status],
    ["Stage", p.stage],
    ["Category", p.category],
    ["Sector", p.sector],
    ["Project type", types.join(", ") || null],
    ["Project value (cost)", rupees(p.value)],
    ["Location", [p.address, p.city, p.district, p.state, p.pincode].filter(Boolean).filter((x, i, a) => a.indexOf(x) === i).join(", ") || null],
    ["Owner (promoter, developer)", p.owner_company_name ?? p.owner_name],
    ["Architect (consultant)", p.architect_company_name],
    ["Contractor", p.contractor_company_name],
    ["Start date", p.start_date],
    ["Completion date", p.completion_date],
    ["Built-up area", p.area_sq_ft ? `${p.area_sq_ft} sq ft` : null],
    ["Ownership", p.ownership],
    ["Keywords", (p.keywords ?? []).join(", ") || null],
    ["Source", p.source],
  ];
  const out: Passage[] = [];
  let offset = 0;
  for (const [label, value] of lines) {
    if (!value) continue;
    const line = `${label}: ${value}`;
    out.push({ source: "field", title: label, passage: line, start: offset, end: offset + line.length });
    offset += line.length + 1; // the summary is the lines joined by '\n'
  }
  for (const s of sentences(p.description ?? "")) out.push({ source: "field", title: "Description", passage: s.text, start: s.start, end: s.end });
  return out;
}

/** Each document's sentences, and its extracted specifications as 'Item: spec' lines. */
export function documentPassages(docs: DocumentText[]): Passage[] {
  const out: Passage[] = [];
  for (const d of docs) {
    for (const s of sentences(d.body ?? "")) out.push({ source: "document", title: d.title, passage: s.text, start: s.start, end: s.end });
    const specs = Array.isArray(d.specs) ? d.specs : [];
    let offset = 0;
    for (const s of specs) {
      if (!s || typeof s !== "object") continue;
      const { item, spec } = s as { item?: unknown; spec?: unknown };
      if (!item && !spec) continue;
      const line = `${item ?? "Specification"}: ${spec ?? ""}`.trim();
      out.push({ source: "document", title: `${d.title} (specifications)`, passage: line, start: offset, end: offset + line.length });
      offset += line.length + 1;
    }
  }
  return out;
}

/**
 * Ranks passages against the question in SQL: any of the question's stemmed terms, ts_rank
 * normalised by passage length. Answers [index, rank] for matching passages, best first.
 */
export async function rankPassages(db: Queryable, question: string, passages: Passage[], limit = 8): Promise<{ index: number; rank: number }[]> {
  if (!passages.length) return [];
  const { rows } = await db.query<{ idx: number; rank: number }>(
    `WITH q AS (
       SELECT to_tsquery('simple', string_agg('''' || l || '''', ' | ')) AS q
         FROM unnest(tsvector_to_array(to_tsvector('english', $1))) AS l
        WHERE l ~ '^[[:alnum:]]+$'
     )
     SELECT (t.i - 1)::int AS idx, ts_rank(to_tsvector('english', t.p), q.q, 1)::float8 AS rank
       FROM unnest($2::text[]) WITH ORDINALITY AS t(p, i), q
      WHERE q.q IS NOT NULL AND to_tsvector('english', t.p) @@ q.q
      ORDER BY rank DESC, t.i
      LIMIT $3`,
    [question, passages.map((p) => `${p.title}. ${p.passage}`), limit],
  );
  return rows.map((r) => ({ index: Number(r.idx), rank: Number(r.rank) }));
}

/** The extractive answer: the best passages, each followed by its citation number. */
export function extractAnswer(passages: Passage[], ranked: { index: number; rank: number }[]): { answer: string; citations: Passage[] } {
  if (!ranked.length) return { answer: NO_ANSWER, citations: [] };
  const best = ranked[0].rank;
  const chosen = ranked.filter((r) => r.rank >= best * 0.5).slice(0, MAX_ANSWER_PASSAGES).map((r) => passages[r.index]);
  const answer = chosen.map((p, i) => `${p.passage.replace(/[.!?]+$/, "")} [${i + 1}].`).join(" ");
  return { answer, citations: chosen };
}
