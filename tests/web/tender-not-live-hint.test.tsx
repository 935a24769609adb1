// Live Tenders and a Tender ID typed in its search box (issue 15, point 1): the list is live
// tenders only, so an awarded tender's number finds nothing there. The page reads the API's
// not_live_matches and says so above the list, naming the tender (or counting them), and one
// click shows the same search with 'Show all tenders' on — where the tender is listed.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { TenderList, TenderListRow } from "../../common/tenders";
import { currentLocation, renderSignedIn } from "./renderApp";
import { jsonResponse, makeUser } from "./helpers";

const TENDER_ID = "2024_PWD_35115_146";
const awarded: TenderListRow = {
  id: 7, title: "Improvement of Goalpara town roads", portal_tender_id: TENDER_ID, reference: "CE/DEV/TB/707/2023-24/01",
  org_name: "Public Works Roads Department", org_name_exact: "Public Works Roads Department", department: null, tender_status: "AOC",
  is_corrigendum: false, category: "works", tender_type: null, value: 25_000_000, value_band: "1 - 10 Crore", emd: null, state: "Assam",
  district: "Goalpara", city: "Goalpara", published_date: "2024-02-01T05:30:00.000Z", closing_date: "2024-03-01T05:30:00.000Z",
  status_update_date: null, retrieved_on: null, reviewed_date: null, arrived_date: "2026-11-01T05:30:00.000Z", result_id: 3,
};

/** The stubbed lister: live only → nothing listed and `hidden` left out; search_all_tenders=true → the awarded tender. */
function tendersApi(calls: URL[], hidden: TenderList["not_live_matches"]) {
  return (url: URL) => {
    if (url.pathname === "/api/list/tenders/search/") {
      calls.push(url);
      const all = url.searchParams.get("search_all_tenders") === "true";
      const body: TenderList = all
        ? { count: 1, page: 1, page_size: 20, results: [awarded], not_live_matches: null }
        : { count: 0, page: 1, page_size: 20, results: [], not_live_matches: hidden };
      return jsonResponse(200, body);
    }
    if (url.pathname === "/api/list/tenders/search/facets/") return jsonResponse(200, { facets: {} });
    return undefined;
  };
}

const query = () => new URLSearchParams(currentLocation()!.split("?")[1] ?? "");
afterEach(() => localStorage.clear());

describe("a Tender ID the live list leaves out", { timeout: 60_000 }, () => {
  it("names the tender and its status; 'Show it' is the same search with every tender, and lists it", async () => {
    const calls: URL[] = [];
    renderSignedIn(`/live-tenders?q=${TENDER_ID}`, makeUser(), tendersApi(calls, { count: 1, first: awarded }));
    const hint = await screen.findByRole("alert", {}, { timeout: 40_000 });
    expect(hint.textContent).toContain(`${TENDER_ID} is not a live tender (AOC).`);
    expect(calls.at(-1)!.searchParams.get("q")).toBe(TENDER_ID);
    expect(calls.at(-1)!.searchParams.get("search_all_tenders")).toBeNull();

    fireEvent.click(within(hint).getByRole("button", { name: "Show it" }));
    await waitFor(() => expect(query().get("search_all_tenders")).toBe("true"));
    expect(query().get("q")).toBe(TENDER_ID);
    const link = await screen.findByRole("link", { name: awarded.title });
    expect(link.getAttribute("href")).toBe("/tender/detail/7");
    expect(calls.at(-1)!.searchParams.get("search_all_tenders")).toBe("true");
    expect(calls.at(-1)!.searchParams.get("q")).toBe(TENDER_ID);
    expect(screen.queryByText(/is not a live tender/)).toBeNull();
  });

  it("counts several in Indian digits and offers 'Show all tenders'", async () => {
    const calls: URL[] = [];
    renderSignedIn("/live-tenders?q=2024_PWD", makeUser(), tendersApi(calls, { count: 1234, first: awarded }));
    const hint = await screen.findByRole("alert", {}, { timeout: 40_000 });
    expect(hint.textContent).toContain("1,234 tenders outside live tenders match this Tender ID or reference.");
    fireEvent.click(within(hint).getByRole("button", { name: "Show all tenders" }));
    await waitFor(() => expect(calls.at(-1)!.searchParams.get("search_all_tenders")).toBe("true"));
    expect(calls.at(-1)!.searchParams.get("q")).toBe("2024_PWD");
  });

  it("says nothing when nothing is left out", async () => {
    const calls: URL[] = [];
    renderSignedIn("/live-tenders?q=bridge", makeUser(), tendersApi(calls, null));
    await screen.findByText("0 tenders", {}, { timeout: 40_000 });
    expect(calls.at(-1)!.searchParams.get("q")).toBe("bridge");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
