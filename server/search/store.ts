// The in-process columnar copy of one index: every row at a dense position in columns
// (columns.ts: facet fields as dictionary codes, text arrays as offsets + codes, numbers and
// instants as Float64Array; instants in epoch microseconds, dates as their 00:00Z instant). Rows are appended; a changed row's old
// position is tombstoned and the row appended again, so sort orders built earlier stay valid
// for every position they cover. Loaded from the database in id order, kept fresh from the
// search_changes log (002_search.sql).
import type { Queryable } from "../db/client.js";
import type { FieldDef, IndexDefinition } from "./types.js";
import { sharedArray } from "./shared.js";
import { ArrayColumn, columnTotals, KeywordColumn, makeColumn, NumberColumn, type Column } from "./columns.js";
import { buildOrder, type SortOrder } from "./sort-order.js";
import { PairCounts, type PairColumn, type PairSource } from "./pair-counts.js";
import { TextIndex } from "./text.js";
import { WordCounts } from "./word-counts.js";

const DAY_US = 86_400_000_000;
/** Rows a load parses between turns it gives to requests (about 10–20 ms of work). */
const YIELD_ROWS = 20_000;
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
const NO_POS = -1;



/** The database snapshot a store has caught up to: changes of transactions not visible in it are pending. */
export interface SyncPoint {
  xmin: string;
  xmax: string;
  xip: string[];
}

export function parseSnapshot(s: string): SyncPoint {
  const [xmin, xmax, xip] = s.split(":");
  return { xmin, xmax, xip: xip ? xip.split(",").filter(Boolean) : [] };
}

export class ColumnStore {
  n = 0;
  liveCount = 0;
  capacity: number;
  ids: Float64Array;
  live: Uint8Array;
  private posById: Int32Array = new Int32Array(0);
  private posMap: Map<number, number> | null = null;
  readonly columns = new Map<string, Column>();
  readonly sortOrders = new Map<string, SortOrder>();
  /** Every row's text vector, inverted (null when the index has no text). */
  text: TextIndex | null;
  /** Bumped on every change applied: caches derived from the store compare it. */
  version = 0;
  sync: SyncPoint | null = null;
  syncedAt = 0;
  /** Facet counts kept per pair of fields (pair-counts.ts), told of every row appended or tombstoned. */
  readonly pairs: PairCounts;
  /** Facet counts kept for the commonest words (word-counts.ts), told of every row tombstoned. */
  readonly words: WordCounts | null;

  constructor(readonly def: IndexDefinition, capacity = 1024) {
    this.capacity = capacity;
    this.ids = sharedArray(Float64Array, capacity);
    this.live = sharedArray(Uint8Array, capacity);
    this.text = def.textVector ? new TextIndex() : null;
    for (const [name, f] of Object.entries(def.fields)) {
      const col = makeColumn(f, capacity);
      if (col) this.columns.set(name, col);
    }
    const fields = Object.entries(def.fields);
    const store = this; // the row count and live array are read at each use (they grow)
    const source: PairSource = {
      get n() {
        return store.n;
      },
      get live() {
        return store.live;
      },
      facets: fields.flatMap(([name, f]) => (f.facet && this.columns.get(name)?.kind !== "number" ? [name] : [])),
      filters: fields.flatMap(([name]) => (this.columns.get(name)?.kind === "keyword" ? [name] : [])),
      column: (field) => this.columns.get(field) as PairColumn,
    };
    this.pairs = new PairCounts(source);
    this.words = this.text ? new WordCounts(source, () => this.text!) : null; // a snapshot's read replaces the text index
  }

  /**
   * Text expressions of the stored fields, after the id: every value travels as text so a chunk
   * of rows can come as one string per column (string_agg), which is several times faster to
   * read than row objects. Unit and record separators inside values become spaces.
   */
  private loadExprs(withText: boolean): string[] {
    const exprs = ["t.id::text"];
    const text = withText && this.def.textVector ? [this.vectorExpr()] : [];
    for (const [name] of this.columns) {
      const f = this.def.fields[name];
      const col = `t.${f.column}`;
      if (f.kind === "number") exprs.push(`${col}::float8::text`);
      else if (f.kind === "timestamp") exprs.push(`((extract(epoch FROM ${col}) * 1000000)::int8)::text`);
      else if (f.kind === "date") exprs.push(`(${col} - date '1970-01-01')::text`);
      else if (f.kind === "boolean") exprs.push(`${col}::text`);
      else if (f.kind === "keywords") exprs.push(`array_to_string(${col}, E'\\x1e')`);
      else exprs.push(`translate(${col}, E'\\x1e\\x1f', '  ')`);
    }
    return [...exprs, ...text];
  }

