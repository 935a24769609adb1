// The staff import report (issue #15 points 5 and 9): a run that created and updated nothing
// says "Nothing changed" in words, and a run given a State says how it was used.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ImportReportView } from "../../src/pages/imports/ImportReportView";
import type { ImportReport } from "../../src/pages/imports/api";

// As the server answers a second upload of the three real GePNIC pages with State Bihar
// (tests/api/import-place.test.ts: their files name Assam, which is kept).
const report = (totals: Partial<ImportReport["totals"]>, extra: Partial<ImportReport> = {}): Partial<ImportReport> => ({
  run_id: 7, kind: "gepnic", source: "assam", dry_run: false, status: "done", unit: "tender", started_at: "2026-11-26T09:00:00.000Z",
  totals: { read: 14, created: 0, updated: 0, unchanged: 3, skipped: 0, rejected: 0, ...totals },
  files: [], companies: { created: 0, linked: 0 }, rejects: [], rejects_total: 0, warnings: [], warnings_total: 0,
  place: { state_option: "Bihar", fallback: 0, disagreed: 3 },
  ...extra,
});

describe("ImportReportView", () => {
  it("a re-import that changed nothing says so, and how the State was used", () => {
    render(<ImportReportView report={report({})} />);
    expect(screen.getByRole("alert").textContent).toBe("Nothing changed: every tender in the files is already imported exactly as it is.");
    expect(screen.getByText("State Bihar given: 0 tenders took it (the file names no state); 3 tenders where the file names another place kept the file's.").tagName).toBe("DIV");
  });

  it("a run that wrote something, or an older report without place counts, says neither", () => {
    render(<ImportReportView report={report({ created: 1, unchanged: 2 }, { place: undefined })} />);
    expect(screen.queryByText(/Nothing changed/)).toBeNull();
    expect(screen.queryByText(/given:/)).toBeNull();
  });
});
