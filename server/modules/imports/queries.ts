// The import runs the staff pages read: a page of runs, one run and its rejected rows. The runs
// themselves are written by the importers (server/ingest/importers/run.ts) and jobs.ts.
import type { Queryable } from "../../db/client.js";

export interface RunRow {
  id: number; kind: string; source: string | null; files: string[]; actor: string | null; user_id: number | null; user_email: string | null;
  dry_run: boolean; status: string; error: string | null; started_at: Date; finished_at: Date | null; report: unknown;
  rows_read: number; rows_total: number | null; bytes_read: number; bytes_total: number | null;
}

const RUN_COLUMNS = `r.id, r.kind, r.source, r.files, r.actor, r.user_id, u.email AS user_email, r.dry_run, r.status, r.error,
  r.started_at, r.finished_at, r.report, r.rows_read, r.rows_total, r.bytes_read, r.bytes_total`;

/** One page of runs, newest first, with the count of all. */
export async function runsPage(db: Queryable, pageSize: number, page: number): Promise<{ count: number; rows: RunRow[] }> {
  const count = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM import_runs")).rows[0].n;
  const { rows } = await db.query<RunRow>(
    `SELECT ${RUN_COLUMNS} FROM import_runs r LEFT JOIN users u ON u.id = r.user_id ORDER BY r.id DESC LIMIT $1 OFFSET $2`,
    [pageSize, (page - 1) * pageSize],
  );
  return { count, rows };
}

export async function findRun(db: Queryable, id: number): Promise<RunRow | undefined> {
  const { rows } = await db.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM import_runs r LEFT JOIN users u ON u.id = r.user_id WHERE r.id = $1`, [id]);
  return rows[0];
}

/** The run's first `limit` rejected rows, in the order they were met. */
export async function runRejects(db: Queryable, runId: number, limit: number) {
  const { rows } = await db.query<{ file: string; row_number: number | null; item_key: string | null; reason: string }>(
    "SELECT file, row_number, item_key, reason FROM import_rejects WHERE run_id = $1 ORDER BY id LIMIT $2",
    [runId, limit],
  );
  return rows;
}
