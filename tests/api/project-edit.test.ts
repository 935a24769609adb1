// Staff editing a project: PATCH /api/work/{id}/.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";
import { makeCompany, makeProject } from "./lead-fixture.js";

let t: TestContext;
let staffToken: string;
let subscriberToken: string;
let staffId: number;
beforeAll(async () => {
  t = await startTestApp();
  const staff = await createUser(t.db, { email: `editor${Date.now()}@infrascout.in` });
  staffId = staff.id;
  staffToken = await login(t.app, staff.email, staff.password);
  const sub = await createUser(t.db);
  subscriberToken = await login(t.app, sub.email, sub.password);
});
afterAll(() => t.close());

const patch = (id: number, payload: object, token = staffToken) =>
  t.app.inject({ method: "PATCH", url: `/api/work/${id}/`, headers: bearer(token), payload });

describe("PATCH /api/work/{id}/", () => {
  it("changes only the fields sent, records who changed what, and the lead leaves the review queue", async () => {
    const id = await makeProject(t.db, { city: "Pune", value: 5e8 });
    await t.db.query(`UPDATE projects SET reviewed_date = NULL WHERE id = $1`, [id]);
    const res = await patch(id, { city: "Nagpur", value: 25_000_000, title: undefined });
    expect(res.statusCode).toBe(200);
    expect(res.json().changed.sort()).toEqual(["city", "value"]);
    expect(res.json().project).toMatchObject({ city: "Nagpur", value: 25_000_000, state: "Maharashtra" });
    const history = await t.db.query<{ changes: Record<string, unknown>; changed_by: number }>(
      `SELECT changes, changed_by FROM project_history WHERE project_id = $1`,
      [id],
    );
    expect(history.rows).toHaveLength(1);
    expect(history.rows[0].changed_by).toBe(staffId);
    expect(history.rows[0].changes).toEqual({ city: ["Pune", "Nagpur"], value: [5e8, 25_000_000] });
    const reviewed = await t.db.query<{ reviewed_date: Date | null }>(`SELECT reviewed_date FROM projects WHERE id = $1`, [id]);
    expect(reviewed.rows[0].reviewed_date).not.toBeNull();
    const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'project.edit' AND item_id = $1 AND actor_id = $2`, [id, staffId]);
    expect(audit.rows).toHaveLength(1);
  });

  it("publishes a status change as a status update, and a save with nothing new writes nothing", async () => {
    const id = await makeProject(t.db, { status: "Planning" });
    expect((await patch(id, { status: "Under Construction" })).statusCode).toBe(200);
    const updates = await t.db.query<{ old_status: string; new_status: string }>(`SELECT old_status, new_status FROM project_status_updates WHERE project_id = $1`, [id]);
    expect(updates.rows).toEqual([{ old_status: "Planning", new_status: "Under Construction" }]);
    const again = await patch(id, { status: "Under Construction" });
    expect(again.json().changed).toEqual([]);
    expect((await t.db.query(`SELECT 1 FROM project_history WHERE project_id = $1`, [id])).rows).toHaveLength(1);
  });

  it("clears a field with null (never coerced to 0 or an empty string)", async () => {
    const id = await makeProject(t.db, { value: 5e8 });
    const res = await patch(id, { value: null, stage: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().project.value).toBeNull();
  });

  it("links companies by id and refuses an unknown one with a field message", async () => {
    const company = await makeCompany(t.db, "Sahyadri Buildcon Pvt Ltd");
    const id = await makeProject(t.db);
    const ok = await patch(id, { contractor_company_id: company.id });
    expect(ok.json().project.contractor_company).toEqual({ id: company.id, name: "Sahyadri Buildcon Pvt Ltd" });
    const bad = await patch(id, { owner_company_id: 987654321 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ owner_company_id: ["Company not found."] });
  });

  it("refuses bad values and unknown fields with field messages, changing nothing", async () => {
    const id = await makeProject(t.db, { city: "Pune" });
    const cases: [object, string][] = [
      [{ status: "Flying" }, "status"],
      [{ category: "retail" }, "category"],
      [{ value: -5 }, "value"],
      [{ pincode: "12345" }, "pincode"],
      [{ start_date: "2024-13-01" }, "start_date"],
      [{ title: "" }, "title"],
      [{ spent_credits: 0 }, "spent_credits"],
      [{ start_date: "2026-05-01", completion_date: "2025-01-01" }, "completion_date"],
    ];
    for (const [body, field] of cases) {
      const res = await patch(id, { city: "Changed", ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body)).toContain(field);
    }
    const row = await t.db.query<{ city: string }>(`SELECT city FROM projects WHERE id = $1`, [id]);
    expect(row.rows[0].city).toBe("Pune");
  });

  it("is staff only, and answers 404 for an unknown project", async () => {
    const id = await makeProject(t.db);
    expect((await patch(id, { city: "X" }, subscriberToken)).statusCode).toBe(403);
    const missing = await patch(999_999_999, { city: "X" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: "Project not found." });
  });
});
