// The staff Sources tab (/update-projects?tab=sources, issue 19 point 5): only staff may use it;
// it reads GET imports/sources/ through the data provider and shows each source stalest first,
// a stale row flagged in words (not by colour alone), numbers grouped the Indian way and times
// labelled IST.
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ImportSource } from "../../common/import-sources";
import { formatDateTime } from "../../src/lib/format";
import { freshnessText } from "../../src/pages/sources/SourcesPanel";
import { accessControlProvider } from "../../src/providers/accessControlProvider";
import { clearSession } from "../../src/providers/session";
import { TOKEN_STORAGE_KEY } from "../../common/constants";
import { jsonResponse, makeUser, stubSignedInApi } from "./helpers";
import { renderSignedIn } from "./renderApp";

const staffUser = makeUser({ id: 2, email: "ravi@infrascout.in", is_staff: true, first_name: "Ravi" });
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

const source = (extra: Partial<ImportSource>): ImportSource => ({
  kind: "ocds", source: "cppp", unit: "tender", runs: 40, last_run_at: ago(1), last_run_status: "done", last_success_at: ago(1),
  items_created: 1_234_567, items_updated: 8_901, changes_found: 12_345, failed_runs: 0, rejected_rows: 0, failed_files: 0,
  stale_after_days: 3, stale: false, ...extra,
});
const SOURCES = [
  source({ kind: "gepnic", source: "assam-portal", runs: 1, last_run_status: "failed", last_success_at: null, items_created: 0, items_updated: 0, changes_found: 0, failed_runs: 1, stale: true }),
  source({ kind: "results-csv", source: "state-results", unit: "result", last_run_at: ago(20), last_success_at: ago(20), rejected_rows: 15, stale_after_days: 14, stale: true }),
  source({}),
];

describe("sources tab", () => {
  afterEach(() => clearSession());

  it("only staff may use it (accessControlProvider): not a subscriber, not an impersonated session", async () => {
    const can = async (user: typeof staffUser) => {
      localStorage.setItem(TOKEN_STORAGE_KEY, "t");
      stubSignedInApi(user);
      const { can: allowed } = await accessControlProvider.can({ resource: "import-sources", action: "list" });
      clearSession();
      return allowed;
    };
    expect(await can(staffUser)).toBe(true);
    expect(await can(makeUser())).toBe(false);
    expect(await can({ ...staffUser, is_impersonated: true })).toBe(false);
  });

  it("lists the sources stalest first, stale ones flagged in words, numbers in lakh grouping and times in IST", async () => {
    const { fetch } = renderSignedIn("/update-projects?tab=sources", staffUser, (url) =>
      url.pathname === "/api/imports/sources/" ? jsonResponse(200, { count: 3, stale_count: 2, results: SOURCES }) : undefined,
    );
    const table = await screen.findByRole("table", { name: "Import sources" }, { timeout: 19_000 });
    await within(table).findByText("assam-portal");
    expect(screen.getByRole("heading", { name: "Sources" })).toBeTruthy();
    const calls = fetch.mock.calls.map(([u]) => new URL(String(u), "http://localhost")).filter((u) => u.pathname === "/api/imports/sources/");
    expect(calls.length).toBeGreaterThan(0);
    expect([...calls[0].searchParams.keys()]).toEqual([]);

    expect(screen.getByText("2 of 3 sources are stale")).toBeTruthy();
    const headers = within(table).getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Freshness", "Source", "Last import (IST)", "Last success (IST)", "Items written", "Changes found", "Failures"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.querySelector(".source-label")!.textContent)).toEqual(["assam-portal", "state-results", "cppp"]);
    expect(rows.map((r) => r.querySelector(".source-tag")!.textContent)).toEqual(["Stale", "Stale", "Fresh"]);
    expect(rows[0].classList.contains("source-row-stale")).toBe(true);
    expect(rows[2].classList.contains("source-row-stale")).toBe(false);

    expect(within(rows[0]).getByText("Never imported successfully")).toBeTruthy();
    expect(within(rows[0]).getByText("Never")).toBeTruthy();
    expect(within(rows[0]).getByText("1 failed import")).toBeTruthy();
    expect(within(rows[1]).getByText("Last success 20 days ago; stale after 14 days")).toBeTruthy();
    expect(within(rows[1]).getByText("15 rejected rows")).toBeTruthy();
    expect(rows[2].textContent).toContain("12,34,567 tenders new");
    expect(rows[2].textContent).toContain("8,901 updated");
    expect(within(rows[2]).getByText("12,345")).toBeTruthy();
    expect(within(rows[2]).getAllByText(formatDateTime(SOURCES[2].last_run_at))).toHaveLength(2);
    expect(formatDateTime(SOURCES[2].last_run_at)).toMatch(/ IST$/);
    expect(freshnessText(SOURCES[2])).toBe("Last success 1 day ago");
  });
});
