// A search engine for one index over one database: answers pages, counts and facets from the
// in-memory copy (copy.ts) when it is loaded, from plain SQL otherwise (the same answers; the SQL
// path is also the reference the tests compare against). See index.ts for the whole design.
import type { Db } from "../db/client.js";
import { SearchCopy } from "./copy.js";
import { CopyReads } from "./replica.js";
import { memoryTextMatches, type TextMatches } from "./text-matches.js";
import { CopySearch } from "./copy-search.js";
import type { ExternalSets } from "./evaluate.js";
import { conditionKey } from "./conditions.js";
import { fieldOf, sortDef } from "./fields.js";
import { identifierMatches, identifierSearch, withIdentifiersFirst, type IdentifierMatches } from "./identifiers.js";
import { conditionSql, fetchRows, finishFacets, Params, personalIdsSql, personalSql, rankSql, sqlCount, sqlFacetCounts, sqlPageIds, tsQuery, tsqueryText } from "./sql.js";
import type { ColumnStore } from "./store.js";
import { Relevance } from "./relevance.js";
import { sharedCopy } from "./shared.js";
import { answerableInMemory, parseTsQuery } from "./tsquery.js";
import type { Condition, FacetOption, IndexDefinition, SearchQuery, Searcher } from "./types.js";
import type { CopySettings } from "./engines.js";

export type EngineMode =
  /** cache when loaded; small tables load at first use, large ones in the background (SQL meanwhile) */
  | "auto"
  /** always the cache (waits for the load) */
  | "cache"
  /** always SQL */
  | "sql";

const TEXT_CACHE_SIZE = 64;

interface CachedSet<T> {
  version: number;
  store: ColumnStore;
  value: T;
}

export class SearchEngine {
  private readonly textSets = new Map<string, CachedSet<TextMatches>>();
  private readonly sqlSets = new Map<string, CachedSet<Uint8Array>>();
  private readonly idSets = new Map<string, CachedSet<IdentifierMatches>>();
  /** q → its tsquery text, as a promise: the list and its facets, asked together, send one query. */
  private readonly tsqueries = new Map<string, Promise<string>>();
  /** What answered the last query (for tests and the benchmark). */
  lastPath: "cache" | "sql" | null = null;
  /** The in-memory copy: loads, catch-ups, snapshots, compaction. */
  readonly copy: SearchCopy;
  /** Searches over the copy, on the search workers or this thread. */
  readonly search: CopySearch;
  /** The searches a newly installed copy is warmed up with (they never fail). */
  private warming: Promise<void> = Promise.resolve();

  constructor(
    readonly db: Db,
    readonly def: IndexDefinition,
    public mode: EngineMode = "auto",
    private readonly log: (msg: string, err?: unknown) => void = () => undefined,
    settings: CopySettings = {},
  ) {
    this.search = new CopySearch(def, log);
    const changed = (store: ColumnStore | null) => {
      this.forgetCopySets();
      if (store) this.warming = this.search.warmWorkers(store);
    };
    this.copy = new SearchCopy(new CopyReads(db, settings.replica ?? null, log), def, () => this.mode, log, settings.snapshotDir ?? null, changed, settings.urls ?? null);
  }

  // ───────────── public API ─────────────

  async list(query: SearchQuery, searcher: Searcher): Promise<{ count: number; page: number; page_size: number; results: Record<string, unknown>[] }> {
    const size = this.def.pageSize;
    const { count, ids } = await this.orderedIds(query, searcher, (query.page - 1) * size, size);
    const results = await fetchRows(this.db, this.def, ids, searcher);
    return { count, page: query.page, page_size: size, results };
  }

