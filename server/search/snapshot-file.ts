// A snapshot file: named typed arrays and a JSON header, each checksummed, so a restarted
// process reads its search copy back in the time it takes to read the bytes, instead of
// rebuilding it from every row of the database.
//
//   "ISSEARCH" · u32 format · u32 header bytes · u32 header CRC-32 · u32 0 · u64 header offset
//   · arrays (each 8-aligned) · header JSON
//
// The header comes last so arrays can be produced one at a time while the file is written (a
// compacting write holds one new column at a time beside the copy, never a second copy).
//
// Arrays are read straight into arrays of their own (no whole-file buffer held beside them, so
// a restore never needs twice the memory) and each is checked against its CRC-32; a file that
// is short, foreign, of another format or corrupt is refused with a SnapshotError. Files are
// written beside their final name and renamed into place, so a crash mid-write leaves the last
// good snapshot, and two processes writing at once leave one whole file.
import fs from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";

const MAGIC = "ISSEARCH";
const FORMAT = 2;
const PREFIX_BYTES = 32;
/** Bytes written or read per call (an array of a million rows is several of these). */
const IO_CHUNK = 16 << 20;
/** A header bigger than this is not one of ours (dictionaries of 10M rows stay well under it). */
const MAX_HEADER_BYTES = 512 << 20;

export type StoredArray = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array | Float32Array;

const TYPES = {
  Int32Array,
  Uint32Array,
  Uint16Array,
  Uint8Array,
  Float64Array,
  Float32Array,
} as const;
type TypeName = keyof typeof TYPES;

interface ArrayEntry {
  name: string;
  type: TypeName;
  length: number;
  offset: number;
  crc: number;
}

export class SnapshotError extends Error {}

const typeNameOf = (a: StoredArray): TypeName => a.constructor.name as TypeName;
const bytesOf = (a: StoredArray) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
const align8 = (n: number) => Math.ceil(n / 8) * 8;

/** An array, or a function making it when its turn to be written comes. */
export type ArraySource = StoredArray | (() => StoredArray);

/**
 * Writes arrays and then meta (made after the arrays, so it may describe them) to `file`,
 * atomically: a temporary file renamed into place. Between arrays the event loop runs.
 */
export async function writeSnapshot(file: string, arrays: Iterable<[string, ArraySource]>, meta: () => unknown): Promise<number> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const fh = await fs.open(temp, "w");
  try {
    const entries: ArrayEntry[] = [];
    let offset = PREFIX_BYTES;
    for (const [name, source] of arrays) {
      const a = typeof source === "function" ? source() : source;
      const bytes = bytesOf(a);
      entries.push({ name, type: typeNameOf(a), length: a.length, offset, crc: zlib.crc32(bytes) });
      for (let at = 0; at < bytes.length; at += IO_CHUNK) {
        const part = bytes.subarray(at, at + IO_CHUNK);
        await fh.write(part, 0, part.length, offset + at);
      }
      offset = align8(offset + bytes.length);
    }
    const header = Buffer.from(JSON.stringify({ meta: meta(), arrays: entries }));
    await fh.write(header, 0, header.length, offset);
    const prefix = Buffer.alloc(PREFIX_BYTES);
    prefix.write(MAGIC, 0, "latin1");
    prefix.writeUInt32LE(FORMAT, 8);
    prefix.writeUInt32LE(header.length, 12);
    prefix.writeUInt32LE(zlib.crc32(header), 16);
    prefix.writeBigUInt64LE(BigInt(offset), 24);
    await fh.write(prefix, 0, prefix.length, 0);
    await fh.sync();
    await fh.close();
    await fs.rename(temp, file);
    return offset + header.length;
  } catch (err) {
    await fh.close().catch(() => undefined);
    await fs.rm(temp, { force: true });
    throw err;
  }
}

/**
 * Reads a snapshot written by writeSnapshot; SnapshotError when it is not a whole, intact one.
 * `accept` sees the header's meta before any array is read, and throws to refuse the file then.
 */
export async function readSnapshot(file: string, accept: (meta: unknown) => Promise<void> = async () => undefined): Promise<{ meta: unknown; arrays: Map<string, StoredArray>; bytes: number }> {
  const fh = await fs.open(file, "r");
  try {
    const size = (await fh.stat()).size;
    const prefix = Buffer.alloc(PREFIX_BYTES);
    await readExactly(fh, prefix, 0);
    if (prefix.toString("latin1", 0, 8) !== MAGIC) throw new SnapshotError("not a search snapshot");
    if (prefix.readUInt32LE(8) !== FORMAT) throw new SnapshotError(`snapshot format ${prefix.readUInt32LE(8)}, not ${FORMAT}`);
    const headerBytes = prefix.readUInt32LE(12);
    const headerAt = Number(prefix.readBigUInt64LE(24));
    if (headerBytes > MAX_HEADER_BYTES || headerAt < PREFIX_BYTES || headerAt + headerBytes > size) throw new SnapshotError("snapshot header cut short");
    const headerBuf = Buffer.alloc(headerBytes);
    await readExactly(fh, headerBuf, headerAt);
    if (zlib.crc32(headerBuf) !== prefix.readUInt32LE(16)) throw new SnapshotError("snapshot header is corrupt");
    let header: { meta: unknown; arrays: ArrayEntry[] };
    try {
      header = JSON.parse(headerBuf.toString("utf8"));
    } catch {
      throw new SnapshotError("snapshot header is not JSON");
    }
    if (!header || !Array.isArray(header.arrays)) throw new SnapshotError("snapshot header has no arrays");
    await accept(header.meta);
    const arrays = new Map<string, StoredArray>();
    for (const e of header.arrays) {
      const Type = Object.hasOwn(TYPES, e.type) ? TYPES[e.type] : null;
      if (!Type || typeof e.name !== "string" || !Number.isSafeInteger(e.length) || !Number.isSafeInteger(e.offset) || e.length < 0 || e.offset < 0) {
        throw new SnapshotError("snapshot header describes an array wrongly");
      }
      const bytes = e.length * Type.BYTES_PER_ELEMENT;
      if (e.offset < PREFIX_BYTES || e.offset + bytes > headerAt) throw new SnapshotError(`snapshot array ${e.name} lies outside the file`);
      // In shared memory: the search workers read it where it lies (shared.ts). The cast only
      // names one of the constructors; Type builds its own kind.
      const array: StoredArray = new (Type as typeof Uint8Array)(new SharedArrayBuffer(bytes));
      await readExactly(fh, bytesOf(array), e.offset);
      if (zlib.crc32(bytesOf(array)) !== e.crc) throw new SnapshotError(`snapshot array ${e.name} is corrupt`);
      arrays.set(e.name, array);
    }
    return { meta: header.meta, arrays, bytes: size };
  } finally {
    await fh.close();
  }
}

async function readExactly(fh: fs.FileHandle, into: Uint8Array, position: number) {
  for (let at = 0; at < into.length; ) {
    const { bytesRead } = await fh.read(into, at, Math.min(IO_CHUNK, into.length - at), position + at);
    if (bytesRead === 0) throw new SnapshotError("snapshot cut short");
    at += bytesRead;
  }
}
