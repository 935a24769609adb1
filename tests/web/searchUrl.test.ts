// The lister's URL ⇄ state (lib/searchUrl): every filter kind survives a round trip, the API
// query is the search language of DESIGN.md, and price denominations become rupees.
import { describe, expect, it } from "vitest";
import {
  EMPTY_SEARCH,
  activeFilterCount,
  freshSince,
  fromRupees,
  guessUnit,
  parseFilter,
  parseSearchUrl,
  toListRequest,
  toRupees,
  toSearchUrl,
  type SearchState,
} from "../../src/lib/searchUrl";
import { boundToDay, daysToRange } from "../../src/components/search/DateRangeFilter";
import { toggleValue, facetOptions } from "../../src/components/search/FacetPanel";
import { dataProvider } from "../../src/providers/dataProvider";
import { jsonResponse, stubApi } from "./helpers";

const state = (patch: Partial<SearchState>): SearchState => ({ ...EMPTY_SEARCH, values: {}, ranges: {}, ...patch });
const roundTrip = (s: SearchState) => parseSearchUrl(new URLSearchParams(toSearchUrl(s).toString()));

describe("URL ⇄ state", () => {
  it("an empty state is an empty URL, and page 1 by default", () => {
    expect(toSearchUrl(EMPTY_SEARCH).toString()).toBe("");
    expect(parseSearchUrl(new URLSearchParams("")).page).toBe(1);
    expect(parseSearchUrl(new URLSearchParams("page=0")).page).toBe(1);
    expect(parseSearchUrl(new URLSearchParams("page=abc")).page).toBe(1);
  });

  it.each<[string, Partial<SearchState>]>([
    ["search text with & and 'and'", { text: "Roads & Bridges and Flyovers" }],
    ["page", { page: 7 }],
    ["sort", { sort: "value desc" }],
    ["one facet value", { values: { state: ["Kerala"] } }],
    ["several values of several facets", { values: { state: ["Kerala", "Tamil Nadu"], sector: ["Warehousing & Logistics"], project_type: ["Hospital"] } }],
    ["a wildcard", { values: { owner_name: ["*Tata*"] } }],
    ["a boolean", { values: { is_ai: ["true"] } }],
    ["a price range in rupees with a unit", { ranges: { value: { min: "25000000", max: "*" } }, unit: "cr" }],
    ["a closed price range", { ranges: { value: { min: "500000", max: "2000000" } }, unit: "lac" }],
    ["a UTC date range", { ranges: { retrieved_on: { min: "2024-01-01T00:00:00Z", max: "2024-03-31T23:59:59.999Z" } } }],
    ["open-ended date ranges on two fields", { ranges: { start_date: { min: "2025-01-01T00:00:00Z", max: "*" }, completion_date: { min: "*", max: "2027-12-31T18:29:59.999Z" } } }],
    ["fresh", { fresh: true }],
    ["show unlocked only", { showUnlocked: true }],
    ["search all", { searchAll: true }],
    ["the previewed lead", { selected: "42" }],
  ])("keeps %s", (_, patch) => {
    const s = state(patch);
    expect(roundTrip(s)).toEqual(s);
  });

  it("keeps everything at once", () => {
    const s = state({
      text: "cement & steel",
      page: 3,
      sort: "value asc",
      values: { state: ["Gujarat", "Maharashtra"], status: ["Planning"] },
      ranges: { value: { min: "10000000", max: "50000000" }, arrived_date: { min: "2024-06-01T00:00:00Z", max: "*" } },
      fresh: true,
      showUnlocked: true,
      searchAll: true,
      unit: "cr",
      selected: "9",
    });
    expect(roundTrip(s)).toEqual(s);
  });

  it("writes the search language: q cleaned, oq as typed, repeated filter values", () => {
    const url = toSearchUrl(state({ text: "Roads & Bridges", values: { state: ["Kerala", "Goa"] }, ranges: { value: { min: "25000000", max: "*" } }, showUnlocked: true }));
    expect(url.get("q")).toBe("Roads Bridges");
    expect(url.get("oq")).toBe("Roads & Bridges");
    expect(url.getAll("filter")).toEqual(["state:Kerala", "state:Goa", "value:[25000000 TO *]"]);
    expect(url.get("show_unlocked")).toBe("true");
    expect(url.has("page")).toBe(false);
  });

  it("reads a shared API-style link (q without oq, the spec's field[min TO max])", () => {
    const s = parseSearchUrl(new URLSearchParams("q=hospital&filter=value[100000 TO 500000]&filter=state:Goa&search_all=true"));
    expect(s.text).toBe("hospital");
    expect(s.ranges.value).toEqual({ min: "100000", max: "500000" });
    expect(s.values.state).toEqual(["Goa"]);
    expect(s.searchAll).toBe(true);
  });

  it("ignores malformed filters and duplicate values", () => {
    const s = parseSearchUrl(new URLSearchParams("filter=nonsense&filter=state:&filter=state:Goa&filter=state:Goa"));
    expect(s.values).toEqual({ state: ["Goa"] });
    expect(parseFilter("value:[1 TO 2]")).toEqual({ field: "value", range: { min: "1", max: "2" } });
  });
});

