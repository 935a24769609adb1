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
 * Positions ordered by rank desc then id desc. Ranks take few distinct values, so each becomes a
 * small bucket number and (bucket, reversed id) packs into 32 bits: two 16-bit radix passes,
 * linear in the matches. Too many distinct ranks or ids too large for that: one native sort of
 * 53-bit packed keys; beyond that a comparator sort.
 */
export function orderByRank(positions: Int32Array, ranks: Float32Array, ids: Float64Array, position: (id: number) => number): Int32Array {
  const m = positions.length;
  let maxId = 0;
  for (let k = 0; k < m; k++) if (ids[positions[k]] > maxId) maxId = ids[positions[k]];
  const idBits = Math.ceil(Math.log2(maxId + 2));
  const bits = new Uint32Array(ranks.buffer, ranks.byteOffset, m); // non-negative floats order as their bits
  const buckets = idBits < 32 ? rankBuckets(bits, 32 - idBits) : null;
  if (buckets) {
    const { bucketOf, table, mask } = buckets;
    const keys = new Uint32Array(m);
    for (let k = 0; k < m; k++) {
      let slot = Math.imul(bits[k], 2654435761) & mask;
      while (table[slot] !== bits[k]) slot = (slot + 1) & mask;
      keys[k] = ((bucketOf[slot] << idBits) | (maxId - ids[positions[k]])) >>> 0;
    }
    const sorted = radixSort32(keys);
    const idMask = 2 ** idBits - 1;
    const out = new Int32Array(m);
    for (let k = 0; k < m; k++) out[k] = position(maxId - (sorted[k] & idMask));
    return out;
  }
  if (idBits > 22) {
    const idx = Array.from({ length: m }, (_, k) => k);
    idx.sort((a, b) => ranks[b] - ranks[a] || ids[positions[b]] - ids[positions[a]]);
    return Int32Array.from(idx, (k) => positions[k]);
  }
  const scale = 2 ** idBits;
  const keys = new Float64Array(m);
  for (let k = 0; k < m; k++) keys[k] = (0x7fffffff - bits[k]) * scale + (maxId - ids[positions[k]]);
  keys.sort();
  const out = new Int32Array(m);
  for (let k = 0; k < m; k++) out[k] = position(maxId - (keys[k] % scale));
  return out;
}

/**
 * The distinct rank bits in an open-addressing table, each with its bucket number (0 = the
 * highest rank); null when there are more than fit in `bucketBits`.
 */
function rankBuckets(bits: Uint32Array, bucketBits: number): { table: Uint32Array; bucketOf: Uint32Array; mask: number } | null {
  const limit = Math.min(2 ** Math.min(bucketBits, 16), 1 << 16);
  const size = 1 << 17; // twice the most distinct ranks the radix path takes
  const mask = size - 1;
  const EMPTY = 0xffffffff; // never a rank's bits (a NaN pattern)
  const table = new Uint32Array(size).fill(EMPTY);
  const distinct: number[] = [];
  for (let k = 0; k < bits.length; k++) {
    const b = bits[k];
    let slot = Math.imul(b, 2654435761) & mask;
    while (table[slot] !== EMPTY && table[slot] !== b) slot = (slot + 1) & mask;
    if (table[slot] === EMPTY) {
      if (distinct.length >= limit) return null;
      table[slot] = b;
      distinct.push(b);
    }
  }
  distinct.sort((a, b) => b - a);
  const bucketOf = new Uint32Array(size);
  for (let r = 0; r < distinct.length; r++) {
    let slot = Math.imul(distinct[r], 2654435761) & mask;
    while (table[slot] !== distinct[r]) slot = (slot + 1) & mask;
    bucketOf[slot] = r;
  }
  return { table, bucketOf, mask };
}

/** Unsigned 32-bit keys ascending: two stable counting passes of 16 bits. */
function radixSort32(keys: Uint32Array): Uint32Array {
  const m = keys.length;
  let from: Uint32Array = keys;
  let to: Uint32Array = new Uint32Array(m);
  for (const shift of [0, 16]) {
    const counts = new Int32Array(65537);
    for (let k = 0; k < m; k++) counts[((from[k] >>> shift) & 0xffff) + 1]++;
    for (let d = 0; d < 65536; d++) counts[d + 1] += counts[d];
    for (let k = 0; k < m; k++) to[counts[(from[k] >>> shift) & 0xffff]++] = from[k];
    [from, to] = [to, from];
  }
  return from;
}
