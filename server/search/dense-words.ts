// The words most rows hold, as bitmaps. At national scale a common word ("plant": 44% of 10M
// projects) has millions of postings: decoding them all for each first-time search took longer
// than the rest of the search, and allocated tens of megabytes each time. A word held by an
// eighth of the rows or more is cheaper to keep as a bitmap (a bit a row, where its gaps take a
// byte a posting), with its score codes in position order: "cement plant" then tests cement's
// rows against plant's bits (or, both common, ANDs the two bitmaps a 32-bit word at a time), and
// ranking reads plant's scores by counting bits up to each match (the matches ascend, so the bits
// are counted once in all). The bitmaps replace the words' postings (text.ts buildDense).
import { and, difference, intersect, type PositionSet } from "./sorted-sets.js";
import { RANK_DIVISOR } from "./text-rank.js";

/** A word held by a large share of the rows: every covered row holding it (dead ones too). */
export interface DenseRows {
  /** bit p is set when row p holds the word (p < covered) */
  bits: Uint32Array;
  /** the score codes of those rows, in position order */
  scores: Uint8Array | Uint16Array;
  /** how many bits are set */
  count: number;
  /** the rows [0, covered) the bitmap speaks for */
  covered: number;
}

/** A word's rows (ascending) and their score codes. */
export interface Postings {
  pos: Int32Array;
  score: Int32Array;
}

/** A word's rows: its postings, or a bitmap of the covered rows and the postings of those after. */
export interface WordRows extends Postings {
  dense?: DenseRows;
}

/** Rows [0, covered) of a word's postings as a bitmap. */
export function denseRows(p: Postings, covered: number, scoreCodes: number): DenseRows {
  const bits = new Uint32Array((covered + 31) >>> 5);
  let m = 0;
  while (m < p.pos.length && p.pos[m] < covered) m++;
  const scores = scoreCodes <= 256 ? new Uint8Array(m) : new Uint16Array(m);
  for (let k = 0; k < m; k++) {
    const at = p.pos[k];
    bits[at >>> 5] |= 1 << (at & 31);
    scores[k] = p.score[k];
  }
  return { bits, scores, count: m, covered };
}

export const denseBytes = (d: DenseRows) => d.bits.byteLength + d.scores.byteLength;
export const rowCount = (w: WordRows) => (w.dense?.count ?? 0) + w.pos.length;

/** A bitmap read as signed words: a Uint32Array's words with the top bit set are doubles in V8's optimized code, an Int32Array's never. */
const signed = (bits: Uint32Array) => new Int32Array(bits.buffer, bits.byteOffset, bits.length);

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Every row of a word, ascending. */
export function rowsOf(w: WordRows): Int32Array {
  const d = w.dense;
  if (!d) return w.pos;
  const out = new Int32Array(d.count + w.pos.length);
  let k = 0;
  const bits = signed(d.bits);
  for (let i = 0; i < bits.length; i++) {
    let x = bits[i];
    while (x) {
      const low = x & -x;
      out[k++] = (i << 5) + 31 - Math.clz32(low);
      x ^= low;
    }
  }
  out.set(w.pos, k);
  return out;
}

/** The positions of an ascending list that are (keep) or are not in a word's rows. */
export function filterByWord(list: Int32Array, w: WordRows, keep: boolean): Int32Array {
  const out = new Int32Array(list.length);
  const want = keep ? 1 : 0;
  const { pos } = w;
  const bits = w.dense ? signed(w.dense.bits) : null;
  const covered = w.dense?.covered ?? 0;
  let k = 0;
  for (let i = 0, j = 0; i < list.length; i++) {
    const p = list[i];
    let has: number;
    if (p < covered) has = (bits![p >>> 5] >>> (p & 31)) & 1;
    else {
      while (j < pos.length && pos[j] < p) j++;
      has = j < pos.length && pos[j] === p ? 1 : 0;
    }
    out[k] = p;
    k += has === want ? 1 : 0;
  }
  return out.subarray(0, k);
}

/** A part of a text query: a set of positions, or one dense word's rows not yet listed. */
export type Match = PositionSet | { neg: boolean; word: WordRows };

export const listed = (m: Match): PositionSet => ("set" in m ? m : { neg: m.neg, set: rowsOf(m.word) });

