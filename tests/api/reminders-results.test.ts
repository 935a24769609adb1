// Reminders on tender results: titled by the tender, linked to the result's detail page, on
// the reminders list and the calendar, invisible to another user; an unknown result is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inDays, insertTender, workspace, type Workspace } from "./workspace-fixture.js";

let w: Workspace;
let resultId: number;
beforeAll(async () => {
  w = await workspace();
  const tenderId = await insertTender(w.ctx.db, "Four-lane bypass road on NH-44 at Nagpur");
  const r = await w.ctx.db.query<{ id: number }>(`INSERT INTO results (tender_id, winner_name, award_value) VALUES ($1, 'Afcons Infrastructure', 120000000) RETURNING id`, [tenderId]);
  resultId = Number(r.rows[0].id);
});
afterAll(async () => {
  await w?.close();
});

const URL = "/api/reminders/list";
const istDay = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 10);

describe("reminders on tender results", () => {
  it("sets one on a result: its tender's title, a link to the result, listed and on the calendar", async () => {
    const at = inDays(4);
    const created = await w.call("POST", URL, w.a.token, { item_type: "result", item_id: resultId, remind_at: at, note: "Ask the winner about steel" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      item_type: "result",
      item_id: resultId,
      item_title: "Four-lane bypass road on NH-44 at Nagpur",
      link: `/result/detail/${resultId}`,
      note: "Ask the winner about steel",
      status: "upcoming",
    });

    const list = await w.call("GET", `${URL}?item_type=result`, w.a.token);
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: { id: number }) => r.id)).toEqual([created.body.id]);

    const day = istDay(at);
    const calendar = await w.call("GET", `/api/reminders/calendar/?from=${day}&to=${day}`, w.a.token);
    expect(calendar.status).toBe(200);
    expect(calendar.body.results).toContainEqual(
      expect.objectContaining({ key: `reminder:${created.body.id}`, item_type: "result", item_id: resultId, title: "Four-lane bypass road on NH-44 at Nagpur", link: `/result/detail/${resultId}` }),
    );

    // The open reminders on the dashboard count it by its kind.
    const stat = await w.call("GET", "/api/proj_status_reminder_cnt/", w.a.token);
    expect(stat.status).toBe(200);
    expect(stat.body.by_item_type).toContainEqual({ item_type: "result", count: 1 });
  });

  it("another user's reminder on the same result is invisible, by list, by id and on the calendar", async () => {
    const at = inDays(6);
    const theirs = await w.call("POST", URL, w.b.token, { item_type: "result", item_id: resultId, remind_at: at });
    expect(theirs.status).toBe(201);
    const mine = (await w.call("GET", `${URL}?item_type=result&item_id=${resultId}`, w.a.token)).body.results.map((r: { id: number }) => r.id);
    expect(mine).not.toContain(theirs.body.id);
    expect((await w.call("GET", `${URL}/${theirs.body.id}`, w.a.token)).status).toBe(404);
    expect((await w.call("PATCH", `${URL}/${theirs.body.id}`, w.a.token, { completed: true })).status).toBe(404);
    const day = istDay(at);
    const calendar = (await w.call("GET", `/api/reminders/calendar/?from=${day}&to=${day}`, w.a.token)).body.results;
    expect(calendar.map((e: { key: string }) => e.key)).not.toContain(`reminder:${theirs.body.id}`);
    expect((await w.call("GET", `${URL}/${theirs.body.id}`, w.b.token)).body.item_title).toBe("Four-lane bypass road on NH-44 at Nagpur");
  });

  it("refuses an unknown result with a message on item_id, and an unknown item type", async () => {
    const unknown = await w.call("POST", URL, w.a.token, { item_type: "result", item_id: 99999999, remind_at: inDays(1) });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ item_id: ["No such tender result."] });
    const notAType = await w.call("POST", URL, w.a.token, { item_type: "results", item_id: resultId, remind_at: inDays(1) });
    expect(notAType.status).toBe(400);
    expect(Object.keys(notAType.body)).toEqual(["item_type"]);
  });

  it("shows a removed result's reminder as no longer available, still linked to its page", async () => {
    const tenderId = await insertTender(w.ctx.db, "Supply of ductile iron pipes");
    const r = await w.ctx.db.query<{ id: number }>(`INSERT INTO results (tender_id, winner_name) VALUES ($1, 'Jindal Saw') RETURNING id`, [tenderId]);
    const goneId = Number(r.rows[0].id);
    const created = (await w.call("POST", URL, w.a.token, { item_type: "result", item_id: goneId, remind_at: inDays(2) })).body;
    await w.ctx.db.query(`DELETE FROM results WHERE id = $1`, [goneId]);
    const after = await w.call("GET", `${URL}/${created.id}`, w.a.token);
    expect(after.body).toMatchObject({ item_type: "result", item_title: null, link: `/result/detail/${goneId}` });
  });
});
