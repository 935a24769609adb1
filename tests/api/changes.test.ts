// Changes kept (issue 19, point 1): an import or a staff save that changes a tender or a lead
// leaves its diff — field, old, new, when, and where from — listed newest first by
// GET tender/{id}/changes/ and work/{id}/changes/. Real data: the OCP fictional OCDS example's
// tender release and its amendment release (the closing date extended by a week, a new document,
// the amendment itself), imported one after the other.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeChange, type ChangeSet } from "../../common/changes.js";
import { fx, run } from "../fixtures/import/helpers.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";
import { insertProject, PROJECTS } from "./search-fixture.js";

let t: TestContext;
let staff: { token: string; name: string };
let subscriber: string;
const TENDER = fx("ocds", "ocds-213czf-000-00001-02-tender.json");
const AMENDMENT = fx("ocds", "ocds-213czf-000-00001-03-tenderAmendment.json");

beforeAll(async () => {
  t = await startTestApp();
  const s = await createUser(t.db, { email: `changes-${Date.now()}@infrascout.in`, endDate: null, firstName: "Asha" });
  staff = { token: await login(t.app, s.email, s.password), name: "Asha" };
  const sub = await createUser(t.db);
  subscriber = await login(t.app, sub.email, sub.password);
});
afterAll(() => t.close());

async function changes(path: string, token: string): Promise<ChangeSet[]> {
  const res = await t.app.inject({ method: "GET", url: `/api/${path}/changes/`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}
const tenderId = async () => Number((await t.db.query<{ id: number }>(`SELECT id FROM tenders WHERE ocid = 'ocds-213czf-000-00001'`)).rows[0].id);

describe("a tender's changes, from its imports", () => {
  it("a new tender and a re-import of the same file have none; the amendment's moved closing date, new document and corrigendum are one set", async () => {
    await run(t.db, "ocds", [TENDER]);
    const id = await tenderId();
    expect(await changes(`tender/${id}`, subscriber)).toEqual([]);
    await run(t.db, "ocds", [TENDER]);
    expect(await changes(`tender/${id}`, subscriber)).toEqual([]);

    const report = await run(t.db, "ocds", [AMENDMENT]);
    const [set, ...older] = await changes(`tender/${id}`, staff.token);
    expect(older).toEqual([]);
    expect(set.source).toEqual({ kind: "import", import_run_id: report.run_id, file: "ocds-213czf-000-00001-03-tenderAmendment.json", staff_name: null });
    expect(set.changes).toContainEqual({ field: "closing_date", old: "2010-04-01T18:00:00Z", new: "2010-04-08T18:00:00Z" });
    expect(set.changes.filter((c) => c.field === "document")).toHaveLength(1);
    expect(set.changes.filter((c) => c.field === "corrigendum")).toHaveLength(1);
    expect(set.changes.every((c) => c.field !== "title" && c.field !== "value")).toBe(true);
    const closing = set.changes.find((c) => c.field === "closing_date")!;
    expect(describeChange("tender", closing)).toBe("Bid closing moved from 1 Apr 2010, 11:30 pm IST to 8 Apr 2010, 11:30 pm IST");
    // Subscribers are told it came from an import, not which run or file.
    expect((await changes(`tender/${id}`, subscriber))[0].source).toEqual({ kind: "import" });
  });

  it("re-importing the amendment, or a dry run of a change, adds nothing", async () => {
    const id = await tenderId();
    const before = await changes(`tender/${id}`, staff.token);
    await run(t.db, "ocds", [AMENDMENT]);
    await t.db.query(`UPDATE import_items SET content_hash = 'stale' WHERE key LIKE 'tender:%'`); // compared value by value, not by hash
    await run(t.db, "ocds", [AMENDMENT]);
    await t.db.query(`UPDATE tenders SET closing_date = closing_date - interval '1 day' WHERE id = $1`, [id]); // no source: not a change
    await run(t.db, "ocds", [AMENDMENT], { dryRun: true });
    const after = await changes(`tender/${id}`, staff.token);
    expect(after.map((s) => s.id)).toEqual(before.map((s) => s.id));
  });

  it("answers 404 for a tender that does not exist and 400 for an id that is not one", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/tender/987654321/changes/", headers: bearer(subscriber) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/tender/abc/changes/", headers: bearer(subscriber) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/tender/1/changes/" })).statusCode).toBe(401);
  });
});

describe("a lead's changes, from staff edits", () => {
  it("a save's changed fields are one set with who made it (staff see the name); a save that changes nothing adds none", async () => {
    const id = await insertProject(t.db, { ...PROJECTS[0], key: "changes", status: "Planning", value: 50e7 });
    const patch = (payload: Record<string, unknown>) => t.app.inject({ method: "PATCH", url: `/api/work/${id}/`, headers: bearer(staff.token), payload });
    expect((await patch({ status: "Under Construction", value: 55e7, completion_date: "2027-03-31" })).statusCode).toBe(200);
    expect((await patch({ status: "Under Construction" })).statusCode).toBe(200);
    const [set, ...older] = await changes(`work/${id}`, staff.token);
    expect(older).toEqual([]);
    expect(set.source).toEqual({ kind: "staff", import_run_id: null, file: null, staff_name: expect.stringContaining("Asha") });
    expect(set.changes).toEqual([
      { field: "status", old: "Planning", new: "Under Construction" },
      { field: "value", old: 500000000, new: 550000000 },
      { field: "completion_date", old: "2026-06-30", new: "2027-03-31" },
    ]);
    expect(set.changes.map((c) => describeChange("project", c))).toEqual([
      "Status changed from Planning to Under Construction",
      "Project value changed from ₹50,00,00,000 to ₹55,00,00,000",
      "Completion date moved from 30 Jun 2026 to 31 Mar 2027",
    ]);
    expect((await changes(`work/${id}`, subscriber))[0].source).toEqual({ kind: "staff" });
  });

  it("a contact added by staff is a change that names the person, never their phone or e-mail", async () => {
    const id = await insertProject(t.db, { ...PROJECTS[1], key: "changes-contact" });
    const res = await t.app.inject({
      method: "POST", url: `/api/work/${id}/contacts/`, headers: bearer(staff.token),
      payload: { name: "Ravi Kumar", designation: "Project Manager", source: "telephone", phone: "+91 98200 12345", email: "ravi@example.com" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [set] = await changes(`work/${id}`, subscriber);
    expect(set.changes).toEqual([{ field: "contact", old: null, new: "Ravi Kumar, Project Manager" }]);
    expect(JSON.stringify(set)).not.toMatch(/98200|ravi@/);
  });

  it("answers 404 for a lead that does not exist", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/work/987654321/changes/", headers: bearer(subscriber) })).statusCode).toBe(404);
  });
});
