// A search for one common word, with no filter, answered from the word's kept counts
// (word-counts.ts) instead of a pass over the rows: the count and every facet from its table,
// the page picked from its matches by relevance (relevance.ts). The user's hidden rows (a few)
// are taken away one by one. Same answer as the pass (tests/unit/search-word-counts.test.ts
// compares them on random stores, searches and writes).
import { facetFields, type ExternalSets } from "./evaluate.js";
import { hiddenRows } from "./pair-search.js";
import { holds } from "./sorted-sets.js";
import type { ColumnStore } from "./store.js";
import type { EvalAnswer, EvalTask } from "./task.js";

/** The task's answer from the word's counts, or null when its shape (or the table) needs a pass. */
export function answerFromWords(store: ColumnStore, task: EvalTask, ext: ExternalSets): EvalAnswer | null {
  const { base, groups, page } = task;
  const word = ext.word;
  if (!word || !store.words || base.length || groups.length || ext.only?.length !== 1 || ext.conditionSets?.size) return null;
  if (page && (page.sort !== "ranked" || !ext.ranked)) return null;
  const matches = ext.only[0];
  const kept = store.words.read(word.text, matches, word.held);
  if (!kept) return null;
  const hidden = [...hiddenRows(store, ext.exclude)].filter((p) => holds(matches, p));
  let state: Uint8Array | null = null;
  if (hidden.length) {
    state = new Uint8Array(store.n);
    for (const p of hidden) {
      state[p] = 255;
      store.words.addRow(p, kept.facets, -1);
    }
  }
  const positions = page ? ext.ranked!.page(state, page.offset, page.limit) : [];
  const facets = task.facets ? facetFields(store.def).flatMap((name) => (kept.facets.has(name) ? [[name, kept.facets.get(name)!] as [string, Int32Array]] : [])) : null;
  return { count: kept.count - hidden.length, positions: Int32Array.from(positions), facets };
}