  /**
   * The text vector (when the index has one) travels last: see TextIndex.addRow. Its words never
   * hold control characters (the text parser splits on them), so it needs no translate.
   */
  private vectorExpr() {
    return `t.${this.def.textVector}::text`;
  }

  /** Rows as text columns, their text vectors included (for a few changed ids). */
  private rowSelect(): string {
    return this.loadExprs(true).map((e, i) => `${e} AS c${i}`).join(", ");
  }

  /** A chunk of rows as one separated string per column (the text vectors load in a second pass). */
  private chunkSelect(): string {
    return this.loadExprs(false).map((e, i) => `string_agg(coalesce(${e}, ''), E'\\x1f') AS c${i}`).join(", ");
  }

  position(id: number): number {
    if (this.posMap) return this.posMap.get(id) ?? NO_POS;
    return id < this.posById.length ? this.posById[id] : NO_POS;
  }

  private setPosition(id: number, pos: number) {
    if (!this.posMap && id >= 64_000_000) {
      this.posMap = new Map();
      for (let i = 0; i < this.posById.length; i++) if (this.posById[i] !== NO_POS) this.posMap.set(i, this.posById[i]);
      this.posById = new Int32Array(0);
    }
    if (this.posMap) {
      if (pos === NO_POS) this.posMap.delete(id);
      else this.posMap.set(id, pos);
      return;
    }
    if (id >= this.posById.length) {
      const next = new Int32Array(Math.max(id + 1, Math.ceil(this.posById.length * 1.5), 1024)).fill(NO_POS);
      next.set(this.posById);
      this.posById = next;
    }
    this.posById[id] = pos;
  }

  private ensureCapacity(n: number) {
    if (n <= this.capacity) return;
    // A large copy grows by an eighth: a copy read back from its snapshot is exactly full, and its
    // first new row must not add half of it again (a gigabyte at 10M rows).
    const capacity = Math.max(n, Math.ceil(this.capacity * (this.capacity > 1_000_000 ? 1.125 : 1.5)), 1024);
    const ids = sharedArray(Float64Array, capacity);
    ids.set(this.ids);
    this.ids = ids;
    const live = sharedArray(Uint8Array, capacity);
    live.set(this.live);
    this.live = live;
    for (const c of this.columns.values()) c.grow(capacity);
    this.capacity = capacity;
  }

  /** Columns a row travels as: the id, each stored field, then (from rowSelect) the text vector. */
  private width(withText: boolean) {
    return this.columns.size + 1 + (withText && this.text ? 1 : 0);
  }

  /**
   * Appends rows given as text columns (column 0: ids), each already split into values; their
   * text vectors, when given, go to the text index.
   */
  appendColumns(columns: (string | null)[][]) {
    const ids = columns[0];
    const count = ids.length;
    this.ensureCapacity(this.n + count);
    const start = this.n;
    for (let r = 0; r < count; r++) {
      const id = Number(ids[r]);
      const old = this.position(id);
      if (old !== NO_POS) this.remove(old);
      const pos = start + r;
      this.ids[pos] = id;
      this.live[pos] = 1;
      this.setPosition(id, pos);
    }
    this.liveCount += count;
    let k = 1;
    for (const [name, col] of this.columns) {
      const values = columns[k++];
      const kind = this.def.fields[name].kind;
      if (col instanceof KeywordColumn) {
        for (let r = 0; r < count; r++) col.set(start + r, values[r] || null);
      } else if (col instanceof ArrayColumn) {
        for (let r = 0; r < count; r++) {
          const v = values[r];
          col.set(start + r, v ? v.split("\x1e") : null);
        }
      } else {
        const scale = kind === "date" ? DAY_US : 1;
        const out = col.values;
        for (let r = 0; r < count; r++) {
          const v = values[r];
          out[start + r] = v === null || v === "" ? NaN : Number(v) * scale;
        }
      }
    }
    if (this.text && columns.length > k) {
      const vectors = columns[k];
      for (let r = 0; r < count; r++) this.text.addRow(start + r, vectors[r]);
      this.text.seal();
    }
    this.n += count;
    this.pairs.rowsAdded(start, start + count);
    this.version++;
  }

  private appendRowObjects(rows: Record<string, unknown>[]) {
    if (!rows.length) return;
    const width = this.width(true);
    const columns: (string | null)[][] = [];
    for (let k = 0; k < width; k++) columns.push(rows.map((row) => (row[`c${k}`] as string | null) ?? null));
    this.appendColumns(columns);
  }

