// Plain tenders (tenders-csv / tenders-json without a result or corrigenda) written in batches,
// set-based (bulk-queries.ts), instead of one savepoint, one advisory lock and several round
// trips per tender: a savepoint and an advisory lock per row held a lock-table entry each until
// commit, and a 200,000-row file ran PostgreSQL out of shared memory after ~12,500 rows.
//
// Rows the importer cannot read never reach the database (they come in as rejects, with their
// row numbers, and keep their place in the report). A batch the database refuses (a value out
// of range, a constraint, a trigger: SQLSTATE class 22/23) is undone (one savepoint per batch)
// and split in halves until the refused rows are alone: those are rejected, the rest written,
// so a bad row costs about 2·log2(batch) savepoints, a good batch one.
//
// Same outcomes as upsertTender: 'unchanged' when the file says what was imported last time
// (import_items' hash) or when no value differs; documents added when new, never removed.
import type { Tx } from "../../db/client.js";
import { copyLine, copyLines, type CopyValue } from "./copy.js";
import type { Outcome } from "./store.js";
import { assertWebUrls, contentHash, TENDER_COLUMNS } from "./store.js";
import type { TenderInput } from "./model.js";
import { RowError } from "./values.js";
import * as q from "./bulk-queries.js";

/** Rows per batch at most: a few round trips per batch, a COPY of a few MB at most. */
export const BULK_BATCH_ROWS = 2000;
/** A batch is written early when its staged text reaches this (long descriptions). */
const BULK_BATCH_BYTES = 8 * 1024 * 1024;
/**
 * The first batch of a file holds one tender, and each next one twice as many, up to
 * BULK_BATCH_ROWS. Progress counts rows written, batch by batch: a 300-row upload shows
 * 1, 3, 7, … 255, 300 rather than 0 then 300; a failure in the first rows is met after reading
 * only those rows; and a big file pays for ~11 small batches (a few ms) before the full ones.
 */
const FIRST_BATCH_ROWS = 1;

/** A database refusal of this one item's data (bad value, constraint), not a broken database. */
export function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === "string" && /^(22|23)/.test(code);
}

type Entry =
  | { row: number; key: string; line: string; docLines: string[] }
  | { row: number | null; key?: string; reason: string };

/** What became of one row of a written batch, in the file's order. */
export type BatchOutcome =
  | { row: number; key: string; outcome: Outcome }
  | { row: number | null; key?: string; reason: string };

/** Tenders (and the rejects read among them) to be written together, up to limit tenders. */
class TenderBatch {
  private entries: Entry[] = [];
  private ocids = new Set<string>();
  private bytes = 0;

  constructor(readonly limit: number) {}

  /** Rows read and waiting to be written (tenders and the rejects read among them). */
  get size(): number {
    return this.entries.length;
  }

  /** Full: write it before adding more. */
  get full(): boolean {
    return this.ocids.size >= this.limit || this.bytes >= BULK_BATCH_BYTES;
  }

  /** A tender already in the batch: write the batch first (one statement cannot write a row twice). */
  has(ocid: string): boolean {
    return this.ocids.has(ocid);
  }

  /** A reject read while the batch is pending, reported in its place among the batch's rows. */
  addReject(row: number | null, reason: string, key?: string): void {
    this.entries.push({ row, reason, ...(key ? { key } : {}) });
  }

  add(row: number, t: TenderInput): void {
    try {
      assertWebUrls(t);
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      return this.addReject(row, err.message, t.ocid);
    }
    const ord = this.entries.length;
    const line = copyLine([ord, t.ocid, contentHash(t), ...TENDER_COLUMNS.map((c): CopyValue => t[c])]);
    const docLines = uniqueDocuments(t).map((d, n) => copyLine([ord, n, d.file_name, d.mime_type, d.url]));
    this.entries.push({ row, key: t.ocid, line, docLines });
    this.ocids.add(t.ocid);
    this.bytes += line.length + docLines.reduce((n, l) => n + l.length, 0);
  }

  /** Writes the batch inside tx; answers every row's outcome or reject, in order. */
  async write(tx: Tx, runId: number | null): Promise<BatchOutcome[]> {
    const entries = this.entries;
    const rows = entries.flatMap((e, ord) => ("line" in e ? [{ ord, line: e.line, docLines: e.docLines }] : []));
    if (!(await tx.query<{ ok: boolean }>(q.STAGE_EXISTS)).rows[0].ok) await tx.exec(q.CREATE_STAGE);
    const outcomes = new Map<number, Outcome | { refused: string }>();
    if (rows.length) await writeOrSplit(tx, rows, runId, outcomes);
    return entries.map((e, ord) => {
      if (!("line" in e)) return e;
      const o = outcomes.get(ord)!;
      return typeof o === "string" ? { row: e.row, key: e.key, outcome: o } : { row: e.row, key: e.key, reason: `the database refused it: ${o.refused}` };
    });
  }
}

/** A batch being written. */
interface Flight {
  rows: number;
  written: Promise<void>;
  /** Written and its outcomes handed on: its rows are done. */
  finished: boolean;
}

