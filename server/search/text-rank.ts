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
  let maxId = 0;
  for (let k = 0; k < m; k++) if (ids[positions[k]] > maxId) maxId = ids[positions[k]];
  if (maxId >= 2 ** 32) {
    const idx = Array.from({ length: m }, (_, k) => k);
    idx.sort((a, b) => ranks[b] - ranks[a] || ids[positions[b]] - ids[positions[a]]);
    return Int32Array.from(idx, (k) => positions[k]);
  }
  const rankKey = rankKeys(new Uint32Array(ranks.buffer, ranks.byteOffset, m)); // non-negative floats order as their bits
  const byIdDesc = rankKey.bits <= 16 ? idDescendingOrder(positions, ids) : null;
  if (byIdDesc) return countingSortByRank(positions, rankKey.keys, rankKey.bits, byIdDesc);
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
 * Each rank as an ascending sort key: its bucket among the distinct ranks (0 = the highest), or
 * with more than 65,536 distinct ranks its bits inverted.
 */
function rankKeys(bits: Uint32Array): { keys: Uint32Array; bits: number } {
  const m = bits.length;
  const keys = new Uint32Array(m);
  const size = 1 << 17;
  const mask = size - 1;
  const EMPTY = 0xffffffff; // never a rank's bits (a NaN pattern)
  const table = new Uint32Array(size).fill(EMPTY);
  const distinct: number[] = [];
  for (let k = 0; k < m; k++) {
    const b = bits[k];
    let slot = Math.imul(b, 2654435761) & mask;
    while (table[slot] !== EMPTY && table[slot] !== b) slot = (slot + 1) & mask;
    if (table[slot] === EMPTY) {
      if (distinct.length === 1 << 16) {
        for (let j = 0; j < m; j++) keys[j] = 0xffffffff - bits[j];
        return { keys, bits: 32 };
      }
      table[slot] = b;
      distinct.push(b);
    }
    keys[k] = slot;
  }
  distinct.sort((a, b) => b - a);
  const bucketOf = new Uint32Array(size);
  for (let r = 0; r < distinct.length; r++) {
    let slot = Math.imul(distinct[r], 2654435761) & mask;
    while (table[slot] !== distinct[r]) slot = (slot + 1) & mask;
    bucketOf[slot] = r;
  }
  for (let k = 0; k < m; k++) keys[k] = bucketOf[keys[k]];
  return { keys, bits: bitsFor(distinct.length - 1) };
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

/**
 * The matches' indexes in id-descending order, cheaply: a copy loaded in id order holds its rows
 * at ascending positions by ascending id, so the matches (ascending positions) are id-ascending
 * up to the first row a catch-up appended. Those few are sorted and merged in. Null when they
 * are not few (then the full radix sort orders the ids).
 */
function idDescendingOrder(positions: Int32Array, ids: Float64Array): Int32Array | null {
  const m = positions.length;
  let head = 1;
  while (head < m && ids[positions[head]] > ids[positions[head - 1]]) head++;
  if (m - head > m / 8) return null;
  const tail = Array.from({ length: m - head }, (_, j) => head + j).sort((a, b) => ids[positions[b]] - ids[positions[a]]);
  const out = new Int32Array(m);
  let h = Math.min(head, m) - 1;
  let t = 0;
  for (let j = 0; j < m; j++) {
    if (t < tail.length && (h < 0 || ids[positions[tail[t]]] > ids[positions[h]])) out[j] = tail[t++];
    else out[j] = h--;
  }
  return out;
}

/** Positions by rank bucket (0 first), stably: in each bucket, in the order given (id desc). */
function countingSortByRank(positions: Int32Array, buckets: Uint32Array, bits: number, byIdDesc: Int32Array): Int32Array {
  const m = positions.length;
  const starts = new Int32Array((1 << bits) + 1);
  for (let k = 0; k < m; k++) starts[buckets[k] + 1]++;
  for (let b = 0; b < 1 << bits; b++) starts[b + 1] += starts[b];
  const out = new Int32Array(m);
  for (let j = 0; j < m; j++) {
    const k = byIdDesc[j];
    out[starts[buckets[k]]++] = positions[k];
  }
  return out;
}
