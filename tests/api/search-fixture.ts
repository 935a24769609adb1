// A small, known set of project leads for the search tests: every expected count in the tests
// can be checked by reading this table. Also: a helper that asks each search twice — from the
// in-memory cache and from plain SQL — and insists both answers are the same.
import type { Db } from "../../server/db/client.js";
import { searchEngine } from "../../server/search/index.js";
import { projectsIndex } from "../../server/search/indexes/projects.js";
import { bearer, bothModes, createUser, login, startTestApp, type TestContext } from "./harness.js";

export interface P {
  key: string;
  title: string;
  category: "construction" | "industrial";
  is_ai?: boolean;
  types: string[];
  sector: string;
  status: string;
  stage: string;
  value: number | null;
  state: string;
  district: string;
  city: string;
  owner: string | null;
  retrieved: string | null;
  arrived: string;
  reviewed: string | null;
  start: string | null;
  completion: string | null;
  source: string;
  ownership: string;
  keywords?: string[];
  description?: string;
}

export const PROJECTS: P[] = [
  { key: "pune", title: "Residential towers at Baner, Pune", category: "construction", types: ["Apartments", "Township"], sector: "Residential", status: "Under Construction", stage: "Superstructure", value: 50e7, state: "Maharashtra", district: "Pune", city: "Pune", owner: "Godrej Properties", retrieved: "2024-03-10T10:00:00Z", arrived: "2024-03-11T00:00:00Z", reviewed: "2024-03-12T00:00:00Z", start: "2024-01-01", completion: "2026-06-30", source: "RERA filing", ownership: "private", keywords: ["cement", "tmt bars"], description: "Twin towers with podium parking." },
  { key: "nagpur", title: "Multi-speciality hospital block at Nagpur", category: "construction", types: ["Hospital"], sector: "Healthcare", status: "Planning", stage: "Concept", value: 20e7, state: "Maharashtra", district: "Nagpur", city: "Nagpur", owner: "Apollo 100% Health_Care", retrieved: "2024-01-31T23:59:59Z", arrived: "2024-02-01T05:00:00Z", reviewed: null, start: "2024-06-01", completion: "2025-12-31", source: "Press release", ownership: "private", description: "A 300-bed hospital with ICU." },
  { key: "cement", title: "Cement plant expansion at Chittorgarh", category: "industrial", is_ai: true, types: ["Cement Plant"], sector: "Cement", status: "Under Construction", stage: "Civil Work", value: 500e7, state: "Rajasthan", district: "Chittorgarh", city: "Chittorgarh", owner: "UltraTech Cement", retrieved: "2024-02-01T00:00:00Z", arrived: "2024-02-02T00:00:00Z", reviewed: "2024-02-03T00:00:00Z", start: "2023-10-01", completion: "2025-03-31", source: "Environmental clearance", ownership: "private", keywords: ["kiln"] },
  { key: "bhiwandi", title: "Warehouse and cold chain park at Bhiwandi", category: "industrial", is_ai: true, types: ["Warehouse", "Cold Chain"], sector: "Warehousing & Logistics", status: "Planning", stage: "Feasibility Study", value: null, state: "Maharashtra", district: "Thane", city: "Bhiwandi", owner: null, retrieved: null, arrived: "2024-04-01T00:00:00Z", reviewed: null, start: null, completion: null, source: "Field research", ownership: "private" },
  { key: "jaipur-mall", title: "Shopping mall and multiplex at Malviya Nagar, Jaipur", category: "construction", types: ["Mall"], sector: "Commercial", status: "Approval", stage: "RERA Registration", value: 100e7, state: "Rajasthan", district: "Jaipur", city: "Jaipur", owner: "DLF", retrieved: "2024-04-15T00:00:00Z", arrived: "2024-04-15T06:00:00Z", reviewed: "2024-04-16T00:00:00Z", start: "2024-09-01", completion: "2027-03-31", source: "Press release", ownership: "private" },
  { key: "jamshedpur", title: "Steel rolling mill at Jamshedpur", category: "industrial", types: ["Rolling Mill"], sector: "Steel", status: "Tendering", stage: "Bids Invited", value: 300e7, state: "Jharkhand", district: "East Singhbhum", city: "Jamshedpur", owner: "Tata Steel", retrieved: "2023-12-31T18:30:00Z", arrived: "2024-01-01T00:00:00Z", reviewed: "2024-01-02T00:00:00Z", start: "2024-04-01", completion: "2026-03-31", source: "Company website", ownership: "private" },
  { key: "goa", title: "Five-star hotel at Panaji", category: "construction", types: ["Hotel"], sector: "Hospitality", status: "Completed", stage: "Commissioned", value: 80e7, state: "Goa", district: "North Goa", city: "Panaji", owner: "Taj 50% Hotels", retrieved: "2024-05-01T00:00:00Z", arrived: "2024-05-02T00:00:00Z", reviewed: null, start: "2021-01-01", completion: "2024-03-31", source: "Press release", ownership: "ppp" },
  { key: "navi-mumbai", title: "Hyperscale data centre at Navi Mumbai", category: "construction", types: ["Data Centre"], sector: "Data Centre", status: "Under Construction", stage: "MEP Works", value: 1000e7, state: "Maharashtra", district: "Thane", city: "Navi Mumbai", owner: "Nxtra Data", retrieved: "2024-05-20T00:00:00Z", arrived: "2024-05-21T00:00:00Z", reviewed: "2024-05-22T00:00:00Z", start: "2023-06-01", completion: "2025-12-31", source: "Company website", ownership: "private" },
  { key: "jaipur-villas", title: "Villas and row houses at Jagatpura, Jaipur", category: "construction", types: ["Villas", "Row Houses"], sector: "Residential", status: "Planning", stage: "Concept", value: 20e7, state: "Rajasthan", district: "Jaipur", city: "Jaipur", owner: "DLF", retrieved: "2024-03-10T10:00:00Z", arrived: "2024-03-10T12:00:00Z", reviewed: "2024-03-11T00:00:00Z", start: "2024-12-01", completion: "2026-12-31", source: "RERA filing", ownership: "private" },
  { key: "surat", title: "Textile park at Surat", category: "industrial", types: ["Textile Park"], sector: "Textiles", status: "Awarded", stage: "Mobilisation", value: 45e7, state: "Gujarat", district: "Surat", city: "Surat", owner: "Welspun", retrieved: "2024-06-01T00:00:00Z", arrived: "2024-06-01T00:00:00Z", reviewed: "2024-06-02T00:00:00Z", start: "2024-07-01", completion: "2026-01-31", source: "Field research", ownership: "private", description: "Spinning & weaving units" },
];

