// JSON inputs: a whole JSON document (an OCDS package, an array of objects) or JSON Lines (one
// value per line), told apart by the first line. JSON Lines stream line by line in constant
// memory; a whole document is parsed at once and may be at most MAX_JSON_DOCUMENT_BYTES.
import fs from "node:fs";

/** A whole JSON document is parsed in memory: at most this size. Use JSON Lines beyond it. */
export const MAX_JSON_DOCUMENT_BYTES = 256 * 1024 * 1024;

export interface JsonItem {
  /** 1-based line number (JSON Lines), or 1 for a whole document. */
  line: number;
  value?: unknown;
  error?: string;
}

export class FileError extends Error {}

/** Lines of a text file, streamed; onBytes reports progress. */
export async function* readLines(file: string, onBytes?: (bytes: number) => void): AsyncGenerator<{ line: number; text: string }> {
  const decoder = new TextDecoder("utf-8");
  let rest = "";
  let line = 0;
  let bytes = 0;
  let first = true;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 })) {
    bytes += (chunk as Buffer).length;
    onBytes?.(bytes);
    let s = rest + decoder.decode(chunk as Buffer, { stream: true });
    if (first && s.length > 0) {
      first = false;
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    let start = 0;
    for (let i = s.indexOf("\n"); i !== -1; i = s.indexOf("\n", start)) {
      line += 1;
      yield { line, text: s.slice(start, i).replace(/\r$/, "") };
      start = i + 1;
    }
    rest = s.slice(start);
  }
  rest += decoder.decode();
  if (first && rest.charCodeAt(0) === 0xfeff) rest = rest.slice(1);
  if (rest.length > 0) yield { line: line + 1, text: rest.replace(/\r$/, "") };
}

/**
 * The values of a JSON or JSON Lines file. If the first non-blank line is a complete JSON value,
 * the file is JSON Lines (each later line one value; a bad line is reported, not fatal);
 * otherwise it is one JSON document, parsed whole (a syntax error there is a FileError).
 */
export async function* readJsonValues(file: string, onBytes?: (bytes: number) => void): AsyncGenerator<JsonItem> {
  let mode: "lines" | "document" | null = null;
  for await (const { line, text } of readLines(file, onBytes)) {
    if (text.trim() === "") continue;
    if (mode === null) {
      try {
        const v = JSON.parse(text);
        mode = "lines";
        yield { line, value: v };
        continue;
      } catch {
        mode = "document";
        break;
      }
    }
    try {
      yield { line, value: JSON.parse(text) };
    } catch (err) {
      yield { line, error: `line ${line} is not valid JSON: ${(err as Error).message}` };
    }
  }
  if (mode !== "document") return;
  const size = fs.statSync(file).size;
  if (size > MAX_JSON_DOCUMENT_BYTES) {
    throw new FileError(`a JSON document larger than ${MAX_JSON_DOCUMENT_BYTES / 1024 / 1024} MB cannot be read whole; write it as JSON Lines (one release or object per line)`);
  }
  let raw = fs.readFileSync(file, "utf8");
  if (raw.charCodeAt(0) === 0xfeff) raw = raw.slice(1);
  onBytes?.(size);
  try {
    yield { line: 1, value: JSON.parse(raw) };
  } catch (err) {
    throw new FileError(`not valid JSON: ${(err as Error).message}`);
  }
}
