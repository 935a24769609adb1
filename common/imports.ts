// What an import report says in words, the same on the command line (report.ts) and on the
// staff import page (ImportReportView): whether the run changed anything, and where the state
// of its tenders came from when --state (the form's State) was given.

export interface ImportVerdictInput {
  status: "done" | "failed";
  dry_run: boolean;
  unit: "tender" | "result" | "company";
  totals: { created: number; updated: number; unchanged: number };
  place?: ImportPlaceCounts;
}

/** Tenders placed by the fallback state, and tenders whose file named another place (kept). */
export interface ImportPlaceCounts {
  /** The --state given (canonical), or null. */
  state_option: string | null;
  fallback: number;
  disagreed: number;
}

const plural = (n: number, unit: string) => `${n.toLocaleString("en-IN")} ${unit === "company" ? (n === 1 ? "company" : "companies") : `${unit}${n === 1 ? "" : "s"}`}`;

/** "Nothing changed: …" when a finished run created and updated nothing; null otherwise. */
export function importVerdict(r: ImportVerdictInput): string | null {
  if (r.status !== "done" || r.totals.created + r.totals.updated > 0) return null;
  const verb = r.dry_run ? "Nothing would change" : "Nothing changed";
  if (r.totals.unchanged === 0) return `${verb}: no ${r.unit === "company" ? "companies" : `${r.unit}s`} were imported.`;
  return `${verb}: the ${plural(r.totals.unchanged, r.unit)} in the files ${r.totals.unchanged === 1 ? "is" : "are"} already imported exactly as ${r.totals.unchanged === 1 ? "it is" : "they are"}.`;
}

/** How --state was used: "State Assam given: 2 tenders took it (their files name no state); 1 names another place, kept." */
export function importPlaceLine(place: ImportPlaceCounts | undefined): string | null {
  if (!place?.state_option) return null;
  return `State ${place.state_option} given: ${plural(place.fallback, "tender")} took it (the file names no state); `
    + `${plural(place.disagreed, "tender")} where the file names another place kept the file's.`;
}
