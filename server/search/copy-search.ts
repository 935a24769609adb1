// Runs a search over the in-memory copy: on a search worker (pool.ts) when the copy is large
// enough for a thread hop to pay, else on the API thread; the same task and the same answer
// either way (task.ts). A worker that fails leaves the search to this thread.
import { facetOptions, type ExternalSets } from "./evaluate.js";
import { conditionLuts } from "./conditions.js";
import { fieldOf, sortDef } from "./fields.js";
import { searchPool } from "./pool.js";
import { SplitSearch } from "./split-search.js";
import { answerFromPairs } from "./pair-search.js";
import { answerFromWords } from "./word-search.js";
import type { Dictionary } from "./columns.js";
import type { ColumnStore } from "./store.js";
import { viewOf, type StoreView } from "./store-view.js";
import { parseSearchParams } from "./parse.js";
import { memoryTextMatches } from "./text-matches.js";
import { Relevance } from "./relevance.js";
import { EvalMemo, runTask, taskSets, type EvalAnswer, type EvalTask, type PageSort } from "./task.js";
import type { FacetOption, FilterGroup, IndexDefinition, SearchQuery } from "./types.js";

/** Copies with fewer rows are searched on the API thread (a pass takes less than a hop): SEARCH_WORKER_MIN_ROWS. */
let workerMinRows = 20_000;
export function configureWorkerMinRows(rows: number) {
  workerMinRows = rows;
}

/** An order-independent digest of a position set. */
function fingerprint(set: Int32Array | undefined): string {
  if (!set) return "-";
  let sum = 0;
  let mix = 0;
  for (const p of set) {
    sum = (sum + p) | 0;
    mix = (mix + Math.imul(p + 1, 2654435761)) | 0;
  }
  return `${set.length}:${sum}:${mix}`;
}

const dictOf = (store: ColumnStore, field: string): Dictionary | null => {
  const col = store.columns.get(field);
  return col && col.kind !== "number" ? col.dict : null;
};

type RanOn = "worker" | "thread" | "counts";

export class CopySearch {
  private readonly memo = new EvalMemo();
  /** Searches shared by every worker (when there are several). */
  private readonly split: SplitSearch;
  /** Bumped to make every later search do its own pass (benchmarks). */
  private generation = 0;
  /** Copies of at least this many rows are searched on the workers (tests set 0 to force them). */
  workerRows = workerMinRows;
  /** Searches of a simple shape are answered from counts the store keeps — pair and word tables — (tests turn it off to compare). */
  keptCounts = true;
  /** Warm-ups running (their searches take the passes they warm). */
  private warming = 0;
  /** Where the last search ran (tests, the benchmark): "counts" from kept counts, without a pass. */
  lastRanOn: RanOn | null = null;
  /** How many workers counted the last facets asked for (0: one pass did, on one thread). */
  facetWorkers = 0;

