// Facet counts kept for the commonest words of the text index, so that typing one common word —
// "steel", "solar", "hospital": what people search most — is answered without a pass over the
// rows. At 10M rows such a word finds millions, and counting their facets was most of the time
// of a search for it. For each word in at least COMMON_SHARE of the rows (at most MAX_WORDS of
// them), each facet field's counts over the live rows holding the word.
//
// A table is not touched by writes: it is corrected when read, from what changed since it was
// built — the word's rows appended since (the tail of its live matches) added, and rows
// tombstoned since that it held (the store tells of each) taken away — so it stays exact with
// no upkeep on the write path. Once the changes outweigh the table (many writes since the
// warm-up), it is no longer used (its searches take the pass again) until the copy is next
// warmed. Built at warm-up, a word at a time between requests.
import { countListArray, countListScalar } from "./kernels.js";
import { addRowCodes, type PairSource } from "./pair-counts.js";
import { holds } from "./sorted-sets.js";
import { rowsOf } from "./dense-words.js";
import type { TextIndex } from "./text.js";

/** Words held by at least this share of the rows get counts. */
export const COMMON_SHARE = 1 / 32;
/** At most this many words (the commonest). */
const MAX_WORDS = 256;
/** Corrections read per search beyond which a table is not used (its share of the rows, or this many). */
const MAX_CORRECTIONS = 20_000;
/** A word's rows counted between two yields to requests (at 10M a common word holds millions). */
const BUILD_ROWS = 1 << 20;

interface WordTable {
  /** Per facet field (PairSource.facets order): live rows holding the word by code, as built. */
  counts: Int32Array[];
  total: number;
  /** Rows at the build: later positions are counted from the matches when read. */
  builtN: number;
  /** Tombstones recorded before the build (already out of the counts). */
  removedBefore: number;
}

export class WordCounts {
  private readonly tables = new Map<string, WordTable>();
  /** Positions tombstoned since the tables' build began, in order. */
  private removed: number[] = [];
  /** Bumped when the tables are dropped or rebuilt: a build of an older generation stops. */
  private generation = 0;
  private building = -1;

  constructor(
    private readonly src: PairSource,
    private readonly text: () => TextIndex,
  ) {}

  /** Bytes the tables hold. */
  heldBytes(): number {
    let bytes = 4 * this.removed.length;
    for (const t of this.tables.values()) for (const c of t.counts) bytes += c.byteLength;
    return bytes;
  }

  /** A live row about to be tombstoned. */
  rowRemoved(pos: number) {
    if (!this.tables.size && this.building !== this.generation) return;
    this.removed.push(pos);
    // Past this, no table is read any more (each allows at most a 16th of the rows): let them go.
    if (this.removed.length > Math.max(MAX_CORRECTIONS, this.src.n / 16)) {
      this.tables.clear();
      this.removed = [];
      this.generation++;
    }
  }

  /**
   * (Re)builds the tables of the commonest words, yielding to requests between words and every
   * `chunk` rows of one. Rows changed meanwhile are corrected for when read, as after a build.
   */
  async buildAll(yieldNow: () => Promise<void>, chunk = BUILD_ROWS): Promise<void> {
    const generation = ++this.generation;
    this.building = generation;
    this.tables.clear();
    this.removed = [];
    const min = Math.max(2, Math.ceil(this.src.n * COMMON_SHARE));
    for (const word of this.text().wordsHeldBy(min, MAX_WORDS)) {
      const table = await this.build(word, yieldNow, chunk, generation);
      if (!table) return; // outrun by changes, or a newer build began
      this.tables.set(word, table);
      await yieldNow();
    }
    if (this.building === generation) this.building = -1;
  }

  /**
   * The count and every facet's counts of the live rows holding `word`, from its table: null
   * without one, or when too much changed since it was built. `live`: the word's live rows now
   * (ascending); `held`: every row its postings hold (ascending, dead ones too).
   */
  read(word: string, live: Int32Array, held: Int32Array): { count: number; facets: Map<string, Int32Array> } | null {
    const t = this.tables.get(word);
    if (!t) return null;
    let appended = 0;
    while (appended < live.length && live[live.length - 1 - appended] >= t.builtN) appended++;
    if (appended + this.removed.length - t.removedBefore > Math.max(MAX_CORRECTIONS, t.total / 16)) return null;
    const facets = new Map<string, Int32Array>();
    this.src.facets.forEach((name, j) => {
      const out = new Int32Array(this.src.column(name).dictSize);
      out.set(t.counts[j].subarray(0, Math.min(out.length, t.counts[j].length)));
      facets.set(name, out);
    });
    let count = t.total;
    for (let k = live.length - appended; k < live.length; k++) count += this.addRow(live[k], facets, 1);
    for (let j = t.removedBefore; j < this.removed.length; j++) {
      const p = this.removed[j];
      if (p < t.builtN && holds(held, p)) count -= this.addRow(p, facets, -1);
    }
    return { count, facets };
  }

  private async build(word: string, yieldNow: () => Promise<void>, chunk: number, generation: number): Promise<WordTable | null> {
    const held = rowsOf(this.text().wordRows(word));
    const live = this.src.live;
    const rows = new Int32Array(held.length);
    let total = 0;
    for (let k = 0; k < held.length; k++) {
      rows[total] = held[k];
      total += live[held[k]];
    }
    // The rows live now are counted (a row's codes never change: a changed row is appended anew);
    // those tombstoned from now on are in `removed`, from removedBefore.
    const table: WordTable = { counts: this.src.facets.map((name) => new Int32Array(this.src.column(name).dictSize)), total, builtN: this.src.n, removedBefore: this.removed.length };
    for (let from = 0; from < total; from += chunk) {
      if (from) {
        await yieldNow();
        if (this.generation !== generation) return null;
      }
      const to = Math.min(total, from + chunk);
      this.src.facets.forEach((name, j) => {
        const col = this.src.column(name); // read anew: a growing dictionary widens its codes
        if (col.kind === "keyword") countListScalar(col.codes, rows, from, to, table.counts[j], 1);
        else countListArray(col.offsets, col.data, rows, from, to, table.counts[j], 1);
      });
    }
    return table;
  }

  /** Adds (1) or takes away (-1) one row's codes to facet counts; answers 1. */
  addRow(pos: number, facets: Map<string, Int32Array>, sign: number): number {
    for (const [name, counts] of facets) addRowCodes(this.src.column(name), pos, counts, 0, sign);
    return 1;
  }
}
