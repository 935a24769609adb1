// One pass over a ColumnStore: evaluates a query's filters and counts every facet at once.
// Each row gets a state byte: 0 = matches; g = failed exactly filter group g (1..250); 255 = out
// (dead, outside the base conditions, the text match or the user's sets, or failed two groups).
// When every condition reads one column, all of them are one generated pass (fused.ts) — over
// the listed rows alone when a row set leaves a few of many in; else each condition is one tight
// loop over typed arrays moving states through a transition table (conditions.ts).
// A row failing exactly one group counts only toward that group's facet, which is what
// multi-select facets need: each facet counted with every filter but its own. The page is
// picked by walking a prebuilt sort order (no OFFSET scan, no per-query sort of the whole set).
import { fusedPass, fusedPassList } from "./fused.js";
import { apply, fusedSteps } from "./conditions.js";
import type { Codes, ScalarCodes } from "./columns.js";
import { pageOfOrder, type SortOrder } from "./sort-order.js";
import { spanWithin } from "./sorted-sets.js";
import type { RankedRows } from "./relevance.js";
import type { OneWord } from "./text-matches.js";
import type { Condition, FacetOption, FilterGroup, IndexDefinition } from "./types.js";
import { positionsByState, positionsByList, countListScalar, countListArray, transitions, applyPass, type RowsByState } from "./kernels.js";

/** A column as an evaluation reads it (the store's own, or a worker's view of the same memory). */
export type EvalColumn =
  | { readonly kind: "keyword"; readonly codes: ScalarCodes; readonly dictSize: number }
  | { readonly kind: "keywords"; readonly offsets: Int32Array; readonly data: Codes; readonly dictSize: number }
  | { readonly kind: "number"; readonly values: Float64Array };

/** What an evaluation reads: a ColumnStore, or a worker's view of one (search-worker.ts). */
export interface EvalStore {
  readonly def: IndexDefinition;
  readonly n: number;
  readonly liveCount: number;
  readonly live: Uint8Array;
  readonly ids: Float64Array;
  readonly columns: ReadonlyMap<string, EvalColumn>;
  /** Per facet field: how many live rows carry each code. */
  facetTotals(field: string): Int32Array;
  sortOrder(field: string, dir: "asc" | "desc"): SortOrder;
}

/** Row sets decided outside the store (by the database): text search, text wildcards, the user's marks. */
export interface ExternalSets {
  /** Only rows in every one of these position sets (text matches, unlocked leads). */
  only?: Int32Array[];
  /** The text matches in relevance order (rank desc, id desc), as a page needs it. */
  ranked?: RankedRows;
  /** When the text matches are one word's rows: that word (its facet counts may be kept: word-counts.ts). */
  word?: OneWord;
  /** Never these positions. */
  exclude?: Int32Array;
  /** Positions matching a condition evaluated by SQL, by condition key (see conditionKey). */
  conditionSets?: Map<string, Uint8Array>;
  /** For each condition on a keyword field, which dictionary codes satisfy it (conditionLuts). */
  luts?: Map<string, Uint8Array>;
}


/** The fields an index counts facets of, in its definition's order. */
export const facetFields = (def: IndexDefinition): string[] => Object.entries(def.fields).flatMap(([name, f]) => (f.facet ? [name] : []));

/** Rows [lo, hi) of an evaluation and their histogram; `withTotals`: the share whose facet counts start from the totals. */
export interface RowShare {
  lo: number;
  hi: number;
  hist: Int32Array;
  withTotals: boolean;
  /** The only rows of the share that may be in (a sparse evaluation's list), or null: any row may. */
  rows: Int32Array | null;
  /** Facets the API thread counts from pair tables (pair-search.ts tableAssist): only these states' rows are taken away. */
  fromTables?: [string, number[]][];
}

/** An evaluation's histogram, and the rows it evaluated when it evaluated a list of them (every other row is out). */
export interface RowsEvaluated {
  hist: Int32Array;
  rows: Int32Array | null;
}

export class Evaluation {
  constructor(
    readonly store: EvalStore,
    /** Per row: 0 matches; g (1..250) failed exactly filter group g (index + 1); 255 out. */
    readonly state: Uint8Array,
    /** How many rows are in each state. */
    readonly hist: Int32Array,
    readonly groups: FilterGroup[],
    /** The rows evaluated when only they could be in (a few of many): facets are counted from them. */
    readonly rows: Int32Array | null = null,
  ) {}

  /** Rows matching. */
  get count(): number {
    return this.hist[0];
  }

