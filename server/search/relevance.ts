// The relevance order of a search's text matches (rank desc, id desc; identifier matches first),
// made only as far as a page needs it. A common word finds millions of rows at national scale:
// ordering them all (text-rank.ts) costs more than counting them, yet a page shows twenty. So a
// page near the top is picked by one pass over the matches keeping the best few (a heap); the
// whole order is made once, and kept, only for a page or an export deeper than that. The ranks
// themselves are worked out on first need — split-search.ts asks for them while the workers
// evaluate the filters, so neither waits for the other.
import { holds } from "./sorted-sets.js";
import { orderByRank } from "./text-rank.js";

/** Text matches in an order a page can be picked from: the rows whose state is 0 (matching). */
export interface RankedRows {
  /** Positions [offset, offset + limit) of the matching rows (state 0; null: every match), in relevance order. */
  page(state: Uint8Array | null, offset: number, limit: number): number[];
  /** Does now the work a page needs first (e.g. while other threads are busy). */
  prepare?(): void;
  /** Every match in relevance order. */
  order(): Int32Array;
}

/** Pages of this depth or less (offset + limit) are picked by a pass, deeper ones from the whole order. */
export const TOP_ROWS = 10_000;

const NONE = new Int32Array(0);

export class Relevance implements RankedRows {
  private rankOf: (() => Float32Array) | null;
  private ranks: Float32Array | null = null;
  private whole: Int32Array | null = null;

  constructor(
    /** The text matches, ascending. */
    readonly positions: Int32Array,
    /** Their ranks, aligned with positions (run once, on first need). */
    rankOf: () => Float32Array,
    private readonly ids: Float64Array,
    /** Identifier matches, shown first in this order (exact, then prefix); they may be text matches too. */
    readonly first: Int32Array = NONE,
  ) {
    this.rankOf = rankOf;
  }

  /** The same matches with these identifier matches first. */
  withFirst(first: Int32Array): Relevance {
    return new Relevance(this.positions, () => this.rankings(), this.ids, first);
  }

  /** Works out the ranks now (e.g. while other threads are busy), if not yet done. */
  prepare(): void {
    this.rankings();
  }

  /** Every match in relevance order (made once). */
  order(): Int32Array {
    if (this.whole) return this.whole;
    const byRank = orderByRank(this.positions, this.rankings(), this.ids);
    const whole = new Int32Array(this.first.length + byRank.length - this.shared());
    whole.set(this.first);
    const firstOnes = new Set(this.first);
    let k = this.first.length;
    for (const p of byRank) if (!firstOnes.has(p)) whole[k++] = p;
    this.whole = whole;
    return whole;
  }

  page(state: Uint8Array | null, offset: number, limit: number): number[] {
    if (limit <= 0) return [];
    if (this.whole || offset + limit > TOP_ROWS) return walk(this.order(), state, offset, limit);
    const out: number[] = [];
    let seen = 0;
    for (const p of this.first) {
      if (state && state[p] !== 0) continue;
      if (seen++ >= offset) out.push(p);
      if (out.length === limit) return out;
    }
    // The best of the rest: as many as the page still needs after the identifiers, and as many
    // again as there are identifiers (which may be among them, already shown).
    const want = offset + limit - seen + this.first.length;
    const firstOnes = this.first.length ? new Set(this.first) : null;
    for (const p of bestMatches(this.positions, this.rankings(), this.ids, state, want)) {
      if (firstOnes?.has(p)) continue;
      if (seen++ >= offset) out.push(p);
      if (out.length === limit) break;
    }
    return out;
  }

  private rankings(): Float32Array {
    if (!this.ranks) {
      this.ranks = this.rankOf!();
      this.rankOf = null; // what it read (decoded postings) can go
    }
    return this.ranks;
  }

  /** How many identifier matches are also text matches. */
  private shared(): number {
    let n = 0;
    for (const p of this.first) if (holds(this.positions, p)) n++;
    return n;
  }
}

/** A whole order as RankedRows (a worker given the order; identifiers-only searches). */
export function listRanking(list: Int32Array): RankedRows {
  return { page: (state, offset, limit) => walk(list, state, offset, limit), order: () => list };
}

function walk(list: Int32Array, state: Uint8Array | null, offset: number, limit: number): number[] {
  const out: number[] = [];
  let seen = 0;
  for (let j = 0; j < list.length && out.length < limit; j++) {
    const p = list[j];
    if (state && state[p] !== 0) continue;
    if (seen++ >= offset) out.push(p);
  }
  return out;
}

/**
 * The best `want` matching positions (state 0) by rank desc, id desc, best first: one pass with a
 * heap of the best so far, its worst on top. Most matches lose to the worst at once (one compare).
 * The pass runs from the last match back: a copy holds its rows in id order (but those appended
 * since it loaded), so among equal ranks — a one-word search has few distinct ones — the best come
 * first and the rest lose at once, instead of each displacing the worst.
 */
export function bestMatches(positions: Int32Array, ranks: Float32Array, ids: Float64Array, state: Uint8Array | null, want: number): Int32Array {
  const heap = new Int32Array(Math.max(0, want)); // indexes into positions
  let size = 0;
  let worstRank = -Infinity;
  let worstId = -Infinity;
  const worse = (a: number, b: number) => ranks[a] < ranks[b] || (ranks[a] === ranks[b] && ids[positions[a]] < ids[positions[b]]);
  for (let j = positions.length - 1; j >= 0 && want > 0; j--) {
    const p = positions[j];
    if (state && state[p] !== 0) continue;
    if (size < want) {
      let at = size++;
      while (at > 0) {
        const up = (at - 1) >> 1;
        if (!worse(j, heap[up])) break;
        heap[at] = heap[up];
        at = up;
      }
      heap[at] = j;
    } else {
      const r = ranks[j];
      if (r < worstRank || (r === worstRank && ids[p] < worstId)) continue;
      siftDown(heap, size, j, worse);
    }
    if (size === want) {
      worstRank = ranks[heap[0]];
      worstId = ids[positions[heap[0]]];
    }
  }
  const best = Array.from(heap.subarray(0, size)).sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
  return Int32Array.from(best, (j) => positions[j]);
}

/** Puts j at the top of a full heap (its worst there replaced) and lets it sink to its place. */
function siftDown(heap: Int32Array, size: number, j: number, worse: (a: number, b: number) => boolean) {
  let at = 0;
  for (;;) {
    let child = 2 * at + 1;
    if (child >= size) break;
    if (child + 1 < size && worse(heap[child + 1], heap[child])) child++;
    if (!worse(heap[child], j)) break;
    heap[at] = heap[child];
    at = child;
  }
  heap[at] = j;
}
