// The REST provider (@refinedev/simple-rest over the HTTP layer): the spec's URLs exactly,
// {count, results} lists, the token, field errors and quiet calls.
import { afterEach, describe, expect, it, vi } from "vitest";
import { TOKEN_STORAGE_KEY } from "../../common/constants";
import * as toast from "../../src/lib/toast";
import { restDataProvider as rest } from "../../src/providers/restDataProvider";
import { fieldErrors } from "../../src/lib/errorMessages";
import { jsonResponse, stubApi } from "./helpers";

const urlOf = (fetch: ReturnType<typeof stubApi>, call = 0) => String(fetch.mock.calls[call][0]);
const initOf = (fetch: ReturnType<typeof stubApi>, call = 0) => fetch.mock.calls[call][1] as RequestInit;

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe("REST data provider", () => {
  it("lists answer data and total from {count, results}, with no _start/_end, and carry the token", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, "abc");
    const fetch = stubApi(() => jsonResponse(200, { count: 3, page_size: 25, results: [{ id: 1 }] }));
    const result = await rest.getList({ resource: "reminders/list", pagination: { currentPage: 2, pageSize: 10 } });
    expect(result).toMatchObject({ data: [{ id: 1 }], total: 3, page_size: 25 });
    expect(urlOf(fetch)).toBe("/api/reminders/list");
    expect((initOf(fetch).headers as Record<string, string>).Authorization).toBe("Token abc");
  });

  it("keeps each resource's own URL ending, and sends the page's query", async () => {
    const fetch = stubApi((_url, init) => jsonResponse(200, init.method === "GET" ? { count: 0, results: [] } : { id: 5 }));
    await rest.getList({ resource: "saved-search" });
    await rest.update({ resource: "saved-search", id: 5, variables: { name: "A" } });
    await rest.update({ resource: "reminders/list", id: 5, variables: { note: "B" } });
    await rest.deleteOne({ resource: "email-config", id: 7 });
    await rest.create({ resource: "saved-search", variables: { name: "C" } });
    await rest.getList({ resource: "company/static_data", meta: { query: { page: 2, q: "tata & sons", status: undefined } } });
    expect(fetch.mock.calls.map(([url, init]) => `${(init as RequestInit).method} ${String(url)}`)).toEqual([
      "GET /api/saved-search/",
      "PATCH /api/saved-search/5/",
      "PATCH /api/reminders/list/5",
      "DELETE /api/email-config/7/",
      "POST /api/saved-search/",
      "GET /api/company/static_data/?page=2&q=tata+%26+sons",
    ]);
    expect(initOf(fetch, 1).body).toBe(JSON.stringify({ name: "A" }));
  });

  it("custom calls send the spec's URL and query, without simple-rest's stray '?'", async () => {
    const fetch = stubApi(() => jsonResponse(200, { total: 1 }));
    await rest.custom!({ url: "proj_cnt_stats/", method: "get", query: { days: 30 } });
    await rest.custom!({ url: "proj_cnt_under_construction/", method: "get" });
    expect([urlOf(fetch, 0), urlOf(fetch, 1)]).toEqual(["/api/proj_cnt_stats/?days=30", "/api/proj_cnt_under_construction/"]);
  });

  it("a failed write rejects with its field messages; meta.toast false keeps it out of the toasts", async () => {
    const shown = vi.spyOn(toast, "toastError");
    stubApi(() => jsonResponse(400, { name: ["You already have a quick search with this name."] }));
    const quiet = await rest.create({ resource: "saved-search", variables: { name: "A" }, meta: { toast: false } }).catch((e: unknown) => e);
    expect(fieldErrors(quiet)).toEqual({ name: ["You already have a quick search with this name."] });
    expect(shown).not.toHaveBeenCalled();
    await rest.create({ resource: "saved-search", variables: { name: "A" } }).catch(() => undefined);
    expect(shown).toHaveBeenCalledTimes(1);
  });
});
