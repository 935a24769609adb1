// Shared set-up for the workspace tests (reminders, quick searches, alerts, jobs): an app, two
// subscribers and a lead, a tender and a company to point at.
import type { Db } from "../../server/db/client.js";
import { bearer, createUser, login, startTestApp, type TestContext, type TestUser } from "./harness.js";
import { PROJECTS, insertProject } from "./search-fixture.js";
import type { Config } from "../../server/config.js";
import type { Mailer } from "../../server/mail/mailer.js";

export interface Workspace {
  ctx: TestContext;
  a: TestUser & { token: string };
  b: TestUser & { token: string };
  projectId: number;
  tenderId: number;
  companyId: number;
  call(method: string, url: string, token: string | null, payload?: unknown): Promise<{ status: number; body: any; headers: Record<string, unknown>; text: string }>;
  close(): Promise<void>;
}

export async function insertTender(db: Db, title: string): Promise<number> {
  const r = await db.query<{ id: number }>(`INSERT INTO tenders (title, org_name) VALUES ($1, 'PWD') RETURNING id`, [title]);
  return Number(r.rows[0].id);
}

export async function insertCompany(db: Db, name: string): Promise<number> {
  const r = await db.query<{ id: number }>(`INSERT INTO companies (name, normalized_name) VALUES ($1, lower($1)) RETURNING id`, [name]);
  return Number(r.rows[0].id);
}

export async function workspace(overrides: Partial<Config> = {}, opts: { mailer?: Mailer } = {}): Promise<Workspace> {
  const ctx = await startTestApp({ jobsIntervalSeconds: 0, ...overrides }, opts);
  const ua = await createUser(ctx.db, { firstName: "Asha", statuses: ["Planning"] });
  const ub = await createUser(ctx.db, { firstName: "Bala" });
  const a = { ...ua, token: await login(ctx.app, ua.email, ua.password) };
  const b = { ...ub, token: await login(ctx.app, ub.email, ub.password) };
  const projectId = await insertProject(ctx.db, PROJECTS[0]);
  const tenderId = await insertTender(ctx.db, "Construction of a bridge over Godavari");
  const companyId = await insertCompany(ctx.db, "Larsen & Toubro Limited");
  return {
    ctx,
    a,
    b,
    projectId,
    tenderId,
    companyId,
    async call(method, url, token, payload) {
      const res = await ctx.app.inject({ method: method as "GET", url, headers: token ? bearer(token) : {}, payload: payload as object });
      let body: unknown = null;
      try {
        body = res.body ? res.json() : null;
      } catch {
        body = null;
      }
      return { status: res.statusCode, body, headers: res.headers, text: res.body };
    },
    close: () => ctx.close(),
  };
}

export const inDays = (days: number, from = Date.now()) => new Date(from + days * 864e5).toISOString();
