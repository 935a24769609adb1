// A lister opened past its last page (an old link, a bookmark after the results shrank) moves
// to the last page in place: its rows are shown and the pager marks the page really shown.
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { currentLocation, renderSignedIn } from "./renderApp";
import { jsonResponse, leadRow, makeUser } from "./helpers";

const lead = (id: number) => leadRow(id);

describe("lister paging", () => {
  it("a page past the end shows the last page instead of a count above no leads", async () => {
    const pagesAsked: string[] = [];
    renderSignedIn("/private-construction-leads?page=9&filter=state:Kerala", makeUser(), (url) => {
      if (url.pathname === "/api/list/search/") {
        const page = Number(url.searchParams.get("page"));
        pagesAsked.push(String(page));
        // 45 leads, 20 a page: pages 1–3; the server answers an empty page past the end.
        const rows = page === 3 ? [lead(41), lead(42)] : page < 3 ? [lead(page * 20)] : [];
        return jsonResponse(200, { count: 45, page, page_size: 20, results: rows });
      }
      if (url.pathname === "/api/list/search/facets/") return jsonResponse(200, { facets: {} });
      return undefined;
    });
    await screen.findByText("Lead number 41", {}, { timeout: 19_000 });
    expect(currentLocation()).toBe("/private-construction-leads?page=3&filter=state%3AKerala");
    expect(pagesAsked).toEqual(["9", "3"]);
    await waitFor(() => expect(document.querySelector(".ant-pagination-item-active")?.textContent).toBe("3"));
    expect(screen.queryByText("No leads match this search")).toBeNull();
  });
});
