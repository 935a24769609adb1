// Property (issue 13): whatever a client puts in any lister's parameters — q, oq, filter (values,
// ranges `field[min TO max]`, lists, wildcards), sort, page, show_unlocked, search_all,
// search_all_tenders, an export's format, unknown keys — on the lists, their facets and the
// exports, the answer is never a 5xx and never takes over 2 s. The input includes arbitrary
// unicode, Object.prototype's member names, NUL and other control characters (raw and
// %-encoded), malformed escapes, huge numbers, far-off date math and deeply nested brackets.
// Each run asks both the in-memory cache and plain SQL (errors like a date PostgreSQL cannot
// hold only show on the SQL path). A small seeded database: the search and tender fixtures.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchEngine } from "../../server/search/index.js";
import { exportLimits } from "../../server/search/export-request.js";
import { companiesIndex } from "../../server/search/indexes/companies.js";
import { projectsIndex } from "../../server/search/indexes/projects.js";
import { resultsIndex } from "../../server/search/indexes/results.js";
import { tendersIndex } from "../../server/search/indexes/tenders.js";
import type { IndexDefinition } from "../../server/search/types.js";
import { company } from "./company-fixture.js";
import { bearer, createUser, login, startTestApp, type TestContext } from "./harness.js";
import { PROJECTS, insertProject } from "./search-fixture.js";
import { TENDERS, inDays, insertResult, insertTender } from "./tender-fixture.js";

const RUNS = 1000;
const SLOW_MS = 2000;

interface Route {
  url: string;
  def: IndexDefinition;
  staff?: boolean;
}
const LISTERS: Route[] = [
  { url: "/api/list/search/", def: projectsIndex },
  { url: "/api/list/review/search/", def: projectsIndex, staff: true },
  { url: "/api/list/my-feed/", def: projectsIndex },
  { url: "/api/list/company/search/", def: companiesIndex },
  { url: "/api/list/tenders/search/", def: tendersIndex },
  { url: "/api/list/my-feed/tenders/", def: tendersIndex },
  { url: "/api/list/results/search/", def: resultsIndex },
];
const ROUTES: Route[] = [
  ...LISTERS.flatMap((l) => [l, { ...l, url: `${l.url}facets/` }]),
  { url: "/api/list/search/export/", def: projectsIndex },
  { url: "/api/list/tenders/search/export/", def: tendersIndex },
];

const PROTO = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "prototype", "isPrototypeOf", "__defineSetter__", "toLocaleString"];
const ALL_FIELDS = [...new Set([projectsIndex, tendersIndex, resultsIndex, companiesIndex].flatMap((d) => Object.keys(d.fields)))];
const ALL_SORTS = [...new Set([projectsIndex, tendersIndex, resultsIndex, companiesIndex].flatMap((d) => Object.keys(d.sorts)))];

