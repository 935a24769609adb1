// One pass over a ColumnStore: evaluates a query's filters and counts every facet at once.
// Each row gets a fail count (0 = matches; 2 = out for good: dead, outside the base conditions,
// the text match or the user's sets) and the last filter group it failed. A row failing exactly
// one group counts only toward that group's facet, which is what multi-select facets need:
// each facet counted with every filter but its own. Then the page is picked by walking a
// prebuilt sort order (no OFFSET scan, no per-query sort of the whole set).
import { globMatcher } from "./parse.js";
import { ArrayColumn, ColumnStore, KeywordColumn, NumberColumn, positionComparator, type Codes } from "./store.js";
import type { Condition, FacetOption, FilterGroup, IndexDefinition } from "./types.js";

/** Row sets decided outside the store (by the database): text search, text wildcards, the user's marks. */
export interface ExternalSets {
  /** Only rows in every one of these position sets (text matches, unlocked leads). */
  only?: Int32Array[];
  /** The text matches in relevance order (rank desc, id desc). */
  ranked?: Int32Array;
  /** Never these positions. */
  exclude?: Int32Array;
  /** Positions matching a condition evaluated by SQL, by condition key (see conditionKey). */
  conditionSets?: Map<string, Uint8Array>;
}

export const conditionKey = (c: Condition) => JSON.stringify(c);

export class Evaluation {
  constructor(
    readonly store: ColumnStore,
    /** Per row: 0 matches; g (1..250) failed exactly filter group g (index + 1); 255 out. */
    readonly state: Uint8Array,
    readonly count: number,
    readonly groups: FilterGroup[],
  ) {}

  /** Counts each facet field without its own group: a row counts when its state is 0 or that group. */
  facetCounts(def: IndexDefinition): Record<string, FacetOption[]> {
    const out: Record<string, FacetOption[]> = {};
    const n = this.store.n;
    for (const [name, f] of Object.entries(def.fields)) {
      if (!f.facet) continue;
      const col = this.store.columns.get(name)!;
      const lut = new Uint8Array(256);
      lut[0] = 1;
      const g = this.groups.findIndex((x) => x.field === name);
      if (g >= 0) lut[g + 1] = 1;
      if (col instanceof KeywordColumn) {
        const counts = new Int32Array(col.dict.size);
        if (col.codes instanceof Uint16Array) countScalar16(col.codes, this.state, lut, n, counts);
        else countScalar32(col.codes, this.state, lut, n, counts);
        out[name] = options(col.dict.texts, counts);
      } else if (col instanceof ArrayColumn) {
        const counts = new Int32Array(col.dict.size);
        countArray(col.offsets, col.data, this.state, lut, n, counts);
        out[name] = options(col.dict.texts, counts);
      }
    }
    return out;
  }

  /** Positions of the rows [offset, offset + limit) in a field's sort order. */
  pageByField(field: string, dir: "asc" | "desc", offset: number, limit: number): number[] {
    const out: number[] = [];
    if (offset >= this.count || limit <= 0) return out;
    const store = this.store;
    const { order, covered } = store.sortOrder(field, dir);
    const state = this.state;
    // Rows appended after the order was built: few; sort the matching ones and merge.
    const values = (store.columns.get(field) as NumberColumn).values;
    const cmp = positionComparator(values, store.ids, dir);
    const tail: number[] = [];
    for (let p = covered; p < store.n; p++) if (state[p] === 0) tail.push(p);
    tail.sort(cmp);
    let seen = 0;
    let t = 0;
    let j = 0;
    const want = offset + limit;
    while (seen < want) {
      let p: number;
      while (j < order.length && state[order[j]] !== 0) j++;
      if (j < order.length && (t >= tail.length || cmp(order[j], tail[t]) <= 0)) p = order[j++];
      else if (t < tail.length) p = tail[t++];
      else break;
      if (seen >= offset) out.push(p);
      seen++;
    }
    return out;
  }

  /** Positions [offset, offset + limit) of an already ordered candidate list (relevance). */
  pageByList(list: Int32Array, offset: number, limit: number): number[] {
    const out: number[] = [];
    const state = this.state;
    let seen = 0;
    for (let j = 0; j < list.length && out.length < limit; j++) {
      const p = list[j];
      if (state[p] !== 0) continue;
      if (seen >= offset) out.push(p);
      seen++;
    }
    return out;
  }
}

// Tight, monomorphic loops (one per array type) so V8 keeps them fast.
function countScalar16(codes: Uint16Array, state: Uint8Array, lut: Uint8Array, n: number, counts: Int32Array) {
  for (let i = 0; i < n; i++) counts[codes[i]] += lut[state[i]];
}
function countScalar32(codes: Uint32Array, state: Uint8Array, lut: Uint8Array, n: number, counts: Int32Array) {
  for (let i = 0; i < n; i++) counts[codes[i]] += lut[state[i]];
}
function countArray(offsets: Int32Array, data: Codes, state: Uint8Array, lut: Uint8Array, n: number, counts: Int32Array) {
  for (let i = 0; i < n; i++) {
    if (lut[state[i]] === 0) continue;
    for (let k = offsets[i], e = offsets[i + 1]; k < e; k++) counts[data[k]]++;
  }
}
function passScalar16(codes: Uint16Array, lut: Uint8Array, pass: Uint8Array, n: number) {
  for (let i = 0; i < n; i++) pass[i] |= lut[codes[i]];
}
function passScalar32(codes: Uint32Array, lut: Uint8Array, pass: Uint8Array, n: number) {
  for (let i = 0; i < n; i++) pass[i] |= lut[codes[i]];
}
function passRange(v: Float64Array, lo: number, hi: number, pass: Uint8Array, n: number) {
  for (let i = 0; i < n; i++) {
    const x = v[i];
    if (x >= lo && x <= hi) pass[i] = 1;
  }
}
/** A group's verdict: rows that pass keep their state; others fail this group (or drop out). */
function applyGroup(pass: Uint8Array, state: Uint8Array, gi: number, n: number) {
  for (let i = 0; i < n; i++) {
    if (pass[i] === 0) {
      const s = state[i];
      state[i] = s === 0 ? gi : 255;
    }
  }
}
function applyBase(pass: Uint8Array, state: Uint8Array, n: number) {
  for (let i = 0; i < n; i++) if (pass[i] === 0) state[i] = 255;
}

