// Text matches from a copy's in-memory text index: the live rows a parsed search text finds,
// and (when asked) the same in relevance order. Shared by the engine and the copy's warm-up.
import { evaluate } from "./evaluate.js";
import type { ColumnStore } from "./store.js";
import { Relevance } from "./relevance.js";
import { sharedArray } from "./shared.js";
import type { WordRows } from "./dense-words.js";
import type { TsNode } from "./tsquery.js";
import type { IndexDefinition } from "./types.js";

export interface TextMatches {
  positions: Int32Array;
  /** the same, by relevance (null when not asked for): its ranks worked out on first need */
  relevance: Relevance | null;
  /** When the matches are one word's rows: the word, and every row its postings hold (dead ones too). */
  word?: OneWord;
}

export interface OneWord {
  text: string;
  held: Int32Array;
}

/** Text matches from the store's text index (live rows only). */
export function memoryTextMatches(store: ColumnStore, tree: TsNode, rank: boolean): TextMatches {
  const text = store.text!;
  const seen = new Map<string, WordRows>();
  const matched = text.matchPositions(tree, store.n, seen);
  const live = store.live;
  let m = 0;
  for (let k = 0; k < matched.length; k++) m += live[matched[k]];
  // In shared memory, sized to the matches: the search workers read them in place. (A set made
  // by and/or is a view of a larger buffer, which a message to a worker would copy whole.)
  const positions = sharedArray(Int32Array, m);
  for (let k = 0, j = 0; k < matched.length; k++) if (live[matched[k]]) positions[j++] = matched[k];
  const relevance = rank ? new Relevance(positions, () => text.ranks(tree, positions, seen), store.ids) : null;
  const word = tree.op === "word" && !tree.prefix && !tree.weights ? { text: tree.text, held: matched } : undefined;
  return { positions, relevance, word };
}

/**
 * Searches for the commonest words, thrown away — one word, two words, either, one but not the
 * other: the first person to search after a load does not wait for the text code to be compiled.
 */
export function warmTextSearch(store: ColumnStore, def: IndexDefinition) {
  const [a, b] = store.text?.commonestWords(2) ?? [];
  if (!a) return;
  const word = (text: string): TsNode => ({ op: "word", text, prefix: false, weights: "" });
  const trees: TsNode[] = [word(a)];
  if (b) trees.push({ op: "and", left: word(a), right: word(b) }, { op: "or", left: word(a), right: word(b) }, { op: "and", left: word(a), right: { op: "not", arg: word(b) } });
  for (const tree of trees) {
    const m = memoryTextMatches(store, tree, true);
    const ev = evaluate(store, [], [], { only: [m.positions], ranked: m.relevance! });
    ev.facetCounts(def);
    ev.pageByRelevance(m.relevance!, 0, def.pageSize);
  }
}