  async facets(query: SearchQuery, searcher: Searcher): Promise<Record<string, FacetOption[]>> {
    const q = await this.resolveText(query);
    const store = await this.copy.ready();
    let raw: Record<string, FacetOption[]>;
    if (store) {
      const ext = await this.externalSets(store, q, searcher);
      raw = this.search.facetOptions(store, (await this.search.run(store, q, ext, null, true)).facets!);
      this.lastPath = "cache";
    } else {
      raw = await sqlFacetCounts(this.db, this.def, q, searcher);
      this.lastPath = "sql";
    }
    return finishFacets(this.def, q, raw);
  }

  /**
   * The rows the query's search text finds as a Tender ID or reference only (not as text), with
   * the query's other conditions: the count and the first `limit` ids, exact matches first, then
   * prefix matches (identifiers.ts). Nothing when the index has no identifiers or q is not one.
   */
  async identifierMatches(query: SearchQuery, searcher: Searcher, limit: number): Promise<{ count: number; ids: number[] }> {
    if (!this.def.identifiers?.length || !identifierSearch(query.q)) return { count: 0, ids: [] };
    return this.orderedIds({ ...query, identifiersOnly: true, sort: "relevance", page: 1 }, searcher, 0, limit);
  }

  /** The exact count and the ids of rows [offset, offset + limit) in the query's order. */
  async orderedIds(query: SearchQuery, searcher: Searcher, offset: number, limit: number): Promise<{ count: number; ids: number[] }> {
    const q = await this.resolveText(query);
    const store = await this.copy.ready();
    if (!store) {
      this.lastPath = "sql";
      const [count, ids] = await Promise.all([sqlCount(this.db, this.def, q, searcher), sqlPageIds(this.db, this.def, q, searcher, offset, limit)]);
      return { count, ids };
    }
    const ext = await this.externalSets(store, q, searcher);
    const answer = await this.search.run(store, q, ext, { offset, limit }, false);
    this.lastPath = "cache";
    return { count: answer.count, ids: Array.from(answer.positions, (p) => store.ids[p]) };
  }

  /** Forgets recent evaluations (benchmarks: every measured search does its own pass). */
  forgetEvaluations() {
    this.search.forget();
  }

  /** Loads the copy now (benchmarks, warm-up). */
  async warm(): Promise<void> {
    await this.copy.warm();
    await this.warming; // and the search code compiled on it
  }

  /** Where the copy stands (GET /api/ready): see SearchCopy.copyStatus. */
  copyStatus() {
    return this.copy.copyStatus();
  }

  /** The copy's size and origin (GET /api/ready); null without one. */
  copyFigures() {
    return this.copy.copyFigures();
  }

  /** Writes the copy's snapshot when it changed since the last (the process is closing). */
  saveSnapshot(): Promise<void> {
    return this.copy.saveSnapshot();
  }

  /** Drops the in-memory copy (tests: prove answers do not depend on it). */
  reset() {
    this.copy.drop();
  }

  /** Sets of positions of a copy that is no longer the one answering. */
  private forgetCopySets() {
    this.search.forget();
    this.textSets.clear();
    this.sqlSets.clear();
    this.idSets.clear();
  }

  // ───────────── internals ─────────────

  private sortOf(q: SearchQuery) {
    return (sortDef(this.def, q.sort) ?? sortDef(this.def, q.fallbackSort))!;
  }

  /**
   * q as PostgreSQL parses it (its words, stemmed); q without searchable words filters nothing
   * (and cannot be sorted by relevance).
   */
  private async resolveText(query: SearchQuery): Promise<SearchQuery> {
    if (!query.q) return query;
    let parsing = this.tsqueries.get(query.q);
    if (!parsing) {
      if (this.tsqueries.size > 1000) this.tsqueries.clear();
      parsing = tsqueryText(this.db, this.def, query.q);
      this.tsqueries.set(query.q, parsing);
      const q = query.q;
      parsing.catch(() => this.tsqueries.get(q) === parsing && this.tsqueries.delete(q)); // a failed parse is asked again next time
    }
    const tsquery = await parsing;
    // An identifier needs no searchable words (an id of stop words and separators has none).
    if (tsquery || query.identifiersOnly) return { ...query, tsquery };
    const sort = query.sort === "relevance" ? query.fallbackSort : query.sort;
    return { ...query, q: null, sort };
  }

