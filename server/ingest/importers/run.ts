// Runs one import: every file through its importer, all in one transaction, and a report: read,
// created, updated, unchanged, skipped, rejected (with file, row, reason), warnings. The run is
// recorded in import_runs (+ import_rejects) and the audit log.
//
// All or nothing: a crash mid-import (the database gone, a bug, the process killed) rolls the
// whole transaction back, so the failed run changes nothing and says so; importing the file
// again does it all. Within the run, a value we cannot read rejects its item (RowError), and so
// does the database refusing one item's data (SQLSTATE class 22 or 23). Plain tenders are
// written in batches, set-based, with a savepoint per batch (bulk-tenders.ts: a refused batch
// is split until the refused rows stand alone); every other item has its own savepoint. A file
// that cannot be read at all, or stops being readable part-way (missing, not CSV/JSON, wrong
// layout), is reported as a failed file, undone on its own (its savepoint), and the run goes on
// with the next file. A dry run is the same transaction, rolled back at the end.
//
// Progress: rows done (read and written: a plain tender waiting in its batch is not done until
// the batch is written) and bytes read, so far and in total, go to onRunProgress as the run
// goes, and on PostgreSQL to the run row about once a second (progressRowWriter), so the staff
// page can poll it (uploads run as jobs). A failed run keeps the rows it had done when it
// stopped: never 100 % for a run that failed in its first batch.
import fs from "node:fs";
import path from "node:path";
import type { ImportLimits } from "../../config.js";
import type { Db, Tx } from "../../db/client.js";
import { audit } from "../../modules/audit/log.js";
import { setChangeSource } from "../../modules/changes/source.js";
import { importGepnic } from "./gepnic.js";
import { FileError } from "./json.js";
import type { ImportKind, ImporterContext, Unit, Warning } from "./model.js";
import { importMca } from "./mca.js";
import { importOcds } from "./ocds.js";
import { importResults, importTenders } from "./plain.js";
import { upsertResult, upsertTender, type Outcome, type StoreStats } from "./store.js";
import { countRows } from "./rows.js";
import { canonicalState } from "./place.js";
import type { ImportPlaceCounts } from "../../../common/imports.js";
import { RowError } from "./values.js";
import { TenderBatcher } from "./tender-batch.js";
import { isDataError, TenderWriter } from "./bulk-tenders.js";

/** Kinds whose tenders are written in batches across files (tender-batch.ts). */
const BATCHED_KINDS: ReadonlySet<ImportKind> = new Set(["gepnic", "ocds"]);

/** Rejects and warnings kept in the report itself (all rejects are in import_rejects). */
export const REPORT_LIST_CAP = 1000;
/** How often a run writes its progress to import_runs (and so shows it is alive). */
export const PROGRESS_WRITE_MS = 1000;

export interface ImportFile {
  path: string;
  /** The name shown in the report (an upload's original name); defaults to the path. */
  name?: string;
}

export interface ImportOptions {
  kind: ImportKind;
  files: ImportFile[];
  source?: string | null;
  dryRun?: boolean;
  fx?: Record<string, number>;
  state?: string | null;
  userId?: number | null;
  actor?: string | null;
  ip?: string;
  now?: Date;
  /** The run's import_runs row, already inserted with startRun (an upload answers with its id first). */
  runId?: number;
  /** An upload's content hash, stored with the run: the database allows one running import per file. */
  fileSha256?: string | null;
  /** Count each file's rows before importing it, for a progress bar in rows (uploads; the CLI shows bytes). */
  countRows?: boolean;
  /** Bounds on zip (XLSX) files and their parsing (the server's config; the CLI reads the same variables). */
  limits?: ImportLimits;
  hooks?: {
    /** Inside the run's transaction, after a tender's row is written (a plain tender's: its batch): n counts tenders in this run from 1. */
    afterTenderRow?(n: number, ocid: string): void | Promise<void>;
  };
  onProgress?(p: { file: string; bytes: number; total: number; read: number; done: boolean }): void;
  /** The whole run's progress as it goes (an upload's job answers GET imports/{id}/ from it on PGlite). */
  onRunProgress?(p: RunProgress): void;
}

export interface Counts {
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  rejected: number;
}

export interface FileReport extends Counts {
  file: string;
  bytes: number;
  error?: string;
}

