// A search engine for one index over one database: answers pages, counts and facets from the
// in-memory ColumnStore when it is loaded, from plain SQL otherwise (the same answers; the SQL
// path is also the reference the tests compare against). See index.ts for the whole design.
import type { Db } from "../db/client.js";
import { CopySearch } from "./copy-search.js";
import { conditionKey, evaluate, type ExternalSets } from "./evaluate.js";
import { fieldOf, sortDef } from "./fields.js";
import { identifierMatches, identifierSearch, withIdentifiersFirst, type IdentifierMatches } from "./identifiers.js";
import { conditionSql, fetchRows, finishFacets, Params, personalIdsSql, personalSql, rankSql, sqlCount, sqlFacetCounts, sqlPageIds, tsQuery, tsqueryText } from "./sql.js";
import { SnapshotKeeper } from "./snapshots.js";
import { ColumnStore } from "./store.js";
import { answerableInMemory, orderByRank, parseTsQuery, type TsNode } from "./text.js";
import type { Condition, FacetOption, IndexDefinition, SearchQuery, Searcher } from "./types.js";

export type EngineMode =
  /** cache when loaded; small tables load at first use, large ones in the background (SQL meanwhile) */
  | "auto"
  /** always the cache (waits for the load) */
  | "cache"
  /** always SQL */
  | "sql";

/** Tables up to this many rows are loaded before the first answer; larger ones in the background. */
const LOAD_INLINE_ROWS = 200_000;
/** A store not synced for this long reloads (the change log keeps two days). */
const MAX_SYNC_AGE_MS = 24 * 3600_000;
const TEXT_CACHE_SIZE = 64;

/** Text matches from the store's text index (live rows only). */
function memoryTextMatches(store: ColumnStore, tree: TsNode, rank: boolean): TextMatches {
  const text = store.text!;
  const n = store.n;
  const matched = text.matches(tree, n);
  const live = store.live;
  let m = 0;
  for (let i = 0; i < n; i++) m += matched[i] & live[i];
  const positions = new Int32Array(m);
  for (let i = 0, k = 0; i < n; i++) if (matched[i] & live[i]) positions[k++] = i;
  const ranked = rank ? orderByRank(positions, text.ranks(tree, positions, n), store.ids, (id) => store.position(id)) : null;
  return { positions, ranked };
}

/**
 * One search for the commonest word, thrown away: the first person to search after a load does
 * not wait for the text code to be compiled.
 */
function warmTextSearch(store: ColumnStore, def: IndexDefinition) {
  const word = store.text?.commonestWord();
  if (!word) return;
  const m = memoryTextMatches(store, { op: "word", text: word, prefix: false, weights: "" }, true);
  evaluate(store, [], [], { only: [m.positions], ranked: m.ranked! }).facetCounts(def);
}

interface TextMatches {
  positions: Int32Array;
  /** the same, by relevance (null when not asked for) */
  ranked: Int32Array | null;
}

interface CachedSet<T> {
  version: number;
  store: ColumnStore;
  value: T;
}

export class SearchEngine {
  private store: ColumnStore | null = null;
  private loading: Promise<ColumnStore> | null = null;
  private running: Promise<ColumnStore | null> | null = null;
  private queued: Promise<ColumnStore | null> | null = null;
  private readonly textSets = new Map<string, CachedSet<TextMatches>>();
  private readonly sqlSets = new Map<string, CachedSet<Uint8Array>>();
  private readonly idSets = new Map<string, CachedSet<IdentifierMatches>>();
  private readonly tsqueries = new Map<string, string>();
  /** What answered the last query (for tests and the benchmark). */
  lastPath: "cache" | "sql" | null = null;
  /** Where the current copy came from, and how long that took (GET /api/ready). */
  loadedFrom: "snapshot" | "database" | null = null;
  loadMs = 0;
  private readonly snapshots: SnapshotKeeper | null;
  /** Searches over the copy, on the search workers or this thread. */
  readonly search: CopySearch;
  /** A snapshot is read once, at the first load; later loads (compaction, a reset) read the database. */
  private snapshotTried = false;