  private async externalSets(store: ColumnStore, q: SearchQuery, searcher: Searcher): Promise<ExternalSets> {
    const ext: ExternalSets = { only: [] };
    const jobs: Promise<void>[] = [];
    if (q.q) {
      const rank = this.sortOf(q).field === "relevance";
      jobs.push(
        this.queryMatches(store, q, rank).then((m) => {
          ext.only!.push(m.positions);
          if (rank) ext.ranked = m.relevance!;
          if (m.word) ext.word = m.word;
        }),
      );
    }
    if (q.showUnlocked) jobs.push(this.personalPositions(store, this.def.personal.unlockedIds, searcher).then((s) => void ext.only!.push(s)));
    if (!q.searchAll) jobs.push(this.personalPositions(store, this.def.personal.hiddenIds, searcher).then((s) => void (ext.exclude = s)));
    for (const g of q.groups) {
      if (fieldOf(this.def, g.field).kind !== "personal") continue;
      const p = new Params();
      const sql = personalIdsSql(this.def, g, p.add(searcher.userId), p);
      jobs.push(this.positionsOf(store, sql, p.values).then((s) => void ext.only!.push(s)));
    }
    const textConditions = [...q.base, ...q.groups.flatMap((g) => g.conditions)].filter((c) => fieldOf(this.def, c.field).kind === "text");
    if (textConditions.length) {
      ext.conditionSets = new Map();
      for (const c of textConditions) jobs.push(this.sqlConditionSet(store, c).then((s) => void ext.conditionSets!.set(conditionKey(c), s)));
    }
    await Promise.all(jobs);
    return ext;
  }

  /**
   * A query returning many ids: on a PostgreSQL server without JIT compilation (tens of ms of
   * compile time for a query that runs in less) and with room for an exact bitmap of matches.
   */
  private async bulkQuery<T>(sql: string, params: unknown[]) {
    if (this.db.kind !== "postgres") return this.db.query<T>(sql, params);
    return this.db.transaction(async (tx) => {
      await tx.query(`SET LOCAL jit = off`);
      await tx.query(`SET LOCAL work_mem = '64MB'`);
      return tx.query<T>(sql, params);
    });
  }

  private personalPositions(store: ColumnStore, sql: string, searcher: Searcher): Promise<Int32Array> {
    return this.positionsOf(store, personalSql(sql, "$1"), [searcher.userId]);
  }

  private async positionsOf(store: ColumnStore, sql: string, params: unknown[]): Promise<Int32Array> {
    const r = await this.db.query<{ id: number }>(`SELECT x.id FROM (${sql}) AS x(id)`, params);
    const out: number[] = [];
    for (const row of r.rows) {
      const p = store.position(Number(row.id));
      if (p >= 0) out.push(p);
    }
    return Int32Array.from(out);
  }

  /** Rows q finds as text or as an identifier (those first when ranked: identifiers.ts); as an identifier only when asked. */
  private async queryMatches(store: ColumnStore, q: SearchQuery, rank: boolean): Promise<TextMatches> {
    const ident = this.def.identifiers?.length ? identifierSearch(q.q) : null;
    const none = new Int32Array(0);
    const noText: TextMatches = { positions: none, relevance: rank ? new Relevance(none, () => new Float32Array(0), store.ids) : null };
    const [text, ids] = await Promise.all([q.identifiersOnly ? noText : this.textMatches(store, q, rank), ident ? this.identifierSet(store, ident) : null]);
    return ids ? withIdentifiersFirst(text, ids) : text;
  }

