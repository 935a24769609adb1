// Sort orders of a search copy: every live position ordered by one number column, built on
// demand (ColumnStore.sortOrder) and merged at query time with the rows appended since.
import { sharedArray } from "./shared.js";

/** A sort order: positions [0, covered) ordered by (key, nulls last, id desc). */
export interface SortOrder {
  order: Int32Array;
  covered: number;
}

/** A comparator for positions by (value, nulls last, id desc). */
export function positionComparator(values: Float64Array, ids: Float64Array, dir: "asc" | "desc") {
  const sign = dir === "asc" ? 1 : -1;
  return (a: number, b: number) => {
    const va = values[a];
    const vb = values[b];
    const na = va !== va;
    const nb = vb !== vb;
    if (na !== nb) return na ? 1 : -1;
    if (!na && va !== vb) return va < vb ? -sign : sign;
    return ids[b] - ids[a];
  };
}

/**
 * Positions of the matching rows [offset, offset + limit) in a field's sort order: the prebuilt
 * order walked (no OFFSET scan, no sort of the whole set), merged with the matching rows appended
 * after it was built (few: sorted here).
 */
export function pageOfOrder(
  { order, covered }: SortOrder,
  rows: { n: number; ids: Float64Array; values: Float64Array; dir: "asc" | "desc" },
  offset: number,
  limit: number,
  matches: (p: number) => boolean,
): number[] {
  const out: number[] = [];
  if (limit <= 0) return out;
  const cmp = positionComparator(rows.values, rows.ids, rows.dir);
  const tail: number[] = [];
  for (let p = covered; p < rows.n; p++) if (matches(p)) tail.push(p);
  tail.sort(cmp);
  let seen = 0;
  let t = 0;
  let j = 0;
  const want = offset + limit;
  while (seen < want) {
    let p: number;
    while (j < order.length && !matches(order[j])) j++;
    if (j < order.length && (t >= tail.length || cmp(order[j], tail[t]) <= 0)) p = order[j++];
    else if (t < tail.length) p = tail[t++];
    else break;
    if (seen >= offset) out.push(p);
    seen++;
  }
  return out;
}

/**
 * The live positions among 0..n-1 sorted by (value, nulls last, id desc). One native numeric
 * sort of a packed key (value rank × 2^idBits + reversed id) when it fits in 53 bits, else a
 * comparator sort.
 */
export function buildOrder(values: Float64Array, ids: Float64Array, live: Uint8Array, n: number, dir: "asc" | "desc"): Int32Array {
  let count = 0;
  let maxId = 0;
  const present = new Float64Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    if (!live[i]) continue;
    count++;
    if (ids[i] > maxId) maxId = ids[i];
    const v = values[i];
    if (v === v) present[m++] = v;
  }
  const sorted = present.subarray(0, m).sort();
  let u = 0;
  for (let i = 0; i < m; i++) if (u === 0 || sorted[i] !== sorted[u - 1]) sorted[u++] = sorted[i];
  const uniq = sorted.subarray(0, u);
  const idBits = Math.ceil(Math.log2(maxId + 2));
  const rankBits = Math.ceil(Math.log2(u + 2));
  const order = sharedArray(Int32Array, count);
  if (idBits + rankBits > 52 || maxId >= 64_000_000) {
    let k = 0;
    for (let i = 0; i < n; i++) if (live[i]) order[k++] = i;
    return order.sort(positionComparator(values, ids, dir));
  }
  const scale = 2 ** idBits;
  const keys = new Float64Array(count);
  const posOfId = new Int32Array(maxId + 1);
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (!live[i]) continue;
    const v = values[i];
    let rank: number;
    if (v !== v) rank = u; // nulls last in both directions
    else {
      let lo = 0;
      let hi = u - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (uniq[mid] < v) lo = mid + 1;
        else hi = mid;
      }
      rank = dir === "asc" ? lo : u - 1 - lo;
    }
    // ties by id desc: the larger id gets the smaller key
    keys[k++] = rank * scale + (maxId - ids[i]);
    posOfId[ids[i]] = i;
  }
  keys.sort();
  for (let j = 0; j < count; j++) order[j] = posOfId[maxId - (keys[j] % scale)];
  return order;
}
