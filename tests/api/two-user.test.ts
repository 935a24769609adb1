// Two users, one matrix: B can never read, change or delete A's reminders, quick searches or
// alerts — each answers 404 exactly as a missing id does — and B's lists never show them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inDays, workspace, type Workspace } from "./workspace-fixture.js";

let w: Workspace;
const mine: Record<string, { id: number; snapshot: unknown }> = {};
beforeAll(async () => {
  w = await workspace();
  const reminder = (await w.call("POST", "/api/reminders/list", w.a.token, { item_type: "project", item_id: w.projectId, remind_at: inDays(3), note: "A's note" })).body;
  const search = (await w.call("POST", "/api/saved-search/", w.a.token, { name: "A's search", resource: "/ai-leads", query: "filter=state:Goa" })).body;
  const alert = (await w.call("POST", "/api/email-config/", w.a.token, { saved_search_id: search.id, frequency: "daily" })).body;
  const feedAlert = (await w.call("POST", "/api/email-config/", w.a.token, { saved_search_id: null, frequency: "weekly" })).body;
  mine.reminder = { id: reminder.id, snapshot: reminder };
  mine.search = { id: search.id, snapshot: (await w.call("GET", `/api/saved-search/${search.id}/`, w.a.token)).body };
  mine.alert = { id: alert.id, snapshot: alert };
  mine.feedAlert = { id: feedAlert.id, snapshot: feedAlert };
});
afterAll(async () => {
  await w?.close();
});

const MISSING = 99_999_999;
const cases: { what: string; key: string; url: (id: number) => string; patch: unknown }[] = [
  { what: "reminder", key: "reminder", url: (id) => `/api/reminders/list/${id}`, patch: { note: "B was here", completed: true } },
  { what: "quick search", key: "search", url: (id) => `/api/saved-search/${id}/`, patch: { name: "B's now" } },
  { what: "alert", key: "alert", url: (id) => `/api/email-config/${id}/`, patch: { enabled: false } },
  { what: "feed alert", key: "feedAlert", url: (id) => `/api/email-config/${id}/`, patch: { frequency: "daily" } },
];

describe("another user's rows are not there", () => {
  for (const c of cases) {
    it(`B cannot read, update or delete A's ${c.what}: 404, the same as a missing id`, async () => {
      const id = mine[c.key].id;
      for (const [method, payload] of [["GET", undefined], ["PATCH", c.patch], ["DELETE", undefined]] as const) {
        const theirs = await w.call(method, c.url(id), w.b.token, payload);
        const missing = await w.call(method, c.url(MISSING), w.b.token, payload);
        expect(theirs.status, `${method} ${c.what}`).toBe(404);
        expect(theirs.body).toEqual({ detail: "Not found." });
        expect(missing.status).toBe(404);
        expect(missing.body).toEqual(theirs.body);
      }
      // Unchanged for A.
      expect((await w.call("GET", c.url(id), w.a.token)).body).toEqual(mine[c.key].snapshot);
    });
  }

  it("B's lists never include A's rows", async () => {
    await w.call("POST", "/api/reminders/list", w.b.token, { item_type: "tender", item_id: w.tenderId, remind_at: inDays(3) });
    await w.call("POST", "/api/saved-search/", w.b.token, { name: "B's search", resource: "/ai-leads", query: "" });
    const reminders = (await w.call("GET", "/api/reminders/list", w.b.token)).body;
    expect(reminders.results.map((r: any) => r.note)).toEqual([""]);
    for (const status of ["overdue", "today", "upcoming", "done"]) {
      const r = (await w.call("GET", `/api/reminders/list?status=${status}`, w.b.token)).body;
      expect(r.results.every((x: any) => x.id !== mine.reminder.id)).toBe(true);
    }
    expect((await w.call("GET", `/api/reminders/list?item_type=project&item_id=${w.projectId}`, w.b.token)).body.count).toBe(0);
    const searches = (await w.call("GET", "/api/saved-search/", w.b.token)).body;
    expect(searches.results.map((s: any) => s.name)).toEqual(["B's search"]);
    expect((await w.call("GET", "/api/email-config/", w.b.token)).body).toEqual({ count: 0, results: [] });
  });

  it("B cannot hang an alert on A's quick search, nor move one there", async () => {
    const refused = await w.call("POST", "/api/email-config/", w.b.token, { saved_search_id: mine.search.id, frequency: "daily" });
    expect(refused.body).toEqual({ saved_search_id: ["No such quick search."] });
    const missing = await w.call("POST", "/api/email-config/", w.b.token, { saved_search_id: MISSING, frequency: "daily" });
    expect(missing.body).toEqual(refused.body);
    const own = (await w.call("POST", "/api/email-config/", w.b.token, { saved_search_id: null, frequency: "daily" })).body;
    expect((await w.call("PATCH", `/api/email-config/${own.id}/`, w.b.token, { saved_search_id: mine.search.id })).body).toEqual({ saved_search_id: ["No such quick search."] });
  });

  it("A's name does not block B's, and A's alert on the feed does not block B's", async () => {
    expect((await w.call("POST", "/api/saved-search/", w.b.token, { name: "A's search", resource: "/ai-leads", query: "" })).status).toBe(201);
    expect((await w.call("GET", "/api/email-config/", w.b.token)).body.count).toBe(1);
  });

  it("A still has everything", async () => {
    expect((await w.call("GET", "/api/reminders/list", w.a.token)).body.count).toBe(1);
    expect((await w.call("GET", "/api/saved-search/", w.a.token)).body.count).toBe(1);
    expect((await w.call("GET", "/api/email-config/", w.a.token)).body.count).toBe(2);
  });
});
