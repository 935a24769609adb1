// Typed arrays in shared memory: the search copy's columns live in SharedArrayBuffers, so the
// search workers (pool.ts) read the very bytes the API thread keeps up to date — one copy per
// process however many threads search it. And strings of their own, which share nothing.
type Shareable = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array | Float32Array;
type ShareableType<T extends Shareable> = { new (buffer: SharedArrayBuffer): T; readonly BYTES_PER_ELEMENT: number };

/** A zeroed array of `length` elements in shared memory. */
export function sharedArray<T extends Shareable>(Type: ShareableType<T>, length: number): T {
  return new Type(new SharedArrayBuffer(length * Type.BYTES_PER_ELEMENT));
}

/** A shared array of `length` elements (at least the source's) holding the source's values. */
export function sharedCopy<T extends Shareable>(Type: ShareableType<T>, source: ArrayLike<number>, length = source.length): T {
  const out = sharedArray(Type, Math.max(length, source.length));
  (out as unknown as { set(a: ArrayLike<number>): void }).set(source);
  return out;
}

/**
 * A string of its own. Texts come as slices of a whole chunk's column (string_agg, split), and V8
 * keeps a slice's parent alive: a dictionary holding one slice per chunk would hold every chunk
 * (about 100 bytes a row at a million rows). UTF-16 in and out keeps every code unit.
 */
export const ownString = (s: string) => Buffer.from(s, "utf16le").toString("utf16le");
