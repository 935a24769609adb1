// Quick searches and e-mail alerts on tender results (/results): save one (checked by the
// results index), list it, open it (the lister runs its query), mail its new results — a result
// is new when it was added, however old its tender — and keep it from anyone else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runJobsOnce } from "../../server/jobs/index.js";
import { bearer, createUser, login, memoryMailer, startTestApp, type TestContext, type TestUser } from "./harness.js";
import { insertResult, insertTender, type T } from "./tender-fixture.js";

// Tuesday 8 January 2030, 11:30 IST: daily digests are due (07:00 IST passed).
const NOW = new Date("2030-01-08T06:00:00Z");
const PWD = "Public Works Department, Maharashtra";

const mailer = memoryMailer();
let ctx: TestContext;
let a: TestUser & { token: string };
let b: TestUser & { token: string };
const ids: Record<string, number> = {};

const tender = (key: string, title: string, state: string): T => ({
  key, title, org: PWD, status: "AOC", category: "works", value: 5e7, state, city: state === "Maharashtra" ? "Nagpur" : "Indore",
  closing: "2029-05-01T00:00:00Z", published: "2029-04-01T00:00:00Z", statusUpdate: "2029-12-01T00:00:00Z",
});

/** A tender that arrived at `arrived`, with a result added at `added`. */
async function awarded(t: T, winner: string, award: number, arrived: string, added: string): Promise<number> {
  const tenderId = await insertTender(ctx.db, t);
  await ctx.db.query(`UPDATE tenders SET arrived_date = $2 WHERE id = $1`, [tenderId, arrived]);
  const resultId = await insertResult(ctx.db, tenderId, { winner, award, date: added, bidders: [{ name: winner, bid: award, rank: 1, label: "L1", winner: true }] });
  await ctx.db.query(`UPDATE results SET created_at = $2 WHERE id = $1`, [resultId, added]);
  return resultId;
}

