// A ColumnStore to and from a snapshot file (snapshot-file.ts): its rows' columns, dictionaries,
// sort orders and text index as they are in memory, and the database snapshot it had caught up
// to. A restored store catches up from there through search_changes like any other, so it
// answers exactly as a store loaded from the database would.
//
// A snapshot is trusted only by the database that recorded its token (search_snapshots, written
// when it was taken): a snapshot of another database, or of a copy of this one taken before it
// was written, has no token there and is not used.
import crypto from "node:crypto";
import { readSnapshot, SnapshotError, writeSnapshot, type ArraySource, type StoredArray } from "./snapshot-file.js";
import { ArrayColumn, KeywordColumn, NumberColumn } from "./columns.js";
import { ColumnStore, type SyncPoint } from "./store.js";
import { Decoded, encodeSegment, pairCount, type Segment } from "./postings.js";
import { denseConsistent, keptDense, type DenseRows } from "./dense-words.js";
import { TextIndex } from "./text.js";
import type { IndexDefinition } from "./types.js";

/** Bumped when what a store holds changes shape (the definition's own changes are hashed). */
const STORE_FORMAT = 2; // 2: dense words (dense-words.ts)

interface ColumnMeta {
  name: string;
  kind: "keyword" | "keywords" | "number";
  /** Dictionary texts from code 1 (code 0 is null). */
  texts?: string[];
}

export interface StoreMeta {
  index: string;
  definition: string;
  token: string;
  takenAt: number;
  n: number;
  sync: SyncPoint;
  syncedAt: number;
  columns: ColumnMeta[];
  sorts: { key: string; covered: number }[];
  text: { words: string[]; segments: number; dense?: { word: number; count: number; covered: number }[] } | null;
}

/** A digest of what a definition stores: a snapshot of another shape is not read into it. */
export function definitionHash(def: IndexDefinition): string {
  const shape = { STORE_FORMAT, table: def.table, textVector: def.textVector, textConfig: def.textConfig, fields: def.fields };
  return crypto.createHash("sha256").update(JSON.stringify(shape)).digest("hex");
}

/**
 * Which of a store's first n positions a snapshot keeps, and where each lands: all of them in
 * place, or (compacting) only the live ones, in order.
 */
class Kept {
  readonly count: number;
  /** position → position in the snapshot (-1: dropped); null when all are kept in place */
  private readonly to: Int32Array | null;
  constructor(live: Uint8Array, readonly n: number, compact: boolean) {
    if (!compact) {
      this.count = n;
      this.to = null;
      return;
    }
    this.to = new Int32Array(n);
    let m = 0;
    for (let p = 0; p < n; p++) this.to[p] = live[p] ? m++ : -1;
    this.count = m;
  }
  at(p: number): number {
    return this.to ? (p < this.n ? this.to[p] : -1) : p < this.n ? p : -1;
  }
  /** How many kept positions lie below p. */
  below(p: number): number {
    if (!this.to) return Math.min(p, this.n);
    for (let q = Math.min(p, this.n) - 1; q >= 0; q--) if (this.to[q] >= 0) return this.to[q] + 1;
    return 0;
  }
  /** The kept elements of a per-position array (a view when all are kept). */
  pick<T extends StoredArray>(values: T): T {
    if (!this.to) return values.subarray(0, this.n) as T;
    const out = new (values.constructor as new (n: number) => T)(this.count);
    for (let p = 0; p < this.n; p++) if (this.to[p] >= 0) out[this.to[p]] = values[p];
    return out;
  }
}

/** A keywords column's offsets and codes, kept rows only. */
function keptLists(col: ArrayColumn, kept: Kept): { offsets: Int32Array; data: StoredArray } {
  const { offsets, data } = col;
  const n = kept.n;
  let total = 0;
  for (let p = 0; p < n; p++) if (kept.at(p) >= 0) total += offsets[p + 1] - offsets[p];
  const outOffsets = new Int32Array(kept.count + 1);
  const outData = new (data.constructor as new (n: number) => Uint16Array | Uint32Array)(total);
  let at = 0;
  for (let p = 0; p < n; p++) {
    const q = kept.at(p);
    if (q < 0) continue;
    for (let k = offsets[p]; k < offsets[p + 1]; k++) outData[at++] = data[k];
    outOffsets[q + 1] = at;
  }
  return { offsets: outOffsets, data: outData };
}

