// Text matches from a copy's in-memory text index: the live rows a parsed search text finds,
// and (when asked) the same in relevance order. Shared by the engine and the copy's warm-up.
import { evaluate } from "./evaluate.js";
import type { ColumnStore } from "./store.js";
import { orderByRank } from "./text-rank.js";
import type { TsNode } from "./tsquery.js";
import type { IndexDefinition } from "./types.js";

export interface TextMatches {
  positions: Int32Array;
  /** the same, by relevance (null when not asked for) */
  ranked: Int32Array | null;
}

/** Text matches from the store's text index (live rows only). */
export function memoryTextMatches(store: ColumnStore, tree: TsNode, rank: boolean): TextMatches {
  const text = store.text!;
  const n = store.n;
  const matched = text.matches(tree, n);
  const live = store.live;
  let m = 0;
  for (let i = 0; i < n; i++) m += matched[i] & live[i];
  const positions = new Int32Array(m);
  for (let i = 0, k = 0; i < n; i++) if (matched[i] & live[i]) positions[k++] = i;
  const ranked = rank ? orderByRank(positions, text.ranks(tree, positions, n), store.ids, (id) => store.position(id)) : null;
  return { positions, ranked };
}

/**
 * One search for the commonest word, thrown away: the first person to search after a load does
 * not wait for the text code to be compiled.
 */
export function warmTextSearch(store: ColumnStore, def: IndexDefinition) {
  const word = store.text?.commonestWord();
  if (!word) return;
  const m = memoryTextMatches(store, { op: "word", text: word, prefix: false, weights: "" }, true);
  evaluate(store, [], [], { only: [m.positions], ranked: m.ranked! }).facetCounts(def);
}
