// The import report as plain text (the command line prints it).
import { importPlaceLine, importVerdict } from "../../../common/imports.js";
import type { ImportReport } from "./run.js";

export function formatReport(r: ImportReport): string {
  const t = r.totals;
  const lines: string[] = [];
  lines.push(`Import #${r.run_id} (${r.kind}${r.source ? `, source ${r.source}` : ""})${r.dry_run ? " — DRY RUN, nothing written" : ""}: ${r.status}`);
  lines.push(`  read ${t.read}  created ${t.created}  updated ${t.updated}  unchanged ${t.unchanged}  skipped ${t.skipped}  rejected ${t.rejected}  (${r.unit === "company" ? "companies" : `${r.unit}s`}; read counts rows, lines or releases)`);
  lines.push(`  companies: ${r.companies.created} created, ${r.companies.linked} linked to existing ones`);
  const verdict = importVerdict(r);
  if (verdict) lines.push(`  ${verdict}`);
  const placeLine = importPlaceLine(r.place);
  if (placeLine) lines.push(`  ${placeLine}`);
  if (r.files.length > 1) {
    for (const f of r.files) {
      lines.push(`  ${f.file}: ${f.error ?? `read ${f.read}, created ${f.created}, updated ${f.updated}, unchanged ${f.unchanged}, rejected ${f.rejected}`}`);
    }
  }
  if (r.rejects_total) {
    lines.push(`Rejected (${r.rejects_total}):`);
    for (const x of r.rejects) lines.push(`  ${x.file}${x.row !== null ? `, row ${x.row}` : ""}${x.key ? ` [${x.key}]` : ""}: ${x.reason}`);
    if (r.rejects_total > r.rejects.length) lines.push(`  … and ${r.rejects_total - r.rejects.length} more (all in import_rejects, run ${r.run_id})`);
  }
  if (r.warnings_total) {
    lines.push(`Warnings (${r.warnings_total}):`);
    for (const w of r.warnings) lines.push(`  ${w.file}${w.row !== null ? `, row ${w.row}` : ""}: ${w.message}`);
    if (r.warnings_total > r.warnings.length) lines.push(`  … and ${r.warnings_total - r.warnings.length} more`);
  }
  if (r.error) lines.push(`Stopped: ${r.error}`);
  return lines.join("\n");
}
