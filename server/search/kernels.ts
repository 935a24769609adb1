// The inner loops of a search copy's evaluation (evaluate.ts): each condition's verdict on a
// range of rows, each row's state moved by it, the facets' histograms. One function per typed
// array type, kept apart on purpose: a loop V8 sees with one array type stays monomorphic and
// several times faster than one shared by Uint8Array, Uint16Array and Uint32Array codes.
import type { Codes, ScalarCodes } from "./columns.js";

// Tight, monomorphic loops (one per array type) so V8 keeps them fast. The histograms are
// counted into four interleaved copies, so consecutive rows with the same code do not wait on
// each other's store.
export function countScalar16(codes: Uint16Array, state: Uint8Array, lut: Uint8Array, n: number, counts: Int32Array) {
  const m = counts.length;
  const c4 = new Int32Array(m * 4);
  const m2 = 2 * m;
  const m3 = 3 * m;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    c4[codes[i]] += lut[state[i]];
    c4[m + codes[i + 1]] += lut[state[i + 1]];
    c4[m2 + codes[i + 2]] += lut[state[i + 2]];
    c4[m3 + codes[i + 3]] += lut[state[i + 3]];
  }
  for (; i < n; i++) c4[codes[i]] += lut[state[i]];
  for (let k = 0; k < m; k++) counts[k] += c4[k] + c4[m + k] + c4[m2 + k] + c4[m3 + k];
}
export function countScalar8(codes: Uint8Array, state: Uint8Array, lut: Uint8Array, n: number, counts: Int32Array) {
  const m = counts.length;
  const c4 = new Int32Array(m * 4);
  const m2 = 2 * m;
  const m3 = 3 * m;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    c4[codes[i]] += lut[state[i]];
    c4[m + codes[i + 1]] += lut[state[i + 1]];
    c4[m2 + codes[i + 2]] += lut[state[i + 2]];
    c4[m3 + codes[i + 3]] += lut[state[i + 3]];
  }
  for (; i < n; i++) c4[codes[i]] += lut[state[i]];
  for (let k = 0; k < m; k++) counts[k] += c4[k] + c4[m + k] + c4[m2 + k] + c4[m3 + k];
}
export function countScalar32(codes: Uint32Array, state: Uint8Array, lut: Uint8Array, n: number, counts: Int32Array) {
  for (let i = 0; i < n; i++) counts[codes[i]] += lut[state[i]];
}
export function countArray(offsets: Int32Array, data: Codes, state: Uint8Array, lut: Uint8Array, n: number, counts: Int32Array) {
  for (let i = 0; i < n; i++) {
    const w = lut[state[i]];
    for (let k = offsets[i], e = offsets[i + 1]; k < e; k++) counts[data[k]] += w;
  }
}
// Position lists live in two reusable buffers: facetCounts uses them synchronously.
let listA = new Int32Array(0);
let listB = new Int32Array(0);
export function candidatePositions(state: Uint8Array, n: number): Int32Array {
  if (listA.length < n) listA = new Int32Array(Math.ceil(n * 1.25));
  const out = listA;
  let k = 0;
  for (let i = 0; i < n; i++) if (state[i] !== 255) out[k++] = i;
  return out.subarray(0, k);
}
export function livePositionsWhere(state: Uint8Array, live: Uint8Array, n: number): Int32Array {
  if (listB.length < n) listB = new Int32Array(Math.ceil(n * 1.25));
  const out = listB;
  let k = 0;
  for (let i = 0; i < n; i++) if (state[i] !== 0 && live[i] === 1) out[k++] = i;
  return out.subarray(0, k);
}
export function countListScalar(codes: ScalarCodes, state: Uint8Array, lut: Uint8Array, list: Int32Array, counts: Int32Array, sign: number) {
  for (let j = 0; j < list.length; j++) {
    const i = list[j];
    counts[codes[i]] += sign * lut[state[i]];
  }
}
export function countListArray(offsets: Int32Array, data: Codes, state: Uint8Array, lut: Uint8Array, list: Int32Array, counts: Int32Array, sign: number) {
  for (let j = 0; j < list.length; j++) {
    const i = list[j];
    const w = sign * lut[state[i]];
    if (w === 0) continue;
    for (let k = offsets[i], e = offsets[i + 1]; k < e; k++) counts[data[k]] += w;
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
