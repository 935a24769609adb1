// How many rows a file holds, counted before it is imported, so a progress bar can say
// "1,200 of 5,000 rows" instead of only how far through the bytes it is. Counted the way the
// importers count 'read': CSV records after the header, JSON Lines non-blank lines. A whole JSON
// document or an XLSX workbook is not counted (it would mean parsing it twice): null.
import fs from "node:fs";
import { CsvParser } from "./csv.js";
import { readLines } from "./json.js";
import type { ImportKind } from "./model.js";
import { isZipFile } from "./zip-guard.js";

const CSV_KINDS: readonly ImportKind[] = ["gepnic", "tenders-csv", "results-csv", "mca"];


async function csvRecords(file: string): Promise<number> {
  const parser = new CsvParser();
  const decoder = new TextDecoder("utf-8");
  let records = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 })) {
    records += parser.push(decoder.decode(chunk as Buffer, { stream: true })).length;
  }
  records += parser.push(decoder.decode()).length + parser.end().length;
  return Math.max(0, records - 1);
}

async function jsonLines(file: string): Promise<number | null> {
  let lines = 0;
  for await (const { text } of readLines(file)) {
    if (text.trim() === "") continue;
    // The first value must be whole on its line, else the file is one (multi-line) document.
    if (lines === 0) {
      try {
        JSON.parse(text);
      } catch {
        return null;
      }
    }
    lines += 1;
  }
  return lines;
}

/** Rows in the file as the importer will count them, or null when that is not known in advance. */
export async function countRows(kind: ImportKind, file: string): Promise<number | null> {
  try {
    if (CSV_KINDS.includes(kind)) return kind === "mca" && isZipFile(file) ? null : await csvRecords(file);
    return await jsonLines(file);
  } catch {
    // A file that cannot be read is the importer's to report (as a failed file), not ours.
    return null;
  }
}
