// Staff editing a project: PATCH /api/work/{id}/, adding contacts (POST work/{id}/contacts/)
// and documents (POST work/{id}/documents/), each recorded with who and when and published to
// subscribers; every role against every write.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_ALREADY_ON_LEAD, CONTACT_NEEDS_REACH } from "../../server/modules/projects/detail-edit-contacts.js";
import { DOCUMENT_NEEDS_CONTENT } from "../../server/modules/projects/detail-edit-documents.js";
import { INVALID_PHONE } from "../../server/modules/phone/routes.js";
import { issueSignInToken } from "../../server/modules/auth/tokens.js";
import { bearer, createUser, login, proveStaff, startTestApp, type TestContext } from "./harness.js";
import { impersonating, linkContact, makeCompany, makeContact, makeProject } from "./lead-fixture.js";

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

const post = (url: string, payload: unknown, headers: Record<string, string> = bearer(staffToken)) =>
  t.app.inject({ method: "POST", url, headers, payload: payload as object });
const get = (url: string, token = subscriberToken) => t.app.inject({ method: "GET", url, headers: bearer(token) });
const count = async (sql: string, params: unknown[]) => (await t.db.query(sql, params)).rows.length;

describe("POST /api/work/{id}/contacts/", () => {
  const anil = { name: "Anil  Menon", designation: "Project Head", seniority: "General Manager", source: "telephone", phone: "098123 45612", email: "Anil@Menon.in", role: "owner" };

  it("adds the contact (phone as E.164), records who and when, and a subscriber sees it masked and in the status updates", async () => {
    const company = await makeCompany(t.db, "Menon Builders Pvt Ltd");
    const id = await makeProject(t.db, { status: "Tender" });
    const res = await post(`/api/work/${id}/contacts/`, { ...anil, company_id: company.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Anil Menon", designation: "Project Head", seniority: "General Manager", source: "telephone", source_label: "Telephone Call",
      phone: "+919812345612", email: "anil@menon.in", company: { id: company.id, name: "Menon Builders Pvt Ltd" }, role: "owner", is_unlocked: true,
    });
    const contactId = res.json().id;

    const history = await t.db.query<{ changes: unknown; changed_by: number; created_at: Date }>(`SELECT changes, changed_by, created_at FROM project_history WHERE project_id = $1`, [id]);
    expect(history.rows).toHaveLength(1);
    expect(history.rows[0]).toMatchObject({ changes: { contacts: [null, "Anil Menon, Project Head"] }, changed_by: staffId });
    expect(Date.now() - new Date(history.rows[0].created_at).getTime()).toBeLessThan(60_000);
    const contactHistory = await t.db.query<{ changes: Record<string, unknown> }>(`SELECT changes FROM contact_history WHERE contact_id = $1`, [contactId]);
    expect(contactHistory.rows[0].changes).toMatchObject({ name: [null, "Anil Menon"], phone: [null, "+919812345612"], source: [null, "telephone"] });
    expect(await count(`SELECT 1 FROM audit_log WHERE action = 'project.add_contact' AND item_id = $1 AND actor_id = $2`, [id, staffId])).toBe(1);

    const contacts = (await get(`/api/work/${id}/contacts/`)).json().results;
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ name: "Anil Menon", phone: "+91 98XXX XXX12", email: "a****@menon.in", is_unlocked: false, role: "owner" });
    const updates = (await get(`/api/work/${id}/status-update/`)).json().results;
    expect(updates[0]).toMatchObject({ old_status: null, new_status: "Tender", note: "New contact added: Anil Menon, Project Head (owner)", created_by: "Test" });
    const lines = (await get(`/api/work/${id}/history`)).json().results;
    expect(lines[0]).toMatchObject({ changes: { contacts: [null, "Anil Menon, Project Head"] }, changed_by: "Test" });
  });

  it("an e-mail alone is enough; a lead without a status publishes 'Not Specified'", async () => {
    const id = await makeProject(t.db);
    await t.db.query(`UPDATE projects SET status = NULL WHERE id = $1`, [id]);
    const res = await post(`/api/work/${id}/contacts/`, { name: "Meera Shah", source: "internet", email: "meera@shah.in" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ phone: null, email: "meera@shah.in", seniority: null, designation: null, role: null, company: null });
    const updates = (await get(`/api/work/${id}/status-update/`)).json().results;
    expect(updates[0]).toMatchObject({ new_status: "Not Specified", note: "New contact added: Meera Shah" });
  });

  it("refuses bad input with a field message and writes nothing", async () => {
    const id = await makeProject(t.db);
    const cases: [object, string, string?][] = [
      [{ phone: "12345" }, "phone", INVALID_PHONE],
      [{ phone: "98123 4561x" }, "phone", INVALID_PHONE],
      [{ phone: null, email: null }, "phone", CONTACT_NEEDS_REACH],
      [{ phone: " ", email: undefined }, "phone", CONTACT_NEEDS_REACH],
      [{ email: "not-an-email" }, "email", "Enter a valid e-mail address."],
      [{ seniority: "Boss" }, "seniority"],
      [{ source: "newspaper" }, "source"],
      [{ source: undefined }, "source", "This field is required."],
      [{ name: "" }, "name", "This field may not be blank."],
      [{ name: "   " }, "name", "This field may not be blank."],
      [{ role: "friend" }, "role", "Must be one of: owner, architect, contractor, consultant."],
      [{ company_id: 987654321 }, "company_id", "Company not found."],
      [{ contact_fuzz_score: 99 }, "contact_fuzz_score"],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(`/api/work/${id}/contacts/`, { ...anil, phone: "+91 98765 43210", ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body)).toContain(field);
      if (message) expect(res.json()[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(await count(`SELECT 1 FROM project_contacts WHERE project_id = $1`, [id])).toBe(0);
    expect(await count(`SELECT 1 FROM project_history WHERE project_id = $1`, [id])).toBe(0);
    expect(await count(`SELECT 1 FROM project_status_updates WHERE project_id = $1`, [id])).toBe(0);
  });

  it("a number already on the lead is a conflict", async () => {
    const id = await makeProject(t.db);
    expect((await post(`/api/work/${id}/contacts/`, { ...anil, phone: "+919900011122" })).statusCode).toBe(201);
    const again = await post(`/api/work/${id}/contacts/`, { ...anil, name: "Someone Else", phone: "99000 11122" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: CONTACT_ALREADY_ON_LEAD });
    expect(await count(`SELECT 1 FROM project_contacts WHERE project_id = $1`, [id])).toBe(1);
  });
});

describe("documents: POST and GET /api/work/{id}/documents/", () => {
  it("adds a document with text and one with only an address; subscribers list them and see the additions in the status updates", async () => {
    const id = await makeProject(t.db, { status: "Planning" });
    const text = "Scope: 3 towers of G+22. ".repeat(40);
    const a = await post(`/api/work/${id}/documents/`, { title: " Tender  notice ", body: text });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({ title: "Tender notice", url: null, text_length: text.trim().length, created_by: "Test" });
    expect(a.json().excerpt).toHaveLength(400);
    const b = await post(`/api/work/${id}/documents/`, { title: "Environment clearance", url: "https://parivesh.nic.in/doc/123" });
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json()).toMatchObject({ url: "https://parivesh.nic.in/doc/123", excerpt: "", text_length: 0 });

    const listed = await get(`/api/work/${id}/documents/`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().results.map((d: { title: string }) => d.title)).toEqual(["Tender notice", "Environment clearance"]);
    const notes = (await get(`/api/work/${id}/status-update/`)).json().results.map((u: { note: string }) => u.note);
    expect(notes).toEqual(["New document added: Environment clearance", "New document added: Tender notice"]);
    const history = await t.db.query<{ changes: unknown; changed_by: number }>(`SELECT changes, changed_by FROM project_history WHERE project_id = $1 ORDER BY id`, [id]);
    expect(history.rows).toEqual([
      { changes: { documents: [null, "Tender notice"] }, changed_by: staffId },
      { changes: { documents: [null, "Environment clearance"] }, changed_by: staffId },
    ]);
    expect(await count(`SELECT 1 FROM audit_log WHERE action = 'project.add_document' AND item_id = $1`, [id])).toBe(2);
  });

  it("refuses a document without text or address, a bad address, a blank title and unknown fields", async () => {
    const id = await makeProject(t.db);
    const cases: [object, string, string?][] = [
      [{ title: "Brief" }, "body", DOCUMENT_NEEDS_CONTENT],
      [{ title: "Brief", body: "   ", url: null }, "body", DOCUMENT_NEEDS_CONTENT],
      [{ title: "Brief", url: "javascript:alert(1)" }, "url"],
      [{ title: "Brief", url: "parivesh.nic.in" }, "url"],
      [{ title: "  ", body: "x" }, "title", "This field may not be blank."],
      [{ body: "x" }, "title", "This field is required."],
      [{ title: "Brief", body: "x", specs: [] }, "specs"],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(`/api/work/${id}/documents/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body)).toContain(field);
      if (message) expect(res.json()[field]).toEqual([message]);
    }
    expect((await get(`/api/work/${id}/documents/`)).json().results).toEqual([]);
  });
});

describe("who may add contacts and documents", () => {
  it("staff only: subscriber, impersonated, expired → 403, anonymous → 401, unknown lead → 404; reading is for subscribers", async () => {
    const id = await makeProject(t.db);
    const contact = { name: "Ravi", source: "telephone", phone: "+919812300000" };
    const doc = { title: "Brief", body: "Some text" };
    const target = await createUser(t.db);
    const imp = await impersonating(t, target);
    const expired = await createUser(t.db, { endDate: "2020-01-01" });
    const expiredToken = await login(t.app, expired.email, expired.password);
    for (const [url, body] of [[`/api/work/${id}/contacts/`, contact], [`/api/work/${id}/documents/`, doc]] as const) {
      expect((await post(url, body, bearer(subscriberToken))).statusCode, url).toBe(403);
      expect((await post(url, body, imp.headers)).statusCode, url).toBe(403);
      expect((await post(url, body, bearer(expiredToken))).statusCode, url).toBe(403);
      expect((await post(url, body, {})).statusCode, url).toBe(401);
      const missing = await post(url.replace(String(id), "999999999"), body);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toEqual({ detail: "Project not found." });
    }
    expect(await count(`SELECT 1 FROM project_history WHERE project_id = $1`, [id])).toBe(0);
    expect((await get(`/api/work/${id}/documents/`)).statusCode).toBe(200);
    expect((await get(`/api/work/${id}/documents/`, expiredToken)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/work/${id}/documents/` })).statusCode).toBe(401);
    expect((await get(`/api/work/999999999/documents/`)).statusCode).toBe(404);
  });
});

