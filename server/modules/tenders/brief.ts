// tender/ai-detail/{id}/: a structured brief of a tender — scope, eligibility (turnover,
// experience), key dates (pre-bid, EMD, closing), EMD and fee, value — each point citing the
// passage or field it came from.
//   Offline (always available): the tender's title, description, corrigenda and document texts
//   are split into sentences (rag.ts) and clauses (at ';'); each point's rule picks the passages
//   that state it, and the structured fields (value, EMD, fee, dates) are points of their own, cited as fields.
//   With an OpenAI-compatible model configured (LLM_BASE_URL, LLM_API_KEY) each section is asked
//   of the model over the same numbered passages; an answer must cite them ([n]). Any failure
//   (network, timeout, no citation in any section) gives the offline brief instead.
import type { BriefCitation, BriefPoint, BriefSection } from "../../../common/tenders.js";
import { CRORE, LAKH } from "../../../common/constants.js";
import type { Queryable } from "../../db/client.js";
import { llmAnswer, type LlmOptions } from "../ai/llm.js";
import { sentences, type Passage } from "../ai/rag.js";
import type { TenderRecord } from "./detail-queries.js";

export const SECTIONS: BriefSection[] = ["scope", "eligibility", "key_dates", "emd_and_fee", "value"];
const MAX_QUOTE = 400;
const MAX_SENTENCES_PER_POINT = 2;

interface TextPassage {
  citation: Omit<BriefCitation, "quote">;
  text: string;
}

/** Sentences, and the clauses of a sentence that lists several facts ('Estimated cost ₹X; EMD ₹Y; period 12 months.'). */
function passagesOf(text: string): string[] {
  return sentences(text).flatMap((s) => s.text.split(/;\s+/).map((c) => c.trim()).filter((c) => c.length > 1));
}

/** Every sentence (or clause) of the tender's texts, with where it came from. */
export async function tenderPassages(db: Queryable, t: TenderRecord): Promise<TextPassage[]> {
  const [docs, corr] = await Promise.all([
    db.query<{ id: number; file_name: string; body_text: string }>(`SELECT id, file_name, body_text FROM tender_documents WHERE tender_id = $1 AND body_text <> '' ORDER BY id`, [t.id]),
    db.query<{ id: number; title: string; description: string }>(`SELECT id, title, description FROM tender_corrigenda WHERE tender_id = $1 ORDER BY published_date, id`, [t.id]),
  ]);
  const out: TextPassage[] = [{ citation: { source: "title", source_id: null, source_name: "Title" }, text: t.title }];
  for (const s of passagesOf(t.description)) out.push({ citation: { source: "description", source_id: null, source_name: "Description" }, text: s });
  for (const c of corr.rows) {
    for (const s of passagesOf(`${c.title}. ${c.description}`)) out.push({ citation: { source: "corrigendum", source_id: Number(c.id), source_name: c.title }, text: s });
  }
  for (const d of docs.rows) {
    for (const s of passagesOf(d.body_text)) out.push({ citation: { source: "document", source_id: Number(d.id), source_name: d.file_name }, text: s });
  }
  return out;
}

const quote = (s: string) => (s.length > MAX_QUOTE ? `${s.slice(0, MAX_QUOTE - 1)}…` : s);

/** ₹12,34,500 (12.35 Lakh) */
export function rupees(v: number): string {
  const grouped = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 }).format(v);
  const short = v >= CRORE ? ` (${(v / CRORE).toFixed(2)} Crore)` : v >= LAKH ? ` (${(v / LAKH).toFixed(2)} Lakh)` : "";
  return `₹${grouped}${short}`;
}

