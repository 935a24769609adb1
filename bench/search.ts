// npm run bench (search part): every search shape through the API — the list and its facets,
// as the web app asks them — against the same query as raw SQL (one GROUP BY per facet, count,
// OFFSET paging) in the same run, on the PostgreSQL server and on PGlite, at 1,000,000
// generated projects and 1,000,000 tenders (BENCH_PROJECTS, BENCH_TENDERS override; data prepared
// by bench/search-data.ts and reused).
//   BENCH_TARGETS=pg,pglite  BENCH_SUITES=projects,tenders  BENCH_SHAPES=text,export  BENCH_ITER=30  BENCH_RAW_ITER=5  BENCH_EACH=1
import os from "node:os";
import { performance } from "node:perf_hooks";
import { loadConfig } from "../server/config.js";
import type { Db } from "../server/db/client.js";
import { buildApp } from "../server/app.js";
import { hashPassword } from "../server/modules/auth/passwords.js";
import { parseSearchParams, searchEngine, type RawSearchParams } from "../server/search/index.js";
import { projectsIndex } from "../server/search/indexes/projects.js";
import { tendersIndex } from "../server/search/indexes/tenders.js";
import { fetchRows, sqlCount, sqlFacetCounts, sqlPageIds, tsqueryText } from "../server/search/sql.js";
import type { Condition, IndexDefinition } from "../server/search/types.js";
import { liveCondition } from "../server/modules/tenders/lists.js";
import { BENCH_PROJECTS, BENCH_TENDERS, openBenchPglite, openBenchPostgres } from "./search-data.js";

interface Stats {
  p50: number;
  p95: number;
  n: number;
}

const ITER = Number(process.env.BENCH_ITER ?? 30);
const RAW_ITER = Number(process.env.BENCH_RAW_ITER ?? 5);
const EACH = Boolean(process.env.BENCH_EACH); // each search's time and where it ran // PGlite: at most 3 (a naive pass takes many seconds there)
const TARGETS = (process.env.BENCH_TARGETS ?? "pg,pglite").split(",").map((s) => s.trim());
const SUITE_NAMES = (process.env.BENCH_SUITES ?? "projects,tenders").split(",").map((s) => s.trim());

/** The URL's parameters: the search language plus a lister's own (search_all_tenders). */
type Params = RawSearchParams & { search_all_tenders?: string };

interface Shape {
  name: string;
  params: (i: number) => Params;
  export?: boolean;
  /** The kept counts help count its facets (two filter groups): measured again without them. */
  tablesHelp?: boolean;
}

/** One lister measured: its index, its URLs and the query shapes people send it. */
interface Suite {
  label: string;
  rows: number;
  index: IndexDefinition;
  url: string;
  exportUrl: string;
  terms: string[];
  shapes: Shape[];
  /** What the route adds to the parsed query (e.g. tenders: only live ones unless search_all_tenders). */
  prepare?: (params: Params) => { params: RawSearchParams; base: Condition[]; defaultSort?: string };
}

const textShapes = (terms: string[], filters: string[], extra: Params = {}): Shape[] => [
  { name: "text term (first time per term)", params: (i) => ({ ...extra, q: terms[i % terms.length] }) },
  { name: "text term (repeated)", params: (i) => ({ ...extra, q: terms[i % terms.length] }) },
  // A common word narrowed by two facets: a pass over the word's rows (no kept counts answer it).
  { name: "text term + two filters", params: (i) => ({ ...extra, q: terms[i % terms.length], filter: filters }) },
];