describe("the API query (state → Refine's filters → the data provider's one query builder)", () => {
  const now = new Date("2025-03-31T10:20:30.456Z");

  /** What the list request of a state sends, read back from the URL the HTTP layer fetched. */
  async function listCall(s: SearchState, options: Parameters<typeof toListRequest>[1] = {}) {
    const fetch = stubApi(() => jsonResponse(200, { count: 0, results: [] }));
    const { filters, sorters, currentPage, flags } = toListRequest(s, options);
    await dataProvider.getList({ resource: "leads", filters, sorters, pagination: { currentPage }, meta: { endpoint: "list/search/", query: flags } });
    const url = new URL(String(fetch.mock.calls[0][0]), "http://localhost");
    return { path: url.pathname, params: url.searchParams };
  }

  it("adds the lister's preset and the flags, with page and sort", async () => {
    const { path, params } = await listCall(state({ text: "a & b", page: 2, sort: "value desc", values: { state: ["Goa"] }, showUnlocked: true, searchAll: true }), { preset: ["category:construction"] });
    expect(path).toBe("/api/list/search/");
    expect([...params]).toEqual([
      ["q", "a b"],
      ["oq", "a & b"],
      ["page", "2"],
      ["sort", "value desc"],
      ["show_unlocked", "true"],
      ["search_all", "true"],
      ["filter", "category:construction"],
      ["filter", "state:Goa"],
    ]);
  });

  it("sends a named order ('relevance') as it is, and the tenders' own search-all key", async () => {
    const { params } = await listCall(state({ sort: "relevance", searchAll: true }), { searchAllParam: "search_all_tenders" });
    expect(params.get("sort")).toBe("relevance");
    expect(params.get("search_all_tenders")).toBe("true");
    expect(params.has("search_all")).toBe(false);
  });

  it("fresh is retrieved_on from now − 30 days, as a UTC instant", async () => {
    expect(freshSince(now)).toBe("2025-03-01T10:20:30Z");
    const { params } = await listCall(state({ fresh: true }), { preset: ["is_ai:true"], now });
    expect(params.getAll("filter")).toEqual(["is_ai:true", "retrieved_on:[2025-03-01T10:20:30Z TO *]"]);
  });

  it("fresh replaces a range on its own field and keeps the others", async () => {
    const { params } = await listCall(state({ fresh: true, ranges: { retrieved_on: { min: "2020-01-01T00:00:00Z", max: "*" }, start_date: { min: "2025-01-01T00:00:00Z", max: "*" } } }), { now });
    expect(params.getAll("filter")).toEqual(["start_date:[2025-01-01T00:00:00Z TO *]", "retrieved_on:[2025-03-01T10:20:30Z TO *]"]);
  });

  it("facet counts take the same query without page and sort", async () => {
    const fetch = stubApi(() => jsonResponse(200, { facets: {} }));
    const { filters, flags } = toListRequest(state({ page: 4, sort: "value asc", values: { city: ["Pune"] }, showUnlocked: true }));
    await dataProvider.custom!({ url: "list/search/facets/", method: "get", filters, query: flags, meta: {} });
    const url = new URL(String(fetch.mock.calls[0][0]), "http://localhost");
    expect(url.pathname).toBe("/api/list/search/facets/");
    expect([...url.searchParams]).toEqual([
      ["show_unlocked", "true"],
      ["filter", "city:Pune"],
    ]);
  });

  it("a field named like an Object property in a shared link is a plain field, not a crash", () => {
    const s = parseSearchUrl(new URLSearchParams("filter=__proto__:x&filter=constructor:y&filter=toString:[1 TO 2]"));
    expect(Object.keys(s.values)).toEqual(["__proto__", "constructor"]);
    expect(s.values.constructor).toEqual(["y"]);
    expect(s.ranges.toString).toEqual({ min: "1", max: "2" });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(toListRequest(s).filters.map((f) => ("field" in f ? f.field : ""))).toEqual(["__proto__", "constructor", "toString"]);
  });

  it("counts the active filters", () => {
    expect(activeFilterCount(state({ values: { a: ["1", "2"] }, ranges: { v: { min: "1", max: "*" }, w: { min: "*", max: "*" } }, fresh: true }))).toBe(4);
  });
});

