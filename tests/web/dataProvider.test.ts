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
