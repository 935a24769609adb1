// The SQL side of search: every condition of a parsed query as parameterised SQL over the
// index's table (alias t). It is the reference implementation (the "SQL path": one GROUP BY
// per facet, OFFSET paging) used while the in-memory cache is cold or switched off, and the
// source of the id sets the cache asks the database for (text search, text wildcards).
// Identifiers come from the index definition only; every user value is a bound parameter.
import type { Queryable } from "../db/client.js";
import { fieldOf, sortDef } from "./fields.js";
import { identifierRank, identifierSearch, identifierWhere } from "./identifiers.js";
import { globToLike } from "./parse.js";
import { parseTsQuery, rankQueryText } from "./tsquery.js";
import type { Condition, FacetOption, FieldDef, FilterGroup, IndexDefinition, SearchQuery, Searcher } from "./types.js";

const DAY_US = 86_400_000_000;

export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/** Epoch microseconds → an ISO instant with all six fraction digits. */
export function usToIso(us: number): string {
  const ms = Math.floor(us / 1000);
  const micro = us - ms * 1000;
  const iso = new Date(ms).toISOString(); // 2024-01-01T00:00:00.123Z
  return `${iso.slice(0, 23)}${String(micro).padStart(3, "0")}Z`;
}

const dayString = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

export { fieldOf };

export function conditionSql(def: IndexDefinition, c: Condition, p: Params): string {
  const field = fieldOf(def, c.field);
  const col = `t.${field.column}`;
  switch (c.kind) {
    case "values":
      if (field.kind === "keywords") return `${col} && ${p.add(c.values)}::text[]`;
      if (field.kind === "boolean") return `${col} = ANY(${p.add(c.values.map((v) => v === "true"))}::boolean[])`;
      return `${col} = ANY(${p.add(c.values)}::text[])`;
    case "wildcard": {
      const like = p.add(globToLike(c.pattern));
      if (field.kind === "keywords") return `EXISTS (SELECT 1 FROM unnest(${col}) AS x(v) WHERE x.v ILIKE ${like} ESCAPE '\\')`;
      return `${col} ILIKE ${like} ESCAPE '\\'`;
    }
    case "present": {
      let has: string;
      if (field.kind === "keywords") has = `EXISTS (SELECT 1 FROM unnest(${col}) AS x(v) WHERE x.v <> '')`;
      else if (field.kind === "keyword" || field.kind === "text") has = `coalesce(${col}, '') <> ''`;
      else has = `${col} IS NOT NULL`;
      return c.present ? has : `NOT (${has})`;
    }
    case "range": {
      const parts: string[] = [];
      if (field.kind === "number") {
        if (c.min !== null) parts.push(`${col} >= ${p.add(c.min)}::numeric`);
        if (c.max !== null) parts.push(`${col} <= ${p.add(c.max)}::numeric`);
      } else if (field.kind === "date") {
        // A date is its 00:00Z instant: D >= min ⇔ D >= ceil(min); D <= max ⇔ D <= floor(max).
        if (c.min !== null) parts.push(`${col} >= ${p.add(dayString(Math.ceil(c.min / DAY_US)))}::date`);
        if (c.max !== null) parts.push(`${col} <= ${p.add(dayString(Math.floor(c.max / DAY_US)))}::date`);
      } else {
        if (c.min !== null) parts.push(`${col} >= ${p.add(usToIso(c.min))}::timestamptz`);
        if (c.max !== null) parts.push(`${col} <= ${p.add(usToIso(c.max))}::timestamptz`);
      }
      return parts.length ? parts.join(" AND ") : `${col} IS NOT NULL`;
    }
  }
}

export const groupSql = (def: IndexDefinition, g: FilterGroup, p: Params) =>
  g.conditions.length === 1 ? conditionSql(def, g.conditions[0], p) : `(${g.conditions.map((c) => `(${conditionSql(def, c, p)})`).join(" OR ")})`;

export const tsQuery = (def: IndexDefinition, p: Params, q: string) => `websearch_to_tsquery('${def.textConfig}', ${p.add(q)})`;

/** q as text (the text vector) or, when it looks like one, as an identifier (identifiers.ts); only the latter when asked. */
function textMatchSql(def: IndexDefinition, q: string, p: Params, identifiersOnly = false): string {
  const ident = identifierSearch(q);
  const id = ident && identifierWhere(def, ident, p);
  if (identifiersOnly) return id ?? "false";
  const text = `t.${def.textVector} @@ ${tsQuery(def, p, q)}`;
  return id ? `${text} OR ${id}` : text;
}