function options(texts: (string | null)[], counts: Int32Array): FacetOption[] {
  const out: FacetOption[] = [];
  for (let c = 1; c < counts.length; c++) if (counts[c] > 0) out.push({ text: texts[c] as string, count: counts[c] });
  return out;
}

/** Scratch arrays reused across queries (evaluation is synchronous, so never shared mid-use). */
const scratch = { state: new Uint8Array(0), pass: new Uint8Array(0) };
function buffers(n: number) {
  if (scratch.state.length < n) {
    const size = Math.ceil(n * 1.25);
    scratch.state = new Uint8Array(size);
    scratch.pass = new Uint8Array(size);
  }
  return scratch;
}

/**
 * Evaluates base conditions, external sets and filter groups over the store. The returned
 * Evaluation's arrays are scratch: use them before the next evaluate() (no await in between).
 */
export function evaluate(store: ColumnStore, base: Condition[], groups: FilterGroup[], ext: ExternalSets): Evaluation {
  const n = store.n;
  const { state, pass } = buffers(n);
  const live = store.live;
  if (groups.length > 250) throw new Error("too many filter groups");

  if (ext.only && ext.only.length) {
    // Everything out, then the rows of the first set in, then intersect the others.
    state.fill(255, 0, n);
    for (const p of ext.only[0]) if (live[p]) state[p] = 0;
    for (let s = 1; s < ext.only.length; s++) {
      pass.fill(0, 0, n);
      for (const p of ext.only[s]) pass[p] = 1;
      applyBase(pass, state, n);
    }
  } else {
    for (let i = 0; i < n; i++) state[i] = live[i] ? 0 : 255;
  }
  if (ext.exclude) for (const p of ext.exclude) state[p] = 255;

  for (const c of base) {
    conditionPass(store, c, pass, ext);
    applyBase(pass, state, n);
  }
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g];
    conditionPass(store, group.conditions[0], pass, ext);
    for (let k = 1; k < group.conditions.length; k++) conditionPass(store, group.conditions[k], pass, ext, true);
    applyGroup(pass, state, g + 1, n);
  }

  let count = 0;
  for (let i = 0; i < n; i++) if (state[i] === 0) count++;
  return new Evaluation(store, state, count, groups);
}

/** pass[i] = condition holds for row i (or, with `or`, pass[i] |= it). */
function conditionPass(store: ColumnStore, c: Condition, pass: Uint8Array, ext: ExternalSets, or = false) {
  const n = store.n;
  if (!or) pass.fill(0, 0, n);
  const f = store.def.fields[c.field];
  if (f.kind === "text") {
    const set = ext.conditionSets?.get(conditionKey(c));
    if (!set) throw new Error(`no SQL result for ${c.field}`);
    for (let i = 0; i < n; i++) if (set[i]) pass[i] = 1;
    return;
  }
  const col = store.columns.get(c.field)!;
  if (col instanceof NumberColumn) {
    const v = col.values;
    if (c.kind === "present") {
      if (c.present) for (let i = 0; i < n; i++) { if (v[i] === v[i]) pass[i] = 1; }
      else for (let i = 0; i < n; i++) { if (v[i] !== v[i]) pass[i] = 1; }
      return;
    }
    if (c.kind !== "range") throw new Error(`${c.kind} on a number field`);
    passRange(v, c.min ?? -Infinity, c.max ?? Infinity, pass, n);
    return;
  }
  const lut = lookupTable(col, c);
  if (col instanceof KeywordColumn) {
    if (col.codes instanceof Uint16Array) passScalar16(col.codes, lut, pass, n);
    else passScalar32(col.codes, lut, pass, n);
    return;
  }
  const { offsets, data } = col;
  if (c.kind === "present" && !c.present) {
    for (let i = 0; i < n; i++) if (offsets[i + 1] === offsets[i]) pass[i] = 1;
    return;
  }
  for (let i = 0; i < n; i++) {
    for (let k = offsets[i], e = offsets[i + 1]; k < e; k++) {
      if (lut[data[k]]) {
        pass[i] = 1;
        break;
      }
    }
  }
}

/** Which dictionary codes satisfy a condition on a keyword/boolean/keywords column. */
function lookupTable(col: KeywordColumn | ArrayColumn, c: Condition): Uint8Array {
  const texts = col.dict.texts;
  const lut = new Uint8Array(texts.length);
  if (c.kind === "values") {
    for (const v of c.values) {
      const code = col.dict.codeOf.get(v);
      if (code !== undefined) lut[code] = 1;
    }
  } else if (c.kind === "wildcard") {
    const match = globMatcher(c.pattern);
    for (let k = 1; k < texts.length; k++) if (match(texts[k] as string)) lut[k] = 1;
  } else if (c.kind === "present") {
    if (c.present) lut.fill(1, 1);
    else lut[0] = 1; // keywords' "absent" is handled by the caller
  } else throw new Error(`range on ${c.field}`);
  return lut;
}
