// Shared links expire, can be revoked one by one, are listed to their owner, and are issued at
// most SHARES_PER_DAY a day per user (issue 13, point 7). An expired link gets the very 401 of
// any bad pair, so the web app shows its sign-in page. Expiry is tested by moving the link's
// expires_at in the database, never by waiting.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARES_PER_DAY } from "../../server/modules/tenders/share-routes.js";
import { INVALID_SHARE_LINK } from "../../server/modules/tenders/viewer.js";
import { bearer, createUser, login } from "./harness.js";
import { tenderWorld, type TenderWorld } from "./tender-fixture.js";

let w: TenderWorld;
let staffHeaders: Record<string, string>;
let staffId: number;
beforeAll(async () => {
  w = await tenderWorld();
  const staff = await createUser(w.ctx.db, { email: `ops${Date.now()}@infrascout.in`, endDate: null });
  staffId = staff.id;
  staffHeaders = bearer(await login(w.ctx.app, staff.email, staff.password));
});
afterAll(async () => {
  await w?.close();
});

type Link = { id: number; uid: string; tid: string; path: string; created_at: string; expires_at: string };
const DAY = 864e5;
const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: Record<string, string> = {}, payload?: object) =>
  w.ctx.app.inject({ method, url: `/api/${url}`, headers, payload });
const share = async (type: "tender" | "result", id: number, headers = w.headersA): Promise<Link> => {
  const res = await api("POST", `${type}/${id}/share/`, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const open = (type: "tender" | "result", id: number, l: { uid: string; tid: string }) =>
  api("GET", `${type}/detail/${id}?uid=${encodeURIComponent(l.uid)}&tid=${encodeURIComponent(l.tid)}`);
const expectRefused = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ detail: INVALID_SHARE_LINK });
};
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY;
/** A fresh subscriber with their own daily allowance. */
async function subscriber() {
  const u = await createUser(w.ctx.db);
  return { id: u.id, headers: bearer(await login(w.ctx.app, u.email, u.password)) };
}

describe("expiry", () => {
  it("a new link expires 30 days after it is issued, and the database holds that expiry", async () => {
    const l = await share("tender", w.ids.road);
    expect(daysBetween(l.created_at, l.expires_at)).toBeCloseTo(30, 5);
    const row = await w.ctx.db.query<{ expires_at: Date }>(`SELECT expires_at FROM share_links WHERE id = $1`, [l.id]);
    expect(row.rows[0].expires_at.toISOString()).toBe(l.expires_at);
  });

  it("an expired link gets the same 401 as a tampered one, on the page, the zip and the brief; a live one still opens", async () => {
    const l = await share("tender", w.ids.road);
    const other = await share("tender", w.ids.road);
    expect((await open("tender", w.ids.road, l)).statusCode).toBe(200);
    await w.ctx.db.query(`UPDATE share_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [l.id]);
    const expired = await open("tender", w.ids.road, l);
    const tampered = await open("tender", w.ids.road, { uid: l.uid, tid: l.tid.slice(0, -1) + (l.tid.endsWith("A") ? "B" : "A") });
    expectRefused(expired);
    expect(expired.body).toBe(tampered.body);
    const q = `uid=${l.uid}&tid=${l.tid}`;
    expectRefused(await api("GET", `tender/download_zip/${w.ids.road}?${q}`));
    expectRefused(await api("GET", `tender/ai-detail/${w.ids.road}/?${q}`));
    expect((await open("tender", w.ids.road, other)).statusCode).toBe(200);
  });

  it("a result link expires too", async () => {
    const l = await share("result", w.results["aoc-road"]);
    await w.ctx.db.query(`UPDATE share_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [l.id]);
    expectRefused(await open("result", w.results["aoc-road"], l));
  });
});

