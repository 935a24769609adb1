// Reminders: create, list by status and date range, edit, complete, delete, bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listReminders } from "../../server/modules/reminders/queries.js";
import { inDays, workspace, type Workspace } from "./workspace-fixture.js";

let w: Workspace;
beforeAll(async () => {
  w = await workspace();
});
afterAll(async () => {
  await w?.close();
});

const URL = "/api/reminders/list";

describe("reminders", () => {
  it("creates a reminder on a lead, a tender and a company, each with its title and link", async () => {
    const at = inDays(2);
    const lead = await w.call("POST", URL, w.a.token, { item_type: "project", item_id: w.projectId, remind_at: at, note: "  Call the architect  " });
    expect(lead.status).toBe(201);
    expect(lead.body).toMatchObject({
      item_type: "project",
      item_id: w.projectId,
      item_title: "Residential towers at Baner, Pune",
      link: `/private-leads/detail/${w.projectId}`,
      remind_at: at,
      note: "Call the architect",
      completed: false,
      completed_at: null,
      notified_at: null,
      status: "upcoming",
    });
    const tender = await w.call("POST", URL, w.a.token, { item_type: "tender", item_id: w.tenderId, remind_at: inDays(10) });
    expect(tender.status).toBe(201);
    expect(tender.body).toMatchObject({ item_title: "Construction of a bridge over Godavari", link: `/tender/detail/${w.tenderId}`, note: "" });
    const company = await w.call("POST", URL, w.a.token, { item_type: "company", item_id: w.companyId, remind_at: inDays(20) });
    expect(company.body).toMatchObject({ item_title: "Larsen & Toubro Limited", link: `/builder/detail/${w.companyId}` });

    const list = await w.call("GET", URL, w.a.token);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(3);
    expect(list.body.results.map((r: any) => r.item_type)).toEqual(["project", "tender", "company"]);
    const one = await w.call("GET", `${URL}/${lead.body.id}`, w.a.token);
    expect(one.body).toEqual(lead.body);
  });

  it("accepts a time with an IST offset", async () => {
    const at = new Date(Date.now() + 3 * 864e5);
    at.setUTCMilliseconds(0);
    const ist = new Date(at.getTime() + 330 * 60_000).toISOString().replace("Z", "+05:30");
    const res = await w.call("POST", URL, w.a.token, { item_type: "project", item_id: w.projectId, remind_at: ist });
    expect(res.status).toBe(201);
    expect(res.body.remind_at).toBe(at.toISOString());
    await w.call("DELETE", `${URL}/${res.body.id}`, w.a.token);
  });

  it("lists by status: overdue, today, upcoming, done; and by date range for the calendar", async () => {
    const { db } = w.ctx;
    const mk = async (at: Date, completed = false) => {
      const r = await db.query<{ id: number }>(
        `INSERT INTO reminders (user_id, item_type, item_id, remind_at, completed_at) VALUES ($1, 'project', $2, $3, $4) RETURNING id`,
        [w.b.id, w.projectId, at, completed ? new Date() : null],
      );
      return Number(r.rows[0].id);
    };
    const overdue = await mk(new Date(Date.now() - 3600_000));
    // "later today" in IST: a minute ahead is today unless it is the IST day's last minute.
    const soon = new Date(Date.now() + 60_000);
    const laterToday = await mk(soon);
    const upcoming = await mk(new Date(Date.now() + 3 * 864e5));
    const done = await mk(new Date(Date.now() - 864e5), true);
    const ids = async (q: string) => (await w.call("GET", `${URL}${q}`, w.b.token)).body.results.map((r: any) => r.id);
    expect(await ids("?status=overdue")).toEqual([overdue]);
    // Whether "soon" is still today depends on the clock (the IST day's last minute); the split
    // itself is pinned by the fixed-clock test below. These hold at any time of day.
    expect(await ids("?status=today")).not.toContain(upcoming);
    expect(await ids("?status=upcoming")).toContain(upcoming);
    expect([...(await ids("?status=today")), ...(await ids("?status=upcoming"))].sort()).toEqual([laterToday, upcoming].sort());
    expect(await ids("?status=done")).toEqual([done]);
    expect(await ids("")).toEqual([done, overdue, laterToday, upcoming]);
    expect(await ids(`?from=${encodeURIComponent(inDays(1))}&to=${encodeURIComponent(inDays(5))}`)).toEqual([upcoming]);
    expect(await ids(`?item_type=tender`)).toEqual([]);
    const all = (await w.call("GET", URL, w.b.token)).body.results;
    expect(all.find((r: any) => r.id === overdue).status).toBe("overdue");
    expect(all.find((r: any) => r.id === done).status).toBe("done");
  });

  it("splits today from upcoming at the end of the IST day, even in its last minute (fixed clock)", async () => {
    const { db } = w.ctx;
    // 23:59 IST on 10 March 2026: the minute the list used to be unchecked in.
    const now = new Date("2026-03-10T18:29:00Z");
    const mk = async (iso: string) =>
      Number((await db.query<{ id: number }>(`INSERT INTO reminders (user_id, item_type, item_id, remind_at) VALUES ($1, 'project', $2, $3) RETURNING id`, [w.b.id, w.projectId, new Date(iso)])).rows[0].id);
    const overdue = await mk("2026-03-10T18:28:00Z"); // 23:58 IST
    const lastMinute = await mk("2026-03-10T18:29:30Z"); // 23:59:30 IST, still today
    const midnight = await mk("2026-03-10T18:30:00Z"); // 00:00 IST on the 11th: tomorrow
    const nextDay = await mk("2026-03-11T06:30:00Z"); // noon IST on the 11th
    const range = { from: new Date("2026-03-10T00:00:00Z"), to: new Date("2026-03-12T00:00:00Z") };
    const ids = async (status: "overdue" | "today" | "upcoming") => (await listReminders(db, w.b.id, { status, ...range }, now)).results.map((r) => r.id);
    expect(await ids("overdue")).toEqual([overdue]);
    expect(await ids("today")).toEqual([lastMinute]);
    expect(await ids("upcoming")).toEqual([midnight, nextDay]);
    const statuses = (await listReminders(db, w.b.id, range, now)).results.map((r) => [r.id, r.status]);
    expect(statuses).toEqual([[overdue, "overdue"], [lastMinute, "today"], [midnight, "upcoming"], [nextDay, "upcoming"]]);
    await db.query(`DELETE FROM reminders WHERE id = ANY($1::bigint[])`, [[overdue, lastMinute, midnight, nextDay]]);
  });

  it("edits the time and note, completes and reopens", async () => {
    const r = (await w.call("POST", URL, w.a.token, { item_type: "project", item_id: w.projectId, remind_at: inDays(1), note: "first" })).body;
    await w.ctx.db.query(`UPDATE reminders SET notified_at = now() WHERE id = $1`, [r.id]);
    const moved = await w.call("PATCH", `${URL}/${r.id}`, w.a.token, { remind_at: inDays(4), note: "second" });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ note: "second", notified_at: null });
    expect(Date.parse(moved.body.remind_at)).toBeGreaterThan(Date.now() + 3 * 864e5);
    const doneRes = await w.call("PATCH", `${URL}/${r.id}`, w.a.token, { completed: true });
    expect(doneRes.body.completed).toBe(true);
    expect(doneRes.body.status).toBe("done");
    expect(doneRes.body.completed_at).not.toBeNull();
    const reopened = await w.call("PATCH", `${URL}/${r.id}`, w.a.token, { completed: false });
    expect(reopened.body).toMatchObject({ completed: false, completed_at: null, status: "upcoming" });
    // The same time again is allowed (no change), even though it is not "new".
    const same = await w.call("PATCH", `${URL}/${r.id}`, w.a.token, { remind_at: reopened.body.remind_at, note: "third" });
    expect(same.status).toBe(200);
    const del = await w.call("DELETE", `${URL}/${r.id}`, w.a.token);
    expect(del.status).toBe(204);
    expect((await w.call("GET", `${URL}/${r.id}`, w.a.token)).status).toBe(404);
    expect((await w.call("DELETE", `${URL}/${r.id}`, w.a.token)).status).toBe(404);
  });

  it("refuses bad input with a message on the field, and changes nothing", async () => {
    const before = (await w.call("GET", URL, w.a.token)).body.count;
    const bad = async (payload: unknown) => w.call("POST", URL, w.a.token, payload);
    expect((await bad({ item_type: "project", item_id: w.projectId, remind_at: inDays(-1) })).body).toEqual({ remind_at: ["Choose a time in the future."] });
    expect((await bad({ item_type: "project", item_id: w.projectId, remind_at: "tomorrow" })).body).toEqual({ remind_at: ["Enter a valid date-time."] });
    expect((await bad({ item_type: "project", item_id: 99999999, remind_at: inDays(1) })).body).toEqual({ item_id: ["No such lead."] });
    expect((await bad({ item_type: "tender", item_id: 99999999, remind_at: inDays(1) })).body).toEqual({ item_id: ["No such tender."] });
    expect((await bad({ item_type: "company", item_id: 99999999, remind_at: inDays(1) })).body).toEqual({ item_id: ["No such company."] });
    const wrongType = await bad({ item_type: "contact", item_id: w.projectId, remind_at: inDays(1) });
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.body)).toEqual(["item_type"]);
    expect((await bad({ item_id: w.projectId, remind_at: inDays(1) })).body).toEqual({ item_type: ["This field is required."] });
    expect((await bad({ item_type: "project", item_id: w.projectId, remind_at: inDays(1), note: "x".repeat(2001) })).body).toEqual({
      note: ["Ensure this field has no more than 2000 characters."],
    });
    expect((await bad({ item_type: "project", item_id: w.projectId, remind_at: inDays(1), user_id: w.b.id })).body).toEqual({ user_id: ["Unknown field 'user_id'."] });
    expect((await w.call("GET", `${URL}?status=soon`, w.a.token)).status).toBe(400);
    expect((await w.call("GET", `${URL}?from=${encodeURIComponent(inDays(5))}&to=${encodeURIComponent(inDays(1))}`, w.a.token)).body).toEqual({ to: ["Must not be before from."] });
    expect((await w.call("GET", `${URL}/abc`, w.a.token)).status).toBe(400);
    const r = (await w.call("POST", URL, w.a.token, { item_type: "project", item_id: w.projectId, remind_at: inDays(1) })).body;
    expect((await w.call("PATCH", `${URL}/${r.id}`, w.a.token, {})).status).toBe(400);
    expect((await w.call("PATCH", `${URL}/${r.id}`, w.a.token, { remind_at: inDays(-2) })).body).toEqual({ remind_at: ["Choose a time in the future."] });
    expect((await w.call("PATCH", `${URL}/${r.id}`, w.a.token, { completed: "yes" })).status).toBe(400);
    await w.call("DELETE", `${URL}/${r.id}`, w.a.token);
    expect((await w.call("GET", URL, w.a.token)).body.count).toBe(before);
  });

  it("needs a signed-in subscriber", async () => {
    expect((await w.call("GET", URL, null)).status).toBe(401);
    expect((await w.call("POST", URL, null, { item_type: "project", item_id: w.projectId, remind_at: inDays(1) })).status).toBe(401);
    const { createUser, login } = await import("./harness.js");
    const lapsed = await createUser(w.ctx.db, { endDate: "2020-01-01" });
    const token = await login(w.ctx.app, lapsed.email, lapsed.password);
    const res = await w.call("GET", URL, token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "User Subscription Expired" });
  });
});