/** A text segment with only the kept rows, at their new positions. */
function keptSegment(s: Segment, kept: Kept, words: number, scores: number): Segment {
  const decoded = new Decoded();
  const total = pairCount(s);
  const pairs = { pos: new Int32Array(total), word: new Int32Array(total), score: new Int32Array(total), length: 0 };
  for (let k = 0; k < s.codes.length; k++) {
    const m = decoded.read(s, k);
    for (let j = 0; j < m; j++) {
      const q = kept.at(decoded.pos[j]);
      if (q < 0) continue;
      pairs.pos[pairs.length] = q;
      pairs.word[pairs.length] = s.codes[k];
      pairs.score[pairs.length++] = decoded.score[j];
    }
  }
  return encodeSegment(pairs, words, scores);
}

/**
 * What a snapshot of this store holds, as arrays made when their turn to be written comes:
 * views of its own arrays, or (compacting) its live rows only, one column at a time. What it
 * holds is decided now — rows, sort orders, text segments and the sync point — so changes made
 * while it is written are after its sync point and caught up after a restore.
 */
export function storeSnapshot(store: ColumnStore, token: string, compact = false): { arrays: [string, ArraySource][]; meta: () => StoreMeta } {
  if (!store.sync) throw new Error("a store that never synced has nothing to snapshot");
  const n = store.n;
  const kept = new Kept(compact ? store.live.slice(0, n) : store.live, n, compact);
  const arrays: [string, ArraySource][] = [
    ["ids", () => kept.pick(store.ids)],
    ["live", () => (compact ? new Uint8Array(kept.count).fill(1) : store.live.subarray(0, n))],
  ];
  const columns: ColumnMeta[] = [];
  for (const [name, col] of store.columns) {
    if (col instanceof NumberColumn) {
      columns.push({ name, kind: "number" });
      arrays.push([`${name}.values`, () => kept.pick(col.values)]);
    } else if (col instanceof KeywordColumn) {
      columns.push({ name, kind: "keyword", texts: col.dict.texts.slice(1) as string[] });
      arrays.push([`${name}.codes`, () => kept.pick(col.codes)]);
    } else {
      columns.push({ name, kind: "keywords", texts: col.dict.texts.slice(1) as string[] });
      let lists: ReturnType<typeof keptLists> | null = null;
      arrays.push([`${name}.offsets`, () => (lists = keptLists(col, kept)).offsets]);
      arrays.push([`${name}.data`, () => lists!.data]);
    }
  }
  const sorts = [...store.sortOrders].map(([key, s]) => {
    arrays.push([`sort ${key}`, () => (compact ? Int32Array.from(s.order.filter((p) => kept.at(p) >= 0), (p) => kept.at(p)) : s.order)]);
    return { key, covered: kept.below(s.covered) };
  });
  let text: StoreMeta["text"] = null;
  if (store.text) {
    const { words, scores, segments, dense } = store.text.parts();
    arrays.push(["text scores", scores]);
    segments.forEach((original, k) => {
      let s = original;
      arrays.push([`text ${k}.codes`, () => (s = compact ? keptSegment(original, kept, words.length, scores.length) : original).codes]);
      arrays.push([`text ${k}.starts`, () => s.starts]);
      arrays.push([`text ${k}.byteStarts`, () => s.byteStarts]);
      arrays.push([`text ${k}.gaps`, () => s.gaps]);
      arrays.push([`text ${k}.scores`, () => s.scores]);
    });
    const denseMeta = [...dense].map(([word, original], j) => {
      let d = original;
      const covered = kept.below(original.covered);
      arrays.push([`dense ${j}.bits`, () => (d = compact ? keptDense(original, (p) => kept.at(p), covered) : original).bits]);
      arrays.push([`dense ${j}.scores`, () => d.scores]);
      // The count a compacted word will have is known once its bits are made: the meta is taken after.
      return { word, get count() { return d.count; }, covered };
    });
    text = { words: words.slice(), segments: segments.length, dense: denseMeta };
  }
  const { sync, syncedAt } = store;
  const meta = (): StoreMeta => ({ index: store.def.name, definition: definitionHash(store.def), token, takenAt: Date.now(), n: kept.count, sync, syncedAt, columns, sorts, text });
  return { arrays, meta };
}

