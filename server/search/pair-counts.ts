// Facet counts kept for pairs of fields, so the searches people send most — everything, or one
// facet's values ticked (a state, a category, a status) — are answered without a pass over the
// rows. For each small keyword field F (at most MAX_FILTER_VALUES values) and each facet field G
// the store keeps, per code f of F, how many live rows with F = f carry each code of G; and per
// facet field, its totals over live rows. A search filtered on F's values v1..vk then counts
// facet G as the sum of k rows of that table, and F's own facet as its totals (a facet is
// counted with every filter but its own), whatever the row count: at 10M rows a weak filter was
// a pass over every row on every worker.
//
// The tables are kept exact as rows change: the store tells them of each row it appends and each
// row it tombstones (store.ts), so they never need a rebuild after a write. They are built once
// per copy (warm-up, or at first use while the copy is small), a pass over the rows per table.
// A dictionary that outgrows a table widens it; a filter field that outgrows MAX_FILTER_VALUES
// is dropped (its searches take the pass again).
import type { Codes, ScalarCodes } from "./columns.js";

/** Filter fields with at most this many values get a table (rows of counts per value). */
export const MAX_FILTER_VALUES = 64;
/** Copies up to this many rows build a missing table at first use (a few ms); larger ones at warm-up. */
const BUILD_AT_USE_ROWS = 200_000;

/** A column as the tables read it (the store's own, read at each call: codes widen, arrays grow). */
export type PairColumn =
  | { readonly kind: "keyword"; readonly codes: ScalarCodes; readonly dictSize: number }
  | { readonly kind: "keywords"; readonly offsets: Int32Array; readonly data: Codes; readonly dictSize: number };

/** Adds sign to counts[base + code] for each of row pos's codes in a facet column. */
export function addRowCodes(col: PairColumn, pos: number, counts: Int32Array, base: number, sign: number) {
  if (col.kind === "keyword") counts[base + col.codes[pos]] += sign;
  else for (let k = col.offsets[pos], e = col.offsets[pos + 1]; k < e; k++) counts[base + col.data[k]] += sign;
}

/** What the tables read of a store. */
export interface PairSource {
  readonly n: number;
  readonly live: Uint8Array;
  /** The facet fields, in the definition's order. */
  readonly facets: readonly string[];
  /** The scalar keyword fields (filters that may get a table). */
  readonly filters: readonly string[];
  column(field: string): PairColumn;
}

/** One table: rows by the filter field's code (one row for the totals), a block per facet field. */
class Table {
  /** Allocated rows (≥ the filter field's dictionary). */
  rows: number;
  /** Per facet field: allocated width (≥ its dictionary) and counts [f * width + g]. */
  readonly widths: number[];
  readonly counts: Int32Array[];
  /** Live rows per filter code. */
  byValue: Int32Array;

  constructor(
    readonly filter: string | null,
    src: PairSource,
  ) {
    this.rows = filter ? roomFor(src.column(filter).dictSize) : 1;
    this.widths = src.facets.map((g) => roomFor(src.column(g).dictSize));
    this.counts = this.widths.map((w) => new Int32Array(this.rows * w));
    this.byValue = new Int32Array(this.rows);
  }

  /** Widens the table to the dictionaries' sizes; false when the filter field has outgrown tables. */
  fit(src: PairSource): boolean {
    if (this.filter) {
      const size = src.column(this.filter).dictSize;
      if (size > 2 * MAX_FILTER_VALUES) return false;
      if (size > this.rows) this.resize(roomFor(size), this.widths.slice());
    }
    const widths = src.facets.map((g, j) => Math.max(this.widths[j], src.column(g).dictSize));
    if (widths.some((w, j) => w > this.widths[j])) this.resize(this.rows, widths.map((w, j) => (w > this.widths[j] ? roomFor(w) : w)));
    return true;
  }

  private resize(rows: number, widths: number[]) {
    for (let j = 0; j < widths.length; j++) {
      const old = this.counts[j];
      const next = new Int32Array(rows * widths[j]);
      for (let f = 0; f < this.rows; f++) next.set(old.subarray(f * this.widths[j], (f + 1) * this.widths[j]), f * widths[j]);
      this.counts[j] = next;
      this.widths[j] = widths[j];
    }
    const byValue = new Int32Array(rows);
    byValue.set(this.byValue);
    this.byValue = byValue;
    this.rows = rows;
  }

  /** Adds (sign 1) or takes away (sign -1) one row's codes. */
  addRow(src: PairSource, pos: number, sign: number) {
    const f = this.filter ? codeAt(src.column(this.filter), pos) : 0;
    this.byValue[f] += sign;
    for (let j = 0; j < src.facets.length; j++) addRowCodes(src.column(src.facets[j]), pos, this.counts[j], f * this.widths[j], sign);
  }