  /**
   * Counts each facet field without its own group: a row counts when its state is 0 or that
   * group. Two ways to the same numbers, whichever reads fewer rows: the rows that count, from
   * a list of positions by state; or the facet's totals over live rows (kept per store version)
   * minus the live rows that do not count. (Walking a list costs about 1.3 times what a scan of
   * the column costs a row, measured at 1M rows: neither way ever reads more than a scan would.)
   * With a share, only its rows are counted (the totals added by the share that says so): the
   * shares' counts add up to the whole's, as each worker counts its share of the rows.
   */
  facetCounts(def: IndexDefinition, share: RowShare = { lo: 0, hi: this.store.n, hist: this.hist, withTotals: true, rows: this.rows }): Map<string, Int32Array> {
    const out = new Map<string, Int32Array>();
    const { n, liveCount } = this.store;
    const groups = this.groups.length;
    let byState: RowsByState | null = null;
    for (const name of facetFields(def)) {
      const col = this.store.columns.get(name)!;
      if (!col || col.kind === "number") continue;
      const own = this.groups.findIndex((x) => x.field === name) + 1; // 0: no group of its own
      // Decided on the whole evaluation, so every share takes the same way.
      const counted = this.hist[0] + (own ? this.hist[own] : 0);
      const counts = new Int32Array(col.dictSize);
      const takeAway = share.fromTables?.find(([field]) => field === name)?.[1];
      if (takeAway) {
        if (takeAway.length) {
          byState ??= share.rows ? positionsByList(this.state, share.rows, share.hist, groups) : positionsByState(this.state, share.lo, share.hi, share.hist, groups, null);
          for (const s of takeAway) this.countRows(col, byState, s, s + 1, counts, -1);
        }
        out.set(name, counts);
        continue;
      }
      // Listing the live rows out takes a scan of the states (about a quarter of a list's cost a row).
      if (counted <= liveCount - counted + n / 4) {
        byState ??= share.rows ? positionsByList(this.state, share.rows, share.hist, groups) : positionsByState(this.state, share.lo, share.hi, share.hist, groups, null);
        this.countRows(col, byState, 0, 1, counts, 1);
        if (own) this.countRows(col, byState, own, own + 1, counts, 1);
      } else {
        if (!byState?.withOut) byState = positionsByState(this.state, share.lo, share.hi, share.hist, groups, this.store.live);
        if (share.withTotals) counts.set(this.store.facetTotals(name));
        // The live rows that do not count: every other group's, then those out.
        for (let s = 1; s <= groups; s++) if (s !== own) this.countRows(col, byState, s, s + 1, counts, -1);
        this.countRows(col, byState, groups + 1, groups + 2, counts, -1);
      }
      out.set(name, counts);
    }
    return out;
  }

  /** Counts the rows of states [from, to) of a list by state into a facet's counts. */
  private countRows(col: Exclude<EvalColumn, { kind: "number" }>, byState: RowsByState, from: number, to: number, counts: Int32Array, sign: number) {
    const { list, start } = byState;
    if (col.kind === "keyword") countListScalar(col.codes, list, start[from], start[to], counts, sign);
    else countListArray(col.offsets, col.data, list, start[from], start[to], counts, sign);
  }

  /** Positions of the rows [offset, offset + limit) in a field's sort order. */
  pageByField(field: string, dir: "asc" | "desc", offset: number, limit: number): number[] {
    if (offset >= this.count) return [];
    const store = this.store;
    const values = (store.columns.get(field) as Extract<EvalColumn, { kind: "number" }>).values;
    const state = this.state;
    return pageOfOrder(store.sortOrder(field, dir), { n: store.n, ids: store.ids, values, dir }, offset, limit, (p) => state[p] === 0);
  }

  /** Positions [offset, offset + limit) of the matching rows in relevance order. */
  pageByRelevance(ranked: RankedRows, offset: number, limit: number): number[] {
    return ranked.page(this.state, offset, limit);
  }
}

/** A facet's options from its counts by code (codes added since the counts have none). */
export function facetOptions(texts: readonly (string | null)[], counts: Int32Array): FacetOption[] {
  const out: FacetOption[] = [];
  for (let c = 1; c < counts.length; c++) if (counts[c] > 0) out.push({ text: texts[c] as string, count: counts[c] });
  return out;
}

/** Scratch for per-condition verdicts (evaluation is synchronous, so never shared mid-use). */
let scratchPass = new Uint8Array(0);

/**
 * Evaluates base conditions, external sets and filter groups over the store, in one pass per
 * condition over typed arrays. The Evaluation owns its state array (safe across awaits), in
 * shared memory: other workers may count facets over it.
 */