  /** Bytes of the arrays this store holds (its columns, positions, sort orders, text index and pair tables). */
  heldBytes(): number {
    let bytes = this.ids.byteLength + this.live.byteLength + this.posById.byteLength;
    for (const c of this.columns.values()) bytes += c instanceof NumberColumn ? c.values.byteLength : c instanceof KeywordColumn ? c.codes.byteLength : c.offsets.byteLength + c.data.byteLength;
    for (const s of this.sortOrders.values()) bytes += s.order.byteLength;
    return bytes + (this.text?.heldBytes() ?? 0) + this.pairs.heldBytes() + (this.words?.heldBytes() ?? 0);
  }

  /** Positions by id and the live count, from ids and live bits (a store read from a snapshot). */
  rebuildPositions() {
    this.posById = new Int32Array(0);
    this.posMap = null;
    this.liveCount = 0;
    for (let pos = 0; pos < this.n; pos++) {
      if (!this.live[pos]) continue;
      this.setPosition(this.ids[pos], pos);
      this.liveCount++;
    }
  }

  private remove(pos: number) {
    if (!this.live[pos]) return;
    // A row of the batch being appended (an id twice in one batch) was never counted.
    if (pos < this.n) {
      this.pairs.rowRemoved(pos);
      this.words?.rowRemoved(pos);
    }
    this.live[pos] = 0;
    this.liveCount--;
  }

  /** Tombstones the rows of these ids (deleted, or about to be appended again). */
  removeIds(ids: number[]) {
    for (const id of ids) {
      const pos = this.position(id);
      if (pos !== NO_POS) {
        this.remove(pos);
        this.setPosition(id, NO_POS);
      }
    }
    this.version++;
  }

  get deadCount() {
    return this.n - this.liveCount;
  }

  /** Loads every row, in id order, in chunks of id ranges. */
  async loadAll(db: Queryable, chunk = 100_000): Promise<void> {
    const snap = await db.query<{ s: string; lo: number | null; hi: number | null; rows: number }>(
      `SELECT pg_current_snapshot()::text AS s, min(id) AS lo, max(id) AS hi, count(*)::int AS rows FROM ${this.def.table}`,
    );
    const { s, lo, hi, rows } = snap.rows[0];
    // Sized once for the rows there are: grown step by step, every column would leave its
    // outgrown arrays to the allocator, and the process would hold half as much again.
    this.ensureCapacity(rows);
    const select = this.chunkSelect();
    if (lo !== null && hi !== null) {
      for await (const row of this.chunks<Record<string, string | null>>(db, select, Number(lo), Number(hi), chunk)) {
        if (row.c0 === null) continue;
        const columns: (string | null)[][] = [];
        for (let k = 0; k < this.width(false); k++) columns.push((row[`c${k}`] ?? "").split("\x1f"));
        // In slices, giving requests a turn between them (a load runs beside the API).
        for (let a = 0; a < columns[0].length; a += YIELD_ROWS) {
          this.appendColumns(a === 0 && columns[0].length <= YIELD_ROWS ? columns : columns.map((c) => c.slice(a, a + YIELD_ROWS)));
          await yieldToRequests();
        }
      }
    }
    this.loadedRows = this.n;
    this.sync = parseSnapshot(s);
    this.syncedAt = Date.now();
  }

  /**
   * One aggregate row per id range (lo, hi] in steps of `chunk`, in id order; the next range is
   * read while the caller parses this one, so the database and this process work at once.
   */
  private async *chunks<T>(db: Queryable, select: string, lo: number, hi: number, chunk: number): AsyncGenerator<T> {
    const read = (from: number) =>
      db.query<T>(`SELECT ${select} FROM (SELECT * FROM ${this.def.table} t WHERE t.id > $1 AND t.id <= $2 ORDER BY t.id) t`, [from, from + chunk]);
    let next: Promise<{ rows: T[] }> | null = read(lo - 1);
    for (let from = lo - 1; next; from += chunk) {
      const r: { rows: T[] } = await next;
      next = from + chunk < hi ? read(from + chunk) : null;
      next?.catch(() => undefined); // surfaced when awaited
      yield r.rows[0];
    }
  }

  /** Rows loaded by loadAll (rows appended later by catch-ups brought their text with them). */
  loadedRows = 0;
  /** True once every loaded row's text is in the text index (text search may then use it). */
  textReady = false;