  constructor(
    readonly db: Db,
    readonly def: IndexDefinition,
    public mode: EngineMode = "auto",
    private readonly log: (msg: string, err?: unknown) => void = () => undefined,
    /** Where this index's snapshot file lives (null: none is read or written). */
    snapshotDir: string | null = null,
  ) {
    this.snapshots = snapshotDir ? new SnapshotKeeper(db, def, snapshotDir, log) : null;
    this.search = new CopySearch(def, log);
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
    const store = await this.readyStore();
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
    const store = await this.readyStore();
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

  /** Loads the store now (benchmarks, warm-up). */
  async warm(): Promise<void> {
    if (this.mode === "sql") return;
    await this.load();
  }

  /**
   * Where the in-memory copy stands (GET /api/ready): 'off' when SEARCH_CACHE=off (plain SQL
   * answers, nothing to load); 'loaded' (rows and text); 'text loading' (a large index's second
   * pass: filters and facets from memory, text from SQL); 'loading' or 'cold' (SQL answers all).
   */
  copyStatus(): "off" | "loaded" | "text loading" | "loading" | "cold" {
    if (this.mode === "sql") return "off";
    if (this.store) return !this.store.text || this.store.textReady ? "loaded" : "text loading";
    return this.loading ? "loading" : "cold";
  }

  /** The copy's size and origin (GET /api/ready); null without one. */
  copyFigures(): { rows: number; dead_rows: number; bytes: number; bytes_per_row: number; from: "snapshot" | "database"; load_ms: number } | null {
    const store = this.store;
    if (!store || !this.loadedFrom) return null;
    const bytes = store.heldBytes();
    const rows = store.liveCount;
    return { rows, dead_rows: store.deadCount, bytes, bytes_per_row: rows ? Math.round(bytes / rows) : 0, from: this.loadedFrom, load_ms: this.loadMs };
  }

  /** Forgets recent evaluations (benchmarks: every measured search does its own pass). */
  forgetEvaluations() {
    this.search.forget();
  }

  /** Drops the in-memory copy (tests: prove answers do not depend on it). */
  reset() {
    this.search.forget();
    this.store = null;
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
    let tsquery = this.tsqueries.get(query.q);
    if (tsquery === undefined) {
      tsquery = await tsqueryText(this.db, this.def, query.q);
      if (this.tsqueries.size > 1000) this.tsqueries.clear();
      this.tsqueries.set(query.q, tsquery);
    }
    // An identifier needs no searchable words (an id of stop words and separators has none).
    if (tsquery || query.identifiersOnly) return { ...query, tsquery };
    const sort = query.sort === "relevance" ? query.fallbackSort : query.sort;
    return { ...query, q: null, sort };
  }

  /** The store, caught up with every committed write; null when the SQL path must answer. */
  private async readyStore(): Promise<ColumnStore | null> {
    if (this.mode === "sql") return null;
    if (!this.store && !(await this.loadOrDefer())) return null;
    try {
      // The copy this request uses is the one the catch-up brought up to date (a background
      // reload may swap in a newer copy meanwhile; it is caught up by the next request).
      return await this.catchUp();
    } catch (err) {
      this.log(`search cache for ${this.def.name} could not catch up; answering from SQL`, err);
      this.reset();
      return null;
    }
  }

  /** Loads the copy now when that is quick (or required); else starts it and answers false. */
  private async loadOrDefer(): Promise<boolean> {
    if (this.mode === "cache" || (await this.smallTable())) {
      await this.load();
      return true;
    }
    void this.load().catch(() => undefined);
    return false;
  }

  private smallRows: boolean | null = null;
  private async smallTable(): Promise<boolean> {
    if (this.smallRows === null) {
      const r = await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${this.def.table} LIMIT ${LOAD_INLINE_ROWS}) x`);
      this.smallRows = r.rows[0].n < LOAD_INLINE_ROWS;
    }
    return this.smallRows;
  }

  private load(): Promise<ColumnStore> {
    this.loading ??= this.loadCopy().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async loadCopy(): Promise<ColumnStore> {
    const started = Date.now();
    const restored = await this.restoredCopy();
    if (restored) {
      this.install(restored, "snapshot", started);
      return restored;
    }
    const store = new ColumnStore(this.def, 1024);
    await store.loadAll(this.db);
    // The orders the lists start with, before the copy serves anyone.
    for (const key of new Set([this.def.defaultSort, ...(this.def.warmSorts ?? [])])) {
      const sort = this.def.sorts[key];
      if (sort && sort.field !== "relevance") store.sortOrder(sort.field, sort.dir);
    }
    // The text index is the second pass. A cold start of a large index serves filters and
    // facets from the copy meanwhile (text from SQL); a reload keeps the old copy until the new
    // one has its text. The snapshot is written once the copy is whole.
    const inline = this.mode === "cache" || this.store !== null || (await this.smallTable());
    if (inline) {
      await store.loadText(this.db);
      warmTextSearch(store, this.def);
      void this.snapshots?.save(store);
    } else {
      const textStarted = Date.now();
      void store
        .loadText(this.db)
        .then(() => warmTextSearch(store, this.def))
        .then(() => this.log(`search text for ${this.def.name}: ${store.text?.size ?? 0} (row, word) pairs in ${Date.now() - textStarted} ms`))
        .then(() => this.snapshots?.save(store))
        .catch((err) => this.log(`search text for ${this.def.name} could not load; text searches use SQL`, err));
    }
    this.install(store, "database", started);
    await this.db.query(`DELETE FROM search_changes WHERE created_at < now() - interval '2 days'`).catch(() => undefined);
    return store;
  }

  /** The copy of the snapshot file, caught up with the database; null when there is none to use. */
  private async restoredCopy(): Promise<ColumnStore | null> {
    if (!this.snapshots || this.snapshotTried || this.store) return null;
    this.snapshotTried = true;
    try {
      const restored = await this.snapshots.restore();
      if (!restored) return null;
      if (Date.now() - restored.store.syncedAt >= MAX_SYNC_AGE_MS || !(await restored.store.catchUp(this.db))) {
        this.log(`search snapshot for ${this.def.name} is too far behind the database; loading from the database`);
        return null;
      }
      warmTextSearch(restored.store, this.def);
      return restored.store;
    } catch (err) {
      this.log(`search snapshot for ${this.def.name} could not be read; loading from the database`, err);
      return null;
    }
  }

  private install(store: ColumnStore, from: "snapshot" | "database", started: number) {
    this.store = store;
    this.textSets.clear();
    this.sqlSets.clear();
    this.idSets.clear();
    this.loadedFrom = from;
    this.loadMs = Date.now() - started;
    this.log(`search cache for ${this.def.name}: ${store.liveCount} rows from the ${from} in ${this.loadMs} ms`);
  }

  /** A copy holding more deleted and replaced rows than both of these is compacted. */
  compactAt = { rows: 10_000, share: 0.3 };
  private compacting: Promise<void> | null = null;
  /** The compaction under way, if any (tests wait for it). */
  get compaction(): Promise<void> | null {
    return this.compacting;
  }

  /**
   * A copy without its deleted and replaced rows, never beside a second copy: its compacted
   * snapshot is written (one new column at a time) while it serves, then it is let go and the
   * snapshot read back and caught up; without snapshots it is let go and loaded again. Searches
   * meanwhile are answered by SQL (or wait, for a small index), as at a cold start.
   */
  private compact(store: ColumnStore): Promise<void> {
    this.compacting ??= this.compactCopy(store).finally(() => {
      this.compacting = null;
    });
    return this.compacting;
  }

  private async compactCopy(store: ColumnStore): Promise<void> {
    try {
      const written = this.snapshots ? await this.snapshots.save(store, true) : false;
      if (this.store !== store) return;
      this.store = null;
      this.snapshotTried = !written;
      await this.load();
    } catch (err) {
      this.log(`search cache for ${this.def.name} could not be compacted`, err);
    }
  }

  /** Writes the copy's snapshot when it changed since the last (the process is closing). */
  async saveSnapshot(): Promise<void> {
    if (this.store && this.snapshots) await this.snapshots.save(this.store);
  }

  /** Every request waits for a catch-up that started after it arrived (concurrent ones share it). */
  private catchUp(): Promise<ColumnStore | null> {
    const run = () => {
      this.running = this.syncOnce().finally(() => {
        this.running = null;
      });
      return this.running;
    };
    if (!this.running) return run();
    if (!this.queued) {
      this.queued = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return run();
        });
    }
    return this.queued;
  }

  private prunedAt = Date.now();

  /** A new copy (when it can be had now), caught up past this request's arrival. */
  private async reloaded(): Promise<ColumnStore | null> {
    if (!(await this.loadOrDefer())) return null;
    const store = this.store;
    return store && (await store.catchUp(this.db)) ? store : null;
  }

  /** Brings the current copy up to date and answers it (null: answer from SQL for now). */
  private async syncOnce(): Promise<ColumnStore | null> {
    const store = this.store;
    if (!store) return this.reloaded();
    const fresh = Date.now() - store.syncedAt < MAX_SYNC_AGE_MS && (await store.catchUp(this.db));
    if (!fresh) {
      // Too much changed (or a TRUNCATE, or a day without syncing): reload.
      if (this.store === store) this.store = null;
      return this.reloaded();
    }
    if (store.deadCount > Math.max(this.compactAt.rows, store.n * this.compactAt.share)) void this.compact(store);
    else if (this.snapshots?.due(store)) void this.snapshots.save(store);
    if (Date.now() - this.prunedAt > 3600_000) {
      this.prunedAt = Date.now();
      void this.db.query(`DELETE FROM search_changes WHERE created_at < now() - interval '2 days'`).catch(() => undefined);
    }
    return store;
  }

  private async externalSets(store: ColumnStore, q: SearchQuery, searcher: Searcher): Promise<ExternalSets> {
    const ext: ExternalSets = { only: [] };
    const jobs: Promise<void>[] = [];
    if (q.q) {
      const rank = this.sortOf(q).field === "relevance";
      jobs.push(
        this.queryMatches(store, q, rank).then((m) => {
          ext.only!.push(m.positions);
          if (rank) ext.ranked = m.ranked!;
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
    const noText: TextMatches = { positions: new Int32Array(0), ranked: rank ? new Int32Array(0) : null };
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
    if (hit && hit.store === store && hit.version === store.version && (hit.value.ranked || !rank)) {
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
    const positions = pos.slice(0, k);
    return { positions, ranked: orderByRank(positions, ranks.slice(0, k), store.ids, (id) => store.position(id)) };
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

const engines = new WeakMap<Db, Map<string, SearchEngine>>();

/** Every engine made so far over a database (the API's routes make theirs as they register). */
export function searchEnginesOf(db: Db): SearchEngine[] {
  return [...(engines.get(db)?.values() ?? [])];
}

const snapshotDirs = new WeakMap<Db, string>();

/** Engines made over this database from now on keep their snapshot files in dir (SEARCH_SNAPSHOT_DIR). */
export function keepSearchSnapshots(db: Db, dir: string) {
  snapshotDirs.set(db, dir);
}

/** The process's engine for an index over a database (one per API process; each keeps its own cache). */
export function searchEngine(db: Db, def: IndexDefinition, log?: (msg: string, err?: unknown) => void): SearchEngine {
  let byName = engines.get(db);
  if (!byName) engines.set(db, (byName = new Map()));
  let e = byName.get(def.name);
  if (!e) {
    const env = process.env.SEARCH_CACHE;
    const mode: EngineMode = env === "off" ? "sql" : env === "always" ? "cache" : "auto";
    byName.set(def.name, (e = new SearchEngine(db, def, mode, log, snapshotDirs.get(db) ?? null)));
  }
  return e;
}
