// Shared links: POST tender/{id}/share/ (and result) issues uid + tid; with them a tender or
// result opens without sign-in. A link opens exactly its own item for its own user: tampered,
// other item, other user, other item type, revoked, or a sharer without a subscription all get
// the same 401 with no data. Only a hash of tid is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_SHARE_LINK } from "../../server/modules/tenders/viewer.js";
import { bearer, createUser, login } from "./harness.js";
import { tenderWorld, type TenderWorld } from "./tender-fixture.js";

let w: TenderWorld;
beforeAll(async () => {
  w = await tenderWorld();
});
afterAll(async () => {
  await w?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => w.ctx.app.inject({ method: "GET", url: `/api/${url}`, headers });
const share = async (type: "tender" | "result", id: number, headers = w.headersA) => {
  const res = await w.ctx.app.inject({ method: "POST", url: `/api/${type}/${id}/share/`, headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { uid: string; tid: string; path: string; created_at: string };
};
const link = (l: { uid: string; tid: string }) => `uid=${encodeURIComponent(l.uid)}&tid=${encodeURIComponent(l.tid)}`;

/** The refusal every bad link gets: 401, the same message, nothing of the item. */
function expectRefused(res: { statusCode: number; json: () => unknown; body: string }) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ detail: INVALID_SHARE_LINK });
}

describe("issuing", () => {
  it("answers uid, a 192-bit tid and the page path; stores only the token's hash", async () => {
    const l = await share("tender", w.ids.road);
    expect(l.uid).toBe(String(w.userA.id));
    expect(l.tid).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(l.path).toBe(`/tender/detail/${w.ids.road}?uid=${l.uid}&tid=${l.tid}`);
    const rows = await w.ctx.db.query<Record<string, unknown>>(`SELECT * FROM share_links WHERE user_id = $1`, [w.userA.id]);
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const r of rows.rows) expect(JSON.stringify(r)).not.toContain(l.tid);
    expect(rows.rows.at(-1)).toMatchObject({ item_type: "tender", item_id: w.ids.road, revoked_at: null });
    const again = await share("tender", w.ids.road);
    expect(again.tid).not.toBe(l.tid);
  });

  it("refuses unknown items (404), signed-out callers (401) and users without a subscription (403)", async () => {
    expect((await w.ctx.app.inject({ method: "POST", url: "/api/tender/999999/share/", headers: w.headersA })).statusCode).toBe(404);
    expect((await w.ctx.app.inject({ method: "POST", url: "/api/result/999999/share/", headers: w.headersA })).statusCode).toBe(404);
    expect((await w.ctx.app.inject({ method: "POST", url: `/api/tender/${w.ids.road}/share/` })).statusCode).toBe(401);
    const expired = await createUser(w.ctx.db, { endDate: "2020-01-01" });
    const res = await w.ctx.app.inject({ method: "POST", url: `/api/tender/${w.ids.road}/share/`, headers: bearer(await login(w.ctx.app, expired.email, expired.password)) });
    expect(res.statusCode).toBe(403);
  });
});

