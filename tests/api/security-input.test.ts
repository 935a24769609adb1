// Hostile names and characters in requests (issue 13, points 2 and 11):
//   - a filter, range or sort named after an Object.prototype member (`__proto__`,
//     `constructor`, `toString`, …) is a 400 on every lister, naming the field and listing the
//     allowed ones (it was a 500: the index definitions are plain objects);
//   - NUL and other control characters in a query string, a path parameter or a JSON body are
//     a 400 with a clear message (a NUL reaching PostgreSQL was a 500);
//   - the same requests with ordinary names and text still work.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchEngine } from "../../server/search/index.js";
import { companiesIndex } from "../../server/search/indexes/companies.js";
import { projectsIndex } from "../../server/search/indexes/projects.js";
import { resultsIndex } from "../../server/search/indexes/results.js";
import { tendersIndex } from "../../server/search/indexes/tenders.js";
import type { IndexDefinition } from "../../server/search/types.js";
import { bearer, bothModes, createUser, login, startTestApp, type TestContext } from "./harness.js";
import { uploadImport } from "./imports-upload.js";

const PROTO_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "prototype", "isPrototypeOf", "__defineGetter__"];

/** Every lister route, its index, whether staff only, and a filter that is a real field there. */
const LISTERS: { url: string; def: IndexDefinition; staff?: boolean; ok: string }[] = [
  { url: "/api/list/search/", def: projectsIndex, ok: "state:Goa" },
  { url: "/api/list/review/search/", def: projectsIndex, staff: true, ok: "state:Goa" },
  { url: "/api/list/my-feed/", def: projectsIndex, ok: "state:Goa" },
  { url: "/api/list/company/search/", def: companiesIndex, ok: `${Object.keys(companiesIndex.fields)[0]}:x` },
  { url: "/api/list/tenders/search/", def: tendersIndex, ok: "state:Goa" },
  { url: "/api/list/my-feed/tenders/", def: tendersIndex, ok: "state:Goa" },
  { url: "/api/list/results/search/", def: resultsIndex, ok: `${Object.keys(resultsIndex.fields)[0]}:x` },
];
const ROUTES = [
  ...LISTERS.flatMap((l) => [l, { ...l, url: `${l.url}facets/` }]),
  { url: "/api/list/search/export/", def: projectsIndex, ok: "state:Goa" },
  { url: "/api/list/tenders/search/export/", def: tendersIndex, ok: "state:Goa" },
];

let ctx: TestContext;
let user: Record<string, string>;
let staff: Record<string, string>;
beforeAll(async () => {
  ctx = await startTestApp({ apiRequestsPerMinute: 100_000 });
  const u = await createUser(ctx.db);
  const s = await createUser(ctx.db, { email: `guard-${Date.now()}@infrascout.in` });
  user = bearer(await login(ctx.app, u.email, u.password));
  staff = bearer(await login(ctx.app, s.email, s.password));
});
afterAll(async () => {
  await ctx?.close();
});

const get = async (url: string, headers: Record<string, string>) => {
  const res = await ctx.app.inject({ method: "GET", url, headers });
  return { status: res.statusCode, body: String(res.headers["content-type"]).includes("json") ? res.json() : res.body };
};

describe("prototype-named filters and sorts", () => {
  it("are a 400 on every lister, naming the field and listing every allowed one", async () => {
    for (const r of ROUTES) {
      const headers = r.staff ? staff : user;
      for (const name of PROTO_NAMES) {
        for (const [param, value] of [["filter", `${name}:x`], ["filter", `${name}[1 TO 2]`], ["filter", `${name}:[* TO 5]`], ["sort", name]]) {
          const url = `${r.url}?${new URLSearchParams({ [param]: value })}`;
          const { status, body } = await get(url, headers);
          expect(status, url).toBe(400);
          expect(Object.keys(body), url).toEqual([param]);
          const messages = body[param] as string[];
          expect(messages[0], url).toContain(`'${name}`);
          for (const m of messages) expect(m.length).toBeLessThanOrEqual(250);
          // Every allowed name is listed, whole (none cut short by the message cap).
          const listed = messages.join(" ").match(/[a-z_]+(?: (?:asc|desc))?(?=[,.])/g) ?? [];
          const allowed = Object.keys(param === "filter" ? r.def.fields : r.def.sorts);
          for (const a of allowed) expect(listed, `${url}: ${a}`).toContain(a);
        }
      }
    }
  });

  it("the same requests with real names still answer", async () => {
    for (const r of ROUTES) {
      const headers = r.staff ? staff : user;
      const sort = Object.keys(r.def.sorts).find((s) => s !== "relevance")!;
      // '%00' and '%0A' as text (sent as %2500, %250A) are no control characters.
      const url = `${r.url}?${new URLSearchParams({ filter: r.ok, sort, oq: "100%00 %0A" })}`;
      const { status, body } = await get(url, headers);
      expect(status, `${url} ${JSON.stringify(body)}`).toBe(200);
    }
  });

  it("a saved search with a prototype-named filter is refused with the allowed fields listed", async () => {
    const res = await ctx.app.inject({
      method: "POST", url: "/api/saved-search/", headers: user,
      payload: { name: "proto", resource: "/live-tenders", query: "filter=constructor:x" },
    });
    expect(res.statusCode).toBe(400);
    const messages = res.json().query as string[];
    expect(messages[0]).toBe("filter: Unknown filter field 'constructor'.");
    expect(messages.join(" ")).toContain("live_until");
  });
});