describe("the staff setting share_link_days", () => {
  it("is staff-only: subscribers, impersonated sessions and signed-out callers are refused", async () => {
    expect((await api("GET", "settings/", w.headersA)).statusCode).toBe(403);
    expect((await api("PATCH", "settings/", w.headersA, { share_link_days: 365 })).statusCode).toBe(403);
    expect((await api("GET", "settings/")).statusCode).toBe(401);
    expect((await api("PATCH", "settings/", {}, { share_link_days: 365 })).statusCode).toBe(401);
    const imp = await api("GET", `impersonate/${w.userA.id}/`, staffHeaders);
    expect(imp.statusCode).toBe(200);
    expect((await api("PATCH", "settings/", bearer(imp.json().token), { share_link_days: 365 })).statusCode).toBe(403);
    expect((await api("GET", "settings/", staffHeaders)).json().share_link_days).toBe(30);
  });

  it("rejects values outside 1–365 days and unknown fields", async () => {
    for (const bad of [{ share_link_days: 0 }, { share_link_days: 366 }, { share_link_days: 2.5 }, { share_link_days: "x" }, {}, { share_link_days: 7, other: 1 }]) {
      const res = await api("PATCH", "settings/", staffHeaders, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await api("GET", "settings/", staffHeaders)).json().share_link_days).toBe(30);
  });

  it("a staff change sets the life of links issued afterwards, leaves earlier links alone, and is audited", async () => {
    const before = await share("tender", w.ids.pipes);
    const res = await api("PATCH", "settings/", staffHeaders, { share_link_days: 7 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ share_link_days: 7, updated_by_email: expect.stringContaining("@infrascout.in") });
    const after = await share("tender", w.ids.pipes);
    expect(daysBetween(after.created_at, after.expires_at)).toBeCloseTo(7, 5);
    const unchanged = await w.ctx.db.query<{ expires_at: Date }>(`SELECT expires_at FROM share_links WHERE id = $1`, [before.id]);
    expect(unchanged.rows[0].expires_at.toISOString()).toBe(before.expires_at);
    const audit = await w.ctx.db.query<{ actor_id: number; action: string; details: Record<string, unknown> }>(
      `SELECT actor_id, action, details FROM audit_log WHERE action = 'settings_change' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0]).toMatchObject({ actor_id: staffId, details: { share_link_days: [30, 7] } });
    await api("PATCH", "settings/", staffHeaders, { share_link_days: 30 });
  });
});

describe("listing and revoking one link", () => {
  it("the list shows the caller's live links only — newest first, with title and type — never another user's, revoked or expired ones", async () => {
    const me = await subscriber();
    const them = await subscriber();
    const road = await share("tender", w.ids.road, me.headers);
    const result = await share("result", w.results["aoc-road"], me.headers);
    const gone = await share("tender", w.ids.pipes, me.headers);
    const expired = await share("tender", w.ids["no-closing"], me.headers);
    const theirs = await share("tender", w.ids.road, them.headers);
    await api("DELETE", `tender/${w.ids.pipes}/share/`, me.headers);
    await w.ctx.db.query(`UPDATE share_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);

    const res = await api("GET", "share-links/", me.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.results).toEqual([
      { id: result.id, item_type: "result", item_id: w.results["aoc-road"], title: expect.any(String), created_at: result.created_at, expires_at: result.expires_at },
      { id: road.id, item_type: "tender", item_id: w.ids.road, title: expect.any(String), created_at: road.created_at, expires_at: road.expires_at },
    ]);
    const titles = await w.ctx.db.query<{ id: number; title: string }>(`SELECT id, title FROM tenders WHERE id IN ($1, $2)`, [w.ids.road, w.ids["aoc-road"]]);
    const titleOf = (id: number) => titles.rows.find((r) => Number(r.id) === id)?.title;
    expect(body.results[0].title).toBe(titleOf(w.ids["aoc-road"]));
    expect(body.results[1].title).toBe(titleOf(w.ids.road));
    const ids = body.results.map((r: { id: number }) => r.id);
    expect(ids).not.toContain(gone.id);
    expect(ids).not.toContain(theirs.id);
    expect((await api("GET", "share-links/", them.headers)).json().results.map((r: { id: number }) => r.id)).toEqual([theirs.id]);
    expect((await api("GET", "share-links/")).statusCode).toBe(401);
  });

  it("revoking one link stops only that link; the item's other links keep working", async () => {
    const me = await subscriber();
    const first = await share("tender", w.ids.road, me.headers);
    const second = await share("tender", w.ids.road, me.headers);
    const res = await api("DELETE", `share-links/${first.id}/`, me.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ revoked: 1 });
    expectRefused(await open("tender", w.ids.road, first));
    expect((await open("tender", w.ids.road, second)).statusCode).toBe(200);
    expect((await api("GET", "share-links/", me.headers)).json().results.map((r: { id: number }) => r.id)).toEqual([second.id]);
    const audit = await w.ctx.db.query(`SELECT 1 FROM audit_log WHERE action = 'share_link_revoke' AND as_user_id = $1`, [me.id]);
    expect(audit.rows.length).toBe(1);
    // revoked already: 404, and nothing changes
    expect((await api("DELETE", `share-links/${first.id}/`, me.headers)).statusCode).toBe(404);
  });

  it("nobody can revoke another user's link (404, the link keeps working), nor one signed out", async () => {
    const owner = await subscriber();
    const stranger = await subscriber();
    const l = await share("tender", w.ids.road, owner.headers);
    const res = await api("DELETE", `share-links/${l.id}/`, stranger.headers);
    expect(res.statusCode).toBe(404);
    expect((await api("DELETE", `share-links/${l.id}/`)).statusCode).toBe(401);
    expect((await api("DELETE", "share-links/999999999/", owner.headers)).statusCode).toBe(404);
    expect((await open("tender", w.ids.road, l)).statusCode).toBe(200);
  });

  it("a user whose subscription ended can still list and stop their links", async () => {
    const me = await subscriber();
    const l = await share("tender", w.ids.road, me.headers);
    await w.ctx.db.query(`UPDATE users SET end_date = '2020-01-01' WHERE id = $1`, [me.id]);
    expect((await api("GET", "share-links/", me.headers)).json().results.map((r: { id: number }) => r.id)).toEqual([l.id]);
    expect((await api("DELETE", `share-links/${l.id}/`, me.headers)).statusCode).toBe(200);
  });
});

describe("issuing is limited", () => {
  it(`allows ${SHARES_PER_DAY} links per user per day, then answers 429 with Retry-After; other users are unaffected`, async () => {
    const me = await subscriber();
    for (let i = 0; i < SHARES_PER_DAY; i++) await share(i % 2 ? "tender" : "result", i % 2 ? w.ids.road : w.results["aoc-road"], me.headers);
    const over = await api("POST", `tender/${w.ids.road}/share/`, me.headers);
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    const count = await w.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM share_links WHERE user_id = $1`, [me.id]);
    expect(count.rows[0].n).toBe(SHARES_PER_DAY);
    await share("tender", w.ids.road, (await subscriber()).headers);
  });
});