  /**
   * The second pass of a load: every loaded row's text vector into the text index, in the same
   * id chunks, each read while the last is parsed. A row changed meanwhile was appended again
   * by a catch-up with its new text; its old position is dead, so what this pass reads for it
   * is never searched. Catch-ups may run between chunks: each chunk is added synchronously.
   */
  async loadText(db: Queryable, chunk = 100_000): Promise<void> {
    const text = this.text;
    if (!text || this.textReady) return;
    const loaded = this.loadedRows;
    const lo = loaded ? this.ids[0] : 0;
    const hi = loaded ? this.ids[loaded - 1] : 0;
    if (loaded) {
      const select = `string_agg(t.id::text, ',') AS ids, string_agg(coalesce(${this.vectorExpr()}, ''), E'\\x1f') AS vectors`;
      for await (const row of this.chunks<{ ids: string | null; vectors: string | null }>(db, select, lo, hi, chunk)) {
        const { ids, vectors } = row;
        if (ids === null) continue;
        const idList = ids.split(",");
        const vectorList = (vectors ?? "").split("\x1f");
        for (let k = 0; k < idList.length; k++) {
          const pos = this.position(Number(idList[k]));
          if (pos >= 0 && pos < loaded) text.addRow(pos, vectorList[k]);
          if (k % (YIELD_ROWS / 4) === YIELD_ROWS / 4 - 1) await yieldToRequests();
        }
        text.seal();
      }
    }
    this.textReady = true;
  }

  /**
   * The text's kept tables, once every row's text is in: the commonest words' bitmaps
   * (dense-words.ts), then their facet counts (word-counts.ts). Built from a partly loaded text
   * index they would miss rows, so until then there are none.
   */
  async buildTextTables(): Promise<void> {
    if (!this.text || !this.textReady) return;
    await this.text.buildDense(this.n, yieldToRequests);
    await this.words?.buildAll(yieldToRequests);
  }

  /**
   * Applies every change the database has that this store has not seen: changes written by a
   * transaction still running at the last sync, or started since. Answers false when the
   * store must be reloaded instead (a TRUNCATE, or too many changes to patch).
   */
  async catchUp(db: Queryable): Promise<boolean> {
    if (!this.sync) return false;
    const { xmin, xmax, xip } = this.sync;
    const q = await db.query<{ s: string; reset: boolean; ids: (number | string)[] | null }>(
      `WITH c AS (
         SELECT row_ids FROM search_changes
          WHERE index_name = $1 AND xid >= $2::xid8 AND (xid >= $3::xid8 OR xid = ANY($4::xid8[]))
       )
       SELECT pg_current_snapshot()::text AS s,
              EXISTS (SELECT 1 FROM c WHERE row_ids IS NULL) AS reset,
              ARRAY(SELECT DISTINCT unnest(row_ids) FROM c) AS ids`,
      [this.def.name, xmin, xmax, xip],
    );
    const row = q.rows[0];
    if (row.reset) return false;
    const ids = (row.ids ?? []).map(Number);
    if (ids.length > Math.max(50_000, this.liveCount / 4)) return false;
    if (ids.length) {
      this.removeIds(ids);
      const select = this.rowSelect();
      for (let i = 0; i < ids.length; i += 10_000) {
        const part = ids.slice(i, i + 10_000);
        const rows = await db.query<Record<string, unknown>>(`SELECT ${select} FROM ${this.def.table} t WHERE t.id = ANY($1::bigint[]) ORDER BY t.id`, [part]);
        this.appendRowObjects(rows.rows);
      }
    }
    this.sync = parseSnapshot(row.s);
    this.syncedAt = Date.now();
    return true;
  }

  private totals: { version: number; byField: Map<string, Int32Array> } = { version: -1, byField: new Map() };
  /** Per facet field: how many live rows carry each code (for counting by complement). */
  facetTotals(field: string): Int32Array {
    if (this.totals.version !== this.version) this.totals = { version: this.version, byField: new Map() };
    let t = this.totals.byField.get(field);
    if (!t) {
      t = columnTotals(this.columns.get(field)!, this.live, this.n);
      this.totals.byField.set(field, t);
    }
    return t;
  }

  /** Positions [0, covered) in the order of a sort (nulls last, ties by id desc), built on demand. */
  sortOrder(field: string, dir: "asc" | "desc"): SortOrder {
    const key = `${field} ${dir}`;
    const have = this.sortOrders.get(key);
    // Rows appended since are merged at query time; rebuild when that tail grows large.
    if (have && this.n - have.covered <= Math.max(2000, this.n / 50)) return have;
    const col = this.columns.get(field);
    if (!col || col.kind !== "number") throw new Error(`cannot sort ${this.def.name} by ${field}`);
    const order = buildOrder(col.values, this.ids, this.live, this.n, dir);
    const built = { order, covered: this.n };
    this.sortOrders.set(key, built);
    return built;
  }
}