describe("role × staff-area endpoint", () => {
  const ROLES = ["anonymous", "subscriber", "expired", "signup", "staff", "impersonated", "disabled"] as const;
  type Role = (typeof ROLES)[number];
  type Expect = Record<Role, number>;
  const day = (offset: number) => new Date(Date.now() + offset * 864e5).toISOString().slice(0, 10);
  let seq = 0;
  const insertUser = async (o: { staff?: boolean; endDate?: string | null; statuses?: string[] } = {}) => {
    const email = `m${++seq}-${Math.random().toString(36).slice(2, 8)}@${o.staff ? "infrascout.in" : "example.com"}`;
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO users (email, first_name, preferred_proj_status, end_date, total_credits) VALUES ($1, 'M', $2, $3, 10) RETURNING id`,
      [email, o.statuses ?? ["Planning"], o.endDate === undefined ? day(30) : o.endDate],
    );
    if (o.staff) await proveStaff(t.db, rows[0].id);
    return rows[0].id;
  };
  async function session(role: Role): Promise<string | undefined> {
    switch (role) {
      case "anonymous": return undefined;
      case "subscriber": return issueSignInToken(t.db, await insertUser());
      case "expired": return issueSignInToken(t.db, await insertUser({ endDate: day(-1) }));
      case "signup": return issueSignInToken(t.db, await insertUser({ endDate: null, statuses: [] }));
      case "staff": return issueSignInToken(t.db, await insertUser({ staff: true, endDate: null }));
      case "impersonated": {
        const staffToken = await issueSignInToken(t.db, await insertUser({ staff: true }));
        const res = await t.app.inject({ method: "GET", url: `/api/impersonate/${await insertUser()}/`, headers: bearer(staffToken) });
        return res.json().token;
      }
      case "disabled": {
        const id = await insertUser();
        const token = await issueSignInToken(t.db, id);
        await t.db.query(`UPDATE users SET is_active = false WHERE id = $1`, [id]);
        return token;
      }
    }
  }
  const staffOnly = (ok: number): Expect => ({ anonymous: 401, subscriber: 403, expired: 403, signup: 403, staff: ok, impersonated: 403, disabled: 401 });
  const subscribers = (ok: number): Expect => ({ anonymous: 401, subscriber: ok, expired: 403, signup: 403, staff: ok, impersonated: ok, disabled: 401 });
  let n = 0;
  // Each cell acts on a fresh lead (with one contact), so no call depends on another.
  const rows: { name: string; method: "GET" | "POST" | "PATCH"; url: (p: number) => string; body?: (p: number, c: number) => object; expect: Expect }[] = [
    { name: "review queue", method: "GET", url: () => "/api/list/review/search/", expect: staffOnly(200) },
    { name: "review queue facets", method: "GET", url: () => "/api/list/review/search/facets/", expect: staffOnly(200) },
    { name: "edit fields", method: "PATCH", url: (p) => `/api/work/${p}/`, body: () => ({ city: "Nashik" }), expect: staffOnly(200) },
    { name: "add status update", method: "POST", url: (p) => `/api/work/${p}/status-update/`, body: () => ({ new_status: "Approval" }), expect: staffOnly(201) },
    { name: "add keyword", method: "POST", url: () => "/api/keywords/", body: (p) => ({ works_id: p, keyword: "fire-fighting" }), expect: staffOnly(201) },
    { name: "add contact", method: "POST", url: (p) => `/api/work/${p}/contacts/`, body: () => ({ name: "Ravi", source: "internet", phone: `+9199${String(++n).padStart(8, "0")}` }), expect: staffOnly(201) },
    { name: "add document", method: "POST", url: (p) => `/api/work/${p}/documents/`, body: () => ({ title: "Brief", url: "https://example.org/b.pdf" }), expect: staffOnly(201) },
    { name: "debug", method: "GET", url: (p) => `/api/work/${p}/debug`, expect: staffOnly(200) },
    { name: "documents", method: "GET", url: (p) => `/api/work/${p}/documents/`, expect: subscribers(200) },
    { name: "status updates", method: "GET", url: (p) => `/api/work/${p}/status-update/`, expect: subscribers(200) },
    { name: "history", method: "GET", url: (p) => `/api/work/${p}/history`, expect: subscribers(200) },
    // Impersonated: refused without impersonation_confirmed, allowed with it (next row).
    { name: "unlock contact", method: "POST", url: () => "/api/user-unlock-contact/", body: (_p, c) => ({ contact_id: c }), expect: { ...subscribers(200), impersonated: 403 } },
    { name: "unlock contact, confirmed", method: "POST", url: () => "/api/user-unlock-contact/", body: (_p, c) => ({ contact_id: c, impersonation_confirmed: true }), expect: subscribers(200) },
  ];
  for (const row of rows) {
    it(`${row.method} ${row.name}`, async () => {
      const got = {} as Expect;
      for (const role of ROLES) {
        const token = await session(role);
        const project = await makeProject(t.db);
        const contact = await makeContact(t.db);
        await linkContact(t.db, project, contact.id);
        const res = await t.app.inject({
          method: row.method,
          url: row.url(project),
          headers: token ? bearer(token) : {},
          ...(row.body ? { payload: row.body(project, contact.id) } : {}),
        });
        got[role] = res.statusCode;
      }
      expect(got).toEqual(row.expect);
    });
  }
});