export interface Reject {
  file: string;
  row: number | null;
  key?: string;
  reason: string;
}

export interface ImportReport {
  run_id: number;
  kind: ImportKind;
  source: string | null;
  dry_run: boolean;
  status: "done" | "failed";
  started_at: string;
  finished_at: string;
  /** What the counts count: tenders (results for results-*, companies for mca); read counts rows / lines / releases. */
  unit: "tender" | "result" | "company";
  totals: Counts;
  files: FileReport[];
  companies: { created: number; linked: number };
  rejects: Reject[];
  rejects_total: number;
  warnings: Warning[];
  warnings_total: number;
  failed_files: number;
  /** Where tenders' states came from when --state was given (importPlaceLine words it). */
  place: ImportPlaceCounts;
  error?: string;
}

const zero = (): Counts => ({ read: 0, created: 0, updated: 0, unchanged: 0, skipped: 0, rejected: 0 });

export function importerFor(kind: ImportKind, ctx: ImporterContext): AsyncGenerator<Unit> {
  switch (kind) {
    case "ocds": return importOcds(ctx);
    case "gepnic": return importGepnic(ctx);
    case "tenders-csv": return importTenders(ctx, "csv");
    case "tenders-json": return importTenders(ctx, "json");
    case "results-csv": return importResults(ctx, "csv");
    case "results-json": return importResults(ctx, "json");
    case "mca": return importMca(ctx);
  }
}

function isFileSystemError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === "string" && ["ENOENT", "EACCES", "EISDIR", "ENOTDIR", "EPERM"].includes(code);
}