const unicode = fc.string({ unit: "binary", maxLength: 12 });
const control = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));
const hugeNumber = fc.oneof(
  fc.constantFrom("1e308", "-1e308", "9".repeat(40), "-" + "9".repeat(17), "1e15", "1000000000000001", "0.00001", "NaN", "Infinity", "-0", "1,000,000", "0x10"),
  fc.double().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
);
const dateish = fc.constantFrom(
  "NOW", "NOW/DAY", "NOW-30DAYS", "NOW+99999WEEKS", "NOW" + "+99999WEEKS".repeat(40), "NOW" + "-99999WEEKS".repeat(40), "NOW-1HOURS+2MINUTES",
  "2024-01-31", "2024-02-30", "1899-12-31", "2200-12-31T23:59:59Z", "2201-01-01", "0000-01-01", "2024-01-01T00:00:00.123456789+14:00", "2024-01-01T24:00:00Z",
);
const deepBrackets = fc.integer({ min: 1, max: 300 }).chain((n) => fc.constantFrom("[".repeat(n), "{".repeat(n) + "}".repeat(n), "[".repeat(n) + "]".repeat(n), '{"'.repeat(n)));
const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("[", "]", "{", "}", "*", "\\", '"', ",", ":", " TO ", "TO", "%", "_", "'", ";", "--", "é", "मुंबई", "\u{1F600}", "\uFFFF", "\uD800", "Goa", "true", "Maharashtra") },
  { weight: 2, arbitrary: unicode },
  { weight: 1, arbitrary: control },
  { weight: 2, arbitrary: hugeNumber },
  { weight: 2, arbitrary: dateish },
  { weight: 1, arbitrary: deepBrackets },
  { weight: 1, arbitrary: fc.constantFrom(...PROTO) },
);
const value = fc.array(piece, { maxLength: 5 }).map((p) => p.join(""));
const fieldName = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ALL_FIELDS) }, { weight: 2, arbitrary: fc.constantFrom(...PROTO) }, { weight: 1, arbitrary: unicode });
const filter = fc.oneof(
  fc.tuple(fieldName, fc.constantFrom(":", "", ":[", "[", " : "), value).map(([f, sep, v]) => f + sep + v),
  fc.tuple(fieldName, fc.constantFrom(":[", "["), fc.oneof(value, hugeNumber, dateish, fc.constant("*")), fc.oneof(value, hugeNumber, dateish, fc.constant("*")))
    .map(([f, open, lo, hi]) => `${f}${open}${lo} TO ${hi}]`),
  fc.tuple(fieldName, fc.array(value, { maxLength: 4 })).map(([f, vs]) => `${f}:{${vs.join(",")}}`),
  fc.tuple(fieldName, value).map(([f, v]) => `${f}:*${v}*`),
  fc.string({ maxLength: 40 }),
);
/** A filter its lister takes (so that runs get past the parser and reach the engines). */
function goodFilter(def: IndexDefinition): fc.Arbitrary<string> {
  const byKind = (kinds: string[]) => Object.entries(def.fields).filter(([, f]) => kinds.includes(f.kind)).map(([n]) => n);
  const keywords = byKind(["keyword", "keywords"]);
  const ranged = byKind(["number"]);
  const dated = byKind(["timestamp", "date"]);
  const texts = byKind(["text"]);
  const options: fc.Arbitrary<string>[] = [fc.constantFrom(...Object.keys(def.fields).filter((n) => def.fields[n].kind !== "personal")).map((n) => `${n}:*`)];
  if (keywords.length) options.push(fc.tuple(fc.constantFrom(...keywords), fc.constantFrom("Goa", "Maharashtra", "{Goa,Rajasthan}", '"a*b"', "*ar*", "Nagpur", "\u{1F600}")).map(([n, v]) => `${n}:${v}`));
  if (ranged.length) options.push(fc.tuple(fc.constantFrom(...ranged), fc.constantFrom("[1 TO 1e9]", "[* TO 500000000]", "[0 TO *]", "1,00,000")).map(([n, v]) => `${n}:${v}`));
  if (dated.length) options.push(fc.tuple(fc.constantFrom(...dated), fc.constantFrom("[NOW-30DAYS TO *]", "[2024-01-01 TO 2024-12-31]", "[* TO NOW/DAY]", "2024-03-10")).map(([n, v]) => `${n}${v.startsWith("[") ? "" : ":"}${v}`));
  if (texts.length) options.push(fc.constantFrom(...texts).map((n) => `${n}:*a*`));
  // Well formed, with extreme bounds: far-off date math, huge numbers.
  const bound = (arb: fc.Arbitrary<string>) => fc.oneof(arb, fc.constant("*"));
  if (dated.length) options.push(fc.tuple(fc.constantFrom(...dated), bound(dateish), bound(dateish)).map(([n, lo, hi]) => `${n}:[${lo} TO ${hi}]`));
  if (ranged.length) options.push(fc.tuple(fc.constantFrom(...ranged), bound(hugeNumber), bound(hugeNumber)).map(([n, lo, hi]) => `${n}:[${lo} TO ${hi}]`));
  return fc.oneof(...options);
}
const flag = fc.oneof({ weight: 4, arbitrary: fc.constantFrom("true", "false", "1", "0", "") }, { weight: 1, arbitrary: value });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
/** Mostly a sane value, sometimes anything. */
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: bad });
/** One query parameter as query-string text (%-encoded). */
function encoded(v: string): string {
  let out = "";
  for (const ch of v) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) {
      // A lone surrogate, as its 3-byte (WTF-8) form: not valid UTF-8, which a client may send all the same.
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join("");
    } else out += encodeURIComponent(ch);
  }
  return out;
}
/** Sometimes hostile raw text at the end of the query string: escapes of control characters, malformed escapes. */
const rawTail = fc.oneof({ weight: 6, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constantFrom("%00", "%1f", "%", "%ZZ", "%E0%A4", "%C0%80", "+", "%2500", "%0d%0a", "&&&", "&=", "&filter") });

