// Quick searches: save a lister's query under a name, list, open, rename, change, delete; the
// query is checked with the lister's own parser.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTER_ROUTES } from "../../server/modules/saved-searches/listers.js";
import { workspace, type Workspace } from "./workspace-fixture.js";

let w: Workspace;
beforeAll(async () => {
  w = await workspace();
});
afterAll(async () => {
  await w?.close();
});

const URL = "/api/saved-search/";
const QUERY = "q=hospital&oq=hospital&filter=state:Maharashtra&filter=value:[10000000 TO *]&sort=value desc&fresh=true&unit=cr";

describe("quick searches", () => {
  it("saves, lists (by name), opens and shows the alert", async () => {
    const created = await w.call("POST", URL, w.a.token, { name: "  Maharashtra   hospitals ", resource: "/private-construction-leads", query: `?${QUERY}` });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Maharashtra hospitals",
      resource: "/private-construction-leads",
      resource_label: "Construction Projects",
      query: QUERY,
      url: `/private-construction-leads?${QUERY}`,
      alert: null,
    });
    const feed = await w.call("POST", URL, w.a.token, { name: "all of my feed", resource: "/my-feed", query: "" });
    expect(feed.status).toBe(201);
    expect(feed.body.url).toBe("/my-feed");
    const list = await w.call("GET", URL, w.a.token);
    expect(list.body.count).toBe(2);
    expect(list.body.results.map((s: any) => s.name)).toEqual(["all of my feed", "Maharashtra hospitals"]);
    expect((await w.call("GET", `${URL}${created.body.id}/`, w.a.token)).body).toEqual(created.body);

    const alert = await w.call("POST", "/api/email-config/", w.a.token, { saved_search_id: created.body.id, frequency: "weekly" });
    expect(alert.status).toBe(201);
    expect((await w.call("GET", `${URL}${created.body.id}/`, w.a.token)).body.alert).toEqual({ id: alert.body.id, frequency: "weekly", enabled: true });
  });

  it("renames, changes the query and the lister; the name stays unique per user in any case", async () => {
    const s = (await w.call("POST", URL, w.a.token, { name: "Steel", resource: "/private-industrial-leads", query: "filter=sector:Steel" })).body;
    const renamed = await w.call("PATCH", `${URL}${s.id}/`, w.a.token, { name: "Steel mills" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("Steel mills");
    expect(Date.parse(renamed.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(s.updated_at));
    const moved = await w.call("PATCH", `${URL}${s.id}/`, w.a.token, { resource: "/ai-leads", query: "filter=sector:Cement&page=2" });
    expect(moved.body).toMatchObject({ resource: "/ai-leads", query: "filter=sector:Cement&page=2", resource_label: "AI Leads" });
    // Same name as another of A's, in another case: refused.
    expect((await w.call("PATCH", `${URL}${s.id}/`, w.a.token, { name: "MAHARASHTRA HOSPITALS" })).body).toEqual({
      name: ["You already have a quick search named 'MAHARASHTRA HOSPITALS'."],
    });
    expect((await w.call("POST", URL, w.a.token, { name: "steel MILLS", resource: "/ai-leads", query: "" })).body).toEqual({
      name: ["You already have a quick search named 'steel MILLS'."],
    });
    // Renaming to its own name in another case is fine.
    expect((await w.call("PATCH", `${URL}${s.id}/`, w.a.token, { name: "STEEL MILLS" })).status).toBe(200);
    // Another user may use the same name.
    expect((await w.call("POST", URL, w.b.token, { name: "Steel mills", resource: "/ai-leads", query: "" })).status).toBe(201);
  });

  it("refuses a query its lister would refuse, naming the parameter", async () => {
    const post = (query: string, resource = "/private-construction-leads") => w.call("POST", URL, w.a.token, { name: `bad ${Math.random()}`, resource, query });
    expect((await post("filter=colour:red")).body).toEqual({ query: ["filter: Unknown filter field 'colour'.", expect.stringMatching(/^filter: Use one of: category, state, /)] });
    expect((await post("filter=value:[abc TO 5]")).body.query[0]).toMatch(/^filter: /);
    expect((await post("sort=tallest")).body.query[0]).toMatch(/^sort: Unknown sort 'tallest'/);
    expect((await post("page=0")).body).toEqual({ query: ["page: Must be a whole number from 1."] });
    expect((await post("show_unlocked=maybe")).body).toEqual({ query: ["show_unlocked: Must be true or false."] });
    expect((await post("colour=red")).body).toEqual({ query: ["Unknown parameter 'colour'."] });
    expect((await post("q=a&q=b")).body).toEqual({ query: ["'q' is given more than once."] });
    expect((await post("filter=a%00b")).body.query[0]).toMatch(/NUL/);
    expect((await post("", "/nowhere")).body).toEqual({ resource: [`Must be one of: ${LISTER_ROUTES.join(", ")}.`] });
    expect((await post("x".repeat(4001))).body).toEqual({ query: ["Ensure this field has no more than 4000 characters."] });
    expect((await w.call("POST", URL, w.a.token, { name: "   ", resource: "/ai-leads", query: "" })).body).toEqual({ name: ["This field may not be blank."] });
    expect((await w.call("POST", URL, w.a.token, { name: "", resource: "/ai-leads", query: "" })).body).toEqual({ name: ["This field may not be blank."] });
    expect((await w.call("POST", URL, w.a.token, { name: "n".repeat(81), resource: "/ai-leads", query: "" })).body).toEqual({
      name: ["Ensure this field has no more than 80 characters."],
    });
    expect((await w.call("POST", URL, w.a.token, { name: "no query", resource: "/ai-leads" })).body).toEqual({ query: ["This field is required."] });
    const s = (await w.call("GET", URL, w.a.token)).body.results[0];
    expect((await w.call("PATCH", `${URL}${s.id}/`, w.a.token, { query: "filter=colour:red" })).status).toBe(400);
    expect((await w.call("PATCH", `${URL}${s.id}/`, w.a.token, {})).status).toBe(400);
    expect((await w.call("GET", `${URL}${s.id}/`, w.a.token)).body).toEqual(s);
  });

  it("a quick search of a lister not searchable here yet (demo data) can be renamed, not re-queried", async () => {
    const r = await w.ctx.db.query<{ id: number }>(
      `INSERT INTO saved_searches (user_id, name, resource, query) VALUES ($1, 'PWD tenders', '/unlisted-lister', 'q=PWD') RETURNING id`,
      [w.a.id],
    );
    const id = Number(r.rows[0].id);
    const renamed = await w.call("PATCH", `${URL}${id}/`, w.a.token, { name: "PWD tenders, Maharashtra" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "PWD tenders, Maharashtra", resource: "/unlisted-lister", url: "/unlisted-lister?q=PWD" });
    expect((await w.call("PATCH", `${URL}${id}/`, w.a.token, { query: "q=CPWD" })).body).toEqual({ resource: [`Must be one of: ${LISTER_ROUTES.join(", ")}.`] });
    await w.call("DELETE", `${URL}${id}/`, w.a.token);
  });

  it("deletes a quick search and its alert", async () => {
    const s = (await w.call("POST", URL, w.a.token, { name: "To delete", resource: "/ai-leads", query: "" })).body;
    const alert = (await w.call("POST", "/api/email-config/", w.a.token, { saved_search_id: s.id, frequency: "daily" })).body;
    expect((await w.call("DELETE", `${URL}${s.id}/`, w.a.token)).status).toBe(204);
    expect((await w.call("GET", `${URL}${s.id}/`, w.a.token)).status).toBe(404);
    expect((await w.call("GET", `/api/email-config/${alert.id}/`, w.a.token)).status).toBe(404);
    expect((await w.call("DELETE", `${URL}${s.id}/`, w.a.token)).status).toBe(404);
  });

  it("names the listers a search can be saved from", async () => {
    const res = await w.call("GET", `${URL}listers/`, w.a.token);
    expect(res.status).toBe(200);
    expect(res.body.results.map((l: any) => l.route)).toEqual(LISTER_ROUTES);
    expect(res.body.results).toContainEqual({ route: "/my-feed", label: "My Feed" });
    expect((await w.call("GET", `${URL}listers/`, null)).status).toBe(401);
  });

  it("needs a signed-in subscriber", async () => {
    expect((await w.call("GET", URL, null)).status).toBe(401);
    expect((await w.call("POST", URL, null, { name: "x", resource: "/ai-leads", query: "" })).status).toBe(401);
  });
});