  /** Every live row counted (a pass per facet field, each a tight loop over two arrays). */
  fill(src: PairSource) {
    const { n, live } = src;
    const fc = this.filter ? (src.column(this.filter) as Extract<PairColumn, { kind: "keyword" }>).codes : null;
    for (let i = 0; i < n; i++) this.byValue[fc ? fc[i] : 0] += live[i];
    for (let j = 0; j < src.facets.length; j++) {
      const col = src.column(src.facets[j]);
      const w = this.widths[j];
      const counts = this.counts[j];
      if (col.kind === "keyword") {
        const gc = col.codes;
        if (fc) for (let i = 0; i < n; i++) counts[fc[i] * w + gc[i]] += live[i];
        else for (let i = 0; i < n; i++) counts[gc[i]] += live[i];
      } else {
        const { offsets, data } = col;
        for (let i = 0; i < n; i++) {
          if (!live[i]) continue;
          const base = fc ? fc[i] * w : 0;
          for (let k = offsets[i], e = offsets[i + 1]; k < e; k++) counts[base + data[k]]++;
        }
      }
    }
  }
}

const roomFor = (size: number) => Math.max(4, Math.ceil(size * 1.25) + 2);
const codeAt = (col: PairColumn, pos: number) => (col as Extract<PairColumn, { kind: "keyword" }>).codes[pos];

/** The pair tables of one store. */
export class PairCounts {
  /** By filter field ("" for the totals). */
  private readonly tables = new Map<string, Table>();
  /** Fields whose dictionary outgrew their table. */
  private readonly dropped = new Set<string>();

  constructor(private readonly src: PairSource) {}

  /** Bytes the tables hold. */
  heldBytes(): number {
    let bytes = 0;
    for (const t of this.tables.values()) for (const c of [t.byValue, ...t.counts]) bytes += c.byteLength;
    return bytes;
  }

  /** The facet fields the tables count. */
  get facets(): readonly string[] {
    return this.src.facets;
  }

  /** How many codes a built table of this filter field has room for. */
  rowsOf(field: string): number {
    return this.tables.get(field)!.rows;
  }

  /** Whether a field may have a table (a scalar keyword column with few values). */
  eligible(field: string): boolean {
    if (this.dropped.has(field) || !this.src.filters.includes(field)) return false;
    // A table built is kept up until its field outgrows it (fit); a new one only for a small field.
    return this.tables.has(field) || this.src.column(field).dictSize <= MAX_FILTER_VALUES;
  }

  /** Rows appended (their codes written); those tombstoned in the same batch are not counted. */
  rowsAdded(from: number, to: number) {
    for (const [field, t] of this.tables) {
      // Widened once a batch (dictionaries only grow while it is written), not once a row.
      if (!t.fit(this.src)) {
        this.drop(field);
        continue;
      }
      for (let pos = from; pos < to; pos++) if (this.src.live[pos]) t.addRow(this.src, pos, 1);
    }
  }

  /** A live row about to be tombstoned (its codes still in place). */
  rowRemoved(pos: number) {
    for (const t of this.tables.values()) t.addRow(this.src, pos, -1);
  }

  private drop(field: string) {
    this.tables.delete(field);
    this.dropped.add(field);
  }

  /** The table of a filter field (null: the totals), built now when the copy is small enough or `build`. */
  table(field: string | null, build = this.src.n <= BUILD_AT_USE_ROWS): Table | null {
    const key = field ?? "";
    const have = this.tables.get(key);
    if (have || !build || (field && !this.eligible(field))) return have ?? null;
    const t = new Table(field, this.src);
    t.fill(this.src);
    this.tables.set(key, t);
    return t;
  }

  /** Builds the totals and every eligible field's table, yielding to requests between them. */
  async buildAll(yieldNow: () => Promise<void>): Promise<void> {
    for (const field of [null, ...this.smallFields()]) {
      this.table(field, true);
      await yieldNow();
    }
  }

  private smallFields(): string[] {
    return this.src.filters.filter((f) => this.eligible(f));
  }

  /** Live rows whose filter code is in `lut` (every live row without a filter). */
  count(field: string | null, lut: Uint8Array | null): number {
    const t = this.table(field)!;
    let sum = 0;
    for (let f = 0; f < t.rows; f++) if (!lut || lut[f]) sum += t.byValue[f];
    return sum;
  }

  /** Facet `facet`'s counts over live rows whose filter code is in `lut` (length: its dictionary). */
  facetCounts(field: string | null, lut: Uint8Array | null, facet: string): Int32Array {
    const t = this.table(field)!;
    const j = this.src.facets.indexOf(facet);
    const w = t.widths[j];
    const counts = t.counts[j];
    const out = new Int32Array(this.src.column(facet).dictSize);
    for (let f = 0; f < t.rows; f++) {
      if (lut && !lut[f]) continue;
      const base = f * w;
      for (let g = 0; g < out.length; g++) out[g] += counts[base + g];
    }
    return out;
  }
}