export function evaluate(store: EvalStore, base: Condition[], groups: FilterGroup[], ext: ExternalSets): Evaluation {
  const state = new Uint8Array(new SharedArrayBuffer(store.n));
  const { hist, rows } = evaluateRows(store, base, groups, ext, state, 0, store.n);
  return new Evaluation(store, state, hist, groups, rows);
}

/**
 * Evaluates rows [lo, hi) only, into their part of a state array (shared memory: other workers
 * evaluate the other rows at the same moment); answers how many of them end in each state.
 */
export function evaluateRows(store: EvalStore, base: Condition[], groups: FilterGroup[], ext: ExternalSets, state: Uint8Array, lo: number, hi: number): RowsEvaluated {
  const n = store.n;
  if (scratchPass.length < n) scratchPass = new Uint8Array(Math.ceil(n * 1.25));
  const pass = scratchPass;
  const live = store.live;
  if (groups.length > 250) throw new Error("too many filter groups");
  const out = transitions(null);
  const rows = { lo, hi };

  const steps = fusedSteps(store, base, groups, ext);
  // Without row sets, a fused pass starts each row from its live bit itself.
  const fromSets = Boolean(ext.only?.length || ext.exclude?.length);
  // The first set's positions in [lo, hi): each worker reads only its own rows' part of a text
  // search's matches (ascending), not all of them.
  const [from, to] = ext.only?.length ? spanWithin(ext.only[0], lo, hi) : [0, 0];
  if (ext.only && ext.only.length) {
    // Everything out, then the rows of the first set in, then intersect the others.
    state.fill(255, lo, hi);
    const first = ext.only[0];
    for (let k = from; k < to; k++) {
      const p = first[k];
      if (p >= lo && p < hi && live[p]) state[p] = 0;
    }
    for (let s = 1; s < ext.only.length; s++) {
      pass.fill(0, lo, hi);
      for (const p of ext.only[s]) if (p >= lo && p < hi) pass[p] = 1;
      applyPass(pass, state, out, lo, hi);
    }
  } else if (fromSets || !steps) {
    for (let i = lo; i < hi; i++) state[i] = live[i] ? 0 : 255;
  }
  if (ext.exclude) for (const p of ext.exclude) if (p >= lo && p < hi) state[p] = 255;

  if (steps) {
    // A few rows of many left in (a rare word): the pass goes over them alone, the rest stay out.
    const few = ext.only?.length ? rowsLeftIn(ext.only[0].subarray(from, to), state, lo, hi) : null;
    if (few) {
      const hist = fusedPassList(steps, state, few, few.length);
      hist[255] += hi - lo - few.length;
      return { hist, rows: few };
    }
    return { hist: fusedPass(steps, live, state, lo, hi, fromSets), rows: null };
  }
  for (const c of base) apply(store, [c], state, out, pass, ext, rows);
  for (let g = 0; g < groups.length; g++) apply(store, groups[g].conditions, state, transitions(g + 1), pass, ext, rows);

  const hist = new Int32Array(256);
  for (let i = lo; i < hi; i++) hist[state[i]]++;
  return { hist, rows: null };
}

/** Sparse: at most this share of a range's rows left in is evaluated as a list of them. */
const FEW_ROWS = 1 / 8;

/**
 * The rows of [lo, hi) the row sets left in (state 0), once each, when they are few (at most
 * FEW_ROWS of the range); else null, the states untouched. Every row of the set that is left in
 * is in the first set, so its positions are the candidates. The list is shared memory: it goes
 * with the evaluation to whichever worker counts its facets.
 */
function rowsLeftIn(first: Int32Array, state: Uint8Array, lo: number, hi: number): Int32Array | null {
  const most = Math.floor((hi - lo) * FEW_ROWS);
  // Far more positions than few (a common word's matches; the range's own part when they ascend):
  // not worth listing to find out. Either way gives the same answer.
  if (first.length > 2 * most) return null;
  const rows = new Int32Array(new SharedArrayBuffer(4 * Math.min(first.length, most + 1)));
  let m = 0;
  for (let k = 0; k < first.length; k++) {
    const p = first[k];
    if (p < lo || p >= hi || state[p] !== 0) continue;
    if (m > most) break;
    state[p] = 254; // listed (a position twice in the set is listed once)
    rows[m++] = p;
  }
  if (m > most) {
    for (let k = 0; k < m; k++) state[rows[k]] = 0;
    return null;
  }
  return rows.subarray(0, m);
}
