// One search on every worker at once. Each worker evaluates a share of the rows into one state
// array in shared memory; this thread adds up their histograms (the exact count) and walks the
// page (a few rows of a sort order); then each worker counts every facet over the same rows it
// evaluated (from their histogram, so the facet counts of the shares add up to the whole's). A
// weak filter or a text search over millions of rows is a pass over them and a count per facet:
// split, it takes about 1/workers of the time, whichever facets are costly.
//
// The list and its facets come as two requests a moment apart: they share one evaluation
// (kept here a moment, as a promise, so the second waits for the first instead of repeating it).
import { Evaluation, facetFields, type RowShare } from "./evaluate.js";
import type { SearchPool } from "./pool.js";
import type { ColumnStore } from "./store.js";
import type { StoreView } from "./store-view.js";
import { EvalMemo, type EvalAnswer, type EvalTask } from "./task.js";
import type { IndexDefinition } from "./types.js";
import type { RankedRows } from "./relevance.js";
import { tableAssist } from "./pair-search.js";

/** Row shares start at multiples of this (whole cache lines of the state array). */
const ALIGN = 64;

export class SplitSearch {
  private readonly memo = new EvalMemo<Promise<SplitEvaluation>>();

  constructor(private readonly def: IndexDefinition) {}

  forget() {
    this.memo.clear();
  }

  /** The task's answer, its work shared by every worker of the pool; a relevance page picked from `ranked`. */
  async run(pool: SearchPool, store: ColumnStore, view: StoreView, task: EvalTask, ranked?: RankedRows, withTables = true): Promise<{ answer: EvalAnswer; facetWorkers: number }> {
    const evaluating = this.evaluation(pool, store, view, task);
    const page = task.page;
    // The text's ranks are worked out here while the workers evaluate: neither waits for the other.
    if (page?.sort === "ranked") ranked!.prepare?.();
    const ev = await evaluating;
    let positions: number[] = [];
    if (page) positions = page.sort === "ranked" ? ev.pageByRelevance(ranked!, page.offset, page.limit) : ev.pageByField(page.sort.field, page.sort.dir, page.offset, page.limit);
    const facets = task.facets ? await this.facets(pool, store, view, task, ev, withTables) : null;
    return { answer: { count: ev.count, positions: Int32Array.from(positions), facets }, facetWorkers: facets ? ev.shares.length : 0 };
  }

  private evaluation(pool: SearchPool, store: ColumnStore, view: StoreView, task: EvalTask): Promise<SplitEvaluation> {
    const hit = this.memo.get(task.memoKey, store, view.version);
    if (hit) return hit;
    const ev = this.evaluate(pool, store, view, task);
    this.memo.put(task.memoKey, store, view.version, ev);
    ev.catch(() => this.memo.drop(ev)); // a failed one is not kept
    return ev;
  }

  private async evaluate(pool: SearchPool, store: ColumnStore, view: StoreView, task: EvalTask): Promise<SplitEvaluation> {
    const n = view.n;
    const state = new Uint8Array(new SharedArrayBuffer(n));
    const step = Math.max(ALIGN, Math.ceil(n / pool.size / ALIGN) * ALIGN);
    const ranges: { lo: number; hi: number }[] = [];
    for (let lo = 0; lo < n; lo += step) ranges.push({ lo, hi: Math.min(n, lo + step) });
    const parts = await Promise.all(ranges.map((rows, k) => ready(pool.run(view, { ...task, memoKey: `${task.memoKey} rows ${k}`, page: null, facets: false, rows: { ...rows, state } }))));
    const hist = new Int32Array(256);
    for (const part of parts) for (let s = 0; s < 256; s++) hist[s] += part.hist![s];
    const shares = ranges.map((range, k) => ({ ...range, hist: parts[k].hist!, withTotals: k === 0, rows: parts[k].rows ?? null }));
    return Object.assign(new Evaluation(store, state, hist, task.groups), { shares });
  }

  /** Every facet field's counts: each worker counts every field over the rows it evaluated. */
  private async facets(pool: SearchPool, store: ColumnStore, view: StoreView, task: EvalTask, ev: SplitEvaluation, withTables: boolean): Promise<[string, Int32Array][]> {
    // The pair tables answer part of some searches' facets: only while they are of the version evaluated.
    const assist = withTables && store.version === view.version ? tableAssist(store, task, ev.hist) : null;
    const parts = await Promise.all(
      // Counting reads the state only: no row sets travel.
      ev.shares.map((share, k) =>
        ready(pool.run(view, { ...task, sets: { luts: [] }, memoKey: `${task.memoKey} facets ${k}`, page: null, facets: true, evaluated: { state: ev.state, hist: ev.hist, share: { ...share, fromTables: assist?.plan } } })),
      ),
    );
    const sums = new Map<string, Int32Array>();
    for (const part of parts) {
      for (const [field, counts] of part.facets!) {
        const sum = sums.get(field);
        if (!sum) sums.set(field, counts);
        else for (let c = 0; c < counts.length; c++) sum[c] += counts[c];
      }
    }
    for (const [field, add] of assist?.adds ?? []) {
      const sum = sums.get(field)!;
      for (let c = 0; c < Math.min(sum.length, add.length); c++) sum[c] += add[c];
    }
    return facetFields(this.def).flatMap((f) => (sums.has(f) ? [[f, sums.get(f)!] as [string, Int32Array]] : []));
  }
}

/** An evaluation made by shares of rows, each worker's rows and their histogram kept to count facets by. */
type SplitEvaluation = Evaluation & { shares: RowShare[] };

function ready(running: Promise<EvalAnswer> | null): Promise<EvalAnswer> {
  return running ?? Promise.reject(new Error("no search worker is ready"));
}
