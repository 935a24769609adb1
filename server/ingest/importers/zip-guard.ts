// Checks a zip (an XLSX workbook is one) before any parser reads it, so a hostile archive is
// refused with a reason instead of exhausting memory or disk (an upload's own size is bounded
// where it arrives, routes.ts; the command line takes files of any size):
//   - its central directory: at most zipMaxEntries entries, and the sizes it declares add up to
//     at most zipMaxUncompressedBytes and zipMaxRatio times the file size; no encrypted entries;
//   - the directory must describe the whole file: the workbook reader (exceljs) streams the LOCAL
//     headers one after the other, so every byte before the directory must belong to a listed
//     entry, and each local header must state the sizes the directory does. Data hidden between
//     listed entries, or a local header that claims other sizes, is refused;
//   - the declared sizes are not trusted: every entry is inflated (nothing is kept) and its bytes
//     counted; more than it declared, or more than the limits in all, stops and refuses at once.
import fs from "node:fs";
import yauzl from "yauzl";
import type { Entry, ZipFile } from "yauzl";
import type { ImportLimits } from "../../config.js";
import { FileError } from "./json.js";

const ZIP_MAGIC = "PK\u0003\u0004";
/** A data descriptor after an entry's data: 12 to 24 bytes (optional signature, zip64 sizes). */
const MAX_DATA_DESCRIPTOR = 24;
const HAS_DATA_DESCRIPTOR = 0x08;
/** A local header size field saying "see the zip64 extra field". */
const ZIP64_MARKER = 0xffffffff;

const mb = (n: number) => `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
const count = (n: number) => n.toLocaleString("en-IN");
/** An entry's name as a reason quotes it: printable, and short (a name may be 65,535 bytes). */
const named = (e: Entry) => {
  const clean = e.fileName.replace(/[\u0000-\u001f\u007f]/g, "?");
  return clean.length > 80 ? `${clean.slice(0, 79)}…` : clean;
};

/** Whether the file starts like a zip (an XLSX workbook). */
export function isZipFile(file: string): boolean {
  const head = Buffer.alloc(4);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, 4, 0);
  } finally {
    fs.closeSync(fd);
  }
  return head.toString("latin1") === ZIP_MAGIC;
}

/**
 * Files that passed, by path, size, modification time and limits: an upload is checked when it
 * arrives (probe.ts) and read again by its run; inflating a large workbook twice costs seconds.
 */
const passed = new Map<string, string>();
const PASSED_KEPT = 100;

/** Refuses (FileError, with the reason) a zip that breaks a limit; resolves when it is safe to parse. */
export async function checkZip(file: string, limits: ImportLimits): Promise<void> {
  const stat = fs.statSync(file);
  const size = stat.size;
  const stamp = JSON.stringify([size, stat.mtimeMs, limits.zipMaxEntries, limits.zipMaxUncompressedBytes, limits.zipMaxRatio]);
  if (passed.get(file) === stamp) return;
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, validateEntrySizes: false, strictFileNames: false });
  } catch (err) {
    throw new FileError(`not a readable zip archive (${(err as Error).message})`);
  }
  try {
    await checkArchive(zip, size, limits);
    passed.delete(file);
    passed.set(file, stamp);
    if (passed.size > PASSED_KEPT) passed.delete(passed.keys().next().value!);
  } catch (err) {
    if (err instanceof FileError) throw err;
    throw new FileError(`not a readable zip archive (${(err as Error).message})`);
  } finally {
    zip.close();
  }
}

/** The most bytes the archive may inflate to: the absolute cap, and the ratio to its size. */
const inflateCap = (size: number, limits: ImportLimits) => Math.min(limits.zipMaxUncompressedBytes, size * limits.zipMaxRatio);

function tooBig(total: number, size: number, limits: ImportLimits, how: string): FileError {
  return total > limits.zipMaxUncompressedBytes
    ? new FileError(`the archive ${how} more than ${mb(limits.zipMaxUncompressedBytes)} uncompressed; at most that may be imported`)
    : new FileError(`the archive ${how} more than ${limits.zipMaxRatio} times its own size (a compression ratio only a zip bomb has)`);
}

async function checkArchive(zip: ZipFile, size: number, limits: ImportLimits): Promise<void> {
  if (zip.entryCount > limits.zipMaxEntries) {
    throw new FileError(`the archive lists ${count(zip.entryCount)} entries; at most ${count(limits.zipMaxEntries)} are allowed`);
  }
  const directoryStart = zip.readEntryCursor as unknown as number; // before the first entry is read: the directory's offset
  const entries: Entry[] = [];
  let declared = 0;
  for await (const entry of zip.eachEntry()) {
    if (entry.isEncrypted()) throw new FileError(`the archive entry '${named(entry)}' is encrypted`);
    if (!entry.canDecodeFileData()) throw new FileError(`the archive entry '${named(entry)}' uses a compression method that cannot be read`);
    declared += entry.uncompressedSize;
    if (declared > inflateCap(size, limits)) throw tooBig(declared, size, limits, "declares");
    entries.push(entry);
  }
  await checkLayout(zip, entries, directoryStart);
  let actual = 0;
  for (const entry of entries) actual = await inflateCounting(zip, entry, actual, inflateCap(size, limits), (total) => tooBig(total, size, limits, "inflates to"));
}

/** Every byte before the directory belongs to a listed entry whose local header agrees with it. */
async function checkLayout(zip: ZipFile, entries: Entry[], directoryStart: number): Promise<void> {
  const hidden = () => new FileError("the archive holds data its directory does not list (a damaged or hostile archive)");
  const sorted = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  let cursor = 0;
  let slack = 0; // room for a data descriptor after the previous entry
  for (const entry of sorted) {
    const at = entry.relativeOffsetOfLocalHeader;
    if (at < cursor || at > cursor + slack) throw hidden();
    const local = await zip.readLocalFileHeaderPromise(entry);
    const deferred = (local.generalPurposeBitFlag & HAS_DATA_DESCRIPTOR) !== 0;
    const agrees = (l: number, c: number) => l === c || l === ZIP64_MARKER || (deferred && l === 0);
    if (!agrees(local.compressedSize, entry.compressedSize) || !agrees(local.uncompressedSize, entry.uncompressedSize) || !local.fileName.equals(entry.fileNameRaw)) {
      throw new FileError(`the archive entry '${named(entry)}' has a local header that contradicts the directory (a damaged or hostile archive)`);
    }
    cursor = local.fileDataStart + entry.compressedSize;
    slack = deferred ? MAX_DATA_DESCRIPTOR : 0;
  }
  if (directoryStart < cursor || directoryStart > cursor + slack) throw hidden();
}

/** Inflates one entry, counting its bytes; answers the running total. Nothing is kept. */
async function inflateCounting(zip: ZipFile, entry: Entry, before: number, cap: number, overCap: (total: number) => FileError): Promise<number> {
  const stream = await zip.openReadStreamPromise(entry);
  let inEntry = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      inEntry += chunk.length;
      if (before + inEntry > cap) throw overCap(before + inEntry);
      if (inEntry > entry.uncompressedSize) {
        throw new FileError(`the archive entry '${named(entry)}' holds more than the ${count(entry.uncompressedSize)} bytes its header declares (a damaged or hostile archive)`);
      }
    }
  } finally {
    stream.destroy();
  }
  return before + inEntry;
}