  constructor(
    private readonly def: IndexDefinition,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {
    this.split = new SplitSearch(def);
  }

  forget() {
    this.generation++;
    this.memo.clear();
    this.split.forget();
  }

  /** The count, the page [offset, offset + limit) when asked, and the facet counts when asked. */
  async run(store: ColumnStore, q: SearchQuery, ext: ExternalSets, page: { offset: number; limit: number } | null, facets: boolean): Promise<EvalAnswer> {
    const done = await this.searchOnce(store, q, ext, page, facets);
    this.lastRanOn = done.ranOn;
    if (facets) this.facetWorkers = done.facetWorkers;
    return done.answer;
  }

  /** A search, and where it ran (recorded by run() only: warm-up searches leave no trace). */
  private async searchOnce(store: ColumnStore, q: SearchQuery, ext: ExternalSets, page: { offset: number; limit: number } | null, facets: boolean): Promise<{ answer: EvalAnswer; ranOn: RanOn; facetWorkers: number }> {
    const { task, view } = this.task(store, q, ext, page, facets);
    const counted = this.keptCounts && !this.warming ? (answerFromPairs(store, task) ?? answerFromWords(store, task, ext)) : null;
    if (counted) return { answer: counted, ranOn: "counts", facetWorkers: 0 };
    task.memoKey = this.memoKey(q, ext); // a digest of every row set: only for a pass
    const pool = store.n >= this.workerRows ? searchPool() : null;
    // Until a worker listens (at start), this thread searches.
    if (pool?.listening) {
      try {
        // One worker walks a relevance page itself, from the whole order.
        const single = pool.size > 1 ? null : pool.run(view, task.page?.sort === "ranked" ? { ...task, sets: { ...task.sets, ranked: ext.ranked!.order() } } : task);
        const done = single ? { answer: await single, facetWorkers: 0 } : await this.split.run(pool, store, view, task, ext.ranked, this.keptCounts);
        return { ...done, ranOn: "worker" };
      } catch (err) {
        this.log(`search worker failed; searching ${this.def.name} on the API thread`, err);
      }
    }
    return { answer: runTask(store, store.version, task, this.memo, ext.ranked), ranOn: "thread", facetWorkers: 0 };
  }

  /** A search as a task for a worker or this thread, and the view of the copy it reads. */
  private task(store: ColumnStore, q: SearchQuery, ext: ExternalSets, page: { offset: number; limit: number } | null, facets: boolean): { task: EvalTask; view: StoreView } {
    // Personal fields (the user's marks) are not in the store: their rows come in ext.only.
    const groups = q.groups.filter((g) => fieldOf(this.def, g.field).kind !== "personal");
    ext.luts = conditionLuts((field) => dictOf(store, field), [...q.base, ...groups.flatMap((g) => g.conditions)]);
    const sort = page ? this.pageOrder(q, ext) : null;
    const task: EvalTask = { memoKey: "", base: q.base, groups, sets: taskSets(ext), page: page && sort && { sort, ...page }, facets };
    return { task, view: viewOf(store, sort && sort !== "ranked" ? [`${sort.field} ${sort.dir}`] : []) };
  }

  /** Searches with the same key over the same store version share one pass for a moment (EvalMemo). */
  private memoKey(q: SearchQuery, ext: ExternalSets): string {
    return JSON.stringify([this.generation, q.q, q.identifiersOnly ?? false, q.base, q.groups, fingerprint(ext.exclude), (ext.only ?? []).map(fingerprint), [...(ext.conditionSets?.keys() ?? [])]]);
  }

  /**
   * Once a copy is installed: its pair tables built, then a few searches, answers thrown away, so
   * the first people to search after a start or a reload do not wait for the workers' (and this
   * thread's) code to compile.
   */
  async warmWorkers(store: ColumnStore): Promise<void> {
    const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));
    await store.pairs.buildAll(yieldNow);
    await store.buildTextTables();
    const pool = store.n >= this.workerRows ? searchPool() : null;
    if (!pool) return;
    this.warming++; // the passes are what is warmed (a search meanwhile takes one too: the same answer)
    try {
      await pool.whenReady();
      // One, two and three facets chosen: each shape of search has its own generated pass (fused.ts).
      const groups: FilterGroup[] = Object.entries(this.def.fields)
        .filter(([name, f]) => f.facet && dictOf(store, name)?.texts.some((t) => t))
        .slice(0, 3)
        .map(([field]) => ({ field, conditions: [{ kind: "values", field, values: [dictOf(store, field)!.texts.find((t) => t)!] }] }));
      const all = parseSearchParams(this.def, {});
      const searches: [SearchQuery, ExternalSets][] = [[all, {}]];
      for (let k = 1; k <= groups.length; k++) searches.push([{ ...all, groups: groups.slice(0, k) }, {}]);
      const word = store.textReady ? store.text?.commonestWords(1)[0] : null;
      if (word) {
        const m = memoryTextMatches(store, { op: "word", text: word, prefix: false, weights: "" }, true);
        const text = { ...parseSearchParams(this.def, { q: word }), sort: "relevance" };
        searches.push([text, { only: [m.positions], ranked: m.relevance! }]);
        // And answered from its word table, as its first searcher's will be (the answer thrown away).
        const kept: ExternalSets = { only: [m.positions], ranked: m.relevance!, word: m.word };
        answerFromWords(store, this.task(store, text, kept, { offset: 0, limit: this.def.pageSize }, true).task, kept);
        // A rare word's few matches take the list pass (evaluate.ts): its code is warmed too.
        const few = m.positions.slice(0, 20);
        searches.push([text, { only: [few], ranked: new Relevance(few, () => new Float32Array(few.length), store.ids) }]);
      }
      // As people's searches run: shared by every worker, the page walked on this thread.
      for (const [q, ext] of searches) await this.searchOnce(store, q, ext, { offset: 0, limit: this.def.pageSize }, true);
      // Their evaluations (a state byte a row each) are of no use to anyone: not kept.
      this.memo.clear();
      this.split.forget();
    } catch (err) {
      this.log(`search workers for ${this.def.name} could not be warmed up`, err);
    } finally {
      this.warming--;
    }
  }

  /** Facet options from a task's counts, with the store's texts. */
  facetOptions(store: ColumnStore, counts: [string, Int32Array][]): Record<string, FacetOption[]> {
    const out: Record<string, FacetOption[]> = {};
    for (const [field, c] of counts) out[field] = facetOptions(dictOf(store, field)!.texts, c);
    return out;
  }

  /** Relevance when there is text to rank by, else the field order of the sort (or the fallback). */
  private pageOrder(q: SearchQuery, ext: ExternalSets): PageSort {
    const sort = (sortDef(this.def, q.sort) ?? sortDef(this.def, q.fallbackSort))!;
    if (sort.field === "relevance" && q.q && ext.ranked) return "ranked";
    const s = sort.field === "relevance" ? this.def.sorts[q.fallbackSort] : sort;
    return { field: s.field, dir: s.dir };
  }
}
