// Refine's list parameters → the search language of DESIGN.md.
import { afterEach, describe, expect, it, vi } from "vitest";
import { TOKEN_STORAGE_KEY } from "../../common/constants";
import { dataProvider, listQuery, prefetchedCount, readTimesCount } from "../../src/providers/dataProvider";
import { resources } from "../../src/resources";
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
    localStorage.setItem(TOKEN_STORAGE_KEY, "unread-token"); // a session that has read no lister yet
    await prefetchLister("/dashboard");
    expect(fetch).not.toHaveBeenCalled();
    await prefetchLister("/live-tenders");
    await new Promise((r) => setTimeout(r, 0));
    fail = false;
    await dataProvider.getList({ resource: "tenders", pagination: { currentPage: 1 }, meta: { endpoint: "list/tenders/search/", query: {} } });
    expect(fetch.mock.calls.filter(([u]) => String(u) === "/api/list/tenders/search/?page=1")).toHaveLength(2);
  });

  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it("never answers one session's page with what another session prefetched", async () => {
    const { prefetchLister } = await import("../../src/components/search/prefetch");
    const fetch = stubApi(() => jsonResponse(200, { count: 1, page: 1, page_size: 20, results: [{ id: 1 }] }));
    localStorage.setItem(TOKEN_STORAGE_KEY, "staff-token");
    await prefetchLister("/builders");
    // Staff starts acting as a user: the page now asks with the user's session.
    localStorage.setItem(TOKEN_STORAGE_KEY, "user-token");
    await dataProvider.getList({ resource: "builders", pagination: { currentPage: 1 }, meta: { endpoint: "list/company/search/", query: {} } });
    const asked = fetch.mock.calls.filter(([u]) => String(u) === "/api/list/company/search/?page=1");
    expect(asked).toHaveLength(2);
  });

  it("does not prefetch a lister a page read in the last half minute (it is shown from the cache); later it does", async () => {
    const { prefetchLister } = await import("../../src/components/search/prefetch");
    const fetch = stubApi(() => jsonResponse(200, { count: 1, page: 1, page_size: 20, results: [{ id: 1 }], facets: {} }));
    vi.useFakeTimers({ toFake: ["Date"] });
    localStorage.setItem(TOKEN_STORAGE_KEY, "reader-token"); // a session of its own: no other test's reads
    const listAsked = () => fetch.mock.calls.filter(([u]) => String(u) === "/api/list/company/search/?page=1").length;
    await dataProvider.getList({ resource: "builders", pagination: { currentPage: 1 }, meta: { endpoint: "list/company/search/", query: {} } });
    expect(listAsked()).toBe(1);
    vi.setSystemTime(Date.now() + 20_000);
    await prefetchLister("/builders"); // shown from the cache on return: nothing to ask
    expect(listAsked()).toBe(1);
    vi.setSystemTime(Date.now() + 11_000);
    await prefetchLister("/builders"); // past the half minute the page asks again: so does the prefetch
    expect(listAsked()).toBe(2);
  });

  it("forgets read times older than a minute as new reads come, without any prefetch", async () => {
    stubApi(() => jsonResponse(200, { results: [] }));
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 10 * 60_000); // every earlier test's reads are old now
    for (const q of ["a", "ab", "abc"]) await dataProvider.custom!({ url: "company/suggest/", method: "get", query: { q } });
    expect(readTimesCount()).toBe(3);
    vi.setSystemTime(Date.now() + 61_000);
    await dataProvider.custom!({ url: "company/suggest/", method: "get", query: { q: "abcd" } });
    expect(readTimesCount()).toBe(1);
  });

  it("drops prefetches of links hovered and never clicked once they are stale", async () => {
    const { prefetchLister } = await import("../../src/components/search/prefetch");
    stubApi(() => jsonResponse(200, { count: 0, results: [], facets: {} }));
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 60_000); // whatever earlier tests left is stale now
    await prefetchLister("/results");
    expect(prefetchedCount()).toBe(2); // the first page and the facet counts, nothing older
    vi.setSystemTime(Date.now() + 11_000);
    await prefetchLister("/live-tenders");
    expect(prefetchedCount()).toBe(2);
  });

  it.each(["/private-construction-leads", "/private-industrial-leads", "/ai-leads", "/private-construction-leads-new", "/private-industrial-leads-new", "/live-tenders", "/results", "/builders"])(
    "%s: the menu prefetches the search its resource is served from",
    async (path) => {
      const { listerAt } = await import("../../src/components/search/prefetch");
      const found = listerAt(path);
      expect(found?.page?.preload).toBeTypeOf("function");
      const { config } = await found!.lister();
      const resource = resources.find((r) => r.list === path || r.meta?.routes?.some((route) => route.path === path))!;
      expect(config.endpoint).toBe(resource.meta!.endpoint);
    },
  );
});