describe("prototype names as unknown parameters of a strict schema", () => {
  it("are a 400 naming them (the validation error layer keyed its answer by them)", async () => {
    for (const name of ["constructor", "toString", "hasOwnProperty", "valueOf"]) {
      const { status, body } = await get(`/api/reminders/list?${name}=1`, user);
      expect(status, name).toBe(400);
      expect(body, name).toEqual({ [name]: [`Unknown field '${name}'.`] });
      const res = await ctx.app.inject({ method: "POST", url: "/api/reminders/list", headers: user, payload: { item_type: "project", item_id: 1, remind_at: "2030-01-01T00:00:00Z", [name]: 1 } });
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ [name]: [`Unknown field '${name}'.`] });
    }
  });
});

describe("date math PostgreSQL could not hold", () => {
  it("is a 400 on the SQL path and the in-memory one alike", async () => {
    const far = "NOW" + "+99999WEEKS".repeat(40);
    const engine = searchEngine(ctx.db, projectsIndex);
    for (const f of [`retrieved_on:[${far} TO *]`, `start_date:[* TO ${far.replace(/\+/g, "-")}]`, `arrived_date:${far}`]) {
      const { status, body } = await bothModes(engine, () => get(`/api/list/search/?${new URLSearchParams({ filter: f })}`, user), { memory: "cache" });
      expect(status, f).toBe(400);
      expect(body.filter[0]).toMatch(/is out of range: dates from 1900 to 2200/);
    }
  });
});

describe("control characters", () => {
  it("in a query string (decoded or %-encoded, in a value or a name) are a 400", async () => {
    const cases: [string, string, string][] = [
      ["q=a%00b", "q", "Must not contain NUL characters."],
      ["q=a%01b", "q", "Must not contain control characters."],
      ["q=line%0Abreak", "q", "Must not contain control characters."],
      ["filter=state:Goa%1F", "filter", "Must not contain control characters."],
      ["filter=state:Goa&filter=city:%00", "filter", "Must not contain NUL characters."],
      ["sort=value%09desc", "sort", "Must not contain control characters."],
      ["page=1%00", "page", "Must not contain NUL characters."],
      ["search_all_tenders=true%00", "search_all_tenders", "Must not contain NUL characters."],
      ["a%00b=1", "query", "Must not contain NUL characters."],
      ["q=%E0%A4%00", "q", "Must not contain NUL characters."], // a malformed escape beside it
    ];
    for (const url of ["/api/list/search/", "/api/list/tenders/search/", "/api/list/tenders/search/export/"]) {
      for (const [qs, field, message] of cases) {
        const { status, body } = await get(`${url}?${qs}`, user);
        expect(status, `${url}?${qs}`).toBe(400);
        expect(body, `${url}?${qs}`).toEqual({ [field]: [message] });
      }
    }
  });

  it("in a path parameter are a 400", async () => {
    for (const [path, message] of [["%00", "Must not contain NUL characters."], ["98%0D765", "Must not contain control characters."]]) {
      const { status, body } = await get(`/api/check_number/${path}/`, user);
      expect(status).toBe(400);
      expect(body).toEqual({ phone: [message] });
    }
    const { status } = await get(`/api/projects/1%00/`, user);
    expect(status).toBe(400);
  });

  it("in a multipart upload's field names and values are a 400", async () => {
    const file = { name: "t.csv", content: "ocid,title,org_name,value,tender_status\nguard:1,Road,Test Org,1000,Live\n" };
    let res = await uploadImport(ctx.app, staff, { kind: "tenders-csv", source: "web\u0000site" }, file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ source: ["Must not contain NUL characters."] });
    res = await uploadImport(ctx.app, staff, { kind: "tenders-csv", ["st\u0001ate"]: "Goa" }, file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ["Must not contain control characters."] });
    res = await uploadImport(ctx.app, staff, { kind: "tenders-csv", source: "website", dry_run: "true" }, file);
    expect(res.statusCode).toBe(202);
  });

  it("in a JSON body are a 400 naming the field; tab, newline and CR in text still work", async () => {
    const patch = (payload: unknown) => ctx.app.inject({ method: "PATCH", url: "/api/user-info/", headers: user, payload: payload as object });
    let res = await patch({ first_name: "Ravi\u0000" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ first_name: ["Must not contain NUL characters."] });
    res = await patch({ company: "Acme\u0007" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ company: ["Must not contain control characters."] });
    res = await patch({ preferred_states: ["Goa", "Kerala\u0000"] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ preferred_states: ["Must not contain NUL characters."] });
    res = await patch({ first_name: "Ravi", company: "Acme\tWorks\r\nUnit 2" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: "Ravi", company: "Acme\tWorks\r\nUnit 2" });

    const save = (name: string, query: string) =>
      ctx.app.inject({ method: "POST", url: "/api/saved-search/", headers: user, payload: { name, resource: "/live-tenders", query } });
    res = await save("roads\u0000", "q=road");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ["Must not contain NUL characters."] });
    // A NUL %-encoded inside the saved query is refused by the search parser, as on the lister.
    res = await save("roads", "q=ro%00ad");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ query: ["q: Must not contain NUL characters."] });
    res = await save("roads", "q=road");
    expect(res.statusCode).toBe(201);
  });
});