export const personalSql = (sql: string, userRef: string) => sql.replace(/:user\b/g, userRef);

/** The values a group of a personal field asks for (its conditions OR: the union). */
export const personalGroupValues = (g: FilterGroup) => [...new Set(g.conditions.flatMap((c) => (c.kind === "values" ? c.values : [])))];

/** SQL for the ids a personal field's group admits for a user (a parameter reference). */
export function personalIdsSql(def: IndexDefinition, g: FilterGroup, userRef: string, p: Params): string {
  const ids = fieldOf(def, g.field).personalIds;
  if (!ids) throw new Error(`personal field ${g.field} of ${def.name} has no personalIds`);
  return personalSql(ids, userRef).replace(/:values\b/g, `${p.add(personalGroupValues(g))}::text[]`);
}

/** The WHERE clause of a query, leaving out the group of one field (multi-select facets). */
export function whereSql(def: IndexDefinition, query: SearchQuery, searcher: Searcher, p: Params, exceptField?: string): string {
  const parts: string[] = [];
  for (const c of query.base) parts.push(conditionSql(def, c, p));
  if (query.q && def.textVector) parts.push(textMatchSql(def, query.q, p, query.identifiersOnly));
  if (!query.searchAll || query.showUnlocked) {
    const user = p.add(searcher.userId);
    if (!query.searchAll) parts.push(`t.id NOT IN (${personalSql(def.personal.hiddenIds, user)})`);
    if (query.showUnlocked) parts.push(`t.id IN (${personalSql(def.personal.unlockedIds, user)})`);
  }
  for (const g of query.groups) {
    if (g.field === exceptField) continue;
    if (fieldOf(def, g.field).kind === "personal") parts.push(`t.id IN (${personalIdsSql(def, g, p.add(searcher.userId), p)})`);
    else parts.push(groupSql(def, g, p));
  }
  return parts.length ? parts.map((s) => `(${s})`).join(" AND ") : "true";
}

export function orderSql(def: IndexDefinition, query: SearchQuery, p: Params): string {
  const s = (sortDef(def, query.sort) ?? sortDef(def, query.fallbackSort))!;
  if (s.field === "relevance") {
    if (!query.q || !def.textVector) return orderSql(def, { ...query, sort: query.fallbackSort }, p);
    const ident = identifierSearch(query.q);
    // Identifier matches first (exact, then prefix), newest first; then the text matches by rank.
    if (ident && def.identifiers?.length) {
      const rank = identifierRank(def, ident, p);
      if (query.identifiersOnly) return `${rank} DESC, t.id DESC`;
      return `${rank} DESC, CASE WHEN ${rank} = 0 THEN ${rankSql(def, query, p)} END DESC NULLS LAST, t.id DESC`;
    }
    return `${rankSql(def, query, p)} DESC, t.id DESC`;
  }
  return `t.${fieldOf(def, s.field).column} ${s.dir === "asc" ? "ASC" : "DESC"} NULLS LAST, t.id DESC`;
}

/** Relevance: ts_rank against every distinct word of the search, ORed (see text.ts). */
export function rankSql(def: IndexDefinition, query: SearchQuery, p: Params): string {
  if (query.tsquery === undefined) throw new Error("relevance needs the query's tsquery (SearchEngine resolves it)");
  const tree = parseTsQuery(query.tsquery);
  if (!tree) throw new Error("relevance needs searchable words");
  return `ts_rank(t.${def.textVector}, ${p.add(rankQueryText(tree))}::tsquery)`;
}

/** websearch_to_tsquery's text of q: '' when q has no searchable words (only stop words or punctuation). */
export async function tsqueryText(db: Queryable, def: IndexDefinition, q: string): Promise<string> {
  const p = new Params();
  const r = await db.query<{ tq: string }>(`SELECT ${tsQuery(def, p, q)}::text AS tq`, p.values);
  return r.rows[0].tq;
}

// ───────────── the SQL path ─────────────

