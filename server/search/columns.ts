// The columns of a search copy (ColumnStore): facet fields as dictionary codes (8 bits while a
// dictionary has at most 255 texts, widened to 16 then 32), text arrays as offsets + codes,
// numbers and instants as Float64Array (NaN = null). Every array is shared memory, so the
// workers read the same bytes (store-view.ts).
import type { EvalColumn } from "./evaluate.js";
import type { FieldDef } from "./types.js";
import { ownString, sharedArray, sharedCopy } from "./shared.js";

export type Codes = Uint16Array | Uint32Array;
/** A keyword column's codes: one byte each while its dictionary has at most 255 texts. */
export type ScalarCodes = Uint8Array | Codes;

export class Dictionary {
  /** code → text; code 0 is null (and the empty string). */
  readonly texts: (string | null)[] = [null];
  readonly codeOf = new Map<string, number>();
  code(text: string | null | undefined): number {
    if (text == null || text === "") return 0;
    let c = this.codeOf.get(text);
    if (c === undefined) {
      c = this.texts.length;
      text = ownString(text);
      this.texts.push(text);
      this.codeOf.set(text, c);
    }
    return c;
  }
  get size() {
    return this.texts.length;
  }
}

export class KeywordColumn {
  readonly kind = "keyword" as const;
  readonly dict = new Dictionary();
  get dictSize() {
    return this.dict.size;
  }
  codes: ScalarCodes;
  constructor(capacity: number) {
    this.codes = sharedArray(Uint8Array, capacity);
  }
  set(pos: number, text: string | null) {
    const c = this.dict.code(text);
    // Widened when the dictionary outgrows the code size (8 → 16 → 32 bits).
    if (c > 0xff && this.codes instanceof Uint8Array) this.codes = c > 0xffff ? sharedCopy(Uint32Array, this.codes) : sharedCopy(Uint16Array, this.codes);
    else if (c > 0xffff && this.codes instanceof Uint16Array) this.codes = sharedCopy(Uint32Array, this.codes);
    this.codes[pos] = c;
  }
  grow(capacity: number) {
    const codes = this.codes;
    this.codes =
      codes instanceof Uint8Array ? sharedCopy(Uint8Array, codes, capacity) : codes instanceof Uint16Array ? sharedCopy(Uint16Array, codes, capacity) : sharedCopy(Uint32Array, codes, capacity);
  }
}

export class ArrayColumn {
  readonly kind = "keywords" as const;
  readonly dict = new Dictionary();
  get dictSize() {
    return this.dict.size;
  }
  /** Codes of row at pos are data[offsets[pos] .. offsets[pos + 1]). */
  offsets: Int32Array;
  data: Codes;
  length = 0;
  constructor(capacity: number) {
    this.offsets = sharedArray(Int32Array, capacity + 1);
    this.data = sharedArray(Uint16Array, Math.max(16, capacity * 2));
  }
  /** Rows are written in position order (append-only); repeated and empty texts count once / not at all. */
  set(pos: number, texts: readonly (string | null)[] | null) {
    const start = this.length;
    const items = texts ?? [];
    if (start + items.length > this.data.length) {
      const length = Math.max(this.data.length * 2, start + items.length);
      this.data = this.data instanceof Uint16Array ? sharedCopy(Uint16Array, this.data, length) : sharedCopy(Uint32Array, this.data, length);
    }
    for (const t of items) {
      const c = this.dict.code(t);
      if (c === 0) continue;
      let dup = false;
      for (let k = start; k < this.length; k++) if (this.data[k] === c) dup = true;
      if (dup) continue;
      if (c > 0xffff && this.data instanceof Uint16Array) this.data = sharedCopy(Uint32Array, this.data);
      this.data[this.length++] = c;
    }
    this.offsets[pos + 1] = this.length;
  }
  grow(capacity: number) {
    const next = sharedArray(Int32Array, capacity + 1);
    next.set(this.offsets);
    this.offsets = next;
  }
}

export class NumberColumn {
  readonly kind = "number" as const;
  values: Float64Array;
  constructor(capacity: number) {
    this.values = sharedArray(Float64Array, capacity);
  }
  set(pos: number, v: number | null) {
    this.values[pos] = v === null || v === undefined ? NaN : v;
  }
  grow(capacity: number) {
    const next = sharedArray(Float64Array, capacity);
    next.set(this.values);
    this.values = next;
  }
}

export type Column = KeywordColumn | ArrayColumn | NumberColumn;

export function makeColumn(f: FieldDef, capacity: number): Column | null {
  switch (f.kind) {
    case "keyword":
    case "boolean":
      return new KeywordColumn(capacity);
    case "keywords":
      return new ArrayColumn(capacity);
    case "number":
    case "timestamp":
    case "date":
      return new NumberColumn(capacity);
    case "text":
    case "personal":
      return null;
  }
}

/** How many live rows among the first n carry each code of a facet column. */
export function columnTotals(col: EvalColumn, live: Uint8Array, n: number): Int32Array {
  if (col.kind === "keyword") {
    const t = new Int32Array(col.dictSize);
    const codes = col.codes;
    for (let i = 0; i < n; i++) t[codes[i]] += live[i];
    return t;
  }
  if (col.kind === "keywords") {
    const t = new Int32Array(col.dictSize);
    const { offsets, data } = col;
    for (let i = 0; i < n; i++) {
      if (!live[i]) continue;
      for (let k = offsets[i], e = offsets[i + 1]; k < e; k++) t[data[k]]++;
    }
    return t;
  }
  throw new Error("a number column has no facet");
}
