// Uploads run as jobs. POST imports/ records the run and answers at once (202); the import then
// goes on in this process and GET imports/{id}/ shows how far it is. The import itself is
// exactly the command line's (runImport): one transaction for the whole file, so a run that fails
// changes nothing.
//
// Progress while it runs: on PostgreSQL the runner writes it to the run row on a connection of
// its own (outside the import's transaction), for any API process to read. On PGlite the import
// holds the one connection, so this process keeps each running job's progress in memory
// (`live`) and answers from it; the run row gets the final state when the job ends.
//
// A job dies with its process (a restart, a crash): its run would stay 'running' for ever, so a
// run that has shown no sign of life for STALE_RUN_MINUTES, and is not one of this process's
// jobs, is marked failed when runs are read.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { runImport, startRun, type ImportOptions, type RunProgress } from "../../ingest/importers/run.js";
import { conflict } from "../../http/errors.js";

export const STALE_RUN_MINUTES = 5;
export const IMPORT_JOB_MESSAGES = {
  stale: `The import stopped without finishing: no progress for ${STALE_RUN_MINUTES} minutes (the server was probably restarted). Nothing was changed; upload the file again to import it.`,
  running: (id?: number) => `This file is already being imported${id ? ` (import #${id})` : ""}. Wait until it has finished, then upload it again if you need to.`,
};

/** Marks runs that stopped showing progress long ago (their process is gone) as failed. */
export async function failStaleRuns(db: Db, ownRunIds: number[] = []): Promise<void> {
  // Looked for first: a plain read is answered even while a PGlite import holds the database,
  // and there is rarely anything to mark.
  const stale = await db.query<{ id: number }>(
    `SELECT id FROM import_runs WHERE status = 'running' AND progress_at < now() - make_interval(mins => $1::int) AND NOT (id = ANY($2::bigint[]))`,
    [STALE_RUN_MINUTES, ownRunIds],
  );
  if (!stale.rows.length) return;
  await db.query(
    `UPDATE import_runs SET status = 'failed', error = $1, finished_at = now()
      WHERE id = ANY($2::bigint[]) AND status = 'running' AND progress_at < now() - make_interval(mins => $3::int)`,
    [IMPORT_JOB_MESSAGES.stale, stale.rows.map((r) => r.id), STALE_RUN_MINUTES],
  );
}

const isUniqueViolation = (err: unknown) => (err as { code?: unknown })?.code === "23505";

/** A job running in this process, as GET imports/{id}/ shows it until the run row is final. */
export interface LiveRun {
  id: number;
  kind: string;
  source: string | null;
  files: string[];
  actor: string | null;
  user_id: number | null;
  dry_run: boolean;
  started_at: Date;
  fileSha256: string;
  progress: RunProgress;
}

export class ImportJobs {
  private readonly running = new Set<Promise<void>>();
  private readonly live = new Map<number, LiveRun>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The running job with this id, when this process runs it. */
  liveRun(id: number): LiveRun | undefined {
    return this.live.get(id);
  }

  liveRunIds(): number[] {
    return [...this.live.keys()];
  }

  /**
   * Records the run and starts the import in the background; answers the run id. The same file
   * (by content) cannot run twice at once: 409 naming the run that has it. Once started, the job
   * owns the uploaded copy: `cleanup` runs when it ends, whatever happened (when start throws,
   * the caller still owns it).
   */
  async start(opts: ImportOptions & { fileSha256: string }, cleanup: () => void): Promise<number> {
    // This process's own jobs first: on PGlite the database may be busy with that very import.
    const same = [...this.live.values()].find((r) => r.fileSha256 === opts.fileSha256);
    if (same) throw conflict(IMPORT_JOB_MESSAGES.running(same.id));
    let runId: number;
    try {
      await failStaleRuns(this.db, this.liveRunIds());
      runId = await startRun(this.db, opts);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const other = await this.db.query<{ id: number }>(`SELECT id FROM import_runs WHERE file_sha256 = $1 AND status = 'running'`, [opts.fileSha256]);
      throw conflict(IMPORT_JOB_MESSAGES.running(other.rows[0]?.id));
    }
    const live: LiveRun = {
      id: runId,
      kind: opts.kind,
      source: opts.source?.trim() || null,
      files: opts.files.map((f) => f.name ?? f.path),
      actor: opts.actor ?? null,
      user_id: opts.userId ?? null,
      dry_run: !!opts.dryRun,
      started_at: new Date(),
      fileSha256: opts.fileSha256,
      progress: { rowsRead: 0, rowsTotal: null, bytesRead: 0, bytesTotal: 0 },
    };
    this.live.set(runId, live);
    const job = this.run(live, opts).finally(() => {
      this.live.delete(runId);
      cleanup();
      this.running.delete(job);
    });
    this.running.add(job);
    return runId;
  }

  private async run(live: LiveRun, opts: ImportOptions): Promise<void> {
    const runId = live.id;
    try {
      const report = await runImport(this.db, { ...opts, runId, countRows: true, onRunProgress: (p) => (live.progress = p) });
      this.log.info({ runId, totals: report.totals }, "import finished");
    } catch (err) {
      // runImport has recorded the failure on the run unless the database itself was gone;
      // make sure the run does not stay 'running' (a no-op when it was recorded).
      this.log.error({ runId, err }, "import failed");
      await this.db
        .query(`UPDATE import_runs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status = 'running'`, [runId, (err as Error).message ?? String(err)])
        .catch(() => undefined);
    }
  }

  /** Waits for the imports under way (the server is closing: the database must outlive them). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}
