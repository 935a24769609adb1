// A ColumnStore to and from a snapshot file (snapshot-file.ts): its rows' columns, dictionaries,
// sort orders and text index as they are in memory, and the database snapshot it had caught up
// to. A restored store catches up from there through search_changes like any other, so it
// answers exactly as a store loaded from the database would.
//
// A snapshot is trusted only by the database that recorded its token (search_snapshots, written
// when it was taken): a snapshot of another database, or of a copy of this one taken before it
// was written, has no token there and is not used.
import crypto from "node:crypto";
import { readSnapshot, SnapshotError, writeSnapshot, type StoredArray } from "./snapshot-file.js";
import { ArrayColumn, ColumnStore, KeywordColumn, NumberColumn, type SyncPoint } from "./store.js";
import { pairCount, type Segment } from "./postings.js";
import { TextIndex } from "./text.js";
import type { IndexDefinition } from "./types.js";

/** Bumped when what a store holds changes shape (the definition's own changes are hashed). */
const STORE_FORMAT = 1;

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
  text: { words: string[]; segments: number } | null;
}

/** A digest of what a definition stores: a snapshot of another shape is not read into it. */
export function definitionHash(def: IndexDefinition): string {
  const shape = { STORE_FORMAT, table: def.table, textVector: def.textVector, textConfig: def.textConfig, fields: def.fields };
  return crypto.createHash("sha256").update(JSON.stringify(shape)).digest("hex");
}

/** What a snapshot of this store holds (views of its arrays: nothing is copied). */
export function storeSnapshot(store: ColumnStore, token: string): { meta: StoreMeta; arrays: Map<string, StoredArray> } {
  if (!store.sync) throw new Error("a store that never synced has nothing to snapshot");
  const n = store.n;
  const arrays = new Map<string, StoredArray>([
    ["ids", store.ids.subarray(0, n)],
    ["live", store.live.subarray(0, n)],
  ]);
  const columns: ColumnMeta[] = [];
  for (const [name, col] of store.columns) {
    if (col instanceof NumberColumn) {
      columns.push({ name, kind: "number" });
      arrays.set(`${name}.values`, col.values.subarray(0, n));
    } else if (col instanceof KeywordColumn) {
      columns.push({ name, kind: "keyword", texts: col.dict.texts.slice(1) as string[] });
      arrays.set(`${name}.codes`, col.codes.subarray(0, n));
    } else {
      columns.push({ name, kind: "keywords", texts: col.dict.texts.slice(1) as string[] });
      arrays.set(`${name}.offsets`, col.offsets.subarray(0, n + 1));
      arrays.set(`${name}.data`, col.data.subarray(0, col.offsets[n]));
    }
  }
  const sorts = [...store.sortOrders].map(([key, s]) => {
    arrays.set(`sort ${key}`, s.order);
    return { key, covered: s.covered };
  });
  let text: StoreMeta["text"] = null;
  if (store.text) {
    const { words, scores, segments } = store.text.parts();
    arrays.set("text scores", scores);
    segments.forEach((s, k) => {
      arrays.set(`text ${k}.codes`, s.codes);
      arrays.set(`text ${k}.starts`, s.starts);
      arrays.set(`text ${k}.byteStarts`, s.byteStarts);
      arrays.set(`text ${k}.gaps`, s.gaps);
      arrays.set(`text ${k}.scores`, s.scores);
    });
    text = { words, segments: segments.length };
  }
  const meta: StoreMeta = { index: store.def.name, definition: definitionHash(store.def), token, takenAt: Date.now(), n, sync: store.sync, syncedAt: store.syncedAt, columns, sorts, text };
  return { meta, arrays };
}

/** Writes a snapshot of the store (its text must be loaded: a snapshot is a whole copy). */
export async function saveStore(store: ColumnStore, file: string, token: string): Promise<number> {
  if (store.text && !store.textReady) throw new Error("the text index is still loading");
  const { meta, arrays } = storeSnapshot(store, token);
  return writeSnapshot(file, meta, arrays);
}

/** Reads a store back; SnapshotError when the file is not a whole snapshot of this definition. */
export async function loadStore(def: IndexDefinition, file: string): Promise<{ store: ColumnStore; meta: StoreMeta; bytes: number }> {
  const { meta: raw, arrays, bytes } = await readSnapshot(file);
  const meta = raw as StoreMeta;
  if (meta?.index !== def.name || meta.definition !== definitionHash(def)) throw new SnapshotError("snapshot of another index or definition");
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
    store.text = TextIndex.fromParts(meta.text.words, scoreTable, segments);
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
    if (!(codes instanceof Uint16Array || codes instanceof Uint32Array) || codes.length !== n || !codesBelow(codes, size)) throw new SnapshotError(`snapshot codes of ${c.name} are inconsistent`);
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
