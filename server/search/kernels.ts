// The inner loops of a search copy's evaluation (evaluate.ts): each condition's verdict on a
// range of rows, each row's state moved by it, the facets' counts. One function per typed
// array type, kept apart on purpose: a loop V8 sees with one array type stays monomorphic and
// several times faster than one shared by Uint8Array, Uint16Array and Uint32Array codes.
import type { Codes, ScalarCodes } from "./columns.js";

/**
 * The rows [lo, hi) in states 0..groups, grouped by state (a counting sort of positions): the
 * rows in state s are list[start[s] .. start[s + 1]). With `live`, the live rows in state 255
 * follow, up to start[groups + 2]. `hist` is those rows' histogram. The list is a reusable
 * buffer: valid until the next call (facet counting uses it synchronously).
 */
export interface RowsByState {
  list: Int32Array;
  start: Int32Array;
  /** Whether the live rows out (state 255) are listed too. */
  withOut: boolean;
}
export function positionsByState(state: Uint8Array, lo: number, hi: number, hist: Int32Array, groups: number, live: Uint8Array | null): RowsByState {
  const start = new Int32Array(groups + 3);
  for (let s = 0; s <= groups; s++) start[s + 1] = start[s] + hist[s];
  let total = start[groups + 1];
  if (live) for (let i = lo; i < hi; i++) if (state[i] === 255 && live[i] === 1) total++;
  start[groups + 2] = total;
  if (byStateBuffer.length < total) byStateBuffer = new Int32Array(Math.ceil(total * 1.25));
  const list = byStateBuffer;
  const next = start.slice(0, groups + 2);
  if (live) {
    for (let i = lo; i < hi; i++) {
      const s = state[i];
      if (s <= groups) list[next[s]++] = i;
      else if (s === 255 && live[i] === 1) list[next[groups + 1]++] = i;
    }
  } else {
    for (let i = lo; i < hi; i++) {
      const s = state[i];
      if (s <= groups) list[next[s]++] = i;
    }
  }
  return { list, start, withOut: live !== null };
}
let byStateBuffer = new Int32Array(0);

/** positionsByState over a list of rows (a sparse evaluation's: every row not listed is out). */
export function positionsByList(state: Uint8Array, rows: Int32Array, hist: Int32Array, groups: number): RowsByState {
  const start = new Int32Array(groups + 3);
  for (let s = 0; s <= groups; s++) start[s + 1] = start[s] + hist[s];
  start[groups + 2] = start[groups + 1];
  const total = start[groups + 1];
  if (byStateBuffer.length < total) byStateBuffer = new Int32Array(Math.ceil(total * 1.25));
  const list = byStateBuffer;
  const next = start.slice(0, groups + 2);
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k];
    const s = state[i];
    if (s <= groups) list[next[s]++] = i;
  }
  return { list, start, withOut: false };
}

/**
 * counts[code of row] += sign for the rows list[from .. to). Counted into four interleaved
 * copies, so consecutive rows with the same code (a facet of a few values) do not wait on each
 * other's store.
 */
export function countListScalar(codes: ScalarCodes, list: Int32Array, from: number, to: number, counts: Int32Array, sign: number) {
  const m = counts.length;
  if (to - from < 4 * m) {
    for (let j = from; j < to; j++) counts[codes[list[j]]] += sign;
    return;
  }
  const c4 = new Int32Array(m * 4);
  const m2 = 2 * m;
  const m3 = 3 * m;
  let j = from;
  for (; j + 3 < to; j += 4) {
    c4[codes[list[j]]]++;
    c4[m + codes[list[j + 1]]]++;
    c4[m2 + codes[list[j + 2]]]++;
    c4[m3 + codes[list[j + 3]]]++;
  }
  for (; j < to; j++) c4[codes[list[j]]]++;
  for (let k = 0; k < m; k++) counts[k] += sign * (c4[k] + c4[m + k] + c4[m2 + k] + c4[m3 + k]);
}
export function countListArray(offsets: Int32Array, data: Codes, list: Int32Array, from: number, to: number, counts: Int32Array, sign: number) {
  for (let j = from; j < to; j++) {
    const i = list[j];
    for (let k = offsets[i], e = offsets[i + 1]; k < e; k++) counts[data[k]] += sign;
  }
}

export function passScalar16(codes: Uint16Array, lut: Uint8Array, pass: Uint8Array, lo: number, hi: number) {
  for (let i = lo; i < hi; i++) pass[i] |= lut[codes[i]];
}
export function passScalar8(codes: Uint8Array, lut: Uint8Array, pass: Uint8Array, lo: number, hi: number) {
  for (let i = lo; i < hi; i++) pass[i] |= lut[codes[i]];
}
export function passScalar32(codes: Uint32Array, lut: Uint8Array, pass: Uint8Array, lo: number, hi: number) {
  for (let i = lo; i < hi; i++) pass[i] |= lut[codes[i]];
}
export function passRange(v: Float64Array, min: number, max: number, pass: Uint8Array, lo: number, hi: number) {
  for (let i = lo; i < hi; i++) {
    const x = v[i];
    if (x >= min && x <= max) pass[i] = 1;
  }
}

// A verdict moves each row's state through a transition table T (512 entries): T[s] when the
// row fails, T[256 + s] when it passes. For filter group g: a match (0) that fails becomes g,
// a row already failing another group becomes 255 (out); passing keeps the state. For a base
// condition every failure is out.
export function transitions(gi: number | null): Uint8Array {
  const t = new Uint8Array(512);
  for (let s = 0; s < 256; s++) {
    t[256 + s] = s;
    t[s] = gi !== null && s === 0 ? gi : 255;
  }
  return t;
}
export function applyPass(pass: Uint8Array, state: Uint8Array, t: Uint8Array, lo: number, hi: number) {
  for (let i = lo; i < hi; i++) state[i] = t[(pass[i] << 8) | state[i]];
}
export function applyScalar16(codes: Uint16Array, lut: Uint8Array, state: Uint8Array, t: Uint8Array, lo: number, hi: number) {
  for (let i = lo; i < hi; i++) state[i] = t[(lut[codes[i]] << 8) | state[i]];
}
export function applyScalar8(codes: Uint8Array, lut: Uint8Array, state: Uint8Array, t: Uint8Array, lo: number, hi: number) {
  for (let i = lo; i < hi; i++) state[i] = t[(lut[codes[i]] << 8) | state[i]];
}
export function applyScalar32(codes: Uint32Array, lut: Uint8Array, state: Uint8Array, t: Uint8Array, lo: number, hi: number) {
  for (let i = lo; i < hi; i++) state[i] = t[(lut[codes[i]] << 8) | state[i]];
}
export function applyRange(v: Float64Array, min: number, max: number, state: Uint8Array, t: Uint8Array, lo: number, hi: number) {
  for (let i = lo; i < hi; i++) {
    const x = v[i];
    state[i] = t[(x >= min && x <= max ? 256 : 0) | state[i]];
  }
}