/** 15 Jan, 2025, 03:00 PM IST */
export function istDateTime(isoText: string): string {
  const d = new Date(isoText);
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Kolkata", day: "2-digit", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: true,
  }).formatToParts(d);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("day")} ${get("month")}, ${get("year")}, ${get("hour")}:${get("minute")} ${get("dayPeriod").toUpperCase()} IST`;
}

interface Rule {
  section: BriefSection;
  label: string;
  /** A sentence states the point when it matches. */
  pattern: RegExp;
  /** The structured field the point also comes from. */
  field?: { name: keyof TenderRecord; label: string; format: (v: never) => string };
  /** Sources the rule reads (default: all but the title). */
  sources?: BriefCitation["source"][];
}

const money = (v: number) => rupees(Number(v));
const RULES: Rule[] = [
  { section: "scope", label: "Scope of work", pattern: /.^/, sources: ["title"] },
  {
    section: "scope", label: "Work description",
    pattern: /\b(scope of (the )?work|work comprises|works? (include|includes|consist|consists)|invites?\b.*\bbids?\b.*\bfor\b|the work of|supply(ing)?,? (installation|and)|construction of)/i,
  },
  { section: "scope", label: "Completion period", pattern: /\b(period of completion|completion period|time (allowed )?for completion|time of completion|to be completed within|completion time)\b/i },
  { section: "eligibility", label: "Minimum turnover", pattern: /\bturn-?over\b/i },
  { section: "eligibility", label: "Similar work experience", pattern: /\b(similar (nature of )?works?|experience|successfully completed|completed (at least|minimum))\b/i },
  { section: "eligibility", label: "Registration", pattern: /\b(registered (with|as|in)|registration (with|as|in)|class [a-z0-9-]+ contractor|enlist(ed|ment))\b/i },
  {
    section: "key_dates", label: "Pre-bid meeting", pattern: /\bpre-?\s?bid\b/i,
    field: { name: "prebid_date", label: "Pre-bid date", format: (v: string) => istDateTime(v) },
  },
  { section: "key_dates", label: "EMD submission", pattern: /\b(emd|earnest money|bid security)\b.*\b(on or before|before|last date|not later than|by \d)/i },
  {
    section: "key_dates", label: "Bid closing", pattern: /\b(last date|due date|closing date|bid submission (end|closing)|submission of bids?)\b/i,
    field: { name: "closing_date", label: "Closing date", format: (v: string) => istDateTime(v) },
  },
  { section: "key_dates", label: "Bid opening", pattern: /\b(bid opening|opening of (technical |financial )?bids?|bids? will be opened)\b/i, field: { name: "opening_date", label: "Opening date", format: (v: string) => istDateTime(v) } },
  { section: "key_dates", label: "Date changes", pattern: /\b(extend(ed)?|extension|revised (date|schedule)|postponed)\b/i, sources: ["corrigendum"] },
  { section: "emd_and_fee", label: "EMD", pattern: /\b(emd|earnest money|bid security)\b/i, field: { name: "emd", label: "EMD", format: money } },
  { section: "emd_and_fee", label: "Tender fee", pattern: /\b(tender fee|document fee|cost of (the )?(tender|bid) document|tender processing fee|bid fee)\b/i, field: { name: "tender_fee", label: "Tender fee", format: money } },
  {
    section: "value", label: "Estimated value", pattern: /\b(estimated (cost|value)|approximate (cost|value)|cost put to tender|tender value|estimate of)\b/i,
    field: { name: "value", label: "Estimated value", format: money },
  },
];

const DEFAULT_SOURCES: BriefCitation["source"][] = ["description", "corrigendum", "document"];

/** The brief by rules alone. */
export function extractBrief(t: TenderRecord, passages: TextPassage[]): { points: BriefPoint[]; missing: BriefSection[] } {
  const points: BriefPoint[] = [];
  for (const rule of RULES) {
    const sources = rule.sources ?? DEFAULT_SOURCES;
    const hits = passages.filter((p) => sources.includes(p.citation.source) && (p.citation.source === "title" || rule.pattern.test(p.text))).slice(0, MAX_SENTENCES_PER_POINT);
    const citations: BriefCitation[] = [];
    let text: string | null = null;
    const fieldValue = rule.field ? (t[rule.field.name] as unknown) : null;
    if (rule.field && fieldValue !== null && fieldValue !== undefined) {
      text = rule.field.format(fieldValue as never);
      citations.push({ source: "field", source_id: null, source_name: rule.field.label, quote: String(fieldValue) });
    }
    for (const h of hits) citations.push({ ...h.citation, quote: quote(h.text) });
    if (!citations.length) continue;
    points.push({ section: rule.section, label: rule.label, text: text ?? quote(hits[0].text), citations });
  }
  return { points, missing: SECTIONS.filter((s) => !points.some((p) => p.section === s)) };
}

const QUESTIONS: Record<BriefSection, [string, string]> = {
  scope: ["Scope of work", "What is the scope of work of this tender, and its period of completion?"],
  eligibility: ["Eligibility", "What must a bidder meet to be eligible: minimum annual turnover and similar work experience?"],
  key_dates: ["Key dates", "What are the key dates: pre-bid meeting, EMD submission, bid closing and bid opening?"],
  emd_and_fee: ["EMD and fee", "What are the EMD (earnest money deposit) and the tender fee?"],
  value: ["Estimated value", "What is the estimated value or cost of the work?"],
};

/** The brief by the model: one point per section it could answer with citations. Throws on any failure. */
export async function llmBrief(opts: LlmOptions, t: TenderRecord, passages: TextPassage[]): Promise<{ points: BriefPoint[]; missing: BriefSection[] }> {
  // The fields as passages too, so the model can cite them.
  const fieldLines: TextPassage[] = RULES.filter((r) => r.field && t[r.field.name] !== null).map((r) => ({
    citation: { source: "field", source_id: null, source_name: r.field!.label },
    text: `${r.field!.label}: ${r.field!.format(t[r.field!.name] as never)}`,
  }));
  const all = [...fieldLines, ...passages].slice(0, 80);
  const asPassages: Passage[] = all.map((p) => ({ source: p.citation.source === "field" ? "field" : "document", title: p.citation.source_name, passage: p.text, start: 0, end: p.text.length }));
  const answers = await Promise.all(
    SECTIONS.map(async (section) => {
      const [label, question] = QUESTIONS[section];
      const raw = await llmAnswer(opts, `${question} (Tender: ${t.title})`, asPassages);
      if (!/\[\d+\]/.test(raw.answer)) return null; // uncited: the model found nothing it could ground
      const citations = raw.citations.map((c) => {
        const p = all[asPassages.indexOf(c)];
        return { ...p.citation, quote: quote(p.text) };
      });
      return { section, label, text: raw.answer, citations } as BriefPoint;
    }),
  );
  const points = answers.filter((p): p is BriefPoint => p !== null);
  if (!points.length) throw new Error("the model cited nothing");
  return { points, missing: SECTIONS.filter((s) => !points.some((p) => p.section === s)) };
}

export async function tenderBrief(db: Queryable, t: TenderRecord, llm: LlmOptions | null, onLlmError: (err: unknown) => void) {
  const passages = await tenderPassages(db, t);
  if (llm) {
    try {
      return { generated_by: "llm" as const, ...(await llmBrief(llm, t, passages)) };
    } catch (err) {
      onLlmError(err);
    }
  }
  return { generated_by: "extraction" as const, ...extractBrief(t, passages) };
}
