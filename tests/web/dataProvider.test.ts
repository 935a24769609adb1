// Refine's list parameters → the search language of DESIGN.md.
import { describe, expect, it } from "vitest";
import { dataProvider, listQuery } from "../../src/providers/dataProvider";
import { jsonResponse, stubApi } from "./helpers";

describe("data provider", () => {
  it("maps page, sorters and filters, ignoring empty strings", () => {
    const query = listQuery({
      pagination: { currentPage: 3 },
      sorters: [{ field: "value", order: "desc" }],
      filters: [
        { field: "state", operator: "in", value: ["Kerala", "Goa"] },
        { field: "sector", operator: "eq", value: "" },
        { field: "status", operator: "eq", value: "Planning" },
        { field: "value", operator: "between", value: [1000000, undefined] },
        { field: "title", operator: "contains", value: "plant" },
        { field: "q", operator: "eq", value: "Roads & Bridges" },
      ],
    });
    expect(query).toMatchObject({
      page: 3,
      sort: "value desc",
      q: "Roads Bridges",
      oq: "Roads & Bridges",
      filter: ["state:Kerala", "state:Goa", "status:Planning", "value:[1000000 TO *]", "title:*plant*"],
    });
  });

  it("defaults to page 1", () => {
    expect(listQuery({}).page).toBe(1);
  });

  it("getList answers data and total, with extra keys such as facets", async () => {
    const fetch = stubApi(() => jsonResponse(200, { count: 42, page: 1, page_size: 20, results: [{ id: 1 }], facets: { state: [] } }));
    const result = await dataProvider.getList({ resource: "tenders", meta: { endpoint: "list/tenders/search/" }, pagination: { currentPage: 1 } });
    expect(result).toMatchObject({ data: [{ id: 1 }], total: 42, facets: { state: [] } });
    expect(String(fetch.mock.calls[0][0])).toBe("/api/list/tenders/search/?page=1");
  });
});

describe("prefetching a lister from its menu link", () => {
  it("asks for the lister's first page and facets once; the page's own requests take those answers", async () => {
    const { prefetchLister } = await import("../../src/components/search/prefetch");
    const { toListRequest, EMPTY_SEARCH } = await import("../../src/lib/searchUrl");
    const fetch = stubApi((url) =>
      url.pathname.endsWith("/facets/") ? jsonResponse(200, { facets: { state: [{ text: "Goa", count: 3 }] } }) : jsonResponse(200, { count: 3, page: 1, page_size: 20, results: [{ id: 7 }] }),
    );
    await prefetchLister("/private-industrial-leads");
    await prefetchLister("/private-industrial-leads"); // a second hover asks nothing more
    expect(fetch.mock.calls.map(([u]) => String(u))).toEqual(["/api/list/search/?page=1&filter=category%3Aindustrial", "/api/list/search/facets/?filter=category%3Aindustrial"]);

    // What the industrial leads page asks for when it opens: nothing goes out again.
    const { filters, sorters, currentPage, flags } = toListRequest(EMPTY_SEARCH, { preset: ["category:industrial"] });
    const list = await dataProvider.getList({ resource: "leads", filters, sorters, pagination: { currentPage, mode: "server", pageSize: 10 }, meta: { endpoint: "list/search/", query: flags } });
    const facets = await dataProvider.custom!({ url: "list/search/facets/", method: "get", filters, query: flags, meta: {} });
    expect(list).toMatchObject({ data: [{ id: 7 }], total: 3 });
    expect(facets.data).toEqual({ facets: { state: [{ text: "Goa", count: 3 }] } });
    expect(fetch).toHaveBeenCalledTimes(2);

    // A prefetched answer is used once: the next request for the same page asks the server.
    await dataProvider.getList({ resource: "leads", filters, sorters, pagination: { currentPage }, meta: { endpoint: "list/search/", query: flags } });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("ignores paths that are not listers, and a failed prefetch leaves the page to ask itself", async () => {
    const { prefetchLister } = await import("../../src/components/search/prefetch");
    let fail = true;
    const fetch = stubApi(() => (fail ? jsonResponse(503, { detail: "busy" }) : jsonResponse(200, { count: 0, results: [] })));
    await prefetchLister("/dashboard");
    expect(fetch).not.toHaveBeenCalled();
    await prefetchLister("/live-tenders");
    await new Promise((r) => setTimeout(r, 0));
    fail = false;
    await dataProvider.getList({ resource: "tenders", pagination: { currentPage: 1 }, meta: { endpoint: "list/tenders/search/", query: {} } });
    expect(fetch.mock.calls.filter(([u]) => String(u) === "/api/list/tenders/search/?page=1")).toHaveLength(2);
  });
});
