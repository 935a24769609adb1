// The project calendar (reminders/calendar/) and My Feed's seen mark (list/my-feed/seen/):
// events of the right kinds on the right IST days, only the user's own, bad ranges as 400s.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspace, type Workspace } from "./workspace-fixture.js";

let w: Workspace;
let tenderId: number;
beforeAll(async () => {
  w = await workspace();
  const { db } = w.ctx;
  // Asha's lead starts 2024-01-01 and completes 2026-06-30 (fixture project 'pune').
  await db.query(`INSERT INTO marks (user_id, project_id, mark) VALUES ($1, $2, 'shortlisted')`, [w.a.id, w.projectId]);
  tenderId = w.tenderId;
  // Closing 18:30 UTC on 9 Dec = 00:00 IST on 10 Dec: the IST day is the calendar's day.
  await db.query(`UPDATE tenders SET closing_date = '2031-12-09T18:30:00Z', prebid_date = '2031-12-02T05:30:00Z' WHERE id = $1`, [tenderId]);
});
afterAll(async () => {
  await w?.close();
});

const CAL = "/api/reminders/calendar/";
const range = (from: string, to: string) => `${CAL}?from=${from}&to=${to}`;

describe("reminders/calendar/", () => {
  it("lists shortlisted leads' start and completion as whole days, only while shortlisted", async () => {
    const res = await w.call("GET", range("2026-06-01", "2026-06-30"), w.a.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      from: "2026-06-01",
      to: "2026-06-30",
      results: [
        {
          key: `project_completion:${w.projectId}`,
          kind: "project_completion",
          label: "Project completion",
          date: "2026-06-30",
          at: null,
          item_type: "project",
          item_id: w.projectId,
          title: "Residential towers at Baner, Pune",
          link: `/private-leads/detail/${w.projectId}`,
          reminder: null,
        },
      ],
    });
    // Bala did not shortlist it; a tentative mark is not a shortlist either.
    expect((await w.call("GET", range("2026-06-01", "2026-06-30"), w.b.token)).body.results).toEqual([]);
    await w.ctx.db.query(`INSERT INTO marks (user_id, project_id, mark) VALUES ($1, $2, 'tentative')`, [w.b.id, w.projectId]);
    expect((await w.call("GET", range("2026-06-01", "2026-06-30"), w.b.token)).body.results).toEqual([]);
  });

  it("shows reminders at their time and the dates of tenders the user has a reminder on", async () => {
    const before = await w.call("GET", range("2031-12-01", "2031-12-31"), w.a.token);
    expect(before.body.results).toEqual([]); // not following the tender yet
    const rem = await w.call("POST", "/api/reminders/list", w.a.token, { item_type: "tender", item_id: tenderId, remind_at: "2031-12-05T04:30:00Z", note: "Buy the tender document" });
    expect(rem.status).toBe(201);
    const res = await w.call("GET", range("2031-12-01", "2031-12-31"), w.a.token);
    expect(res.body.results.map((e: any) => [e.kind, e.date, e.at])).toEqual([
      ["tender_prebid", "2031-12-02", "2031-12-02T05:30:00.000Z"],
      ["reminder", "2031-12-05", "2031-12-05T04:30:00.000Z"],
      ["tender_closing", "2031-12-10", "2031-12-09T18:30:00.000Z"],
    ]);
    const reminder = res.body.results[1];
    expect(reminder).toMatchObject({
      key: `reminder:${rem.body.id}`,
      title: "Construction of a bridge over Godavari",
      link: `/tender/detail/${tenderId}`,
      reminder: { id: rem.body.id, note: "Buy the tender document", completed: false, status: "upcoming" },
    });
    // Completed reminders stay on the calendar, marked done.
    await w.call("PATCH", `/api/reminders/list/${rem.body.id}`, w.a.token, { completed: true });
    const after = await w.call("GET", range("2031-12-05", "2031-12-05"), w.a.token);
    expect(after.body.results).toHaveLength(1);
    expect(after.body.results[0].reminder).toMatchObject({ completed: true, status: "done" });
    // The closing day alone: 10 Dec IST holds the 18:30 UTC closing of 9 Dec.
    expect((await w.call("GET", range("2031-12-10", "2031-12-10"), w.a.token)).body.results.map((e: any) => e.kind)).toEqual(["tender_closing"]);
    expect((await w.call("GET", range("2031-12-09", "2031-12-09"), w.a.token)).body.results).toEqual([]);
    // Never another user's reminder or followed tender.
    expect((await w.call("GET", range("2031-12-01", "2031-12-31"), w.b.token)).body.results).toEqual([]);
  });

  it("answers 400 with a field message for a bad or too long range, 401 signed out", async () => {
    const bad = async (q: string) => {
      const res = await w.call("GET", `${CAL}${q}`, w.a.token);
      expect(res.status).toBe(400);
      return res.body;
    };
    expect(await bad("?from=2031-02-30&to=2031-03-01")).toEqual({ from: ["Enter a valid date (YYYY-MM-DD)."] });
    expect(await bad("?from=2031-03-10&to=2031-03-01")).toEqual({ to: ["Must not be before from."] });
    expect(await bad("?from=2031-01-01&to=2031-12-31")).toEqual({ to: ["Choose at most 93 days."] });
    expect(Object.keys(await bad("?from=yesterday&to=2031-01-01"))).toEqual(["from"]);
    expect(Object.keys(await bad("?to=2031-01-01"))).toEqual(["from"]);
    expect(Object.keys(await bad("?from=2031-01-01&to=2031-01-02&user_id=1"))).toHaveLength(1);
    expect((await w.call("GET", range("2031-01-01", "2031-01-02"), null)).status).toBe(401);
  });
});

describe("list/my-feed/seen/", () => {
  const SEEN = "/api/list/my-feed/seen/";
  it("starts unseen, moves forward only, never past now, and is per user", async () => {
    expect((await w.call("GET", SEEN, w.a.token)).body).toEqual({ seen_at: null });
    const first = await w.call("POST", SEEN, w.a.token, { seen_at: "2030-01-01T00:00:00Z" });
    expect(first.status).toBe(200);
    expect(first.body.previous_seen_at).toBeNull();
    // A future instant is capped at now.
    expect(Date.parse(first.body.seen_at)).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - Date.parse(first.body.seen_at)).toBeLessThan(60_000);
    const older = await w.call("POST", SEEN, w.a.token, { seen_at: "2024-01-01T00:00:00Z" });
    expect(older.body).toEqual({ seen_at: first.body.seen_at, previous_seen_at: first.body.seen_at });
    expect((await w.call("GET", SEEN, w.a.token)).body).toEqual({ seen_at: first.body.seen_at });
    expect((await w.call("GET", SEEN, w.b.token)).body).toEqual({ seen_at: null });
    const now = await w.call("POST", SEEN, w.b.token, {});
    expect(now.status).toBe(200);
    expect(now.body.previous_seen_at).toBeNull();
  });

  it("rejects a bad instant with a field message and unknown fields; 401 signed out", async () => {
    const res = await w.call("POST", SEEN, w.a.token, { seen_at: "soon" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(["seen_at"]);
    expect((await w.call("POST", SEEN, w.a.token, { user_id: 2 })).status).toBe(400);
    expect((await w.call("GET", SEEN, null)).status).toBe(401);
  });
});