/** a AND b, a dense word tested bit by bit rather than listed (the larger, when both are). */
export function andMatches(a: Match, b: Match): PositionSet {
  if ("word" in a && "word" in b && !(a.neg && b.neg)) {
    const both = andWords(a.neg ? b : a, a.neg ? a : b);
    if (both) return both;
  }
  if ("word" in a && (!("word" in b) || rowCount(a.word) > rowCount(b.word))) [a, b] = [b, a];
  if (!("word" in b)) return and(listed(a), listed(b));
  if (!a.neg) return { neg: false, set: filterByWord(listed(a).set, b.word, !b.neg) };
  if (!b.neg) return { neg: false, set: difference(rowsOf(b.word), listed(a).set) };
  return and(listed(a), listed(b));
}

/**
 * Two dense words made together (the same rows covered), a AND b or a AND NOT b: their bitmaps
 * combined a 32-bit word at a time, the rows after them from their postings. Null otherwise.
 */
function andWords(a: { neg: boolean; word: WordRows }, b: { neg: boolean; word: WordRows }): PositionSet | null {
  const da = a.word.dense!;
  const db = b.word.dense!;
  if (da.covered !== db.covered) return null;
  const flip = b.neg ? -1 : 0; // x ^ -1 is NOT x
  const later = b.neg ? difference(a.word.pos, b.word.pos) : intersect(a.word.pos, b.word.pos);
  const x = signed(da.bits);
  const y = signed(db.bits);
  let m = 0;
  for (let i = 0; i < x.length; i++) m += popcount(x[i] & (y[i] ^ flip));
  const out = new Int32Array(m + later.length);
  let k = 0;
  for (let i = 0; i < x.length; i++) {
    let v = x[i] & (y[i] ^ flip);
    while (v) {
      const low = v & -v;
      out[k++] = (i << 5) + 31 - Math.clz32(low);
      v ^= low;
    }
  }
  out.set(later, k);
  return { neg: false, set: out };
}

/**
 * Adds a word's score (as ts_rank sums it: float4, in order) to acc[k] for each of the positions
 * (ascending) holding it. Covered rows read their score code by counting the bits before them.
 */
export function addWordScores(w: WordRows, positions: Int32Array, acc: Float32Array, table: Float32Array) {
  const m = positions.length;
  let k = 0;
  const d = w.dense;
  if (d) {
    const { scores, covered } = d;
    const bits = signed(d.bits);
    let counted = 0; // bits[0, counted) are counted into rank
    let rank = 0;
    for (; k < m && positions[k] < covered; k++) {
      const p = positions[k];
      const i = p >>> 5;
      while (counted < i) rank += popcount(bits[counted++]);
      const x = bits[i];
      const bit = 1 << (p & 31);
      if (x & bit) acc[k] = acc[k] + table[scores[rank + popcount(x & (bit - 1))]] / RANK_DIVISOR;
    }
  }
  const { pos, score } = w;
  for (let j = 0; k < m && j < pos.length; k++) {
    const p = positions[k];
    while (j < pos.length && pos[j] < p) j++;
    if (pos[j] === p) acc[k] = acc[k] + table[score[j]] / RANK_DIVISOR;
  }
}

/** A dense word over kept rows only, at their new positions (`at`: -1 for a row dropped). */
export function keptDense(d: DenseRows, at: (p: number) => number, covered: number): DenseRows {
  const bits = new Uint32Array((covered + 31) >>> 5);
  const scores = d.scores instanceof Uint8Array ? new Uint8Array(d.count) : new Uint16Array(d.count);
  let m = 0;
  let r = 0;
  for (let i = 0; i < d.bits.length; i++) {
    let x = d.bits[i];
    while (x) {
      const low = x & -x;
      const q = at((i << 5) + 31 - Math.clz32(low));
      x ^= low;
      if (q >= 0) {
        bits[q >>> 5] |= 1 << (q & 31);
        scores[m++] = d.scores[r];
      }
      r++;
    }
  }
  return { bits, scores: scores.subarray(0, m), count: m, covered };
}

/** Whether a dense word read from a file is whole: its bits within `covered`, one score each. */
export function denseConsistent(d: DenseRows, scoreCodes: number): boolean {
  if (d.bits.length !== (d.covered + 31) >>> 5 || d.scores.length !== d.count) return false;
  let count = 0;
  for (const x of d.bits) count += popcount(x);
  const spare = d.covered & 31;
  if (spare && d.bits[d.bits.length - 1] >>> spare) return false;
  for (const s of d.scores) if (s >= scoreCodes) return false;
  return count === d.count;
}
