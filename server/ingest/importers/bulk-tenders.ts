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
import type { Outcome } from "./store.js";
import { assertWebUrls, contentHash, TENDER_COLUMNS } from "./store.js";
import type { TenderInput } from "./model.js";
import { RowError } from "./values.js";
import * as q from "./bulk-queries.js";

/** Rows per batch: a few round trips per batch, a JSON parameter of a few MB at most. */
export const BULK_BATCH_ROWS = 2000;
/** A batch is written early when its rows' JSON reaches this (long descriptions). */
const BULK_BATCH_BYTES = 8 * 1024 * 1024;

/** A database refusal of this one item's data (bad value, constraint), not a broken database. */
export function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === "string" && /^(22|23)/.test(code);
}

type Entry =
  | { row: number; key: string; json: string }
  | { row: number | null; key?: string; reason: string };

/** What became of one row of a written batch, in the file's order. */
export type BatchOutcome =
  | { row: number; key: string; outcome: Outcome }
  | { row: number | null; key?: string; reason: string };

export class TenderBatch {
  private entries: Entry[] = [];
  private ocids = new Set<string>();
  private bytes = 0;

  get size(): number {
    return this.entries.length;
  }

  /** Full: write it before adding more. */
  get full(): boolean {
    return this.ocids.size >= BULK_BATCH_ROWS || this.bytes >= BULK_BATCH_BYTES;
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
    const json = stageRow(this.entries.length, t);
    this.entries.push({ row, key: t.ocid, json });
    this.ocids.add(t.ocid);
    this.bytes += json.length;
  }

  /** Writes the batch inside tx and empties it; answers every row's outcome or reject, in order. */
  async write(tx: Tx, runId: number | null): Promise<BatchOutcome[]> {
    const entries = this.entries;
    this.entries = [];
    this.ocids = new Set();
    this.bytes = 0;
    const rows = entries.flatMap((e, ord) => ("json" in e ? [{ ord, json: e.json }] : []));
    if (!(await tx.query<{ ok: boolean }>(q.STAGE_EXISTS)).rows[0].ok) await tx.query(q.CREATE_STAGE);
    const outcomes = new Map<number, Outcome | { refused: string }>();
    if (rows.length) await writeOrSplit(tx, rows, runId, outcomes);
    return entries.map((e, ord) => {
      if (!("json" in e)) return e;
      const o = outcomes.get(ord)!;
      return typeof o === "string" ? { row: e.row, key: e.key, outcome: o } : { row: e.row, key: e.key, reason: `the database refused it: ${o.refused}` };
    });
  }
}

/** One staged row as JSON: its place in the batch, key, hash, columns and documents (deduplicated). */
function stageRow(ord: number, t: TenderInput): string {
  const row: Record<string, unknown> = { ord, ocid: t.ocid, hash: contentHash(t) };
  for (const c of TENDER_COLUMNS) {
    const v = t[c];
    row[c] = v instanceof Date ? v.toISOString() : v;
  }
  const seen = new Set<string>();
  row.documents = t.documents.filter((d) => {
    const k = `${d.file_name}\u0000${d.url ?? ""}`;
    return !seen.has(k) && !!seen.add(k);
  });
  return JSON.stringify(row);
}

/** Writes rows in a savepoint; a refused batch is undone and split until the refused rows stand alone. */
async function writeOrSplit(tx: Tx, rows: { ord: number; json: string }[], runId: number | null, out: Map<number, Outcome | { refused: string }>): Promise<void> {
  await tx.query("SAVEPOINT import_batch");
  try {
    for (const r of await writeStaged(tx, `[${rows.map((r) => r.json).join(",")}]`, runId)) out.set(r.ord, r.outcome);
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

async function writeStaged(tx: Tx, json: string, runId: number | null): Promise<{ ord: number; outcome: Outcome }[]> {
  await tx.query(q.LOAD_STAGE, [json]);
  await tx.query(q.MARK_SAME);
  await tx.query(q.INSERT_NEW);
  await tx.query(q.UPDATE_CHANGED);
  await tx.query(q.MARK_UNCHANGED);
  await tx.query(q.ADD_DOCUMENTS);
  await tx.query(q.REMEMBER_HASHES, [runId]);
  const staged = await tx.query<{ ord: number; outcome: string }>(q.STAGE_OUTCOMES);
  await tx.query(q.CLEAR_STAGE);
  return staged.rows.map((r) => ({ ord: r.ord, outcome: r.outcome === "same" ? "unchanged" : (r.outcome as Outcome) }));
}
