// The "Changes" section of the tender and lead pages (issue 19) in the real app over a stubbed API:
// each set of changes newest first, when it was found (IST, in a <time>) and where from, each change
// as a sentence; the empty, failure and "older changes" states; none on a shared tender link.
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ChangeSet } from "../../common/changes";
import type { TenderDetail } from "../../common/tenders";
import { jsonResponse, makeUser, stubApi, type Route } from "./helpers";
import { renderApp, renderSignedIn } from "./renderApp";

const tender: TenderDetail = {
  id: 5, title: "Periyar bridge", portal_tender_id: "2026_PWD_5_1", reference: null, ocid: null,
  org_name: "Public Works Department, Kerala", org_name_exact: "Public Works Department, Kerala", department: null,
  tender_status: "Live", is_corrigendum: true, category: "works", tender_type: null, value: 25_000_000,
  emd: null, tender_fee: null, state: "Kerala", district: null, city: "Kochi", pincode: null, description: "Construction of a bridge over the Periyar river.",
  published_date: null, closing_date: "2026-04-08T18:00:00Z", opening_date: null, prebid_date: null,
  status_update_date: null, retrieved_on: null, reviewed_date: null, arrived_date: "2026-03-01T04:00:00Z",
  is_live: true, source: null, source_url: null, documents: [], corrigenda: [], result: null, shared: false,
};

const lead = {
  id: 7, title: "Kochi cancer centre", category: "construction", is_ai: false, project_type: "{Hospital}", sector: "Healthcare",
  status: "Under Construction", value: 550_000_000, state: "Kerala", city: "Kochi", retrieved_on: "2025-03-05T10:00:00Z",
  arrived_date: "2025-03-05T10:00:00Z", mark: "unmarked", description: null, keywords: [], mark_history: [],
};

const amendment: ChangeSet = {
  id: 12, item_type: "tender", item_id: 5, detected_at: "2026-03-20T09:45:00Z",
  source: { kind: "import", import_run_id: 31, file: "ocds-213czf-000-00001-03-tenderAmendment.json", staff_name: null },
  changes: [
    { field: "closing_date", old: "2026-04-01T18:00:00Z", new: "2026-04-08T18:00:00Z" },
    { field: "corrigendum", old: null, new: "Extension of bid due date" },
  ],
};
const firstImport: ChangeSet = {
  id: 4, item_type: "tender", item_id: 5, detected_at: "2026-03-02T04:00:00Z", source: { kind: "import" },
  changes: [{ field: "emd", old: null, new: 500000 }],
};
const staffSave: ChangeSet = {
  id: 9, item_type: "project", item_id: 7, detected_at: "2026-05-01T12:30:00Z", source: { kind: "staff", staff_name: "Asha Menon" },
  changes: [
    { field: "status", old: "Planning", new: "Under Construction" },
    { field: "value", old: 500000000, new: 550000000 },
    { field: "completion_date", old: "2026-06-30", new: "2027-03-31" },
  ],
};

/** The detail records, and each item's changes as `changes` answers (a status and a body). */
function api(changes: (path: string) => [number, unknown]): Route {
  return (url) => {
    if (url.pathname === "/api/tender/detail/5") return jsonResponse(200, tender);
    if (url.pathname === "/api/work/7/") return jsonResponse(200, lead);
    if (/^\/api\/(tender|work)\/\d+\/changes\/$/.test(url.pathname)) return jsonResponse(...changes(url.pathname));
    return undefined;
  };
}

const changesRegion = () => screen.findByRole("region", { name: "Changes" }, { timeout: 15_000 });

/** Each set as it reads: [time text, its dateTime, source, [sentences]]. */
async function readSets() {
  const region = await changesRegion();
  const list = await within(region).findByRole("list", { name: "Changes, newest first" }, { timeout: 15_000 });
  return within(list)
    .getAllByRole("listitem")
    .filter((li) => li.parentElement === list)
    .map((li) => {
      const time = li.querySelector("time")!;
      return [time.textContent, time.getAttribute("dateTime"), li.querySelector(".change-set-source")!.textContent, [...li.querySelectorAll(".change")].map((c) => c.textContent)];
    });
}

