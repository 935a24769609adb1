// COPY for importers: rows of JS values into a table (usually a temporary staging table) in one
// statement, on PostgreSQL and PGlite alike (the Tx's copyFrom: streamed FROM STDIN on the
// server, one '/dev/blob' on PGlite). Far cheaper per row than INSERTs or a JSON parameter, and
// generic: any table, any columns, values converted as PostgreSQL reads them in COPY's text format.
//
// A value the column cannot take (a number out of range, a bad date) fails the whole COPY with
// SQLSTATE class 22, like any statement: callers that must reject such rows alone load inside a
// savepoint and split the rows (bulk-tenders.ts).
import type { Tx } from "../../db/client.js";

/** What a cell may hold: null/undefined is SQL NULL, a Date is an instant, an object or array is JSON (for json/jsonb columns). */
export type CopyValue = string | number | bigint | boolean | Date | null | undefined | object;

/** COPY's text format treats these as structure; anything else is taken literally. */
const SPECIAL = /[\\\t\n\r]/g;
const HAS_SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** Text with COPY's structure characters escaped (most text has none: tested before replacing, which is cheaper). */
export function copyText(s: string): string {
  return HAS_SPECIAL.test(s) ? s.replace(SPECIAL, (c) => ESCAPES[c]) : s;
}

/** One value as COPY's text format writes it. */
export function copyValue(v: CopyValue): string {
  if (v === null || v === undefined) return "\\N";
  if (typeof v === "string") return copyText(v);
  if (typeof v === "number" || typeof v === "bigint") return String(v); // digits, sign, dot, e: nothing to escape
  if (typeof v === "boolean") return v ? "t" : "f";
  if (v instanceof Date) return v.toISOString();
  return copyText(JSON.stringify(v));
}

/** One row as a line of COPY's text format (with its newline). */
export function copyLine(values: readonly CopyValue[]): string {
  return values.map(copyValue).join("\t") + "\n";
}

/** Lines joined into chunks of about this many characters: few writes, little memory at a time. */
const CHUNK_CHARS = 64 * 1024;

function* chunks(lines: Iterable<string>): Generator<string> {
  let parts: string[] = [];
  let size = 0;
  for (const line of lines) {
    parts.push(line);
    size += line.length;
    if (size >= CHUNK_CHARS) {
      yield parts.join("");
      parts = [];
      size = 0;
    }
  }
  if (parts.length) yield parts.join("");
}

/** Loads lines already in COPY's text format (copyLine's); answers the rows loaded. */
export function copyLines(tx: Tx, table: string, columns: readonly string[], lines: Iterable<string>): Promise<number> {
  return tx.copyFrom(table, columns, chunks(lines));
}

function* encode(rows: Iterable<readonly CopyValue[]>, width: number): Generator<string> {
  for (const row of rows) {
    if (row.length !== width) throw new Error(`a COPY row has ${row.length} values for ${width} columns`);
    yield copyLine(row);
  }
}

/**
 * Loads rows (one value per column, in the columns' order) into table; answers the rows loaded.
 * The rows are read as the database takes them (an iterable need not be held in memory on
 * PostgreSQL; PGlite reads the whole COPY as one blob).
 */
export function copyRows(tx: Tx, table: string, columns: readonly string[], rows: Iterable<readonly CopyValue[]>): Promise<number> {
  return copyLines(tx, table, columns, encode(rows, columns.length));
}