export async function sqlCount(db: Queryable, def: IndexDefinition, query: SearchQuery, searcher: Searcher): Promise<number> {
  const p = new Params();
  const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${def.table} t WHERE ${whereSql(def, query, searcher, p)}`, p.values);
  return r.rows[0].n;
}

export async function sqlPageIds(db: Queryable, def: IndexDefinition, query: SearchQuery, searcher: Searcher, offset: number, limit: number): Promise<number[]> {
  const p = new Params();
  const where = whereSql(def, query, searcher, p);
  const order = orderSql(def, query, p);
  const r = await db.query<{ id: number }>(
    `SELECT t.id FROM ${def.table} t WHERE ${where} ORDER BY ${order} LIMIT ${p.add(limit)} OFFSET ${p.add(offset)}`,
    p.values,
  );
  return r.rows.map((x) => Number(x.id));
}

/** One GROUP BY per facet field, each without its own group. Unsorted, untrimmed. */
export async function sqlFacetCounts(db: Queryable, def: IndexDefinition, query: SearchQuery, searcher: Searcher): Promise<Record<string, FacetOption[]>> {
  const out: Record<string, FacetOption[]> = {};
  for (const [name, f] of Object.entries(def.fields)) {
    if (!f.facet) continue;
    const p = new Params();
    const where = whereSql(def, query, searcher, p, name);
    const col = `t.${f.column}`;
    let sql: string;
    if (f.kind === "keywords") {
      sql = `SELECT x.v AS text, count(*)::int AS count FROM ${def.table} t
             CROSS JOIN LATERAL (SELECT DISTINCT v FROM unnest(${col}) AS u(v) WHERE v <> '') x
             WHERE ${where} GROUP BY x.v`;
    } else if (f.kind === "boolean") {
      sql = `SELECT ${col}::text AS text, count(*)::int AS count FROM ${def.table} t WHERE ${where} AND ${col} IS NOT NULL GROUP BY ${col}`;
    } else {
      sql = `SELECT ${col} AS text, count(*)::int AS count FROM ${def.table} t WHERE ${where} AND ${col} <> '' GROUP BY ${col}`;
    }
    const r = await db.query<{ text: string; count: number }>(sql, p.values);
    out[name] = r.rows.map((x) => ({ text: String(x.text), count: Number(x.count) }));
  }
  return out;
}

/** Counted options → the answer: by count desc then text, trimmed, selected values always present. */
export function finishFacets(def: IndexDefinition, query: SearchQuery, raw: Record<string, FacetOption[]>): Record<string, FacetOption[]> {
  const out: Record<string, FacetOption[]> = {};
  const byCount = (a: FacetOption, b: FacetOption) => b.count - a.count || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);
  for (const [name, options] of Object.entries(raw)) {
    const limit = fieldOf(def, name).facetLimit ?? 200;
    const sorted = options.filter((o) => o.count > 0).sort(byCount);
    const top = sorted.slice(0, limit);
    const selected = new Set(
      query.groups.filter((g) => g.field === name).flatMap((g) => g.conditions.flatMap((c) => (c.kind === "values" ? c.values : []))),
    );
    if (selected.size) {
      const shown = new Set(top.map((o) => o.text));
      for (const s of selected) {
        if (shown.has(s)) continue;
        top.push(sorted.find((o) => o.text === s) ?? { text: s, count: 0 });
      }
      top.sort(byCount);
    }
    out[name] = top;
  }
  return out;
}

/** The page's rows in the order of ids, with the user's mark (exports, which have no mark column, skip it). */
export async function fetchRows(db: Queryable, def: IndexDefinition, ids: number[], searcher: Searcher, opts: { mark: boolean } = { mark: true }): Promise<Record<string, unknown>[]> {
  if (!ids.length) return [];
  const p = new Params();
  const idsRef = p.add(ids);
  const mark = opts.mark ? `, ${personalSql(def.personal.mark, p.add(searcher.userId))} AS mark` : "";
  const r = await db.query<Record<string, unknown>>(`SELECT ${def.resultColumns}${mark} FROM ${def.table} t WHERE t.id = ANY(${idsRef}::bigint[])`, p.values);
  const byId = new Map<number, Record<string, unknown>>();
  for (const row of r.rows) {
    for (const k of Object.keys(row)) if (row[k] instanceof Date) row[k] = (row[k] as Date).toISOString();
    row.id = Number(row.id);
    byId.set(row.id as number, row);
  }
  return ids.map((id) => byId.get(id)).filter((x): x is Record<string, unknown> => x !== undefined);
}