describe("the Changes section", { timeout: 60_000 }, () => {
  it("a tender's page lists its change sets newest first, each with its IST time, its source and each change as a sentence", async () => {
    const { fetch } = renderSignedIn("/tender/detail/5", makeUser(), api(() => [200, { results: [amendment, firstImport] }]));
    expect(await readSets()).toEqual([
      [
        "20 Mar, 2026 03:15 PM IST",
        "2026-03-20T09:45:00Z",
        "Import run 31 · ocds-213czf-000-00001-03-tenderAmendment.json",
        ["Bid closing moved from 1 Apr 2026, 11:30 pm IST to 8 Apr 2026, 11:30 pm IST", "New corrigendum: Extension of bid due date"],
      ],
      ["02 Mar, 2026 09:30 AM IST", "2026-03-02T04:00:00Z", "Found on the source portal by InfraScout's import", ["EMD set to ₹5,00,000"]],
    ]);
    const paths = fetch.mock.calls.map(([u]) => new URL(String(u), "http://localhost").pathname);
    expect(paths).toContain("/api/tender/5/changes/");
  });

  it.each(["/private-leads/detail/7", "/project-detail-new/7"])("%s lists a staff save's changes with who made it", async (path) => {
    renderSignedIn(path, makeUser(), api(() => [200, { results: [staffSave] }]));
    expect(await readSets()).toEqual([
      [
        "01 May, 2026 06:00 PM IST",
        "2026-05-01T12:30:00Z",
        "Edited by Asha Menon",
        ["Status changed from Planning to Under Construction", "Project value changed from ₹50,00,00,000 to ₹55,00,00,000", "Completion date moved from 30 Jun 2026 to 31 Mar 2027"],
      ],
    ]);
  });

  it("says so when nothing has changed yet", async () => {
    renderSignedIn("/private-leads/detail/7", makeUser(), api(() => [200, { results: [] }]));
    const region = await changesRegion();
    await within(region).findByText(/No changes recorded yet/, {}, { timeout: 15_000 });
    expect(within(region).queryByRole("list")).toBeNull();
  });

  it("a failure shows in the section, and the rest of the page stays", async () => {
    renderSignedIn("/tender/detail/5", makeUser(), api(() => [500, { detail: "Server error." }]));
    const region = await changesRegion();
    await within(region).findByText("Changes could not be loaded", {}, { timeout: 15_000 });
    expect(screen.getByRole("region", { name: "Tender details" })).toBeTruthy();
  });

  it("shows the five newest sets, and the older ones on request", async () => {
    const sets = Array.from({ length: 7 }, (_, i): ChangeSet => ({
      ...firstImport, id: 100 - i, detected_at: new Date(Date.UTC(2026, 2, 20 - i, 4)).toISOString(),
      changes: [{ field: "tender_status", old: `Step ${7 - i}`, new: `Step ${8 - i}` }],
    }));
    renderSignedIn("/tender/detail/5", makeUser(), api(() => [200, { results: sets }]));
    expect((await readSets()).map(([, , , changes]) => changes)).toEqual([8, 7, 6, 5, 4].map((n) => [`Status changed from Step ${n - 1} to Step ${n}`]));
    fireEvent.click(screen.getByRole("button", { name: "Show 2 older changes" }));
    expect((await readSets()).length).toBe(7);
    expect(screen.queryByRole("button", { name: /older change/ })).toBeNull();
  });

  it("a shared tender link read without an account asks for no changes", async () => {
    const fetch = stubApi((url) => (url.pathname === "/api/tender/detail/5" ? jsonResponse(200, { ...tender, shared: true }) : undefined));
    renderApp("/tender/detail/5?uid=3&tid=good");
    await screen.findByText("A tender shared with you from InfraScout", {}, { timeout: 19_000 });
    expect(screen.queryByRole("region", { name: "Changes" })).toBeNull();
    expect(fetch.mock.calls.some(([u]) => String(u).includes("/changes/"))).toBe(false);
  });
});