export async function insertProject(db: Db, p: P): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO projects (title, description, category, is_ai, project_type, sector, ownership, status, stage, value, state, district, city,
       owner_name, retrieved_on, arrived_date, reviewed_date, start_date, completion_date, keywords, source)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21) RETURNING id`,
    [p.title, p.description ?? "", p.category, p.is_ai ?? false, p.types, p.sector, p.ownership, p.status, p.stage, p.value, p.state, p.district, p.city,
      p.owner, p.retrieved, p.arrived, p.reviewed, p.start, p.completion, p.keywords ?? [], p.source],
  );
  return Number(r.rows[0].id);
}

export interface SearchWorld {
  ctx: TestContext;
  ids: Record<string, number>;
  keyOf: (id: number) => string;
  tokenA: string;
  tokenB: string;
  tokenStaff: string;
  userA: { id: number; email: string };
  userB: { id: number; email: string };
  /** GET through the API from the cache and from SQL; both must agree. Answers [status, body]. */
  get(url: string, token?: string): Promise<[number, any]>;
  close(): Promise<void>;
}

export async function searchWorld(): Promise<SearchWorld> {
  const ctx = await startTestApp({ apiRequestsPerMinute: 100_000 });
  const ids: Record<string, number> = {};
  for (const p of PROJECTS) ids[p.key] = await insertProject(ctx.db, p);
  const userA = await createUser(ctx.db, { statuses: ["Under Construction", "Planning"] });
  const userB = await createUser(ctx.db, { statuses: [] });
  const staff = await createUser(ctx.db, { email: `reviewer-${Date.now()}@infrascout.in` });
  const tokenA = await login(ctx.app, userA.email, userA.password);
  const tokenB = await login(ctx.app, userB.email, userB.password);
  const tokenStaff = await login(ctx.app, staff.email, staff.password);
  const engine = searchEngine(ctx.db, projectsIndex);
  const raw = async (url: string, token: string): Promise<[number, any]> => {
    const res = await ctx.app.inject({ method: "GET", url, headers: bearer(token) });
    const type = String(res.headers["content-type"] ?? "");
    return [res.statusCode, type.includes("json") ? res.json() : res.body];
  };
  return {
    ctx, ids, tokenA, tokenB, tokenStaff, userA, userB,
    keyOf: (id) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? `#${id}`,
    async get(url, token = tokenA) {
      const paths: (string | null)[] = [];
      const answer = await bothModes(engine, async () => {
        const a = await raw(url, token);
        paths.push(engine.lastPath);
        return a;
      }, { memory: "cache" });
      // A list answered really went through both paths (not a refusal before the engine).
      if (answer[0] === 200 && url.includes("/list/") && paths.join(" / ") !== "cache / sql") throw new Error(`expected cache then sql, got ${paths.join(" / ")}`);
      return answer;
    },
    close: () => ctx.close(),
  };
}
