// Sets of row positions as ascending Int32Arrays: what a text query's words combine into. Each
// operation walks its inputs once, so a search costs the size of its words' postings, not the
// number of rows in the copy.

/** A set, or the complement of one ("every row but these"), so `a & !b` never lists every row. */
export interface PositionSet {
  neg: boolean;
  set: Int32Array;
}

export function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x === y) {
      out[k++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, k);
}

export function union(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x <= y) {
      out[k++] = x;
      i++;
      if (x === y) j++;
    } else {
      out[k++] = y;
      j++;
    }
  }
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out.subarray(0, k);
}

/** a without b. */
export function difference(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length);
  let j = 0;
  let k = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    while (j < b.length && b[j] < x) j++;
    if (j >= b.length || b[j] !== x) out[k++] = x;
  }
  return out.subarray(0, k);
}

/** Every position in [0, n) not in a. */
export function complement(a: Int32Array, n: number): Int32Array {
  const out = new Int32Array(n - a.length);
  let j = 0;
  let k = 0;
  for (let p = 0; p < n; p++) {
    if (j < a.length && a[j] === p) j++;
    else out[k++] = p;
  }
  return out.subarray(0, k);
}

export function and(a: PositionSet, b: PositionSet): PositionSet {
  if (!a.neg && !b.neg) return { neg: false, set: intersect(a.set, b.set) };
  if (!a.neg) return { neg: false, set: difference(a.set, b.set) };
  if (!b.neg) return { neg: false, set: difference(b.set, a.set) };
  return { neg: true, set: union(a.set, b.set) };
}

export function or(a: PositionSet, b: PositionSet): PositionSet {
  if (!a.neg && !b.neg) return { neg: false, set: union(a.set, b.set) };
  if (a.neg && b.neg) return { neg: true, set: intersect(a.set, b.set) };
  return a.neg ? { neg: true, set: difference(a.set, b.set) } : { neg: true, set: difference(b.set, a.set) };
}