/**
 * Writes a file's plain tenders in batches, in the file's order, each batch's outcomes handed to
 * `done` as its write ends. While a full-size batch is written the next one is read and
 * prepared (parsing and hashing in Node while PostgreSQL writes): one batch in flight at most,
 * so at most two batches are held at a time, whatever the file's size.
 */
export class TenderWriter {
  private batch = new TenderBatch(FIRST_BATCH_ROWS);
  private inFlight: Flight | null = null;
  private failure: { err: unknown } | null = null;

  constructor(
    private readonly tx: Tx,
    private readonly runId: number | null,
    private readonly done: (b: BatchOutcome) => void | Promise<void>,
  ) {}

  /** Rows read and not yet written (the batch being filled and the one being written). */
  get pending(): number {
    return this.batch.size + (this.inFlight && !this.inFlight.finished ? this.inFlight.rows : 0);
  }

  /** A reject while rows are pending waits for them, so the report keeps the file's order; false: report it now. */
  addReject(row: number | null, reason: string, key?: string): boolean {
    if (!this.pending) return false;
    this.batch.addReject(row, reason, key);
    return true;
  }

  async add(row: number, t: TenderInput): Promise<void> {
    if (this.failure) throw this.failure.err; // the batch in flight failed: stop reading
    if (this.batch.has(t.ocid)) await this.send();
    this.batch.add(row, t);
    if (this.batch.full) await this.send();
  }

  /** Writes everything pending and waits for it (before another kind of item, at the end of the file). */
  async flush(): Promise<void> {
    if (this.batch.size) await this.send();
    await this.settle();
  }

  /** Waits for the batch in flight; its failure is thrown here. */
  async settle(): Promise<void> {
    const w = this.inFlight;
    this.inFlight = null;
    if (w) await w.written;
  }

  private async send(): Promise<void> {
    await this.settle();
    const batch = this.batch;
    this.batch = new TenderBatch(Math.min(batch.limit * 2, BULK_BATCH_ROWS));
    const flight: Flight = { rows: batch.size, finished: false, written: this.write(batch).then(() => void (flight.finished = true)) };
    this.inFlight = flight;
    // A small batch is waited for (a failure in the first rows stops reading at once); a full
    // one is written while the next is read, its failure kept for the next add or settle.
    if (batch.limit < BULK_BATCH_ROWS) return this.settle();
    flight.written.catch((err) => void (this.failure = { err }));
  }

  private async write(batch: TenderBatch): Promise<void> {
    for (const b of await batch.write(this.tx, this.runId)) await this.done(b);
  }
}

/** A tender's documents once each (by name + URL), in the file's order. */
function uniqueDocuments(t: TenderInput): TenderInput["documents"] {
  const seen = new Set<string>();
  return t.documents.filter((d) => {
    const k = `${d.file_name}\u0000${d.url ?? ""}`;
    return !seen.has(k) && !!seen.add(k);
  });
}

type StagedRow = { ord: number; line: string; docLines: string[] };

/** Writes rows in a savepoint; a refused batch is undone and split until the refused rows stand alone. */
async function writeOrSplit(tx: Tx, rows: StagedRow[], runId: number | null, out: Map<number, Outcome | { refused: string }>): Promise<void> {
  await tx.query("SAVEPOINT import_batch");
  try {
    for (const r of await writeStaged(tx, rows, runId)) out.set(r.ord, r.outcome);
    await tx.query("RELEASE SAVEPOINT import_batch");
    return;
  } catch (err) {
    if (!isDataError(err)) throw err;
    await tx.query("ROLLBACK TO SAVEPOINT import_batch");
    await tx.query("RELEASE SAVEPOINT import_batch");
    if (rows.length === 1) {
      out.set(rows[0].ord, { refused: (err as Error).message });
      return;
    }
  }
  const half = Math.ceil(rows.length / 2);
  await writeOrSplit(tx, rows.slice(0, half), runId, out);
  await writeOrSplit(tx, rows.slice(half), runId, out);
}

async function writeStaged(tx: Tx, rows: StagedRow[], runId: number | null): Promise<{ ord: number; outcome: Outcome }[]> {
  await copyLines(tx, q.STAGE_TABLE, q.STAGE_COLUMNS, rows.map((r) => r.line));
  const docLines = rows.flatMap((r) => r.docLines);
  if (docLines.length) await copyLines(tx, q.DOC_STAGE_TABLE, q.DOC_STAGE_COLUMNS, docLines);
  await tx.query(q.FIND_EXISTING);
  await tx.query(q.INSERT_NEW);
  await tx.query(q.FIND_STORED_MEANWHILE);
  await tx.query(q.UPDATE_CHANGED);
  await tx.query(q.ADD_DOCUMENTS);
  await tx.query(q.REMEMBER_HASHES, [runId]);
  const staged = await tx.query<{ ord: number; outcome: string }>(q.STAGE_OUTCOMES);
  await tx.query(q.CLEAR_STAGE);
  return staged.rows.map((r) => ({ ord: r.ord, outcome: r.outcome === "same" ? "unchanged" : (r.outcome as Outcome) }));
}
