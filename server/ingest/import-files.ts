// What the import command line imports: each argument is a file, a folder (walked recursively),
// a glob the user quoted (`'data/**/*.csv'`, matched here by glob.ts) or a .zip archive; so is
// each line of a list given with --files-from (readFileList).
//
// Why folders and globs: `npm run import -- gepnic data/*.csv` with thousands of files cannot
// work. npm hands the whole command line to `sh -c` as ONE argument, and Linux refuses any single
// argument over 128 KiB (MAX_ARG_STRLEN): 5,495 paths of ~60 characters are 330 KiB, the exec
// fails with E2BIG, and npm 11 exits 249 without a word, before this program even starts (npx
// too). A folder, a glob, a zip or a list file (--files-from) names any number of files.
//
// Rules:
//   - a file named explicitly is imported whatever its extension (the importer judges it); one
//     that does not exist is reported by the run as a file that could not be read;
//   - files found in a folder, by a glob or in a zip are those the kind reads (KIND_EXTENSIONS),
//     hidden files and folders (.git, __MACOSX) left out; .zip files found are opened too;
//   - a zip is checked by the same guard as uploaded workbooks (zip-guard.ts: entry count, sizes,
//     compression ratio, layout) before anything in it is read, then its entries are extracted to
//     a temporary folder (removed by cleanup()), each stopped if it inflates past its declared size;
//   - an argument that gives no file (a glob matching nothing, an empty folder, a zip with nothing
//     to import) or a zip the guard refuses is a problem: the command stops before importing.
// Files are imported once each (by real path), in the order given, each argument's files sorted.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import yauzl from "yauzl";
import type { ImportLimits } from "../config.js";
import type { ImportKind } from "./importers/model.js";
import type { ImportFile } from "./importers/run.js";
import { checkZip } from "./importers/zip-guard.js";
import { comparePaths, globSync, hasGlobSyntax } from "./glob.js";

/** The extensions each kind reads (lower case); folders, globs and zips pick files by them. */
export const KIND_EXTENSIONS: Record<ImportKind, readonly string[]> = {
  gepnic: [".csv"],
  ocds: [".json", ".jsonl", ".ndjson"],
  "tenders-csv": [".csv"],
  "results-csv": [".csv"],
  "tenders-json": [".json", ".jsonl", ".ndjson"],
  "results-json": [".json", ".jsonl", ".ndjson"],
  mca: [".csv", ".xlsx"],
};

export interface FoundFiles {
  files: ImportFile[];
  /** Arguments that could not be used, each with the reason; when any, nothing should be imported. */
  problems: string[];
  /** Removes the folder zip entries were extracted to (safe to call more than once). */
  cleanup(): void;
}

const isHidden = (name: string) => name.startsWith(".") || name === "__MACOSX";
const isZipName = (name: string) => path.extname(name).toLowerCase() === ".zip";

export async function findImportFiles(kind: ImportKind, args: string[], limits: ImportLimits, cwd = process.cwd()): Promise<FoundFiles> {
  const accepts = (name: string) => KIND_EXTENSIONS[kind].includes(path.extname(name).toLowerCase()) && !isHidden(path.basename(name));
  const files: ImportFile[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  let tmp: string | null = null;
  const cleanup = () => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    tmp = null;
  };
  const add = (file: string, name = file) => {
    const key = fs.existsSync(path.resolve(cwd, file)) ? fs.realpathSync(path.resolve(cwd, file)) : path.resolve(cwd, file);
    if (seen.has(key)) return;
    seen.add(key);
    files.push({ path: path.resolve(cwd, file), name });
  };
  const fromZip = async (zip: string) => {
    tmp ??= fs.mkdtempSync(path.join(os.tmpdir(), "infrascout-import-"));
    const out = fs.mkdtempSync(path.join(tmp, "zip-"));
    try {
      const entries = await extractZip(path.resolve(cwd, zip), out, accepts, limits);
      if (entries.length === 0) problems.push(`${zip}: the archive holds no ${KIND_EXTENSIONS[kind].join(" / ")} file`);
      for (const e of entries) add(e.path, `${zip}:${e.entry}`);
    } catch (err) {
      problems.push(`${zip}: ${(err as Error).message}`);
    }
  };
  // Files found (not named): those of the kind, and zips to open.
  const found = async (list: string[]) => {
    let n = 0;
    for (const f of list) {
      if (isZipName(f) && !isHidden(path.basename(f))) {
        const before = files.length;
        await fromZip(f);
        n += files.length - before;
      } else if (accepts(f)) {
        add(f);
        n += 1;
      }
    }
    return n;
  };

  try {
    for (const arg of args) {
      const stat = fs.statSync(path.resolve(cwd, arg), { throwIfNoEntry: false });
      if (stat?.isDirectory()) {
        if ((await found(walkFolder(arg, cwd))) === 0) problems.push(`${arg}: the folder holds no ${KIND_EXTENSIONS[kind].join(" / ")} or .zip file`);
      } else if (stat && isZipName(arg)) {
        await fromZip(arg);
      } else if (stat || !hasGlobSyntax(arg)) {
        add(arg); // a file named explicitly, or a missing one (the run reports it)
      } else {
        const matches = globSync(arg, cwd);
        const list = matches.flatMap((m) => (fs.statSync(path.resolve(cwd, m), { throwIfNoEntry: false })?.isDirectory() ? walkFolder(m, cwd) : [m]));
        if (matches.length === 0) problems.push(`${arg}: matches no file`);
        else if ((await found(list)) === 0) problems.push(`${arg}: matches no ${KIND_EXTENSIONS[kind].join(" / ")} or .zip file`);
      }
    }
  } catch (err) {
    cleanup();
    throw err;
  }
  return { files, problems, cleanup };
}

