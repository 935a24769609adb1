// One search's work over the in-memory copy, as a message: filters, the sets the database
// decided (text matches, the user's marks), and what to answer — the exact count, a page of
// positions, every facet's counts. A search worker (search-worker.ts) or the API thread itself
// runs it with runTask; both give the same answer from the same shared arrays.
import { evaluate, evaluateRows, Evaluation, type EvalStore, type ExternalSets, type RowShare } from "./evaluate.js";
import { listRanking, type RankedRows } from "./relevance.js";
import type { Condition, FilterGroup } from "./types.js";

export interface TaskSets {
  only?: Int32Array[];
  /** The whole relevance order, for a worker that walks a relevance page itself (else the page is picked on the API thread). */
  ranked?: Int32Array;
  exclude?: Int32Array;
  conditionSets?: [string, Uint8Array][];
  luts: [string, Uint8Array][];
}

/** A page's order: a field's sort order, or the text's relevance order (sets.ranked). */
export type PageSort = { field: string; dir: "asc" | "desc" } | "ranked";

export interface EvalTask {
  /** Searches with the same key over the same store version share one evaluation for a moment. */
  memoKey: string;
  base: Condition[];
  groups: FilterGroup[];
  sets: TaskSets;
  page: { sort: PageSort; offset: number; limit: number } | null;
  facets: boolean;
  /** Count over this evaluation (made by other workers) instead of evaluating; with a share, over its rows only. */
  evaluated?: { state: Uint8Array; hist: Int32Array; share?: RowShare };
  /** Evaluate rows [lo, hi) only into this shared state, and answer their histogram (nothing else). */
  rows?: { lo: number; hi: number; state: Uint8Array };
}

export interface EvalAnswer {
  count: number;
  positions: Int32Array;
  /** Each facet field's counts by dictionary code (null when not asked). */
  facets: [string, Int32Array][] | null;
  /** For task.rows: how many of those rows ended in each state. */
  hist?: Int32Array;
  /** For task.rows: the rows evaluated, when they were a few listed (shared memory), else null. */
  rows?: Int32Array | null;
}

/** The sets of an ExternalSets as a task carries them (and back); the relevance order stays behind (see TaskSets.ranked). */
export function taskSets(ext: ExternalSets): TaskSets {
  return { only: ext.only, exclude: ext.exclude, conditionSets: ext.conditionSets && [...ext.conditionSets], luts: [...(ext.luts ?? [])] };
}
function externalSets(sets: TaskSets): ExternalSets {
  return { only: sets.only, ranked: sets.ranked && listRanking(sets.ranked), exclude: sets.exclude, conditionSets: sets.conditionSets && new Map(sets.conditionSets), luts: new Map(sets.luts) };
}

const MEMO_MS = 2000;
const MEMO_SIZE = 8;

/**
 * Recent evaluations: the list and its facets (which the web app asks for together) and the
 * next pages of the same search share one pass while nothing has changed. A worker keeps
 * evaluations; the API thread keeps split ones as promises (split-search.ts), so the second
 * request of a pair waits for the first's pass instead of repeating it.
 */
export class EvalMemo<T = Evaluation> {
  private entries: { key: string; store: object; version: number; at: number; value: T }[] = [];
  get(key: string, store: object, version: number): T | null {
    const now = Date.now();
    this.entries = this.entries.filter((m) => m.store === store && m.version === version && now - m.at < MEMO_MS);
    return this.entries.find((m) => m.key === key)?.value ?? null;
  }
  put(key: string, store: object, version: number, value: T) {
    this.entries.push({ key, store, version, at: Date.now(), value });
    if (this.entries.length > MEMO_SIZE) this.entries.shift();
  }
  drop(value: T) {
    this.entries = this.entries.filter((m) => m.value !== value);
  }
  clear() {
    this.entries = [];
  }
}

/** Runs a task over a store (of this version) and answers what it asked; a relevance page from `ranked` when given (this thread), else from the task's order. */
export function runTask(store: EvalStore, version: number, task: EvalTask, memo: EvalMemo, ranked?: RankedRows): EvalAnswer {
  const ext = externalSets(task.sets);
  if (ranked) ext.ranked = ranked;
  if (task.rows) {
    const { hist, rows } = evaluateRows(store, task.base, task.groups, ext, task.rows.state, task.rows.lo, task.rows.hi);
    return { count: hist[0], positions: new Int32Array(0), facets: null, hist, rows };
  }
  let ev = task.evaluated ? new Evaluation(store, task.evaluated.state, task.evaluated.hist, task.groups) : memo.get(task.memoKey, store, version);
  if (!ev) {
    ev = evaluate(store, task.base, task.groups, ext);
    memo.put(task.memoKey, store, version, ev);
  }
  let positions: number[] = [];
  const page = task.page;
  if (page) {
    positions = page.sort === "ranked" ? ev.pageByRelevance(ext.ranked!, page.offset, page.limit) : ev.pageByField(page.sort.field, page.sort.dir, page.offset, page.limit);
  }
  const facets = task.facets ? [...ev.facetCounts(store.def, task.evaluated?.share)] : null;
  return { count: ev.count, positions: Int32Array.from(positions), facets };
}
