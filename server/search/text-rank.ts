// Relevance as PostgreSQL computes it, in its own float arithmetic: a word's share of ts_rank in a
// row (calc_rank_or in tsrank.c), and matches put in rank order (rank desc, id desc) in time
// linear in the matches.

// ts_rank's default weights for D, C, B, A, as the float4 values PostgreSQL uses.
const WEIGHT = [Math.fround(0.1), Math.fround(0.2), Math.fround(0.4), Math.fround(1.0)];
export const weightCode = (ch: number) => (ch === 65 ? 3 : ch === 66 ? 2 : ch === 67 ? 1 : 0); // A B C, else D

/**
 * One word's share of ts_rank in one row before the shared divisor, from its positions' weight
 * codes in position order (calc_rank_or, float4 arithmetic step by step).
 */
export function wordScore(codes: ArrayLike<number>, count: number): number {
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < count; j++) {
    const w = WEIGHT[codes[j]];
    resj = Math.fround(resj + Math.fround(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  return Math.fround(Math.fround(wjm + resj) - Math.fround(wjm / ((jm + 1) * (jm + 1))));
}
export const RANK_DIVISOR = 1.64493406685; // π²/6, as tsrank.c writes it

/**
 * Positions ordered by rank desc then id desc, linear in the matches. Ranks take few distinct
 * values, so each becomes a bucket number of a few bits. Usually the matches are nearly in id
 * order already (idDescendingOrder) and one stable counting sort by bucket orders them.
 * Otherwise a least-significant-digit radix sort (11 bits a pass, so its counts stay in the
 * fastest cache) of (rank, reversed id) keys carrying each match's index; when that key passes
 * 32 bits the reversed id is sorted first and the rank after. Ids past 32 bits: a comparator sort.
 */
export function orderByRank(positions: Int32Array, ranks: Float32Array, ids: Float64Array): Int32Array {
  const m = positions.length;
  if (m === 0) return new Int32Array(0);
  const head = ascendingRun(positions, ids);
  let maxId = ids[positions[head - 1]];
  for (let k = head; k < m; k++) if (ids[positions[k]] > maxId) maxId = ids[positions[k]];
  if (maxId >= 2 ** 32) {
    const idx = Array.from({ length: m }, (_, k) => k);
    idx.sort((a, b) => ranks[b] - ranks[a] || ids[positions[b]] - ids[positions[a]]);
    return Int32Array.from(idx, (k) => positions[k]);
  }
  const rankKey = rankKeys(new Uint32Array(ranks.buffer, ranks.byteOffset, m)); // non-negative floats order as their bits
  if (rankKey.counts && m - head <= m / 8) return countingSortByRank(positions, rankKey.keys, rankKey.counts, idDescendingOrder(positions, ids, head));
  const reversedId = new Uint32Array(m);
  for (let k = 0; k < m; k++) reversedId[k] = maxId - ids[positions[k]];
  const idBits = bitsFor(maxId);
  let order: Int32Array;
  if (idBits + rankKey.bits <= 32) {
    for (let k = 0; k < m; k++) rankKey.keys[k] = ((rankKey.keys[k] << idBits) | reversedId[k]) >>> 0;
    order = radixSortIndex(rankKey.keys, idBits + rankKey.bits);
  } else {
    order = radixSortIndex(reversedId, idBits);
    const next = new Uint32Array(m);
    for (let k = 0; k < m; k++) next[k] = rankKey.keys[order[k]];
    const byRank = radixSortIndex(next, rankKey.bits);
    for (let k = 0; k < m; k++) byRank[k] = order[byRank[k]];
    order = byRank;
  }
  for (let k = 0; k < m; k++) order[k] = positions[order[k]];
  return order;
}

const bitsFor = (max: number) => Math.max(1, Math.ceil(Math.log2(max + 1)));

/**
 * Each rank as an ascending sort key: its bucket among the distinct ranks (0 = the highest) with
 * each bucket's count, or with more than 65,536 distinct ranks its bits inverted (no counts).
 * The distinct ranks are found through an open-addressing table sized to them (a search's
 * matches have a few dozen to a few thousand), so it stays in the fastest cache while hundreds
 * of thousands of matches probe it.
 */
function rankKeys(bits: Uint32Array): { keys: Uint32Array; bits: number; counts: Int32Array | null } {
  const m = bits.length;
  const keys = new Uint32Array(m);
  const seen = new DistinctRanks();
  for (let k = 0; k < m; k++) {
    const index = seen.indexOf(bits[k]);
    if (index < 0) {
      for (let j = 0; j < m; j++) keys[j] = 0xffffffff - bits[j];
      return { keys, bits: 32, counts: null };
    }
    keys[k] = index;
  }
  const bucketOf = seen.bucketsDescending();
  const counts = new Int32Array(seen.count); // matches in each bucket
  for (let k = 0; k < m; k++) counts[(keys[k] = bucketOf[keys[k]])]++;
  return { keys, bits: bitsFor(seen.count - 1), counts };
}

/** Distinct rank bit patterns, numbered in the order first seen; at most 65,536. */
class DistinctRanks {
  static readonly MAX = 1 << 16;
  count = 0;
  private values = new Uint32Array(256);
  private slots = new Int32Array(1024).fill(-1); // a value's number, or -1
  /** Slots are picked by the top bits of a multiplicative hash (a float's low bits are often all 0). */
  private shift = 32 - 10;

  /** v's number (a new one for a new value); -1 once there would be more than MAX. */
  indexOf(v: number): number {
    const mask = this.slots.length - 1;
    let slot = Math.imul(v, 2654435761) >>> this.shift;
    for (let at = this.slots[slot]; at >= 0; at = this.slots[slot]) {
      if (this.values[at] === v) return at;
      slot = (slot + 1) & mask;
    }
    if (this.count === DistinctRanks.MAX) return -1;
    if (this.count === this.values.length) {
      const grown = new Uint32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    const index = this.count++;
    this.values[index] = v;
    if (this.count * 2 <= this.slots.length) this.slots[slot] = index;
    else {
      this.slots = new Int32Array(this.slots.length * 2).fill(-1); // kept at most half full
      this.shift--;
      for (let j = 0; j < this.count; j++) {
        let s = Math.imul(this.values[j], 2654435761) >>> this.shift;
        while (this.slots[s] >= 0) s = (s + 1) & (this.slots.length - 1);
        this.slots[s] = j;
      }
    }
    return index;
  }

  /** For each value's number, its bucket: 0 for the highest rank (non-negative floats order as their bits). */
  bucketsDescending(): Uint32Array {
    const order = Int32Array.from({ length: this.count }, (_, j) => j).sort((a, b) => this.values[b] - this.values[a]);
    const bucketOf = new Uint32Array(this.count);
    for (let r = 0; r < this.count; r++) bucketOf[order[r]] = r;
    return bucketOf;
  }
}

const DIGIT = 11;

/** The indexes of keys (of `bits` significant bits) in ascending key order, ties in index order. */
function radixSortIndex(keys: Uint32Array, bits: number): Int32Array {
  const m = keys.length;
  let key = keys.slice();
  let idx = new Int32Array(m);
  for (let k = 0; k < m; k++) idx[k] = k;
  let nextKey = new Uint32Array(m);
  let nextIdx = new Int32Array(m);
  const counts = new Int32Array((1 << DIGIT) + 1);
  for (let shift = 0; shift < bits; shift += DIGIT) {
    counts.fill(0);
    for (let k = 0; k < m; k++) counts[((key[k] >>> shift) & 0x7ff) + 1]++;
    for (let d = 0; d < 1 << DIGIT; d++) counts[d + 1] += counts[d];
    for (let k = 0; k < m; k++) {
      const at = counts[(key[k] >>> shift) & 0x7ff]++;
      nextKey[at] = key[k];
      nextIdx[at] = idx[k];
    }
    [key, nextKey] = [nextKey, key];
    [idx, nextIdx] = [nextIdx, idx];
  }
  return idx;
}

/** How many of the matches, from the first, have ascending ids (at least 1). */
function ascendingRun(positions: Int32Array, ids: Float64Array): number {
  const m = positions.length;
  let head = 1;
  while (head < m && ids[positions[head]] > ids[positions[head - 1]]) head++;
  return head;
}

/**
 * The matches' indexes in id-descending order, cheaply: a copy loaded in id order holds its rows
 * at ascending positions by ascending id, so the matches (ascending positions) are id-ascending
 * up to the first row a catch-up appended (`head`). Those few are sorted and merged in. Null when
 * there are none: the order is then the matches' own, reversed.
 */
function idDescendingOrder(positions: Int32Array, ids: Float64Array, head: number): Int32Array | null {
  const m = positions.length;
  if (head === m) return null;
  const tail = Array.from({ length: m - head }, (_, j) => head + j).sort((a, b) => ids[positions[b]] - ids[positions[a]]);
  const out = new Int32Array(m);
  let h = head - 1;
  let t = 0;
  for (let j = 0; j < m; j++) {
    if (t < tail.length && (h < 0 || ids[positions[tail[t]]] > ids[positions[h]])) out[j] = tail[t++];
    else out[j] = h--;
  }
  return out;
}

/** Positions by rank bucket (0 first), stably: in each bucket, in the order given (id desc; null: the matches reversed). */
function countingSortByRank(positions: Int32Array, buckets: Uint32Array, counts: Int32Array, byIdDesc: Int32Array | null): Int32Array {
  const m = positions.length;
  const starts = new Int32Array(counts.length);
  for (let b = 1; b < counts.length; b++) starts[b] = starts[b - 1] + counts[b - 1];
  const out = new Int32Array(m);
  if (byIdDesc) {
    for (let j = 0; j < m; j++) {
      const k = byIdDesc[j];
      out[starts[buckets[k]]++] = positions[k];
    }
  } else for (let k = m - 1; k >= 0; k--) out[starts[buckets[k]]++] = positions[k];
  return out;
}