async function call(method: string, url: string, token: string | null, payload?: unknown) {
  const res = await ctx.app.inject({ method: method as "GET", url, headers: token ? bearer(token) : {}, payload: payload as object });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

beforeAll(async () => {
  ctx = await startTestApp({ jobsIntervalSeconds: 0, digestHourIst: 7, publicUrl: "https://infrascout.example.test" }, { mailer });
  const far = "2099-12-31";
  const ua = await createUser(ctx.db, { firstName: "Asha", endDate: far });
  const ub = await createUser(ctx.db, { firstName: "Bala", endDate: far });
  a = { ...ua, token: await login(ctx.app, ua.email, ua.password) };
  b = { ...ub, token: await login(ctx.app, ub.email, ub.password) };
  // Awarded yesterday on a tender that arrived last summer: new for a results alert.
  ids.fresh = await awarded(tender("fresh", "Construction of flyover at Nagpur", "Maharashtra"), "Deccan Infra Projects", 4.6e7, "2029-06-01T00:00:00Z", "2030-01-07T10:00:00Z");
  // Awarded last month: already old news.
  ids.old = await awarded(tender("old", "Construction of flyover at Amravati", "Maharashtra"), "Konkan Highways", 4.2e7, "2029-06-01T00:00:00Z", "2029-12-01T00:00:00Z");
  // Awarded yesterday, but in another state than the search asks for.
  ids.elsewhere = await awarded(tender("elsewhere", "Construction of flyover at Indore", "Madhya Pradesh"), "Vindhya Earthmovers", 3.9e7, "2029-06-01T00:00:00Z", "2030-01-07T11:00:00Z");
});
afterAll(async () => {
  await ctx?.close();
});

const QUERY = `q=flyover&filter=${encodeURIComponent("state:Maharashtra")}&sort=award_value+desc`;

describe("quick searches on /results", () => {
  let searchId: number;

  it("saves a results search checked by the results index, and lists it", async () => {
    const saved = await call("POST", "/api/saved-search/", a.token, { name: "Maharashtra flyovers", resource: "/results", query: `?${QUERY}&page=3` });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ resource: "/results", resource_label: "Tender Results", query: `${QUERY}&page=3`, url: `/results?${QUERY}&page=3`, alert: null });
    searchId = saved.body.id;
    // A field only leads have is refused, naming it.
    const bad = await call("POST", "/api/saved-search/", a.token, { name: "Steel", resource: "/results", query: "filter=sector:Steel" });
    expect(bad.status).toBe(400);
    expect(bad.body.query[0]).toMatch(/^filter: .*sector/);
    const list = await call("GET", "/api/saved-search/", a.token);
    expect(list.body.results.map((s: { id: number; resource_label: string }) => [s.id, s.resource_label])).toEqual([[searchId, "Tender Results"]]);
    const listers = await call("GET", "/api/saved-search/listers/", a.token);
    expect(listers.body.results).toContainEqual({ route: "/results", label: "Tender Results" });
  });

  it("runs as the lister runs it: the saved query on list/results/search/", async () => {
    const saved = (await call("GET", `/api/saved-search/${searchId}/`, a.token)).body;
    const params = new URLSearchParams(saved.query);
    params.delete("page");
    params.append("filter", "item_type:result");
    const res = await call("GET", `/api/list/results/search/?${params}`, a.token);
    expect(res.status).toBe(200);
    // Maharashtra flyovers, the larger award first; Indore is left out.
    expect(res.body.results.map((r: { id: number }) => r.id)).toEqual([ids.fresh, ids.old]);
  });

  it("mails the results added since the last digest, not older ones, and records them as results", async () => {
    const alert = await call("POST", "/api/email-config/", a.token, { saved_search_id: searchId, frequency: "daily" });
    expect(alert.status).toBe(201);
    expect(alert.body).toMatchObject({ name: "Maharashtra flyovers", resource: "/results" });
    await ctx.db.query(`UPDATE email_alert_configs SET created_at = '2030-01-01T00:00:00Z' WHERE id = $1`, [alert.body.id]);

    expect(await runJobsOnce(ctx.app, NOW)).toMatchObject({ digests: 1, failures: 0 });
    expect(mailer.sent).toHaveLength(1);
    const mail = mailer.sent[0];
    expect(mail.to).toBe(a.email);
    expect(mail.subject).toBe("InfraScout daily alert: 1 new item");
    expect(mail.text).toContain("== Maharashtra flyovers (1 new) ==");
    expect(mail.text).toContain("- Construction of flyover at Nagpur");
    expect(mail.text).toContain("Won by Deccan Infra Projects · Nagpur, Maharashtra · ₹4.6 Cr");
    expect(mail.text).toContain(`https://infrascout.example.test/result/detail/${ids.fresh}`);
    expect(mail.text).not.toContain("Amravati"); // added last month
    expect(mail.text).not.toContain("Indore"); // not in the search
    const sent = await ctx.db.query<{ item_type: string; item_id: string }>(`SELECT item_type, item_id FROM alert_deliveries WHERE config_id = $1`, [alert.body.id]);
    expect(sent.rows.map((r) => [r.item_type, Number(r.item_id)])).toEqual([["result", ids.fresh]]);

    // The next day nothing new: checked, no mail; the same result is never mailed twice.
    expect(await runJobsOnce(ctx.app, new Date(NOW.getTime() + 86_400_000))).toMatchObject({ digests: 0, digestsChecked: 1 });
    expect(mailer.sent).toHaveLength(1);
  });

  it("is invisible to another user", async () => {
    expect((await call("GET", `/api/saved-search/${searchId}/`, b.token)).status).toBe(404);
    expect((await call("GET", "/api/saved-search/", b.token)).body).toEqual({ count: 0, results: [] });
    expect((await call("PATCH", `/api/saved-search/${searchId}/`, b.token, { name: "Mine now" })).status).toBe(404);
    expect((await call("DELETE", `/api/saved-search/${searchId}/`, b.token)).status).toBe(404);
    expect((await call("POST", "/api/email-config/", b.token, { saved_search_id: searchId, frequency: "daily" })).body).toEqual({ saved_search_id: ["No such quick search."] });
    expect((await call("GET", `/api/saved-search/${searchId}/`, a.token)).body.name).toBe("Maharashtra flyovers");
  });
});