const PROJECT_TERMS = ["hospital", "cement plant", "warehouse", "township", "steel", "data centre", "solar", "hotel", "pharma", "metro"];
const projectsSuite: Suite = {
  label: "projects",
  rows: BENCH_PROJECTS,
  index: projectsIndex,
  url: "/api/list/search/",
  exportUrl: "/api/list/search/export/",
  terms: PROJECT_TERMS,
  shapes: [
    ...textShapes(PROJECT_TERMS, ["state:Maharashtra", "status:Under Construction"]),
    { name: "selective filter", params: () => ({ filter: ["state:Goa", "status:Completed"] }) },
    { name: "no filter", params: () => ({}) },
    { name: "weak filter (construction)", params: () => ({ filter: ["category:construction"] }) },
    // Two fields: no pair table answers it (a pass over the rows, as every weak filter took before them).
    { name: "weak filter, two fields", params: () => ({ filter: ["category:construction", "ownership:private"] }), tablesHelp: true },
    {
      name: "multi-select, three facets",
      params: () => ({ filter: ["state:Maharashtra", "state:Gujarat", "state:Karnataka", "status:Under Construction", "status:Planning", "sector:Residential", "sector:Commercial"] }),
    },
    { name: "sort by value, weak filter", params: () => ({ filter: ["category:construction"], sort: "value desc" }) },
    { name: "deep page (5,000)", params: () => ({ page: "5000" }) },
    { name: "export 10,000 rows (CSV)", params: () => ({}), export: true },
  ],
};

// Tenders: every tender (search_all_tenders=true) except the live-default shape, which is the lister's first page.
const TENDER_TERMS = ["road", "water supply", "building", "bridge", "drainage", "school", "hospital", "solar", "pipeline", "repair"];
const ALL = { search_all_tenders: "true" };
const tendersSuite: Suite = {
  label: "tenders",
  rows: BENCH_TENDERS,
  index: tendersIndex,
  url: "/api/list/tenders/search/",
  exportUrl: "/api/list/tenders/search/export/",
  terms: TENDER_TERMS,
  shapes: [
    ...textShapes(TENDER_TERMS, ["state:Maharashtra", "category:works"], ALL),
    { name: "live tenders (the lister's default)", params: () => ({}) },
    { name: "selective filter", params: () => ({ ...ALL, filter: ["state:Goa", "tender_status:AOC"] }) },
    { name: "no filter", params: () => ({ ...ALL }) },
    { name: "weak filter (works)", params: () => ({ ...ALL, filter: ["category:works"] }) },
    {
      name: "multi-select, three facets",
      params: () => ({ ...ALL, filter: ["state:Maharashtra", "state:Gujarat", "state:Karnataka", "tender_status:AOC", "tender_status:Closed", "category:works", "category:goods"] }),
    },
    { name: "sort by value, weak filter", params: () => ({ ...ALL, filter: ["category:works"], sort: "value desc" }) },
    { name: "deep page (5,000)", params: () => ({ ...ALL, page: "5000" }) },
    { name: "export 10,000 rows (CSV)", params: () => ({ ...ALL }), export: true },
  ],
  prepare: (raw) => {
    const { search_all_tenders: all, ...params } = raw;
    return all === "true" ? { params, base: [], defaultSort: "status_update_date desc" } : { params, base: [liveCondition()], defaultSort: "closing_date asc" };
  },
};

const SUITES = [projectsSuite, tendersSuite].filter((s) => SUITE_NAMES.includes(s.label) && s.rows > 0);
// BENCH_SHAPES=text,export: only the shapes whose names hold one of these (all when unset).
const SHAPE_FILTER = process.env.BENCH_SHAPES?.split(",").map((s) => s.trim().toLowerCase()) ?? null;
for (const suite of SUITES) if (SHAPE_FILTER) suite.shapes = suite.shapes.filter((shape) => SHAPE_FILTER.some((f) => shape.name.toLowerCase().includes(f)));

function stats(times: number[]): Stats {
  const t = [...times].sort((a, b) => a - b);
  const at = (q: number) => t[Math.min(t.length - 1, Math.ceil(q * t.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), n: t.length };
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

function toQuery(p: Params): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) for (const x of Array.isArray(v) ? v : [v]) s.append(k, String(x));
  return s.toString();
}

const fmt = (s: Stats) => `p50 ${s.p50.toFixed(1).padStart(7)} ms  p95 ${s.p95.toFixed(1).padStart(7)} ms`;

type Results = Map<string, { api: Stats; raw: Stats }>;