/**
 * Writes a snapshot of the store (its text must be loaded: a snapshot is a whole copy). A
 * compacting snapshot leaves out deleted and replaced rows.
 */
export async function saveStore(store: ColumnStore, file: string, token: string, compact = false): Promise<number> {
  if (store.text && !store.textReady) throw new Error("the text index is still loading");
  const { arrays, meta } = storeSnapshot(store, token, compact);
  return writeSnapshot(file, arrays, meta);
}

/** Reads a store back; SnapshotError when the file is not a whole snapshot of this definition, or `vouch` refuses it. */
export async function loadStore(def: IndexDefinition, file: string, vouch: (meta: StoreMeta) => Promise<void>): Promise<{ store: ColumnStore; meta: StoreMeta; bytes: number }> {
  // Refused from its header, before its arrays are read (gigabytes at 10M rows).
  const { meta: raw, arrays, bytes } = await readSnapshot(file, async (header) => {
    const meta = header as StoreMeta;
    if (meta?.index !== def.name || meta.definition !== definitionHash(def)) throw new SnapshotError("snapshot of another index or definition");
    await vouch(meta);
  });
  const meta = raw as StoreMeta;
  const n = meta.n;
  const store = new ColumnStore(def, 0);
  const take = <T extends StoredArray>(name: string, Type: new (...a: never[]) => T, length?: number): T => {
    const a = arrays.get(name);
    if (!(a instanceof Type) || (length !== undefined && a.length !== length)) throw new SnapshotError(`snapshot array ${name} is missing or of the wrong size`);
    return a;
  };
  store.ids = take("ids", Float64Array, n);
  store.live = take("live", Uint8Array, n);
  store.n = n;
  store.capacity = n;
  if (meta.columns.length !== store.columns.size) throw new SnapshotError("snapshot columns differ");
  for (const c of meta.columns) restoreColumn(store, c, arrays, take);
  for (const { key, covered } of meta.sorts) {
    const order = take(`sort ${key}`, Int32Array);
    if (covered > n || order.length > covered || !validPositions(order, n)) throw new SnapshotError(`snapshot sort ${key} is inconsistent`);
    store.sortOrders.set(key, { order, covered });
  }
  if (def.textVector) {
    if (!meta.text) throw new SnapshotError("snapshot has no text index");
    const segments: Segment[] = [];
    for (let k = 0; k < meta.text.segments; k++) {
      const scores = arrays.get(`text ${k}.scores`);
      if (!(scores instanceof Uint8Array || scores instanceof Uint16Array)) throw new SnapshotError("snapshot text scores are missing");
      const segment: Segment = {
        codes: take(`text ${k}.codes`, Int32Array),
        starts: take(`text ${k}.starts`, Int32Array),
        byteStarts: take(`text ${k}.byteStarts`, Int32Array),
        gaps: take(`text ${k}.gaps`, Uint8Array),
        scores,
      };
      checkSegment(segment, meta.text.words.length);
      segments.push(segment);
    }
    if (new Set(meta.text.words).size !== meta.text.words.length) throw new SnapshotError("snapshot words repeat");
    const scoreTable = take("text scores", Float64Array);
    if (new Set(scoreTable).size !== scoreTable.length) throw new SnapshotError("snapshot scores repeat");
    for (const s of segments) if (!codesBelow(s.scores, scoreTable.length)) throw new SnapshotError("snapshot text index is inconsistent");
    const dense = new Map<number, DenseRows>();
    (meta.text.dense ?? []).forEach(({ word, count, covered }, j) => {
      const scores = arrays.get(`dense ${j}.scores`);
      if (!(scores instanceof Uint8Array || scores instanceof Uint16Array)) throw new SnapshotError("snapshot dense word scores are missing");
      const d: DenseRows = { bits: take(`dense ${j}.bits`, Uint32Array), scores, count, covered };
      const known = Number.isInteger(word) && word >= 0 && word < meta.text!.words.length && !dense.has(word);
      if (!known || !(covered >= 0 && covered <= n) || !denseConsistent(d, scoreTable.length)) throw new SnapshotError("snapshot dense words are inconsistent");
      dense.set(word, d);
    });
    store.text = TextIndex.fromParts({ words: meta.text.words, scores: scoreTable, segments, dense });
    store.textReady = true;
  }
  store.rebuildPositions();
  store.loadedRows = n;
  store.sync = meta.sync;
  store.syncedAt = meta.syncedAt;
  return { store, meta, bytes };
}

