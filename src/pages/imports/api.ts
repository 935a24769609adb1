// The staff imports (server/modules/imports/routes.ts) as the resource imports on the REST
// provider, and the report's shape (server/ingest/importers/run.ts ImportReport).
import { useCustomMutation, useInvalidate, useList, useOne } from "@refinedev/core";
import { useCallback } from "react";
import type { ImportPlaceCounts } from "../../../common/imports";

export const IMPORT_KINDS = [
  { value: "gepnic", label: "GePNIC award of contract (CSV)", accept: ".csv" },
  { value: "ocds", label: "OCDS releases or records (JSON)", accept: ".json,.jsonl" },
  { value: "tenders-csv", label: "Tenders, our format (CSV)", accept: ".csv" },
  { value: "tenders-json", label: "Tenders, our format (JSON)", accept: ".json,.jsonl" },
  { value: "results-csv", label: "Results, our format (CSV)", accept: ".csv" },
  { value: "results-json", label: "Results, our format (JSON)", accept: ".json,.jsonl" },
  { value: "mca", label: "MCA company master (CSV or XLSX)", accept: ".csv,.xlsx" },
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number]["value"];

/** The server's upload limit (MAX_IMPORT_UPLOAD_BYTES); larger files go through `npm run import`. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export interface ImportCounts {
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  rejected: number;
}
export interface ImportReject {
  file: string;
  row: number | null;
  key?: string | null;
  reason: string;
}
export interface ImportWarning {
  file: string;
  row: number | null;
  message: string;
}
export interface ImportReport {
  run_id: number;
  kind: string;
  source: string | null;
  dry_run: boolean;
  status: "done" | "failed";
  started_at: string;
  finished_at: string;
  unit: "tender" | "result" | "company";
  totals: ImportCounts;
  files: (ImportCounts & { file: string; bytes: number; error?: string })[];
  companies: { created: number; linked: number };
  rejects: ImportReject[];
  rejects_total: number;
  warnings: ImportWarning[];
  warnings_total: number;
  failed_files: number;
  /** Reports written before place counting have none. */
  place?: ImportPlaceCounts;
  error?: string;
}

/**
 * How far a run is (the server works it out): rows read of the rows counted before it began
 * (rows_total null when the format does not allow counting), else bytes of the file parsed.
 * percent stays below 100 while the run goes.
 */
export interface ImportProgress {
  rows_read: number;
  rows_total: number | null;
  bytes_read: number;
  bytes_total: number | null;
  percent: number;
}

/** One row of GET imports/. */
export interface ImportRun {
  id: number;
  kind: string;
  source: string | null;
  files: string[];
  actor: string | null;
  user_email: string | null;
  dry_run: boolean;
  status: "running" | "done" | "failed";
  error: string | null;
  started_at: string;
  finished_at: string | null;
  totals: ImportCounts | null;
  failed_files: number;
  rejects_total: number;
  progress: ImportProgress;
}
export interface ImportRunDetail extends ImportRun {
  report: Partial<ImportReport> | null;
  rejects: ImportReject[];
}

/** A finished run's report as the report view reads it (a run that died has no stored report, only its error). */
export function reportOfRun(run: ImportRunDetail): Partial<ImportReport> {
  return { run_id: run.id, status: run.status === "done" ? "done" : "failed", dry_run: run.dry_run, error: run.error ?? undefined, ...run.report };
}

/** How often the page asks a running import how far it is. */
export const IMPORT_POLL_MS = 700;

export interface ImportRequest {
  kind: ImportKind;
  file: File;
  source?: string;
  state?: string;
  dryRun?: boolean;
}

export const IMPORTS = "imports";
const REST = "rest";

/** One run, asked again every IMPORT_POLL_MS while it is running; a finished run's answer never changes. */
export function useImportRun(id: number | null) {
  return useOne<ImportRunDetail>({
    resource: IMPORTS,
    dataProviderName: REST,
    id: id ?? "",
    errorNotification: false,
    queryOptions: { enabled: id !== null, refetchInterval: (query) => (query.state.data?.data.status === "running" ? IMPORT_POLL_MS : false) },
  });
}

/** Past runs, newest first, a page at a time (the page shown stays while the next loads). */
export function useImportRuns(page: number) {
  return useList<ImportRun>({
    resource: IMPORTS,
    dataProviderName: REST,
    meta: { query: { page } },
    errorNotification: false,
    queryOptions: { placeholderData: (previous) => previous },
  });
}

/** Refresh the past runs (a run started or finished); stable, for effects' dependencies. */
export function useRefreshImportRuns() {
  const invalidate = useInvalidate();
  return useCallback(() => void invalidate({ resource: IMPORTS, dataProviderName: REST, invalidates: ["list"] }), [invalidate]);
}

/**
 * Upload one file with its progress (the server answers 202 once the file is checked; the
 * import then runs: poll useImportRun(run_id)).
 */
export function useImportUpload() {
  const { mutateAsync } = useCustomMutation<{ run_id: number; status: "running" }>();
  return async (req: ImportRequest, onProgress: (sent: number, total: number) => void, signal?: AbortSignal) => {
    const form = new FormData();
    // Fields before the file: the server reads the parts in order.
    form.append("kind", req.kind);
    if (req.source?.trim()) form.append("source", req.source.trim());
    if (req.state?.trim()) form.append("state", req.state.trim());
    if (req.dryRun) form.append("dry_run", "true");
    form.append("file", req.file, req.file.name);
    const { data } = await mutateAsync({
      url: "imports/",
      method: "post",
      values: form,
      dataProviderName: REST,
      meta: { onProgress, signal },
      successNotification: false,
      errorNotification: false,
    });
    return data;
  };
}
