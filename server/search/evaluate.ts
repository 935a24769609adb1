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
    /** 0 match, 1 failed one group, 2+ out. */
    readonly fails: Uint8Array,
    readonly failGroup: Uint8Array,
    readonly count: number,
    readonly groups: FilterGroup[],
  ) {}

  /** Counts each facet field without its own group. */
  facetCounts(def: IndexDefinition): Record<string, FacetOption[]> {
    const out: Record<string, FacetOption[]> = {};
    const n = this.store.n;
    const fails = this.fails;
    const failGroup = this.failGroup;
    for (const [name, f] of Object.entries(def.fields)) {
      if (!f.facet) continue;
      const col = this.store.columns.get(name)!;
      const g = this.groups.findIndex((x) => x.field === name);
      const gi = g + 1; // failGroup holds group index + 1
      if (col instanceof KeywordColumn) {
        const counts = new Uint32Array(col.dict.size);
        const codes = col.codes;
        if (gi === 0) {
          for (let i = 0; i < n; i++) if (fails[i] === 0) counts[codes[i]]++;
        } else {
          for (let i = 0; i < n; i++) {
            const fl = fails[i];
            if (fl === 0 || (fl === 1 && failGroup[i] === gi)) counts[codes[i]]++;
          }
        }
        out[name] = options(col.dict.texts, counts);
      } else if (col instanceof ArrayColumn) {
        const counts = new Uint32Array(col.dict.size);
        const { offsets, data } = col;
        for (let i = 0; i < n; i++) {
          const fl = fails[i];
          if (fl === 0 || (gi !== 0 && fl === 1 && failGroup[i] === gi)) {
            for (let k = offsets[i], e = offsets[i + 1]; k < e; k++) counts[data[k]]++;
          }
        }
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
    const fails = this.fails;
    // Rows appended after the order was built: few; sort the matching ones and merge.
    const values = (store.columns.get(field) as NumberColumn).values;
    const cmp = positionComparator(values, store.ids, dir);
    const tail: number[] = [];
    for (let p = covered; p < store.n; p++) if (fails[p] === 0) tail.push(p);
    tail.sort(cmp);
    let seen = 0;
    let t = 0;
    let j = 0;
    const want = offset + limit;
    while (seen < want) {
      let p: number;
      // next matching position from the order
      while (j < order.length && fails[order[j]] !== 0) j++;
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
    const fails = this.fails;
    let seen = 0;
    for (let j = 0; j < list.length && out.length < limit; j++) {
      const p = list[j];
      if (fails[p] !== 0) continue;
      if (seen >= offset) out.push(p);
      seen++;
    }
    return out;
  }
}

function options(texts: (string | null)[], counts: Uint32Array): FacetOption[] {
  const out: FacetOption[] = [];
  for (let c = 1; c < counts.length; c++) if (counts[c] > 0) out.push({ text: texts[c] as string, count: counts[c] });
  return out;
}

/** Scratch arrays reused across queries (evaluation is synchronous, so never shared mid-use). */
const scratch = { fails: new Uint8Array(0), failGroup: new Uint8Array(0), pass: new Uint8Array(0) };
function buffers(n: number) {
  if (scratch.fails.length < n) {
    const size = Math.ceil(n * 1.25);
    scratch.fails = new Uint8Array(size);
    scratch.failGroup = new Uint8Array(size);
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
  const { fails, failGroup, pass } = buffers(n);
  const live = store.live;

  if (ext.only && ext.only.length) {
    // Start with everything out, let in the positions of the first set, then intersect the rest.
    fails.fill(2, 0, n);
    for (const p of ext.only[0]) if (live[p]) fails[p] = 0;
    for (let s = 1; s < ext.only.length; s++) {
      pass.fill(0, 0, n);
      for (const p of ext.only[s]) pass[p] = 1;
      for (let i = 0; i < n; i++) if (!pass[i]) fails[i] = 2;
    }
  } else {
    for (let i = 0; i < n; i++) fails[i] = live[i] ? 0 : 2;
  }
  if (ext.exclude) for (const p of ext.exclude) fails[p] = 2;

  for (const c of base) {
    conditionPass(store, c, pass, ext);
    for (let i = 0; i < n; i++) if (!pass[i]) fails[i] = 2;
  }

  if (groups.length > 250) throw new Error("too many filter groups");
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g];
    conditionPass(store, group.conditions[0], pass, ext);
    for (let k = 1; k < group.conditions.length; k++) conditionPass(store, group.conditions[k], pass, ext, true);
    const gi = g + 1;
    for (let i = 0; i < n; i++) {
      if (!pass[i]) {
        const fl = fails[i];
        if (fl < 2) {
          fails[i] = fl + 1;
          failGroup[i] = gi;
        }
      }
    }
  }

  let count = 0;
  for (let i = 0; i < n; i++) if (fails[i] === 0) count++;
  return new Evaluation(store, fails, failGroup, count, groups);
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
    const lo = c.min ?? -Infinity;
    const hi = c.max ?? Infinity;
    for (let i = 0; i < n; i++) {
      const x = v[i];
      if (x >= lo && x <= hi) pass[i] = 1;
    }
    return;
  }
  const lut = lookupTable(col, c);
  if (col instanceof KeywordColumn) {
    const codes: Codes = col.codes;
    for (let i = 0; i < n; i++) if (lut[codes[i]]) pass[i] = 1;
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
