// Uploads run as jobs. POST imports/ records the run and answers at once (202); the import then
// goes on in this process, the runner writing its progress to the run row about once a second,
// and GET imports/{id}/ reads it. The import itself is exactly the command line's (runImport):
// one transaction per tender, so a crash leaves no half-written tender.
//
// A job dies with its process (a restart, a crash): its run would stay 'running' for ever, so a
// run that has shown no sign of life for STALE_RUN_MINUTES is marked failed when runs are read.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { runImport, startRun, type ImportOptions } from "../../ingest/importers/run.js";
import { conflict } from "../../http/errors.js";

export const STALE_RUN_MINUTES = 5;
export const IMPORT_JOB_MESSAGES = {
  stale: `The import stopped without finishing: no progress for ${STALE_RUN_MINUTES} minutes (the server was probably restarted). What was written before it stopped stays; upload the file again to complete it.`,
  running: (id?: number) => `This file is already being imported${id ? ` (import #${id})` : ""}. Wait until it has finished, then upload it again if you need to.`,
};

/** Marks runs that stopped showing progress long ago (their process is gone) as failed. */
export async function failStaleRuns(db: Db): Promise<void> {
  await db.query(
    `UPDATE import_runs SET status = 'failed', error = $1, finished_at = now()
      WHERE status = 'running' AND progress_at < now() - make_interval(mins => $2::int)`,
    [IMPORT_JOB_MESSAGES.stale, STALE_RUN_MINUTES],
  );
}

const isUniqueViolation = (err: unknown) => (err as { code?: unknown })?.code === "23505";

export class ImportJobs {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Records the run and starts the import in the background; answers the run id. The same file
   * (by content) cannot run twice at once: 409 naming the run that has it. Once started, the job
   * owns the uploaded copy: `cleanup` runs when it ends, whatever happened (when start throws,
   * the caller still owns it).
   */
  async start(opts: ImportOptions & { fileSha256: string }, cleanup: () => void): Promise<number> {
    let runId: number;
    try {
      await failStaleRuns(this.db);
      runId = await startRun(this.db, opts);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const other = await this.db.query<{ id: number }>(`SELECT id FROM import_runs WHERE file_sha256 = $1 AND status = 'running'`, [opts.fileSha256]);
      throw conflict(IMPORT_JOB_MESSAGES.running(other.rows[0]?.id));
    }
    const job = this.run(runId, opts).finally(() => {
      cleanup();
      this.running.delete(job);
    });
    this.running.add(job);
    return runId;
  }

  private async run(runId: number, opts: ImportOptions): Promise<void> {
    try {
      const report = await runImport(this.db, { ...opts, runId, countRows: true });
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