async function benchTarget(label: string, db: Db): Promise<Results> {
  const config = loadConfig({}, { logLevel: "silent", serveWebApp: false, loginMaxAttempts: 1_000_000, apiRequestsPerMinute: 1_000_000 });
  const app = await buildApp(config, db);
  await app.ready();
  const email = "bench-search@example.com";
  const password = "Bench-search-1";
  let user = (await db.query<{ id: number }>(`SELECT id FROM users WHERE lower(email) = $1`, [email])).rows[0];
  if (!user) {
    user = (
      await db.query<{ id: number }>(
        `INSERT INTO users (email, password_hash, first_name, end_date, total_credits) VALUES ($1, $2, 'Bench', '2099-01-01', 100) RETURNING id`,
        [email, await hashPassword(password)],
      )
    ).rows[0];
  }
  await db.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [user.id, await hashPassword(password)]);
  const login = await app.inject({ method: "POST", url: "/api/login/", payload: { username: email, password } });
  const headers = { authorization: `Token ${login.json().token}` };
  const searcher = { userId: Number(user.id) };

  const out: Results = new Map();
  for (const suite of SUITES) {
    for (const [name, r] of await benchSuite(suite)) out.set(`${suite.label}: ${name}`, r);
  }
  await app.close();
  return out;

  async function benchSuite(suite: Suite): Promise<Results> {
    const { index } = suite;
    const engine = searchEngine(db, index);
    engine.mode = "cache";
    const heapBefore = process.memoryUsage().arrayBuffers;
    const loadMs = await time(() => engine.warm());
    const sortMs = await time(async () => {
      for (const sort of ["retrieved_on desc", "value desc"]) await app.inject({ method: "GET", url: `${suite.url}?sort=${encodeURIComponent(sort)}`, headers });
    });
    console.log(`\n${label}: ${suite.rows.toLocaleString("en-IN")} ${suite.label} (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`);
    console.log(`  cache load ${(loadMs / 1000).toFixed(1)} s, two sort orders ${sortMs.toFixed(0)} ms, typed arrays ≈ ${((process.memoryUsage().arrayBuffers - heapBefore) / 1e6).toFixed(0)} MB`);
    console.log(`  ${"shape".padEnd(36)} ${"API: list + facets".padEnd(34)} ${"API process CPU".padEnd(16)} ${"raw SQL: count + OFFSET page + GROUP BY per facet".padEnd(38)}  ratio p50 / p95`);

    const results: Results = new Map();
    for (const shape of suite.shapes) {
      // API through HTTP (auth, parse, cache, row fetch, JSON), as the web app calls it.
      const apiTimes: number[] = [];
      const cpuTimes: number[] = [];
      const iterations = shape.name.includes("first time") ? suite.terms.length : ITER;
      if (!shape.name.includes("first time")) for (let i = 0; i < 3; i++) await runApi(shape, i); // warm-up
      for (let i = 0; i < iterations; i++) {
        const c0 = process.cpuUsage();
        apiTimes.push(await time(() => runApi(shape, i)));
        if (EACH) console.log(`    ${JSON.stringify(shape.params(i))}: ${apiTimes[i].toFixed(1)} ms (${engine.search.lastRanOn})`);
        const c = process.cpuUsage(c0);
        cpuTimes.push((c.user + c.system) / 1000);
      }
      // The same query as raw SQL.
      const rawTimes: number[] = [];
      const rawIter = db.kind === "pglite" ? Math.min(3, RAW_ITER) : RAW_ITER;
      for (let i = 0; i < rawIter; i++) rawTimes.push(await time(() => runRaw(shape, i)));
      const api = stats(apiTimes);
      const raw = stats(rawTimes);
      results.set(shape.name, { api, raw });
      const cpu = stats(cpuTimes);
      // BENCH_RAW_ITER=0: the API alone (at 10M the raw SQL takes a minute or more a shape).
      const vsRaw = rawTimes.length ? `${fmt(raw).padEnd(38)}  ×${(api.p50 / raw.p50).toFixed(3)} / ×${(api.p95 / raw.p95).toFixed(3)}` : "(not run)";
      console.log(`  ${shape.name.padEnd(36)} ${fmt(api).padEnd(34)} ${`p50 ${cpu.p50.toFixed(1)} ms`.padEnd(16)} ${vsRaw}`);
      // Kept counts answered it, or (two filter groups) helped count its facets: measured again without them.
      if ((engine.search.lastRanOn === "counts" || shape.tablesHelp) && !shape.export) await againWithPasses(shape, api);
    }
    return results;

    /** A shape the pair tables answered, measured again as a pass over the rows (the engine before them). */
    async function againWithPasses(shape: Shape, api: Stats) {
      engine.search.keptCounts = false;
      try {
        for (let i = 0; i < 3; i++) await runApi(shape, i);
        const times: number[] = [];
        for (let i = 0; i < ITER; i++) times.push(await time(() => runApi(shape, i)));
        const pass = stats(times);
        console.log(`    ${"↳ kept counts off (a pass)".padEnd(34)} ${fmt(pass).padEnd(34)} ${"".padEnd(16)} ${"tables ÷ pass".padEnd(38)}  ×${(api.p50 / pass.p50).toFixed(3)} / ×${(api.p95 / pass.p95).toFixed(3)}`);
      } finally {
        engine.search.keptCounts = true;
      }
    }

    async function runApi(shape: Shape, i: number) {
      engine.forgetEvaluations(); // each measured search does its own pass (its list and facets may share it)
      const qs = toQuery(shape.params(i));
      if (shape.export) {
        const res = await app.inject({ method: "GET", url: `${suite.exportUrl}?format=csv&${qs}`, headers });
        if (res.statusCode !== 200) throw new Error(`export: ${res.statusCode} ${res.body}`);
        await db.query(`DELETE FROM exports WHERE user_id = $1`, [searcher.userId]); // keep under the daily cap
        await db.query(`DELETE FROM rate_limits WHERE key LIKE 'export:%'`);
        return;
      }
      const [a, b] = await Promise.all([
        app.inject({ method: "GET", url: `${suite.url}?${qs}`, headers }),
        app.inject({ method: "GET", url: `${suite.url}facets/?${qs}`, headers }),
      ]);
      if (a.statusCode !== 200 || b.statusCode !== 200) throw new Error(`${shape.name}: ${a.statusCode} ${b.statusCode} ${a.body.slice(0, 200)}`);
    }

    async function runRaw(shape: Shape, i: number) {
      const prepared = suite.prepare ? suite.prepare(shape.params(i)) : { params: shape.params(i), base: [] };
      const parsed = parseSearchParams(index, prepared.params, prepared.defaultSort ? { defaultSort: prepared.defaultSort } : {});
      const q = { ...parsed, base: [...parsed.base, ...prepared.base] };
      if (q.q) q.tsquery = await tsqueryText(db, index, q.q); // what relevance ranks by
      if (shape.export) {
        const ids = await sqlPageIds(db, index, q, searcher, 0, 10_000);
        for (let k = 0; k < ids.length; k += 2000) await fetchRows(db, index, ids.slice(k, k + 2000), searcher);
        return;
      }
      const size = index.pageSize;
      const [, ids] = await Promise.all([sqlCount(db, index, q, searcher), sqlPageIds(db, index, q, searcher, (q.page - 1) * size, size)]);
      await fetchRows(db, index, ids, searcher);
      await sqlFacetCounts(db, index, q, searcher);
    }
  }
}

const results = new Map<string, Results>();
if (TARGETS.includes("pg")) {
  const db = await openBenchPostgres();
  results.set("pg", await benchTarget("PostgreSQL server (infrascout_bench)", db));
  await db.close();
}
if (TARGETS.includes("pglite")) {
  const db = await openBenchPglite();
  results.set("pglite", await benchTarget("PGlite (./data/bench-pglite)", db));
  await db.close();
}
const pg = results.get("pg");
const lite = results.get("pglite");
if (pg && lite) {
  console.log(`\nPGlite ÷ PostgreSQL (API p95)`);
  for (const [name, r] of pg) console.log(`  ${name.padEnd(50)} ×${(lite.get(name)!.api.p95 / r.api.p95).toFixed(2)}`);
}