const request = fc.integer({ min: 0, max: ROUTES.length - 1 }).chain((route) => {
  const def = ROUTES[route].def;
  return fc.record({
    route: fc.constant(route),
    sql: fc.boolean(),
    filters: fc.array(mostly(goodFilter(def), filter), { maxLength: 4 }),
    q: maybe(mostly(fc.constantFrom("road", "hospital & cement", "Nagpur and Pune", '"data centre"', "-steel or mall", "the", "constructor", "__proto__"), value)),
    oq: maybe(value),
    page: maybe(mostly(fc.integer({ min: 1, max: 3 }).map(String), fc.oneof(fc.integer({ min: -2, max: 2_000_000 }).map(String), hugeNumber, value))),
    sort: maybe(
      fc.tuple(mostly(fc.constantFrom(...Object.keys(def.sorts)), fc.oneof(fc.constantFrom(...ALL_SORTS, ...PROTO), value)), fc.boolean())
        .map(([s, plus]) => (plus ? s.replace(" ", "+") : s)),
    ),
    show_unlocked: maybe(flag),
    search_all: maybe(flag),
    search_all_tenders: maybe(flag),
    format: maybe(mostly(fc.constantFrom("csv", "xlsx"), value)),
    extra: fc.option(fc.tuple(fc.oneof(fc.constantFrom(...PROTO), unicode), value), { nil: undefined, freq: 4 }),
    tail: rawTail,
  });
});
type Req = typeof request extends fc.Arbitrary<infer T> ? T : never;

function urlOf(r: Req): string {
  const route = ROUTES[r.route];
  const parts: string[] = r.filters.map((f) => `filter=${encoded(f)}`);
  for (const key of ["q", "oq", "page", "sort", "show_unlocked", "search_all", "search_all_tenders", "format"] as const) {
    if (r[key] !== undefined) parts.push(`${key}=${encoded(r[key]!)}`);
  }
  if (r.extra) parts.push(`${encoded(r.extra[0])}=${encoded(r.extra[1])}`);
  const qs = parts.join("&") + r.tail;
  return qs ? `${route.url}?${qs}` : route.url;
}

let ctx: TestContext;
let user: Record<string, string>;
let staff: Record<string, string>;
beforeAll(async () => {
  ctx = await startTestApp({ apiRequestsPerMinute: 1_000_000 });
  const db = ctx.db;
  for (const p of PROJECTS) await insertProject(db, p);
  const tenders: Record<string, number> = {};
  for (const t of TENDERS) tenders[t.key] = await insertTender(db, t);
  await insertResult(db, tenders["aoc-road"], { winner: "Ashoka Buildcon Ltd", award: 9.5e7, date: inDays(-10), bidders: [{ name: "Ashoka Buildcon Ltd", bid: 9.5e7, rank: 1, winner: true }] });
  await insertResult(db, tenders["aoc-bridge"], { winner: "Afcons Infrastructure Ltd", award: 160e7, date: inDays(-30), bidders: [] });
  await company(db, { name: "Goa Builders Pvt Ltd", state: "Goa" });
  await company(db, { name: "Pune Infra Ltd", paidUp: null, incorporated: null });
  const u = await createUser(db, { statuses: ["Planning", "Under Construction"] });
  const s = await createUser(db, { email: `fuzz-${Date.now()}@infrascout.in` });
  user = bearer(await login(ctx.app, u.email, u.password));
  staff = bearer(await login(ctx.app, s.email, s.password));
  // Exports are limited per minute and per day: the property is about answers, not the allowance.
  Object.assign(exportLimits, { perMinute: 1_000_000, dailyRows: 1_000_000_000 });
});
// A worker's next files share this module (Vitest isolate: false): the allowance goes back.
const savedExportLimits = { ...exportLimits };
afterAll(async () => {
  Object.assign(exportLimits, savedExportLimits);
  await ctx?.close();
});

describe("every lister's parameters, fuzzed", () => {
  it(`answer without a 5xx, within ${SLOW_MS} ms (${RUNS} runs over ${ROUTES.length} routes, cache and SQL)`, async () => {
    const engines = [projectsIndex, tendersIndex, resultsIndex, companiesIndex].map((d) => searchEngine(ctx.db, d));
    let slowest = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const route = ROUTES[r.route];
        for (const e of engines) e.mode = r.sql ? "sql" : "cache";
        const url = urlOf(r);
        const started = performance.now();
        const res = await ctx.app.inject({ method: "GET", url, headers: route.staff ? staff : user });
        const ms = performance.now() - started;
        slowest = Math.max(slowest, ms);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode, `${url}\n${res.body.slice(0, 300)}`).toBeLessThan(500);
        expect(ms, url).toBeLessThan(SLOW_MS);
        if (res.statusCode === 400) {
          const body = res.json() as Record<string, string[]>;
          // {field: [message, …]} (schema validation may name several fields at once)
          expect(Object.keys(body).length, url).toBeGreaterThan(0);
          for (const messages of Object.values(body)) {
            expect(messages.length, url).toBeGreaterThan(0);
            for (const m of messages) expect(m.length, url).toBeLessThanOrEqual(250);
          }
        }
      }),
      { numRuns: RUNS },
    );
    for (const e of engines) e.mode = "auto";
    // Not only refusals: a good share of the runs got through to an answer.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS / 20);
    console.info(`fuzz: slowest ${slowest.toFixed(0)} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  }, 120_000);
});