/** Records a run as started (status 'running') and answers its id. */
export async function startRun(db: Db, opts: ImportOptions): Promise<number> {
  const run = await db.query<{ id: number }>(
    `INSERT INTO import_runs (kind, source, files, user_id, actor, dry_run, file_sha256) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [opts.kind, opts.source?.trim() || null, opts.files.map((f) => f.name ?? f.path), opts.userId ?? null, opts.actor ?? null, !!opts.dryRun, opts.fileSha256 ?? null],
  );
  return run.rows[0].id;
}

/** Sizes of the files (those that exist) and, when asked and every file allows it, their rows. */
async function measure(opts: ImportOptions): Promise<{ bytes: number; rows: number | null }> {
  let bytes = 0;
  let rows: number | null = opts.countRows ? 0 : null;
  for (const f of opts.files) {
    const size = fs.statSync(f.path, { throwIfNoEntry: false });
    if (!size?.isFile()) continue;
    bytes += size.size;
    if (rows !== null) {
      const n = await countRows(opts.kind, f.path);
      rows = n === null ? null : rows + n;
    }
  }
  return { bytes, rows };
}

/** What a failed run says (its error, the report's error and the thrown error's message). */
export const importFailedMessage = (cause: string) =>
  `The import stopped at an error and nothing was changed: ${cause.trim().replace(/\.$/, "")}. Fix the cause and import the file again.`;

/** How far a run is; handed to onRunProgress as it goes (an upload's job keeps it in memory). */
export interface RunProgress {
  /** Rows done: read, and written (or rejected); rows read ahead into a batch not yet written are not counted. */
  rowsRead: number;
  rowsTotal: number | null;
  bytesRead: number;
  bytesTotal: number;
}

/** Undoes the whole transaction of a dry run once its report is made. */
class DryRunDone extends Error {
  constructor() {
    super("dry run");
  }
}

export async function runImport(db: Db, opts: ImportOptions): Promise<ImportReport> {
  const stateOption = canonicalState(opts.state);
  // The callers (command line, upload form) refuse an unknown state with their own message.
  if (opts.state?.trim() && !stateOption) throw new Error(`'${opts.state.trim().slice(0, 100)}' is not an Indian state or union territory`);
  const place: ImportPlaceCounts = { state_option: stateOption, fallback: 0, disagreed: 0 };
  const now = opts.now ?? new Date();
  const source = opts.source?.trim() || null;
  const dryRun = !!opts.dryRun;
  const unit = opts.kind.startsWith("results-") ? "result" : opts.kind === "mca" ? "company" : "tender";
  const started = new Date();
  const runId = opts.runId ?? (await startRun(db, opts));
  const files: FileReport[] = [];
  const rejects: Reject[] = [];
  const warnings: Warning[] = [];
  const stats: StoreStats = { companiesCreated: 0, companiesLinked: 0 };
  let tenderCount = 0;
  let fatal: Error | null = null;
  let batcher: TenderBatcher | null = null;
  // Batched kinds show rows once written (a batch behind what is read); null: rows read.
  let rowsWritten: number | null = null;
  // Progress across all files: bytes of the files finished plus the current one's.
  let bytesBefore = 0;
  let bytesInFile = 0;
  // Rows of the current file read into its batch and not yet written.
  let pendingRows = () => 0;
  const progress: RunProgress = { rowsRead: 0, rowsTotal: null, bytesRead: 0, bytesTotal: 0 };
  const rowWriter = progressRowWriter(db, runId);
  const showProgress = (force = false) => {
    // Plain tenders: rows read into a batch not yet written are not done.
    const pending = pendingRows();
    progress.rowsRead = rowsWritten ?? rowsRead() - pending;
    // Bytes move on only when every row read is written, so they never run ahead of the rows.
    if (!pending) progress.bytesRead = bytesBefore + bytesInFile;
    opts.onRunProgress?.({ ...progress });
    rowWriter?.(progress, force);
  };
  const rowsRead = () => files.reduce((n, fr) => n + fr.read, 0);
  const report = (): ImportReport => {
    const totals = zero();
    for (const fr of files) for (const k of Object.keys(totals) as (keyof Counts)[]) totals[k] += fr[k];
    return {
      run_id: runId,
      kind: opts.kind,
      source,
      dry_run: dryRun,
      status: fatal ? "failed" : "done",
      started_at: started.toISOString(),
      finished_at: new Date().toISOString(),
      unit,
      totals,
      files,
      companies: { created: stats.companiesCreated, linked: stats.companiesLinked },
      rejects: rejects.slice(0, REPORT_LIST_CAP),
      rejects_total: rejects.length,
      warnings: warnings.slice(0, REPORT_LIST_CAP),
      warnings_total: warnings.length,
      failed_files: files.filter((f) => f.error).length,
      place,
      ...(fatal ? { error: importFailedMessage(fatal.message) } : {}),
    };
  };

  try {
    const size = await measure(opts);
    Object.assign(progress, { rowsTotal: size.rows, bytesTotal: size.bytes });
    await db.query(`UPDATE import_runs SET rows_total = $2, bytes_total = $3, progress_at = now() WHERE id = $1`, [runId, size.rows, size.bytes]);
    opts.onRunProgress?.({ ...progress });
    // All or nothing: every write of the run is in this one transaction, so an error, or the
    // process being killed, leaves the database as it was. A successful run's record is written
    // in it too: committed together with what it reports.
    await db.longTransaction(async (tx) => {
      if (BATCHED_KINDS.has(opts.kind)) {
        rowsWritten = 0;
        batcher = new TenderBatcher(tx, {
          runId, stats, afterTenderRow: opts.hooks?.afterTenderRow, rowsRead, isDataError,
          onWritten: (n) => (rowsWritten = n),
          mark: () => {
            const [w, fallback, disagreed] = [warnings.length, place.fallback, place.disagreed];
            return () => {
              warnings.length = w;
              Object.assign(place, { fallback, disagreed });
            };
          },
        });
      }
      for (const f of opts.files) {
        await importFile(tx, f);
        showProgress(true);
      }
      if (batcher) {
        await batcher.flush();
        rowsWritten = null;
        showProgress(true);
      }
      if (dryRun) throw new DryRunDone();
      const done = report();
      await recordRun(tx, runId, done, done.totals.read, rejects, opts);
    });
  } catch (err) {
    if (!(err instanceof DryRunDone)) fatal = err as Error;
  }
  if (fatal) {
    // Nothing was written: the counts of what would have been written go back to zero.
    for (const fr of files) Object.assign(fr, { created: 0, updated: 0, unchanged: 0 });
    stats.companiesCreated = stats.companiesLinked = 0;
  }
  const final = report();
  const rowsDone = fatal ? progress.rowsRead : final.totals.read;
  if (fatal || dryRun) await db.transaction((tx) => recordRun(tx, runId, final, rowsDone, rejects, opts)).catch((err) => {
    if (!fatal) throw err;
  });
  if (fatal) throw Object.assign(new Error(final.error, { cause: fatal }), { report: final });
  return final;

  async function importFile(tx: Tx, f: ImportFile): Promise<void> {
    const name = f.name ?? f.path;
    const fr: FileReport = { file: name, bytes: 0, ...zero() };
    files.push(fr);
    // What this file changes on tenders says it came from this run and this file (batched
    // tenders say their own file as each batch is written: no statement per file there).
    if (!batcher) await setChangeSource(tx, { kind: "import", runId, file: name });
    const reject = (row: number | null, reason: string, key?: string) => {
      fr.rejected += 1;
      rejects.push({ file: name, row, ...(key ? { key } : {}), reason });
    };
    let total = 0;
    try {
      const st = fs.statSync(f.path);
      if (!st.isFile()) throw Object.assign(new Error(`${name} is not a file`), { code: "EISDIR" });
      total = st.size;
    } catch (err) {
      fr.error = isFileSystemError(err) ? `cannot read ${name}: ${(err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (err as Error).message}` : String(err);
      await batcher?.flush(); // the earlier files' rejects first
      rejects.push({ file: name, row: null, reason: fr.error });
      return;
    }
    fr.bytes = total;
    bytesInFile = 0;
    let lastBytes = 0;
    const fileProgress = (done = false) => opts.onProgress?.({ file: name, bytes: lastBytes, total, read: fr.read, done });
    const ctx: ImporterContext = {
      file: f.path,
      source,
      fx: opts.fx ?? {},
      state: stateOption,
      onPlace: (p) => {
        if (p.from === "fallback") place.fallback += 1;
        if (p.disagreed) place.disagreed += 1;
      },
      now,
      onBytes: (b) => {
        lastBytes = b;
        bytesInFile = b;
        fileProgress();
      },
      onRead: (n = 1) => {
        fr.read += n;
      },
      warn: (row, message) => {
        warnings.push({ file: name, row, message });
      },
      limits: opts.limits,
    };
    const isFileError = (err: unknown) => err instanceof FileError || isFileSystemError(err);
    const fileFailed = (err: Error, written: boolean) => {
      Object.assign(fr, { created: 0, updated: 0, unchanged: 0 });
      fr.error = `cannot read ${name}: ${err.message}${written ? " (nothing from this file was written)" : ""}`;
      rejects.push({ file: name, row: null, reason: fr.error });
    };
    if (batcher) {
      try {
        await batcher.readFile({ name, counts: fr, reject }, importerFor(opts.kind, ctx), () => showProgress(), isFileError);
        fileProgress(true);
      } catch (err) {
        if (!isFileError(err)) throw err;
        fileFailed(err as Error, !!(err as { written?: boolean }).written);
      }
      bytesBefore += total;
      bytesInFile = 0;
      return;
    }
    // Plain tenders are written together; rejects read meanwhile wait with them, so the report
    // keeps the file's order.
    const batches = new TenderWriter(tx, runId, async (b) => {
      if ("reason" in b) return reject(b.row, b.reason, b.key);
      await opts.hooks?.afterTenderRow?.(++tenderCount, b.key);
      fr[b.outcome] += 1;
    });
    pendingRows = () => batches.pending;
    /** Writes one unit (a plain tender: into a batch, written when full) or counts it. */
    const writeUnit = async (u: Unit): Promise<void> => {
      if (u.type === "reject") {
        if (!batches.addReject(u.row, u.reason, u.key)) reject(u.row, u.reason, u.key);
        return;
      }
      if (u.type === "skip") {
        fr.skipped += 1;
        return;
      }
      if (u.type === "tender" && u.batchable) return batches.add(u.row, await u.build(tx));
      await batches.flush();
      // Each item in a savepoint: one the database refuses is undone alone and rejected.
      await tx.query("SAVEPOINT import_item");
      let outcome: Outcome;
      try {
        if (u.type === "tender") {
          const input = await u.build(tx);
          const n = ++tenderCount;
          outcome = (await upsertTender(tx, input, runId, stats, { afterTenderRow: (_id, ocid) => opts.hooks?.afterTenderRow?.(n, ocid) })).outcome;
        } else if (u.type === "write") {
          outcome = await u.write(tx);
        } else {
          outcome = (await upsertResult(tx, u.key, u.result, runId, stats)).outcome;
        }
        await tx.query("RELEASE SAVEPOINT import_item");
      } catch (err) {
        if (!(err instanceof RowError) && !isDataError(err)) throw err;
        await tx.query("ROLLBACK TO SAVEPOINT import_item");
        await tx.query("RELEASE SAVEPOINT import_item");
        reject(u.row, err instanceof RowError ? err.message : `the database refused it: ${(err as Error).message}`, u.key);
        return;
      }
      fr[outcome] += 1;
    };
    // A file that cannot be read part-way is undone on its own (its savepoint); the others stay.
    await tx.query("SAVEPOINT import_file");
    try {
      for await (const u of importerFor(opts.kind, ctx)) {
        // The embedded database answers without real I/O, so a long import would otherwise run
        // as one unbroken chain of promises and keep the server from reading any request (the
        // page polling this run among them) until a whole file chunk is done.
        await new Promise<void>((resolve) => setImmediate(resolve));
        await writeUnit(u);
        showProgress();
      }
      await batches.flush();
      fileProgress(true);
      await tx.query("RELEASE SAVEPOINT import_file");
    } catch (err) {
      if (!isFileError(err)) throw err;
      await batches.settle(); // a batch still being written: its end (or its failure, which ends the run) first
      await tx.query("ROLLBACK TO SAVEPOINT import_file");
      await tx.query("RELEASE SAVEPOINT import_file");
      fileFailed(err as Error, fr.created + fr.updated + fr.unchanged > 0);
    }
    pendingRows = () => 0;
    bytesBefore += total;
    bytesInFile = 0;
  }
}

/**
 * On PostgreSQL the run row shows the progress to every API process: written about once a second
 * on a pooled connection of its own, outside the import's transaction, and never awaited (the
 * import does not wait for it; one write at a time; one that lands after the run has finished is
 * a no-op). PGlite has one connection, held by the import: the upload's job keeps the progress in
 * memory instead (onRunProgress), and the row gets the final state.
 */
function progressRowWriter(db: Db, runId: number) {
  if (db.kind !== "postgres") return null;
  let lastWrite = 0; // the first rows done show at once, not a second later

  let writing = false;
  return (p: RunProgress, force: boolean) => {
    if (writing || (!force && Date.now() - lastWrite < PROGRESS_WRITE_MS)) return;
    lastWrite = Date.now();
    writing = true;
    db.query(`UPDATE import_runs SET rows_read = $2, bytes_read = $3, progress_at = now() WHERE id = $1 AND status = 'running'`, [runId, p.rowsRead, p.bytesRead])
      .catch(() => undefined) // the next write, or the final record, says it again
      .finally(() => (writing = false));
  };
}

/** The run's final state, its rejects and the audit entry (inside the caller's transaction). */
/** rowsDone: the run's progress in rows when it ended (a failed run's: the rows done before it stopped). */
async function recordRun(tx: Tx, runId: number, report: ImportReport, rowsDone: number, rejects: Reject[], opts: ImportOptions): Promise<void> {
  await tx.query(
    `UPDATE import_runs SET status = $2, error = $3, report = $4::jsonb, finished_at = now(), progress_at = now(), rows_read = $5 WHERE id = $1`,
    [runId, report.status, report.error ?? null, JSON.stringify(report), rowsDone],
  );
  for (let i = 0; i < rejects.length; i += 1000) {
    const part = rejects.slice(i, i + 1000);
    await tx.query(
      `INSERT INTO import_rejects (run_id, file, row_number, item_key, reason)
       SELECT $1, f, r, k, m FROM unnest($2::text[], $3::int[], $4::text[], $5::text[]) AS u(f, r, k, m)`,
      [runId, part.map((r) => r.file), part.map((r) => r.row), part.map((r) => r.key ?? null), part.map((r) => r.reason)],
    );
  }
  await audit(tx, {
    actorId: opts.userId ?? null,
    action: report.dry_run ? "import.dry_run" : "import",
    itemType: "import_run",
    itemId: runId,
    details: { kind: report.kind, source: report.source, files: report.files.map((f) => path.basename(f.file)), totals: report.totals, status: report.status, actor: opts.actor ?? null },
    ip: opts.ip,
  });
}
