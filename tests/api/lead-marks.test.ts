// Marks: per user, history only on change, never visible to another user.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestContext } from "./harness.js";
import { api, makeProject, subscriber, type Session } from "./lead-fixture.js";

let t: TestContext;
let a: ReturnType<typeof api>;
let sub: Session;
let other: Session;
beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  sub = await subscriber(t);
  other = await subscriber(t);
}, 60_000);
afterAll(() => t.close());

describe("POST /api/work/{id}/mark/", () => {
  it("sets the mark and answers it with its history (old → new), newest first", async () => {
    const pid = await makeProject(t.db);
    const r1 = await a.post(`/api/work/${pid}/mark/`, sub, { mark: "shortlisted" });
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toMatchObject({ mark: "shortlisted", changed: true, history: [{ old_mark: "unmarked", new_mark: "shortlisted" }] });
    const r2 = await a.post(`/api/work/${pid}/mark/`, sub, { mark: "tentative" });
    expect(r2.json().history.map((h: { old_mark: string; new_mark: string }) => `${h.old_mark}>${h.new_mark}`)).toEqual(["shortlisted>tentative", "unmarked>shortlisted"]);
    const r3 = await a.post(`/api/work/${pid}/mark/`, sub, { mark: "unmarked" });
    expect(r3.json()).toMatchObject({ mark: "unmarked", changed: true });
    expect(r3.json().history).toHaveLength(3);
    expect((await a.get(`/api/work/${pid}/`, sub)).json()).toMatchObject({ mark: "unmarked", mark_history: r3.json().history });
  });

  it("a double click (the same mark twice, or at once) adds no second history row", async () => {
    const pid = await makeProject(t.db);
    await a.post(`/api/work/${pid}/mark/`, sub, { mark: "rejected" });
    const again = await a.post(`/api/work/${pid}/mark/`, sub, { mark: "rejected" });
    expect(again.json()).toMatchObject({ mark: "rejected", changed: false });
    expect(again.json().history).toHaveLength(1);
    const pid2 = await makeProject(t.db);
    const both = await Promise.all([1, 2, 3].map(() => a.post(`/api/work/${pid2}/mark/`, sub, { mark: "shortlisted" })));
    expect(both.every((r) => r.statusCode === 200)).toBe(true);
    expect(both.filter((r) => r.json().changed)).toHaveLength(1);
    const rows = await t.db.query(`SELECT 1 FROM mark_history WHERE user_id = $1 AND project_id = $2`, [sub.user.id, pid2]);
    expect(rows.rows).toHaveLength(1);
    // Setting 'unmarked' on a lead never marked is no change either.
    const pid3 = await makeProject(t.db);
    expect((await a.post(`/api/work/${pid3}/mark/`, sub, { mark: "unmarked" })).json()).toMatchObject({ changed: false, history: [] });
  });

  it("marks are per user: another user's mark and history are never shown", async () => {
    const pid = await makeProject(t.db);
    await a.post(`/api/work/${pid}/mark/`, other, { mark: "shortlisted" });
    const mine = await a.post(`/api/work/${pid}/mark/`, sub, { mark: "tentative" });
    expect(mine.json().history).toEqual([expect.objectContaining({ old_mark: "unmarked", new_mark: "tentative" })]);
    expect((await a.get(`/api/work/${pid}/`, other)).json()).toMatchObject({ mark: "shortlisted", mark_history: [expect.objectContaining({ new_mark: "shortlisted" })] });
  });

  it("refuses a value outside the four marks, a missing mark, an unknown lead, no token", async () => {
    const pid = await makeProject(t.db);
    const bad = await a.post(`/api/work/${pid}/mark/`, sub, { mark: "favourite" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ mark: ["Must be one of: unmarked, shortlisted, tentative, rejected."] });
    expect((await a.post(`/api/work/${pid}/mark/`, sub, {})).json()).toEqual({ mark: ["This field is required."] });
    expect((await a.post(`/api/work/987654/mark/`, sub, { mark: "shortlisted" })).statusCode).toBe(404);
    expect((await a.post(`/api/work/${pid}/mark/`, null, { mark: "shortlisted" })).statusCode).toBe(401);
    expect((await t.db.query(`SELECT 1 FROM mark_history WHERE project_id = $1`, [pid])).rows).toHaveLength(0);
  });
});
