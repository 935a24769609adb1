// A search answered from the store's pair tables (pair-counts.ts) instead of a pass over its
// rows, when its shape allows: no base conditions, no row sets but the user's hidden rows, at
// most one filter group on a small keyword field, a page in a field's order. The count and
// every facet are sums of table rows; the page is a walk of the sort order testing each row's
// one code; the user's hidden rows (a few) are taken away one by one. Same answer as the pass
// (tests/unit/search-pair-counts.test.ts compares them on random stores and searches).
import { facetFields } from "./evaluate.js";
import { addRowCodes } from "./pair-counts.js";
import { conditionKey } from "./conditions.js";
import { pageOfOrder } from "./sort-order.js";
import type { ColumnStore } from "./store.js";
import type { EvalAnswer, EvalTask } from "./task.js";
import type { KeywordColumn } from "./columns.js";

/** The task's answer from the pair tables, or null when its shape needs a pass over the rows. */
export function answerFromPairs(store: ColumnStore, task: EvalTask): EvalAnswer | null {
  const { base, groups, sets, page } = task;
  if (base.length || groups.length > 1 || sets.only?.length || sets.conditionSets?.length || page?.sort === "ranked") return null;
  const field = groups.length ? groups[0].field : null;
  if (field !== null && !store.pairs.eligible(field)) return null;
  if (!store.pairs.table(field) || !store.pairs.table(null)) return null;
  const codes = field === null ? null : (store.columns.get(field) as KeywordColumn).codes;
  let lut: Uint8Array | null = null;
  if (field !== null) {
    const luts = new Map(sets.luts);
    lut = new Uint8Array(store.pairs.rowsOf(field));
    for (const c of groups[0].conditions) {
      const one = luts.get(conditionKey(c));
      if (!one) return null;
      for (let k = 0; k < one.length; k++) lut[k] |= one[k];
    }
  }
  const live = store.live;
  const hidden = hiddenRows(store, sets.exclude);
  const matches = (p: number) => live[p] === 1 && (lut === null || lut[codes![p]] === 1) && !hidden.has(p);

  let count = store.pairs.count(field, lut);
  for (const p of hidden) if (lut === null || lut[codes![p]]) count--;

  let positions: number[] = [];
  if (page && typeof page.sort === "object" && page.offset < count) {
    const { field: by, dir } = page.sort;
    const values = (store.columns.get(by) as { values: Float64Array }).values;
    positions = pageOfOrder(store.sortOrder(by, dir), { n: store.n, ids: store.ids, values, dir }, page.offset, page.limit, matches);
  }
  const facets = task.facets ? facetFields(store.def).flatMap((name) => (store.pairs.facets.includes(name) ? [[name, facetCounts(store, field, lut, name, hidden)] as [string, Int32Array]] : [])) : null;
  return { count, positions: Int32Array.from(positions), facets };
}

/** A facet counted with every filter but its own: its own field's counts are its totals. */
function facetCounts(store: ColumnStore, field: string | null, lut: Uint8Array | null, facet: string, hidden: Set<number>): Int32Array {
  const own = facet === field;
  const counts = own ? store.pairs.facetCounts(null, null, facet) : store.pairs.facetCounts(field, lut, facet);
  if (!hidden.size) return counts;
  const col = store.columns.get(facet)!;
  const codes = field === null || own ? null : (store.columns.get(field) as KeywordColumn).codes;
  for (const p of hidden) {
    if (codes && !lut![codes[p]]) continue;
    if (col.kind !== "number") addRowCodes(col, p, counts, 0, -1);
  }
  return counts;
}

/** The live rows the user has hidden (their rejected leads), once each. */
export function hiddenRows(store: ColumnStore, exclude: Int32Array | undefined): Set<number> {
  const out = new Set<number>();
  if (exclude) for (const p of exclude) if (p >= 0 && p < store.n && store.live[p]) out.add(p);
  return out;
}
