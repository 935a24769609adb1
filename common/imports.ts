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
  // No count: a tender in several files of one run (OCDS releases) is counted once per file.
  return `${verb}: every ${r.unit === "company" ? "company" : r.unit} in the files is already imported exactly as it is.`;
}

/** How --state was used: "State Assam given: 2 tenders took it (their files name no state); 1 names another place, kept." */
export function importPlaceLine(place: ImportPlaceCounts | undefined): string | null {
  if (!place?.state_option) return null;
  return `State ${place.state_option} given: ${plural(place.fallback, "tender")} took it (the file names no state); `
    + `${plural(place.disagreed, "tender")} where the file names another place kept the file's.`;
}