describe("opening", () => {
  it("a valid link opens the tender, its zip and its brief without sign-in, and records no view", async () => {
    const l = await share("tender", w.ids.road);
    const res = await get(`tender/detail/${w.ids.road}?${link(l)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: w.ids.road, shared: true, documents: expect.any(Array) });
    expect((await get(`tender/download_zip/${w.ids.road}?${link(l)}`)).headers["content-type"]).toBe("application/zip");
    const brief = await get(`tender/ai-detail/${w.ids.road}/?${link(l)}`);
    expect(brief.statusCode).toBe(200);
    expect(brief.json().shared).toBe(true);
    const views = await w.ctx.db.query(`SELECT 1 FROM recently_viewed WHERE item_type = 'tender' AND item_id = $1`, [w.ids.road]);
    expect(views.rows.length).toBe(0);
  });

  it("a result link opens the result", async () => {
    const l = await share("result", w.results["aoc-road"], w.headersB);
    const res = await get(`result/detail/${w.results["aoc-road"]}?${link(l)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: w.results["aoc-road"], shared: true, winner: { name: "Ashoka Buildcon Ltd" } });
  });

  it("a tampered token, a missing part or a malformed uid gets 401 and no data", async () => {
    const l = await share("tender", w.ids.road);
    const flipped = l.tid.slice(0, -1) + (l.tid.endsWith("A") ? "B" : "A");
    expectRefused(await get(`tender/detail/${w.ids.road}?uid=${l.uid}&tid=${flipped}`));
    expectRefused(await get(`tender/detail/${w.ids.road}?uid=${l.uid}&tid=${l.tid}x`));
    expectRefused(await get(`tender/detail/${w.ids.road}?uid=${l.uid}`));
    expectRefused(await get(`tender/detail/${w.ids.road}?tid=${l.tid}`));
    expectRefused(await get(`tender/detail/${w.ids.road}?uid=${encodeURIComponent(`${l.uid} OR 1=1`)}&tid=${l.tid}`));
    expectRefused(await get(`tender/detail/${w.ids.road}?uid=0${l.uid}&tid=${l.tid}`));
    expectRefused(await get(`tender/download_zip/${w.ids.road}?uid=${l.uid}&tid=${flipped}`));
    expectRefused(await get(`tender/ai-detail/${w.ids.road}/?uid=${l.uid}&tid=${flipped}`));
  });

  it("a link opens only its own item, for its own user, of its own type", async () => {
    const l = await share("tender", w.ids.road);
    // another tender, an unknown tender: the same answer (no probing for items)
    expectRefused(await get(`tender/detail/${w.ids.pipes}?${link(l)}`));
    expectRefused(await get(`tender/detail/999999?${link(l)}`));
    expectRefused(await get(`tender/download_zip/${w.ids.pipes}?${link(l)}`));
    // another user's uid with this token
    expectRefused(await get(`tender/detail/${w.ids.road}?uid=${w.userB.id}&tid=${l.tid}`));
    // a result whose id equals the tender's id
    const rid = w.results["aoc-road"];
    const tenderLink = await share("tender", rid);
    expectRefused(await get(`result/detail/${rid}?${link(tenderLink)}`));
    // links open detail pages, not lists or similar items
    expect((await get(`list/tenders/search/?${link(l)}`)).statusCode).toBe(401);
    expect((await get(`tender/${w.ids.road}/tender-mlt/?${link(l)}`)).statusCode).toBe(401);
  });

  it("DELETE revokes the user's links for the item, and only those", async () => {
    const mine = await share("tender", w.ids.pipes);
    const theirs = await share("tender", w.ids.pipes, w.headersB);
    const other = await share("tender", w.ids["no-closing"]);
    expect((await get(`tender/detail/${w.ids.pipes}?${link(mine)}`)).statusCode).toBe(200);
    const del = await w.ctx.app.inject({ method: "DELETE", url: `/api/tender/${w.ids.pipes}/share/`, headers: w.headersA });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ revoked: 1 });
    expectRefused(await get(`tender/detail/${w.ids.pipes}?${link(mine)}`));
    expect((await get(`tender/detail/${w.ids.pipes}?${link(theirs)}`)).statusCode).toBe(200);
    expect((await get(`tender/detail/${w.ids["no-closing"]}?${link(other)}`)).statusCode).toBe(200);
    const again = await w.ctx.app.inject({ method: "DELETE", url: `/api/tender/${w.ids.pipes}/share/`, headers: w.headersA });
    expect(again.json()).toEqual({ revoked: 0 });
    expect((await w.ctx.app.inject({ method: "DELETE", url: `/api/tender/${w.ids.pipes}/share/` })).statusCode).toBe(401);
    expect((await w.ctx.app.inject({ method: "DELETE", url: "/api/tender/999999/share/", headers: w.headersA })).statusCode).toBe(404);
  });

  it("a link stops working when its sharer's subscription ends or the account is disabled", async () => {
    const sharer = await createUser(w.ctx.db);
    const token = await login(w.ctx.app, sharer.email, sharer.password);
    const l = await share("tender", w.ids.road, bearer(token));
    expect((await get(`tender/detail/${w.ids.road}?${link(l)}`)).statusCode).toBe(200);
    await w.ctx.db.query(`UPDATE users SET end_date = '2020-01-01' WHERE id = $1`, [sharer.id]);
    expectRefused(await get(`tender/detail/${w.ids.road}?${link(l)}`));
    await w.ctx.db.query(`UPDATE users SET end_date = now()::date + 30, is_active = false WHERE id = $1`, [sharer.id]);
    expectRefused(await get(`tender/detail/${w.ids.road}?${link(l)}`));
  });

  it("a signed-in subscriber sees the page whatever the link says", async () => {
    const res = await get(`tender/detail/${w.ids.road}?uid=1&tid=${"A".repeat(32)}`, w.headersB);
    expect(res.statusCode).toBe(200);
    expect(res.json().shared).toBe(false);
  });
});