type Take = <T extends StoredArray>(name: string, Type: new (...a: never[]) => T, length?: number) => T;

function restoreColumn(store: ColumnStore, c: ColumnMeta, arrays: Map<string, StoredArray>, take: Take) {
  const col = store.columns.get(c.name);
  const n = store.n;
  if (!col || col.kind !== c.kind) throw new SnapshotError(`snapshot column ${c.name} differs`);
  if (col instanceof NumberColumn) {
    col.values = take(`${c.name}.values`, Float64Array, n);
    return;
  }
  const texts = c.texts ?? [];
  for (const t of texts) if (typeof t !== "string" || col.dict.code(t) !== col.dict.size - 1) throw new SnapshotError(`snapshot dictionary of ${c.name} is inconsistent`);
  const size = col.dict.size;
  if (col instanceof KeywordColumn) {
    const codes = arrays.get(`${c.name}.codes`);
    if (!(codes instanceof Uint8Array || codes instanceof Uint16Array || codes instanceof Uint32Array) || codes.length !== n || !codesBelow(codes, size)) throw new SnapshotError(`snapshot codes of ${c.name} are inconsistent`);
    col.codes = codes;
    return;
  }
  const offsets = take(`${c.name}.offsets`, Int32Array, n + 1);
  const data = arrays.get(`${c.name}.data`);
  if (!(data instanceof Uint16Array || data instanceof Uint32Array) || offsets[0] !== 0 || offsets[n] !== data.length || !codesBelow(data, size)) throw new SnapshotError(`snapshot lists of ${c.name} are inconsistent`);
  for (let i = 0; i < n; i++) if (offsets[i + 1] < offsets[i]) throw new SnapshotError(`snapshot lists of ${c.name} are inconsistent`);
  (col as ArrayColumn).offsets = offsets;
  col.data = data;
  col.length = data.length;
}

function codesBelow(codes: Uint8Array | Uint16Array | Uint32Array, size: number): boolean {
  for (let i = 0; i < codes.length; i++) if (codes[i] >= size) return false;
  return true;
}

function validPositions(list: Int32Array, n: number): boolean {
  for (let i = 0; i < list.length; i++) if (list[i] < 0 || list[i] >= n) return false;
  return true;
}

/** A segment's tables agree with each other (its bytes were checked by their checksums). */
function checkSegment(s: Segment, words: number) {
  const slots = s.codes.length;
  let ok = s.starts.length === slots + 1 && s.byteStarts.length === slots + 1 && s.starts[0] === 0 && s.byteStarts[0] === 0;
  ok &&= pairCount(s) === s.scores.length && s.byteStarts[slots] === s.gaps.length;
  for (let k = 0; ok && k < slots; k++) {
    const c = s.codes[k];
    ok = c >= 0 && c < words && (k === 0 || c > s.codes[k - 1]) && s.starts[k + 1] >= s.starts[k] && s.byteStarts[k + 1] - s.byteStarts[k] >= s.starts[k + 1] - s.starts[k];
  }
  if (!ok) throw new SnapshotError("snapshot text index is inconsistent");
}
