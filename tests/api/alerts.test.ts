// E-mail alert configs: per quick search or the feed, daily or weekly, on/off; the public
// unsubscribe link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintUnsubscribeToken } from "../../server/modules/alerts/queries.js";
import { workspace, type Workspace } from "./workspace-fixture.js";

let w: Workspace;
let searchId: number;
beforeAll(async () => {
  w = await workspace();
  searchId = (await w.call("POST", "/api/saved-search/", w.a.token, { name: "Pune towers", resource: "/private-construction-leads", query: "q=towers" })).body.id;
});
afterAll(async () => {
  await w?.close();
});

const URL = "/api/email-config/";

describe("e-mail alerts", () => {
  it("creates alerts for a quick search and for the feed; lists the feed first", async () => {
    const s = await w.call("POST", URL, w.a.token, { saved_search_id: searchId, frequency: "daily" });
    expect(s.status).toBe(201);
    expect(s.body).toMatchObject({ saved_search_id: searchId, name: "Pune towers", resource: "/private-construction-leads", frequency: "daily", enabled: true, last_sent_at: null });
    const feed = await w.call("POST", URL, w.a.token, { saved_search_id: null, frequency: "weekly", enabled: false });
    expect(feed.status).toBe(201);
    expect(feed.body).toMatchObject({ saved_search_id: null, name: "My Feed", resource: "/my-feed", frequency: "weekly", enabled: false });
    const list = await w.call("GET", URL, w.a.token);
    expect(list.body.count).toBe(2);
    expect(list.body.results.map((a: any) => a.name)).toEqual(["My Feed", "Pune towers"]);
    expect((await w.call("GET", `${URL}${s.body.id}/`, w.a.token)).body).toEqual(s.body);
  });

  it("one alert per quick search and one for the feed", async () => {
    expect((await w.call("POST", URL, w.a.token, { saved_search_id: searchId, frequency: "weekly" })).body).toEqual({
      saved_search_id: ["You already have an alert for this quick search."],
    });
    expect((await w.call("POST", URL, w.a.token, { saved_search_id: null, frequency: "daily" })).body).toEqual({
      saved_search_id: ["You already have an alert for your feed."],
    });
  });

  it("changes frequency, turns on and off, moves to another quick search", async () => {
    const list = (await w.call("GET", URL, w.a.token)).body.results;
    const s = list.find((a: any) => a.saved_search_id === searchId);
    const weekly = await w.call("PATCH", `${URL}${s.id}/`, w.a.token, { frequency: "weekly", enabled: false });
    expect(weekly.status).toBe(200);
    expect(weekly.body).toMatchObject({ frequency: "weekly", enabled: false });
    expect((await w.call("PATCH", `${URL}${s.id}/`, w.a.token, { enabled: true })).body).toMatchObject({ frequency: "weekly", enabled: true });
    const other = (await w.call("POST", "/api/saved-search/", w.a.token, { name: "AI", resource: "/ai-leads", query: "" })).body.id;
    const moved = await w.call("PATCH", `${URL}${s.id}/`, w.a.token, { saved_search_id: other });
    expect(moved.body).toMatchObject({ saved_search_id: other, name: "AI", resource: "/ai-leads" });
    // Onto the feed, which already has one: refused.
    expect((await w.call("PATCH", `${URL}${s.id}/`, w.a.token, { saved_search_id: null })).body).toEqual({ saved_search_id: ["You already have an alert for your feed."] });
    expect((await w.call("PATCH", `${URL}${s.id}/`, w.a.token, { saved_search_id: searchId })).body.name).toBe("Pune towers");
  });

  it("refuses bad input", async () => {
    const bad = (payload: unknown) => w.call("POST", URL, w.a.token, payload);
    expect((await bad({ saved_search_id: 99999999, frequency: "daily" })).body).toEqual({ saved_search_id: ["No such quick search."] });
    expect((await bad({ saved_search_id: searchId, frequency: "hourly" })).status).toBe(400);
    expect(Object.keys((await bad({ saved_search_id: searchId, frequency: "hourly" })).body)).toEqual(["frequency"]);
    expect((await bad({ frequency: "daily" })).body).toEqual({ saved_search_id: ["This field is required."] });
    expect((await bad({ saved_search_id: "x", frequency: "daily" })).status).toBe(400);
    expect((await bad({ saved_search_id: null, frequency: "daily", user_id: 1 })).body).toEqual({ user_id: ["Unknown field 'user_id'."] });
    const a = (await w.call("GET", URL, w.a.token)).body.results[0];
    expect((await w.call("PATCH", `${URL}${a.id}/`, w.a.token, {})).status).toBe(400);
    expect((await w.call("PATCH", `${URL}${a.id}/`, w.a.token, { enabled: "off" })).status).toBe(400);
    expect((await w.call("PATCH", `${URL}${a.id}/`, w.a.token, { saved_search_id: 99999999 })).body).toEqual({ saved_search_id: ["No such quick search."] });
    expect((await w.call("GET", `${URL}0/`, w.a.token)).status).toBe(400);
  });

  it("unsubscribes without signing in; a bad token is 400", async () => {
    const a = (await w.call("GET", URL, w.a.token)).body.results.find((x: any) => x.saved_search_id === searchId);
    await w.call("PATCH", `${URL}${a.id}/`, w.a.token, { enabled: true });
    const token = await mintUnsubscribeToken(w.ctx.db, a.id);
    const res = await w.call("GET", `${URL}unsubscribe/?token=${token}`, null);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.text).toContain("You are unsubscribed");
    expect(res.text).toContain("weekly e-mail alert for “Pune towers”");
    expect(res.text).toContain(w.a.email);
    expect((await w.call("GET", `${URL}${a.id}/`, w.a.token)).body.enabled).toBe(false);
    // Again: still fine (the link keeps working), still off.
    expect((await w.call("GET", `${URL}unsubscribe/?token=${token}`, null)).status).toBe(200);
    for (const t of ["nope", token.slice(0, -1), "x".repeat(200)]) {
      const r = await w.call("GET", `${URL}unsubscribe/?token=${encodeURIComponent(t)}`, null);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ detail: "This unsubscribe link is not valid." });
    }
    expect((await w.call("GET", `${URL}unsubscribe/`, null)).body).toEqual({ token: ["This field is required."] });
    // Only the hash is stored.
    const stored = await w.ctx.db.query<{ token_hash: string }>(`SELECT token_hash FROM alert_unsubscribe_tokens`);
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it("deletes", async () => {
    const a = (await w.call("GET", URL, w.a.token)).body.results[0];
    expect((await w.call("DELETE", `${URL}${a.id}/`, w.a.token)).status).toBe(204);
    expect((await w.call("GET", `${URL}${a.id}/`, w.a.token)).status).toBe(404);
    expect((await w.call("PATCH", `${URL}${a.id}/`, w.a.token, { enabled: true })).status).toBe(404);
  });

  it("needs a signed-in subscriber", async () => {
    expect((await w.call("GET", URL, null)).status).toBe(401);
    expect((await w.call("POST", URL, null, { saved_search_id: null, frequency: "daily" })).status).toBe(401);
  });
});
