// Identifiers in the search box: a tender is found by the number people have — the portal's
// Tender ID (GePNIC `2024_PWD_35115_146`, an OCDS tender.id) or its reference / NIT number
// (`PWD/RD/GLT/2026/77`). Full-text search cannot do it: the parser splits such ids into words
// and numbers (or keeps them as one "file path" token) and they are not in the text vector.
//
// So the search text is also compared with the index's identifier columns (IndexDefinition
// .identifiers), case-insensitively: equal to one (exact), or the start of one (prefix). Those
// rows are found besides the text matches and, in relevance order, come first: exact matches,
// then prefix matches, each newest id first; then the text matches by rank. Both paths (SQL and
// the in-memory copy) give the same order.
//
// Each lookup is an index scan: every identifier column has a btree on lower(column) with
// text_pattern_ops (021_portal_tender_id.sql), which serves `=` and a `LIKE 'abc%'` prefix
// whatever the collation. Values are bound parameters; the pattern's %, _ and \ are escaped.
import type { Queryable } from "../db/client.js";
import { Params } from "./sql.js";
import type { IndexDefinition } from "./types.js";
import type { TextMatches } from "./text-matches.js";
import { sharedCopy } from "./shared.js";

/** Longest search text tried as an identifier (longer text is a description, not an id). */
export const MAX_IDENTIFIER_LENGTH = 100;
/** A prefix shorter than this would pick out too many ids to rank first (`20`, `PW`). */
export const MIN_PREFIX_LENGTH = 4;

export interface IdentifierSearch {
  /** The text to compare, as typed (spaces collapsed, surrounding quotes off); lower-cased by SQL. */
  text: string;
  /** Also match ids that start with it. */
  prefix: boolean;
}

/**
 * The identifier a search text may be: one with a digit or an id separator (`/`, `_`, `-`, `.`)
 * somewhere, at most MAX_IDENTIFIER_LENGTH characters; null for plain words ("bridge").
 */
export function identifierSearch(q: string | null): IdentifierSearch | null {
  if (!q) return null;
  const text = q.replace(/\s+/g, " ").trim().replace(/^["']+|["']+$/g, "").trim();
  if (!text || text.length > MAX_IDENTIFIER_LENGTH) return null;
  if (!/[\p{L}\p{N}]/u.test(text) || !/[\p{N}/_.-]/u.test(text)) return null;
  return { text, prefix: text.length >= MIN_PREFIX_LENGTH };
}

/** LIKE's pattern for "starts with text": its own %, _ and \ taken literally. */
export const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => "\\" + c)}%`;

const exactSql = (cols: readonly string[], ident: IdentifierSearch, p: Params) => {
  const text = p.add(ident.text);
  return cols.map((c) => `lower(t.${c}) = lower(${text}::text)`).join(" OR ");
};
// LIKE's default escape is the backslash: no ESCAPE clause, so the planner sees a plain prefix.
const prefixSql = (cols: readonly string[], ident: IdentifierSearch, p: Params) => {
  const pattern = p.add(prefixPattern(ident.text));
  return cols.map((c) => `lower(t.${c}) LIKE lower(${pattern}::text)`).join(" OR ");
};

/** Rows whose identifier equals the text or (when asked) starts with it; null when the index has none. */
export function identifierWhere(def: IndexDefinition, ident: IdentifierSearch, p: Params): string | null {
  const cols = def.identifiers ?? [];
  if (!cols.length) return null;
  return `(${ident.prefix ? prefixSql(cols, ident, p) : exactSql(cols, ident, p)})`;
}

/** 2 for an exact match, 1 for a prefix match, 0 otherwise; null when the index has no identifiers. */
export function identifierRank(def: IndexDefinition, ident: IdentifierSearch, p: Params): string | null {
  const cols = def.identifiers ?? [];
  if (!cols.length) return null;
  const exact = `WHEN ${exactSql(cols, ident, p)} THEN 2`;
  return `(CASE ${exact} ${ident.prefix ? `WHEN ${prefixSql(cols, ident, p)} THEN 1 ` : ""}ELSE 0 END)`;
}

/** Positions (in the in-memory copy) of the rows an identifier search finds, each newest id first. */
export interface IdentifierMatches {
  exact: Int32Array;
  prefix: Int32Array;
}

/** The rows an identifier search finds, as positions of the in-memory copy (rows it lacks left out). */
export async function identifierMatches(db: Queryable, def: IndexDefinition, ident: IdentifierSearch, position: (id: number) => number): Promise<IdentifierMatches> {
  const p = new Params();
  const rank = identifierRank(def, ident, p);
  const where = identifierWhere(def, ident, p);
  if (!rank || !where) return { exact: new Int32Array(0), prefix: new Int32Array(0) };
  const r = await db.query<{ id: number; rank: number }>(`SELECT t.id, ${rank} AS rank FROM ${def.table} t WHERE ${where} ORDER BY t.id DESC`, p.values);
  const exact: number[] = [];
  const prefix: number[] = [];
  for (const row of r.rows) {
    const at = position(Number(row.id));
    if (at >= 0) (Number(row.rank) === 2 ? exact : prefix).push(at);
  }
  return { exact: Int32Array.from(exact), prefix: Int32Array.from(prefix) };
}

/**
 * Text matches joined with identifier matches: every row either finds, and (when ranked) the
 * exact matches first, then the prefix matches, then the remaining text matches in their order.
 */
export function withIdentifiersFirst(text: TextMatches, ids: IdentifierMatches): TextMatches {
  if (!ids.exact.length && !ids.prefix.length) return text;
  const firstList = Int32Array.from([...ids.exact, ...ids.prefix]);
  const first = new Set<number>(firstList);
  const positions = sharedCopy(Int32Array, [...first, ...text.positions.filter((p) => !first.has(p))]);
  return { positions, relevance: text.relevance && text.relevance.withFirst(firstList) };
}
