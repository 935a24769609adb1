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
 * Positions ordered by rank desc then id desc, linear in the matches: a radix sort (16 bits a
 * pass, least significant first) of the reversed id and then of the rank, carrying each match's
 * index. Ranks take few distinct values, so each usually becomes a bucket number of one pass;
 * with more than 65,536 distinct ranks the rank's own bits take two. Ids past 32 bits: a
 * comparator sort.
 */
export function orderByRank(positions: Int32Array, ranks: Float32Array, ids: Float64Array): Int32Array {
  const m = positions.length;
  let maxId = 0;
  for (let k = 0; k < m; k++) if (ids[positions[k]] > maxId) maxId = ids[positions[k]];
  if (maxId >= 2 ** 32) {
    const idx = Array.from({ length: m }, (_, k) => k);
    idx.sort((a, b) => ranks[b] - ranks[a] || ids[positions[b]] - ids[positions[a]]);
    return Int32Array.from(idx, (k) => positions[k]);
  }
  const reversedId = new Uint32Array(m);
  for (let k = 0; k < m; k++) reversedId[k] = maxId - ids[positions[k]];
  const bits = new Uint32Array(ranks.buffer, ranks.byteOffset, m); // non-negative floats order as their bits
  const buckets = rankBuckets(bits);
  const rankKey = new Uint32Array(m);
  for (let k = 0; k < m; k++) rankKey[k] = buckets ? buckets.bucket(bits[k]) : 0xffffffff - bits[k];
  let order: Int32Array = Int32Array.from({ length: m }, (_, k) => k);
  order = radixPass(order, reversedId, 0);
  if (maxId >= 1 << 16) order = radixPass(order, reversedId, 16);
  order = radixPass(order, rankKey, 0);
  if (!buckets) order = radixPass(order, rankKey, 16);
  for (let k = 0; k < m; k++) order[k] = positions[order[k]];
  return order;
}

/**
 * The distinct rank bits, each with its bucket number (0 = the highest rank), in an
 * open-addressing table; null when there are more than 65,536 of them.
 */
function rankBuckets(bits: Uint32Array): { bucket: (b: number) => number } | null {
  const size = 1 << 17;
  const mask = size - 1;
  const EMPTY = 0xffffffff; // never a rank's bits (a NaN pattern)
  const table = new Uint32Array(size).fill(EMPTY);
  const distinct: number[] = [];
  const slotOf = (b: number) => {
    let slot = Math.imul(b, 2654435761) & mask;
    while (table[slot] !== EMPTY && table[slot] !== b) slot = (slot + 1) & mask;
    return slot;
  };
  for (let k = 0; k < bits.length; k++) {
    const slot = slotOf(bits[k]);
    if (table[slot] !== EMPTY) continue;
    if (distinct.length === 1 << 16) return null;
    table[slot] = bits[k];
    distinct.push(bits[k]);
  }
  distinct.sort((a, b) => b - a);
  const bucketOf = new Uint32Array(size);
  for (let r = 0; r < distinct.length; r++) bucketOf[slotOf(distinct[r])] = r;
  return { bucket: (b) => bucketOf[slotOf(b)] };
}

/** One stable counting pass of an index order by 16 bits of each index's key. */
function radixPass(order: Int32Array, keys: Uint32Array, shift: number): Int32Array {
  const m = order.length;
  const counts = new Int32Array(65537);
  for (let k = 0; k < m; k++) counts[((keys[order[k]] >>> shift) & 0xffff) + 1]++;
  for (let d = 0; d < 65536; d++) counts[d + 1] += counts[d];
  const out = new Int32Array(m);
  for (let k = 0; k < m; k++) {
    const i = order[k];
    out[counts[(keys[i] >>> shift) & 0xffff]++] = i;
  }
  return out;
}
