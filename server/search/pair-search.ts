// A search answered from the store's pair tables (pair-counts.ts) instead of a pass over its
// rows, when its shape allows: no base conditions, no row sets but the user's hidden rows, at
// most one filter group on a small keyword field, a page in a field's order. The count and
// every facet are sums of table rows; the page is a walk of the sort order testing each row's
// one code; the user's hidden rows (a few) are taken away one by one. Same answer as the pass
// (tests/unit/search-pair-counts.test.ts compares them on random stores and searches). Two
// filter groups take the pass, but their facets are counted with the tables' help (tableAssist).
import { facetFields } from "./evaluate.js";
import { addRowCodes } from "./pair-counts.js";
import { conditionKey } from "./conditions.js";
import { pageOfOrder } from "./sort-order.js";
import type { ColumnStore } from "./store.js";
import type { EvalAnswer, EvalTask } from "./task.js";
import type { KeywordColumn } from "./columns.js";
import type { FilterGroup } from "./types.js";

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
    lut = groupLut(store, groups[0], sets);
    if (!lut) return null;
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

/** The codes of a group's field its conditions let in, as a table row mask (null: not all known). */
function groupLut(store: ColumnStore, group: FilterGroup, sets: EvalTask["sets"]): Uint8Array | null {
  const luts = new Map(sets.luts);
  const lut = new Uint8Array(store.pairs.rowsOf(group.field));
  for (const c of group.conditions) {
    const one = luts.get(conditionKey(c));
    if (!one) return null;
    for (let k = 0; k < one.length; k++) lut[k] |= one[k];
  }
  return lut;
}

/** Facets counted with the pair tables' help: what the workers take away, and what the API thread adds. */
export interface TableAssist {
  /** per facet field, the states whose rows the workers take away (none: the table alone answers) */
  plan: [string, number[]][];
  adds: Map<string, Int32Array>;
}

/**
 * Two filter groups (no other conditions or row sets), at least one on a field with a table:
 * facets need not be counted over the matches. A facet of neither field counts the matches =
 * the rows group g lets in (its table row sums, hidden rows taken away) less those failing only
 * the other group (state h), counted by the workers — chosen when fewer than the matches. A
 * group's own facet counts the rows the other group lets in: its table alone. `hist`: the
 * evaluation's; the tables must be of the version evaluated.
 */
export function tableAssist(store: ColumnStore, task: EvalTask, hist: Int32Array): TableAssist | null {
  const { base, groups, sets } = task;
  if (base.length || groups.length !== 2 || groups[0].field === groups[1].field || sets.only?.length || sets.conditionSets?.length) return null;
  const luts = groups.map((g) => (store.pairs.eligible(g.field) && store.pairs.table(g.field, false) ? groupLut(store, g, sets) : null));
  if (!luts[0] && !luts[1]) return null;
  const hidden = hiddenRows(store, sets.exclude);
  // The group whose table stands for the matches: the other's failures (state other + 1) fewest.
  const by = [0, 1].filter((g) => luts[g]).sort((a, b) => hist[2 - a] - hist[2 - b])[0];
  const useTable = hist[2 - by] < Math.min(hist[0], store.liveCount - hist[0]);
  const plan: [string, number[]][] = [];
  const adds = new Map<string, Int32Array>();
  for (const facet of facetFields(store.def)) {
    if (!store.pairs.facets.includes(facet)) continue;
    const own = groups.findIndex((g) => g.field === facet);
    if (own >= 0) {
      const other = 1 - own;
      if (!luts[other]) continue;
      plan.push([facet, []]);
      adds.set(facet, facetCounts(store, groups[other].field, luts[other], facet, hidden));
    } else if (useTable) {
      plan.push([facet, [2 - by]]);
      adds.set(facet, facetCounts(store, groups[by].field, luts[by], facet, hidden));
    }
  }
  return plan.length ? { plan, adds } : null;
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
