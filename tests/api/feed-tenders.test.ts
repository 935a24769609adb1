// The tenders part of My Feed (list/my-feed/tenders/ and facets/): live tenders in the user's
// preferred states and value range, newest arrived first, each saying why; lead-only preferences
// (statuses, sectors) do not narrow; two users see their own feeds; bad input is a 400.
// Data: tests/api/tender-fixture.ts (live: road, pipes, no-closing).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchEngine } from "../../server/search/index.js";
import { tendersIndex } from "../../server/search/indexes/tenders.js";
import { bearer, bothModesJson, createUser, login } from "./harness.js";
import { inDays, tenderWorld, type TenderWorld } from "./tender-fixture.js";

let w: TenderWorld;
beforeAll(async () => {
  w = await tenderWorld();
  // Arrival order: pipes newest, then no-closing, then road; the lapsed one newest of all (but not live).
  const arrived: Record<string, number> = { pipes: -1, "no-closing": -2, road: -3, lapsed: 0, cancelled: 0 };
  for (const [key, days] of Object.entries(arrived)) {
    await w.ctx.db.query(`UPDATE tenders SET arrived_date = $1 WHERE id = $2`, [inDays(days), w.ids[key]]);
  }
});
afterAll(async () => {
  await w?.close();
});

const get = (url: string, headers: Record<string, string> = w.headersA) => w.ctx.app.inject({ method: "GET", url: `/api/${url}`, headers });
const keyOf = (id: number) => Object.entries(w.ids).find(([, v]) => v === id)?.[0];
type Body = { count: number; results: { id: number; matched: string[] }[] };
const keys = (body: Body) => body.results.map((r) => keyOf(r.id));
const reasons = (body: Body) => Object.fromEntries(body.results.map((r) => [keyOf(r.id), r.matched]));

/** Asks twice — from the in-memory copy and from plain SQL — and insists on the same answer. */
const both = (url: string, headers?: Record<string, string>) => bothModesJson(searchEngine(w.ctx.db, tendersIndex), () => get(url, headers));

const setPrefs = (userId: number, p: { status?: string[]; sectors?: string[]; states?: string[]; min?: number | null; max?: number | null }) =>
  w.ctx.db.query(
    `UPDATE users SET preferred_proj_status = $2, preferred_sectors = $3, preferred_states = $4, preferred_min_value = $5, preferred_max_value = $6 WHERE id = $1`,
    [userId, p.status ?? [], p.sectors ?? [], p.states ?? [], p.min ?? null, p.max ?? null],
  );

describe("list/my-feed/tenders/", () => {
  it("with no preferences, is every live tender, newest arrived first, with no reasons", async () => {
    await setPrefs(w.userB.id, {});
    const body = await both("list/my-feed/tenders/", w.headersB);
    expect(body.count).toBe(3);
    expect(keys(body)).toEqual(["pipes", "no-closing", "road"]); // lapsed and cancelled arrived later but are not live
    expect(body.results.every((r: { matched: string[] }) => r.matched.length === 0)).toBe(true);
    expect(body.results[0]).toMatchObject({ title: "Supply of ductile iron pipes for water supply scheme", tender_status: "Live", state: "Maharashtra" });
  });

  it("applies preferred states and value range, says why, and ignores lead-only statuses and sectors", async () => {
    await setPrefs(w.userA.id, { status: ["Planning"], sectors: ["Cement"], states: ["Maharashtra"], min: 50e5 });
    const body = await both("list/my-feed/tenders/");
    expect(keys(body)).toEqual(["pipes", "road"]);
    expect(reasons(body)).toEqual({
      pipes: ["state: Maharashtra", "value: ₹80 L"],
      road: ["state: Maharashtra", "value: ₹12.5 Cr"],
    });

    await setPrefs(w.userA.id, { states: ["Maharashtra", "Delhi"], max: 1e7 });
    const capped = await both("list/my-feed/tenders/");
    expect(keys(capped)).toEqual(["pipes"]); // no-closing has no value, road is above the cap
    expect(capped.results[0].matched).toEqual(["state: Maharashtra", "value: ₹80 L"]);

    await setPrefs(w.userA.id, { states: ["Delhi"] });
    const delhi = await both("list/my-feed/tenders/");
    expect(keys(delhi)).toEqual(["no-closing"]);
    expect(delhi.results[0].matched).toEqual(["state: Delhi"]);
  });

  it("gives two users their own feeds at the same time", async () => {
    await setPrefs(w.userA.id, { states: ["Delhi"] });
    await setPrefs(w.userB.id, { min: 1e7 });
    const a = await both("list/my-feed/tenders/", w.headersA);
    const b = await both("list/my-feed/tenders/", w.headersB);
    expect(keys(a)).toEqual(["no-closing"]);
    expect(keys(b)).toEqual(["road"]);
    expect(b.results[0].matched).toEqual(["value: ₹12.5 Cr"]);
    await setPrefs(w.userB.id, {});
  });

  it("keeps the lister's search, filters, sort and facets inside the preferences", async () => {
    await setPrefs(w.userA.id, { states: ["Maharashtra"] });
    expect(keys(await both("list/my-feed/tenders/?sort=value+asc"))).toEqual(["pipes", "road"]);
    expect(keys(await both("list/my-feed/tenders/?q=bypass"))).toEqual(["road"]);
    expect(keys(await both("list/my-feed/tenders/?filter=is_corrigendum:true"))).toEqual(["road"]);
    expect((await both("list/my-feed/tenders/?filter=state:Delhi")).count).toBe(0); // a filter narrows, never widens
    const f = await both("list/my-feed/tenders/facets/");
    expect(f.facets.state).toEqual([{ text: "Maharashtra", count: 2 }]);
    expect(f.facets.tender_status).toEqual([{ text: "Live", count: 2 }]);
  });

  it("answers 400 with a field message for bad input, 401 without sign-in, 403 without a subscription", async () => {
    for (const [url, field] of [
      ["list/my-feed/tenders/?filter=nosuchfield:1", "filter"],
      ["list/my-feed/tenders/?filter=value:[abc TO 5]", "filter"],
      ["list/my-feed/tenders/?sort=colour+desc", "sort"],
      ["list/my-feed/tenders/?page=0", "page"],
      ["list/my-feed/tenders/facets/?filter=is_corrigendum:perhaps", "filter"],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()[field]?.[0], url).toEqual(expect.any(String));
    }
    expect((await get("list/my-feed/tenders/", {})).statusCode).toBe(401);
    const expired = await createUser(w.ctx.db, { endDate: "2020-01-01" });
    const res = await get("list/my-feed/tenders/", bearer(await login(w.ctx.app, expired.email, expired.password)));
    expect(res.statusCode).toBe(403);
  });
});