  private async identifierSet(store: ColumnStore, ident: NonNullable<ReturnType<typeof identifierSearch>>): Promise<IdentifierMatches> {
    const key = JSON.stringify(ident);
    const hit = this.idSets.get(key);
    if (hit && hit.store === store && hit.version === store.version) return hit.value;
    const value = await identifierMatches(this.db, this.def, ident, (id) => store.position(id));
    this.idSets.set(key, { store, version: store.version, value });
    while (this.idSets.size > TEXT_CACHE_SIZE) this.idSets.delete(this.idSets.keys().next().value!);
    return value;
  }

  /**
   * Positions matching q (and, when asked, the same ordered by rank desc then id desc); cached
   * until the store changes. The in-memory text index answers plain words with and, or, not;
   * phrases, prefixes and weights go to the GIN index.
   */
  private async textMatches(store: ColumnStore, q: SearchQuery, rank: boolean): Promise<TextMatches> {
    const key = q.tsquery!;
    const hit = this.textSets.get(key);
    if (hit && hit.store === store && hit.version === store.version && (hit.value.relevance || !rank)) {
      this.textSets.delete(key);
      this.textSets.set(key, hit); // most recently used last
      return hit.value;
    }
    const tree = parseTsQuery(key)!;
    const value = store.text && store.textReady && answerableInMemory(tree) ? memoryTextMatches(store, tree, rank) : await this.sqlTextMatches(store, q);
    this.textSets.set(key, { store, version: store.version, value });
    while (this.textSets.size > TEXT_CACHE_SIZE) this.textSets.delete(this.textSets.keys().next().value!);
    return value;
  }

  /** The same from the GIN index, ranked by the same relevance as the SQL path. */
  private async sqlTextMatches(store: ColumnStore, q: SearchQuery): Promise<TextMatches> {
    const p = new Params();
    const tq = tsQuery(this.def, p, q.q!);
    const rank = rankSql(this.def, q, p);
    // One row of two separated strings: far cheaper to read than a row per match.
    const r = await this.bulkQuery<{ ids: string | null; ranks: string | null }>(
      `SELECT string_agg(m.id::text, ',') AS ids, string_agg(m.rank::text, ',') AS ranks
         FROM (SELECT t.id, ${rank} AS rank FROM ${this.def.table} t WHERE t.${this.def.textVector} @@ ${tq}) m`,
      p.values,
    );
    const idText = r.rows[0]?.ids ? r.rows[0].ids.split(",") : [];
    const rankText = r.rows[0]?.ranks ? r.rows[0].ranks.split(",") : [];
    const pos = new Int32Array(idText.length);
    const ranks = new Float32Array(idText.length);
    let k = 0;
    for (let i = 0; i < idText.length; i++) {
      const at = store.position(Number(idText[i]));
      if (at < 0) continue;
      pos[k] = at;
      ranks[k++] = Number(rankText[i]);
    }
    const positions = sharedCopy(Int32Array, pos.subarray(0, k)); // read by the workers in place
    return { positions, relevance: new Relevance(positions, () => ranks.slice(0, k), store.ids) };
  }

  /** Rows matching a condition on a text field not held in memory (e.g. title:*tower*), by SQL. */
  private async sqlConditionSet(store: ColumnStore, c: Condition): Promise<Uint8Array> {
    const key = conditionKey(c);
    const hit = this.sqlSets.get(key);
    if (hit && hit.store === store && hit.version === store.version) return hit.value;
    const p = new Params();
    const r = await this.bulkQuery<{ id: number }>(`SELECT t.id FROM ${this.def.table} t WHERE ${conditionSql(this.def, c, p)}`, p.values);
    const value = new Uint8Array(store.capacity);
    for (const row of r.rows) {
      const at = store.position(Number(row.id));
      if (at >= 0) value[at] = 1;
    }
    this.sqlSets.set(key, { store, version: store.version, value });
    while (this.sqlSets.size > TEXT_CACHE_SIZE) this.sqlSets.delete(this.sqlSets.keys().next().value!);
    return value;
  }
}
