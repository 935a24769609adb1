// Rows for the lead-detail, credits, phone and RAG tests, written straight into the database.
import type { Db } from "../../server/db/client.js";
import { bearer, createUser, login, type TestContext, type TestUser } from "./harness.js";

let n = 0;
const uniq = () => `${++n}${Math.random().toString(36).slice(2, 6)}`;

export async function makeCompany(db: Db, name = `Company ${uniq()} Pvt Ltd`): Promise<{ id: number; name: string }> {
  const { rows } = await db.query<{ id: number }>(`INSERT INTO companies (name, normalized_name) VALUES ($1, lower($1)) RETURNING id`, [name]);
  return { id: rows[0].id, name };
}

export interface ContactOpts {
  companyId?: number | null;
  name?: string;
  designation?: string;
  seniority?: string | null;
  phone?: string | null;
  email?: string | null;
  source?: string;
  score?: number | null;
}

export async function makeContact(db: Db, o: ContactOpts = {}): Promise<{ id: number; phone: string | null; email: string | null; name: string }> {
  const name = o.name ?? `Ravi Kumar ${uniq()}`;
  const phone = o.phone === undefined ? `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}` : o.phone;
  const email = o.email === undefined ? `ravi.${uniq()}@builders.in` : o.email;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO contacts (company_id, name, designation, seniority, email, phone, source, contact_fuzz_score)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [o.companyId ?? null, name, o.designation ?? "Project Manager", o.seniority === undefined ? "Manager or equivalent" : o.seniority, email, phone, o.source ?? "telephone", o.score === undefined ? 80 : o.score],
  );
  return { id: rows[0].id, phone, email, name };
}

export interface ProjectOpts {
  title?: string;
  description?: string;
  category?: "construction" | "industrial";
  projectType?: string; // PostgreSQL array text, e.g. '{Hospital,Residential}'
  sector?: string;
  state?: string;
  city?: string;
  status?: string;
  value?: number | null;
  ownerCompanyId?: number | null;
  architectCompanyId?: number | null;
  contractorCompanyId?: number | null;
  keywords?: string[];
}

export async function makeProject(db: Db, o: ProjectOpts = {}): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO projects (title, description, category, project_type, sector, status, state, city, value, owner_company_id,
                           architect_company_id, contractor_company_id, owner_name, keywords, retrieved_on)
     VALUES ($1, $2, $3, $4::text[], $5, $6, $7, $8, $9, $10, $11, $12, (SELECT name FROM companies WHERE id = $10), $13, now())
     RETURNING id`,
    [
      o.title ?? `Residential Tower ${uniq()}`, o.description ?? "A residential project of three towers.", o.category ?? "construction",
      o.projectType ?? "{Residential}", o.sector ?? "Real Estate", o.status ?? "Planning", o.state ?? "Maharashtra", o.city ?? "Pune",
      o.value === undefined ? 5e8 : o.value, o.ownerCompanyId ?? null, o.architectCompanyId ?? null, o.contractorCompanyId ?? null, o.keywords ?? ["cement"],
    ],
  );
  return rows[0].id;
}

export async function linkContact(db: Db, projectId: number, contactId: number, role = "owner"): Promise<void> {
  await db.query(`INSERT INTO project_contacts (project_id, contact_id, role) VALUES ($1, $2, $3)`, [projectId, contactId, role]);
}

export async function makeDocument(
  db: Db,
  projectId: number,
  d: { title?: string; body?: string; specs?: unknown[]; contacts?: unknown[] } = {},
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO project_documents (project_id, title, body, specs, contacts) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [projectId, d.title ?? "Project brief", d.body ?? "", JSON.stringify(d.specs ?? []), JSON.stringify(d.contacts ?? [])],
  );
  return rows[0].id;
}

export interface Session {
  user: TestUser;
  token: string;
  headers: Record<string, string>;
}

export async function subscriber(t: TestContext, opts: { credits?: number; firstName?: string; endDate?: string | null } = {}): Promise<Session> {
  const user = await createUser(t.db, { credits: opts.credits ?? 10, firstName: opts.firstName, endDate: opts.endDate });
  const token = await login(t.app, user.email, user.password);
  return { user, token, headers: bearer(token) };
}

export async function staff(t: TestContext, firstName = "Sunita"): Promise<Session> {
  const user = await createUser(t.db, { email: `staff${uniq()}@infrascout.in`, endDate: null, firstName });
  const token = await login(t.app, user.email, user.password);
  return { user, token, headers: bearer(token) };
}

/** A staff member impersonating `target`: the impersonation token's headers. */
export async function impersonating(t: TestContext, target: TestUser): Promise<Session & { staff: Session }> {
  const s = await staff(t);
  const res = await t.app.inject({ method: "GET", url: `/api/impersonate/${target.id}/`, headers: s.headers });
  if (res.statusCode !== 200) throw new Error(`impersonate failed: ${res.statusCode} ${res.body}`);
  const token = res.json().token as string;
  return { user: target, token, headers: bearer(token), staff: s };
}

export function api(t: TestContext) {
  const call = (method: "GET" | "POST", url: string, s?: { headers: Record<string, string> } | null, payload?: unknown) =>
    t.app.inject({ method, url, headers: s?.headers ?? {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return {
    get: (url: string, s?: { headers: Record<string, string> } | null) => call("GET", url, s),
    post: (url: string, s: { headers: Record<string, string> } | null, payload?: unknown) => call("POST", url, s, payload ?? {}),
  };
}