describe("price denominations", () => {
  it.each([
    [2.5, "cr", 25_000_000],
    [1, "cr", 10_000_000],
    [0.07, "cr", 700_000],
    [12.5, "lac", 1_250_000],
    [45, "lac", 4_500_000],
    [750, "thousand", 750_000],
    [1.5, "thousand", 1_500],
  ] as const)("%s %s = ₹%s", (amount, unit, rupees) => {
    expect(toRupees(amount, unit)).toBe(rupees);
    expect(fromRupees(rupees, unit)).toBe(amount);
  });

  it("empty amounts are open ends", () => {
    expect(toRupees(null, "cr")).toBeNull();
    expect(toRupees("", "lac")).toBeNull();
    expect(fromRupees("*", "cr")).toBeNull();
  });

  it("a link without unit= shows the largest fitting denomination", () => {
    expect(guessUnit({ min: "25000000", max: "*" })).toBe("cr");
    expect(guessUnit({ min: "500000", max: "*" })).toBe("lac");
    expect(guessUnit({ min: "5000", max: "*" })).toBe("thousand");
    expect(guessUnit(undefined)).toBe("cr");
  });
});

describe("date ranges", () => {
  it("picked days are India's calendar days: UTC instants from the start of the first day to the end of the last, in the URL's form", () => {
    const range = daysToRange("2024-01-01", "2024-01-31")!;
    // 1 Jan in India starts at 18:30 UTC the day before, whatever zone the browser is in.
    expect(range).toEqual({ min: "2023-12-31T18:30:00Z", max: "2024-01-31T18:29:59.999Z" });
    // and back: the same calendar days
    expect(boundToDay(range.min)).toBe("2024-01-01");
    expect(boundToDay(range.max)).toBe("2024-01-31");
    expect(boundToDay("2024-05-01")).toBe("2024-05-01");
    expect(boundToDay("*")).toBe("");
    expect(boundToDay("not a date")).toBe("");
  });

  it("leaves an unpicked end open and both unpicked as no filter", () => {
    expect(daysToRange("2024-05-01", "")!.max).toBe("*");
    expect(daysToRange(null, "2024-05-01")!.min).toBe("*");
    expect(daysToRange(null, null)).toBeUndefined();
    expect(daysToRange("", "")).toBeUndefined();
  });
});

describe("facet multi-select", () => {
  it("ticks add values to the field (OR) in the order chosen; unticks remove them", () => {
    let values: string[] = [];
    values = toggleValue(values, "Kerala", true);
    values = toggleValue(values, "Goa", true);
    values = toggleValue(values, "Goa", true);
    expect(values).toEqual(["Kerala", "Goa"]);
    const { filters } = toListRequest(state({ values: { state: values, sector: ["Cement"] } }));
    expect(filters).toEqual([
      { field: "state", operator: "in", value: ["Kerala", "Goa"] },
      { field: "sector", operator: "in", value: ["Cement"] },
    ]);
    expect(toggleValue(values, "Kerala", false)).toEqual(["Goa"]);
  });

  it("a selected value the server did not count still shows, with 0", () => {
    expect(facetOptions([{ text: "Goa", count: 3 }], ["Goa", "Assam"])).toEqual([
      { text: "Goa", count: 3 },
      { text: "Assam", count: 0 },
    ]);
  });
});
