// Import sources (issue 19, point 5): each place data comes from — an import kind with the label
// its runs were given (`npm run import --source cppp`, the upload form's Source) — with how fresh
// it is, for the staff Sources page (src/pages/sources) and GET imports/sources/ (staff only).
//
// Stale: no successful import for more than the source's days, or none ever. The days follow how
// often each kind of data changes and what a gap costs:
//   tenders   3 days: portals publish and amend tenders every working day, and a corrigendum that
//             moves a closing date is often issued days before closing; 3 days lets a weekend (or a
//             weekend and a holiday) pass unnoticed, and no more.
//   results  14 days: awards of contract are published weeks after bids open, in batches.
//   companies 45 days: the MCA company master is refreshed monthly; a month and a half allows one
//             late refresh.
// Dry runs change nothing and are not imports here; a run still going counts as the last import,
// not as a success.

export type SourceUnit = "tender" | "result" | "company";

export const STALE_AFTER_DAYS: Record<SourceUnit, number> = { tender: 3, result: 14, company: 45 };

/** What a kind's runs write (as the importer's report counts them). */
export function unitOfKind(kind: string): SourceUnit {
  if (kind.startsWith("results-")) return "result";
  return kind === "mca" ? "company" : "tender";
}

export interface ImportSource {
  /** The import kind: ocds, gepnic, tenders-csv, …, mca. */
  kind: string;
  /** The label its runs were given; null for runs given none. */
  source: string | null;
  unit: SourceUnit;
  /** Imports (not dry runs) of this source. */
  runs: number;
  /** When the latest import started, and how it went (running, done or failed). */
  last_run_at: string;
  last_run_status: "running" | "done" | "failed";
  /** When the latest successful import finished; null: none ever did. */
  last_success_at: string | null;
  /** What the successful imports wrote: items created and items updated (an item updated by two runs counts twice). */
  items_created: number;
  items_updated: number;
  /** Change sets (one per changed item per import) found by its imports. */
  changes_found: number;
  /** Imports that failed (and changed nothing), rows rejected and files unreadable in the successful ones. */
  failed_runs: number;
  rejected_rows: number;
  failed_files: number;
  stale_after_days: number;
  stale: boolean;
}

export interface ImportSourceList {
  count: number;
  stale_count: number;
  /** Stalest first: stale sources, those never imported successfully first, then the oldest success. */
  results: ImportSource[];
}

/** Stalest first (see ImportSourceList); a stable order among equals (kind, then label). */
export function compareStalest(a: ImportSource, b: ImportSource): number {
  if (a.stale !== b.stale) return a.stale ? -1 : 1;
  const success = (s: ImportSource) => (s.last_success_at ? Date.parse(s.last_success_at) : -Infinity);
  return success(a) - success(b) || a.kind.localeCompare(b.kind) || (a.source ?? "").localeCompare(b.source ?? "");
}