/**
 * The paths in a list file, `-` for standard input (`find … | npm run import -- gepnic --files-from -`):
 * one a line, or NUL-separated (`find -print0`); each is taken like a command-line argument.
 */
export function readFileList(source: string): string[] {
  const text = fs.readFileSync(source === "-" ? 0 : source, "utf8");
  return text.split(text.includes("\0") ? "\0" : /\r?\n/).filter((line) => line.trim() !== "");
}

/** Every file below a folder (hidden ones left out), sorted; a folder reached twice (links) is walked once. */
export function walkFolder(dir: string, cwd = process.cwd()): string[] {
  const out: string[] = [];
  const visited = new Set<string>();
  const visit = (d: string) => {
    const real = fs.realpathSync(path.resolve(cwd, d));
    if (visited.has(real)) return;
    visited.add(real);
    const entries = fs.readdirSync(path.resolve(cwd, d), { withFileTypes: true }).sort((a, b) => comparePaths(a.name, b.name));
    for (const e of entries) {
      if (isHidden(e.name)) continue;
      const p = path.join(d, e.name);
      const stat = e.isSymbolicLink() ? fs.statSync(path.resolve(cwd, p), { throwIfNoEntry: false }) : e;
      if (stat?.isDirectory()) visit(p);
      else if (stat?.isFile()) out.push(p);
    }
  };
  visit(dir);
  return out;
}

/**
 * Extracts the entries the kind reads from a zip into `out` (after the guard has passed it), each
 * under a name of its own (its index: entry names are not trusted as paths). Answers each
 * extracted file with the entry's name as the archive spells it.
 */
export async function extractZip(zipPath: string, out: string, accepts: (name: string) => boolean, limits: ImportLimits): Promise<{ path: string; entry: string }[]> {
  await checkZip(zipPath, limits);
  const zip = await yauzl.openPromise(zipPath, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
  const done: { path: string; entry: string }[] = [];
  let total = 0;
  try {
    let index = 0;
    for await (const entry of zip.eachEntry()) {
      index += 1;
      const name = entry.fileName.replace(/\\/g, "/");
      if (name.endsWith("/") || name.split("/").some(isHidden) || !accepts(name)) continue;
      const file = path.join(out, `${String(index).padStart(6, "0")}-${path.basename(name).replace(/[^\w.-]/g, "_")}`);
      // The guard inflated every entry once; the archive could have changed since: count again.
      total += entry.uncompressedSize;
      if (total > limits.zipMaxUncompressedBytes) throw new Error("the archive inflates to more than the import limit");
      await pipeline(await zip.openReadStreamPromise(entry), capBytes(entry.uncompressedSize, name), fs.createWriteStream(file, { flags: "wx" }));
      done.push({ path: file, entry: name });
    }
  } finally {
    zip.close();
  }
  return done.sort((a, b) => comparePaths(a.entry, b.entry));
}

/** Passes bytes through, failing once more than `max` have come. */
function capBytes(max: number, name: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, next) {
      seen += chunk.length;
      next(seen > max ? new Error(`the archive entry '${name}' holds more bytes than it declares`) : null, chunk);
    },
  });
}
