// The import sources (common/import-sources.ts): every run that was not a dry run, grouped by its
// kind and source label, with what the successful ones wrote (from their reports' totals) and the
// change sets found by its runs (027_item_changes.sql, read here in one aggregate rather than item
// by item through the changes module). A handful of sources over at most some thousands of runs.
import { compareStalest, STALE_AFTER_DAYS, unitOfKind, type ImportSource, type ImportSourceList } from "../../../common/import-sources.js";
import type { Queryable } from "../../db/client.js";

const DAY_MS = 86_400_000;

interface SourceRow {
  kind: string;
  source: string | null;
  runs: number;
  last_run_at: Date;
  last_run_status: ImportSource["last_run_status"];
  last_success_at: Date | null;
  items_created: string | number;
  items_updated: string | number;
  rejected_rows: string | number;
  failed_files: string | number;
  failed_runs: number;
  changes_found: number;
}

export async function importSources(db: Queryable, now = new Date()): Promise<ImportSourceList> {
  // Runs without a label are one source per kind: grouped by '' (the label is never empty, run.ts trims it to null).
  const { rows } = await db.query<SourceRow>(
    `WITH runs AS (
       SELECT r.id, r.kind, r.source, coalesce(r.source, '') AS source_key, r.status, r.started_at, r.finished_at,
              CASE WHEN r.status = 'done' THEN r.report END AS done_report
         FROM import_runs r
        WHERE NOT r.dry_run
     ), latest AS (
       SELECT DISTINCT ON (kind, source_key) kind, source_key, status AS last_run_status, started_at AS last_run_at
         FROM runs ORDER BY kind, source_key, started_at DESC, id DESC
     ), found AS (
       SELECT runs.kind, runs.source_key, count(*)::int AS changes_found
         FROM change_sets s JOIN runs ON runs.id = s.import_run_id
        GROUP BY runs.kind, runs.source_key
     )
     SELECT g.kind, g.source, g.runs, l.last_run_at, l.last_run_status, g.last_success_at, g.items_created, g.items_updated,
            g.rejected_rows, g.failed_files, g.failed_runs, coalesce(f.changes_found, 0) AS changes_found
       FROM (
         SELECT kind, source_key, min(source) AS source, count(*)::int AS runs,
                max(finished_at) FILTER (WHERE status = 'done') AS last_success_at,
                count(*) FILTER (WHERE status = 'failed')::int AS failed_runs,
                coalesce(sum((done_report -> 'totals' ->> 'created')::bigint), 0) AS items_created,
                coalesce(sum((done_report -> 'totals' ->> 'updated')::bigint), 0) AS items_updated,
                coalesce(sum((done_report ->> 'rejects_total')::bigint), 0) AS rejected_rows,
                coalesce(sum((done_report ->> 'failed_files')::bigint), 0) AS failed_files
           FROM runs GROUP BY kind, source_key
       ) g
       JOIN latest l ON l.kind = g.kind AND l.source_key = g.source_key
       LEFT JOIN found f ON f.kind = g.kind AND f.source_key = g.source_key`,
  );
  const results = rows.map((r) => toSource(r, now)).sort(compareStalest);
  return { count: results.length, stale_count: results.filter((s) => s.stale).length, results };
}

function toSource(r: SourceRow, now: Date): ImportSource {
  const unit = unitOfKind(r.kind);
  const staleAfterDays = STALE_AFTER_DAYS[unit];
  const lastSuccess = r.last_success_at ? new Date(r.last_success_at) : null;
  return {
    kind: r.kind,
    source: r.source,
    unit,
    runs: r.runs,
    last_run_at: new Date(r.last_run_at).toISOString(),
    last_run_status: r.last_run_status,
    last_success_at: lastSuccess?.toISOString() ?? null,
    items_created: Number(r.items_created),
    items_updated: Number(r.items_updated),
    changes_found: r.changes_found,
    failed_runs: r.failed_runs,
    rejected_rows: Number(r.rejected_rows),
    failed_files: Number(r.failed_files),
    stale_after_days: staleAfterDays,
    stale: !lastSuccess || now.getTime() - lastSuccess.getTime() > staleAfterDays * DAY_MS,
  };
}
