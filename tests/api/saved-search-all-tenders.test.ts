// Quick searches on /live-tenders with 'Show all tenders' on (search_all_tenders=true): saved
// as the page wrote it, run by the tenders lister with every tender (not only live ones), and
// its e-mail alert mails new tenders of any status, while a live-only search's alert does not.
// A bad toggle value, a repeated toggle or the toggle on another lister is a 400 naming it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runJobsOnce } from "../../server/jobs/index.js";
import { bearer, createUser, login, memoryMailer, startTestApp, type TestContext, type TestUser } from "./harness.js";
import { insertTender, type T } from "./tender-fixture.js";

// Tuesday 8 January 2030, 11:30 IST: daily digests are due (07:00 IST passed).
const NOW = new Date("2030-01-08T06:00:00Z");
const YESTERDAY = "2030-01-07T10:00:00Z";

const mailer = memoryMailer();
let ctx: TestContext;
let a: TestUser & { token: string };
const ids: Record<string, number> = {};

const bridge = (key: string, city: string, status: string, closing: string): T => ({
  key, title: `Construction of bridge at ${city}`, org: "Public Works Department, Maharashtra", status, category: "works", value: 5e7,
  state: "Maharashtra", city, closing, published: "2029-12-01T00:00:00Z", statusUpdate: "2030-01-06T00:00:00Z",
});

async function tender(t: T, arrived: string): Promise<number> {
  const id = await insertTender(ctx.db, t);
  await ctx.db.query(`UPDATE tenders SET arrived_date = $2 WHERE id = $1`, [id, arrived]);
  return id;
}

async function call(method: string, url: string, payload?: unknown) {
  const res = await ctx.app.inject({ method: method as "GET", url, headers: bearer(a.token), payload: payload as object });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

beforeAll(async () => {
  ctx = await startTestApp({ jobsIntervalSeconds: 0, digestHourIst: 7, publicUrl: "https://infrascout.example.test" }, { mailer });
  const ua = await createUser(ctx.db, { firstName: "Asha", endDate: "2099-12-31" });
  a = { ...ua, token: await login(ctx.app, ua.email, ua.password) };
  // Both arrived yesterday: one still open for bids (closes in 2099), one already awarded.
  ids.live = await tender(bridge("live", "Nagpur", "Live", "2099-05-01T00:00:00Z"), YESTERDAY);
  ids.awarded = await tender(bridge("awarded", "Pune", "AOC", "2029-12-20T00:00:00Z"), YESTERDAY);
  // Awarded and arrived last summer: old news for any alert.
  ids.old = await tender(bridge("old", "Nashik", "AOC", "2029-07-01T00:00:00Z"), "2029-06-01T00:00:00Z");
});
afterAll(async () => {
  await ctx?.close();
});

const ALL_QUERY = "q=bridge&oq=bridge&search_all_tenders=true";

describe("quick searches on /live-tenders with 'Show all tenders'", () => {
  let allId: number;
  let liveId: number;

  it("saves search_all_tenders=true as written; the lister runs it with every tender", async () => {
    const saved = await call("POST", "/api/saved-search/", { name: "All bridge tenders", resource: "/live-tenders", query: `?${ALL_QUERY}&page=2` });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ resource: "/live-tenders", resource_label: "Tenders", query: `${ALL_QUERY}&page=2`, url: `/live-tenders?${ALL_QUERY}&page=2` });
    allId = saved.body.id;
    const live = await call("POST", "/api/saved-search/", { name: "Live bridge tenders", resource: "/live-tenders", query: "q=bridge&oq=bridge&search_all_tenders=false" });
    expect(live.status).toBe(201);
    liveId = live.body.id;

    // Reopened: the page's query on the lister finds every bridge tender, latest status update first.
    const reopened = (await call("GET", `/api/saved-search/${allId}/`)).body;
    const params = new URLSearchParams(reopened.query);
    expect(params.get("search_all_tenders")).toBe("true");
    params.delete("page");
    const all = await call("GET", `/api/list/tenders/search/?${params}`);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    const onlyLive = await call("GET", "/api/list/tenders/search/?q=bridge");
    expect(onlyLive.body.results.map((t: { id: number }) => t.id)).toEqual([ids.live]);
  });

  it("its alert mails new tenders of any status; a live-only search's alert mails only live ones", async () => {
    for (const id of [allId, liveId]) {
      const alert = await call("POST", "/api/email-config/", { saved_search_id: id, frequency: "daily" });
      expect(alert.status).toBe(201);
      await ctx.db.query(`UPDATE email_alert_configs SET created_at = '2030-01-01T00:00:00Z' WHERE id = $1`, [alert.body.id]);
    }
    expect(await runJobsOnce(ctx.app, NOW)).toMatchObject({ digests: 1, failures: 0 });
    expect(mailer.sent).toHaveLength(1);
    const text = mailer.sent[0].text;
    expect(mailer.sent[0].subject).toBe("InfraScout daily alert: 3 new items");
    const section = (name: string) => text.slice(text.indexOf(`== ${name}`)).split("\nUnsubscribe from")[0];
    const everything = section("All bridge tenders");
    expect(everything).toContain("== All bridge tenders (2 new) ==");
    expect(everything).toContain("Construction of bridge at Nagpur");
    expect(everything).toContain("Construction of bridge at Pune");
    expect(everything).toContain("AOC · Pune, Maharashtra");
    expect(everything).not.toContain("Nashik"); // arrived last summer
    const live = section("Live bridge tenders");
    expect(live).toContain("== Live bridge tenders (1 new) ==");
    expect(live).toContain("Construction of bridge at Nagpur");
    expect(live).not.toContain("Pune");
  });

  it("refuses a bad toggle, a repeated one, the toggle on another lister and any other unknown parameter", async () => {
    const post = (query: string, resource = "/live-tenders") => call("POST", "/api/saved-search/", { name: `bad ${Math.random()}`, resource, query });
    expect(await post("search_all_tenders=maybe")).toEqual({ status: 400, body: { query: ["search_all_tenders: Must be true or false."] } });
    expect(await post("search_all_tenders=true&search_all_tenders=false")).toEqual({ status: 400, body: { query: ["'search_all_tenders' is given more than once."] } });
    expect(await post("search_all_tenders=true", "/results")).toEqual({ status: 400, body: { query: ["Unknown parameter 'search_all_tenders'."] } });
    expect(await post("search_all_tenders=true", "/private-construction-leads")).toEqual({ status: 400, body: { query: ["Unknown parameter 'search_all_tenders'."] } });
    expect(await post("search_all_tenders=true&colour=red")).toEqual({ status: 400, body: { query: ["Unknown parameter 'colour'."] } });
    // Changing a saved search's query is checked the same way.
    expect((await call("PATCH", `/api/saved-search/${allId}/`, { query: "search_all_tenders=yes" })).body).toEqual({ query: ["search_all_tenders: Must be true or false."] });
    expect((await call("PATCH", `/api/saved-search/${allId}/`, { query: "search_all_tenders=1&filter=tender_status:AOC" })).status).toBe(200);
  });
});
