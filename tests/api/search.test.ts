// GET /api/list/search/ and /facets/ over a small known set of leads (search-fixture.ts).
// Every answer is asked twice, from the in-memory cache and from plain SQL, and must agree.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchWorld, type SearchWorld } from "./search-fixture.js";

let w: SearchWorld;
beforeAll(async () => {
  w = await searchWorld();
});
afterAll(async () => {
  await w?.close();
});

const enc = (filters: string[], extra = "") => filters.map((f) => `filter=${encodeURIComponent(f)}`).join("&") + extra;
async function keys(query: string, token?: string): Promise<string[]> {
  const [status, body] = await w.get(`/api/list/search/?${query}`, token);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.results.map((r: { id: number }) => w.keyOf(r.id));
}
async function count(filters: string[], extra = ""): Promise<number> {
  const [status, body] = await w.get(`/api/list/search/?${enc(filters, extra)}`);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.results.length).toBe(Math.min(body.count, 20));
  return body.count;
}
async function facets(filters: string[], extra = "", url = "/api/list/search/facets/", token?: string) {
  const [status, body] = await w.get(`${url}?${enc(filters, extra)}`, token);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.facets as Record<string, { text: string; count: number }[]>;
}

describe("list shape", () => {
  it("answers {count, page, page_size, results} with every field of a lead and the user's mark", async () => {
    const [status, body] = await w.get(`/api/list/search/?${enc(["city:Nagpur"])}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 1, page: 1, page_size: 20 });
    expect(body.results[0]).toEqual({
      id: w.ids.nagpur, title: "Multi-speciality hospital block at Nagpur", category: "construction", is_ai: false, project_type: ["Hospital"],
      sector: "Healthcare", status: "Planning", stage: "Concept", value: 200000000, state: "Maharashtra", district: "Nagpur", city: "Nagpur",
      owner_name: "Apollo 100% Health_Care", retrieved_on: "2024-01-31T23:59:59.000Z", arrived_date: "2024-02-01T05:00:00.000Z",
      start_date: "2024-06-01", completion_date: "2025-12-31", mark: "unmarked",
    });
  });
  it("needs a signed-in subscriber", async () => {
    const res = await w.ctx.app.inject({ method: "GET", url: "/api/list/search/" });
    expect(res.statusCode).toBe(401);
  });
});

describe("filters", () => {
  it("presets: construction, industrial, AI leads", async () => {
    expect(await count(["category:construction"])).toBe(6);
    expect(await count(["category:industrial"])).toBe(4);
    expect(await count(["is_ai:true"])).toBe(2);
    expect(await count(["is_ai:false"])).toBe(8);
    expect(await count([])).toBe(10);
  });
  it("values of one field OR, different fields AND", async () => {
    expect(await count(["state:Maharashtra", "state:Rajasthan"])).toBe(7);
    expect(await count(["state:Maharashtra", "state:Rajasthan", "status:Under Construction"])).toBe(3);
    expect(await count(["state:Maharashtra", "state:Rajasthan", "status:Under Construction", "category:construction"])).toBe(2);
    expect(await count(["state:Atlantis"])).toBe(0);
  });
  it("project_type is an array: any element matches; the {A,B} list form too", async () => {
    expect(await count(["project_type:Township"])).toBe(1);
    expect(await count(["project_type:Warehouse", "project_type:Villas"])).toBe(2);
    expect(await count(["project_type:{Warehouse,Villas}"])).toBe(2);
    expect(await count(["project_type:{Cold Chain,\"Row Houses\",Hotel}"])).toBe(3);
  });
  it("numeric ranges in rupees, inclusive, open ends, both written forms", async () => {
    expect(await count(["value:[300000000 TO *]"])).toBe(7);
    expect(await count(["value:[* TO 200000000]"])).toBe(2);
    expect(await count(["value[200000000 TO 500000000]"])).toBe(4);
    expect(await count(["value:[* TO *]"])).toBe(9);
    expect(await count(["value:450000000"])).toBe(1);
    expect(await count(["value:[1000000 TO 200000000]", "value:[10000000000 TO *]"])).toBe(3); // OR of two ranges
  });
  it("UTC date ranges on instants: inclusive bounds, days, offsets", async () => {
    expect(await count(["retrieved_on:[2024-02-01T00:00:00Z TO 2024-03-10T10:00:00Z]"])).toBe(3);
    expect(await count(["retrieved_on:[* TO 2024-01-31T23:59:59Z]"])).toBe(2);
    expect(await count(["retrieved_on:[* TO 2024-01-31T23:59:58.999999Z]"])).toBe(1);
    expect(await count(["retrieved_on:2024-01-31"])).toBe(1);
    expect(await count(["retrieved_on:[2024-01-01 TO 2024-01-31]"])).toBe(1);
    expect(await count(["retrieved_on:[2024-01-01T00:00:00+05:30 TO 2024-01-01T23:59:59+05:30]"])).toBe(1);
    expect(await count(["retrieved_on:[* TO *]"])).toBe(9);
    expect(await count(["arrived_date:[2024-05-01T00:00:00Z TO *]"])).toBe(3);
  });
  it("date columns compare as their 00:00Z instant", async () => {
    expect(await count(["start_date:[2024-01-01T00:00:00Z TO 2024-06-01T00:00:00Z]"])).toBe(3);
    expect(await count(["start_date:[2024-01-01T00:00:01Z TO *]"])).toBe(5);
    expect(await count(["completion_date:2025-12-31"])).toBe(2);
  });
  it("the fresh filter is a normal date range", async () => {
    const since = new Date(Date.now() - 30 * 864e5).toISOString().replace(/\.\d+Z$/, "Z");
    expect(await count([`retrieved_on:[${since} TO *]`])).toBe(0);
    expect(await count(["retrieved_on:[NOW-30DAYS TO *]"])).toBe(0);
    expect(await count(["retrieved_on:[NOW-10000DAYS TO NOW]"])).toBe(9);
  });
  it("wildcards: case-insensitive, anchored by their stars, '%' and '_' literal", async () => {
    expect(await count(["city:*PUR*"])).toBe(4);
    expect(await count(["city:Jai*"])).toBe(2);
    expect(await count(["city:*pur"])).toBe(4);
    expect(await count(["city:*pur", "city:Pune"])).toBe(5);
    expect(await count(["owner_name:*100%*"])).toBe(1);
    expect(await count(["owner_name:*%*"])).toBe(2);
    expect(await count(["owner_name:*h_c*"])).toBe(1);
    expect(await count(["owner_name:*a_a*"])).toBe(0);
    expect(await count(["project_type:*house*"])).toBe(2);
    expect(await count(["title:*HOTEL*"])).toBe(1); // a text field, matched by SQL
    expect(await count(["title:*at*", "state:Goa"])).toBe(1);
    expect(await count(["city:*"])).toBe(10);
  });
  it("user text never reaches SQL as text", async () => {
    expect(await count(["state:'; DROP TABLE projects; --"])).toBe(0);
    expect(await count(["owner_name:*' OR '1'='1*"])).toBe(0);
    expect(await count([], `&q=${encodeURIComponent("'); DELETE FROM projects; --")}`)).toBe(0);
    expect(await count([])).toBe(10);
  });
});

describe("text search", () => {
  it("finds words in title, description, owner, keywords, place and type", async () => {
    expect(await keys("q=hospital")).toEqual(["nagpur", "goa"]); // 'hospitality' stems alike; the title match ranks first
    expect(await keys("q=Godrej")).toEqual(["pune"]);
    expect(await keys("q=tmt")).toEqual(["pune"]);
    expect(await keys("q=kiln")).toEqual(["cement"]);
    expect(await keys("q=weaving")).toEqual(["surat"]);
    expect(await keys(`q=${encodeURIComponent("Jaipur & villas")}&oq=${encodeURIComponent("Jaipur & villas")}`)).toEqual(["jaipur-villas"]);
    expect(await keys(`q=${encodeURIComponent("mall and multiplex")}`)).toEqual(["jaipur-mall"]);
  });
  it("ranks by relevance: title (A) above description (D)", async () => {
    // 'towers' is in pune's title; 'tower' nowhere else. 'park' in surat's and bhiwandi's titles.
    expect(await keys("q=jaipur")).toEqual(["jaipur-villas", "jaipur-mall"]);
    expect(await keys("q=jaipur&sort=value desc")).toEqual(["jaipur-mall", "jaipur-villas"]);
  });
  it("supports phrases, or, and exclusions (websearch syntax)", async () => {
    expect(await keys(`q=${encodeURIComponent('"data centre"')}`)).toEqual(["navi-mumbai"]);
    expect((await keys("q=hotel or kiln")).sort()).toEqual(["cement", "goa"]);
    expect(await keys("q=jaipur -mall")).toEqual(["jaipur-villas"]);
  });
  it("text with no searchable word filters nothing", async () => {
    expect(await count([], "&q=the")).toBe(10);
    expect(await count([], "&q=%26%26")).toBe(10);
  });
  it("combines with filters and facets", async () => {
    const f = await facets(["state:Rajasthan"], "&q=jaipur");
    expect(f.state).toEqual([{ text: "Rajasthan", count: 2 }]);
    expect(f.category).toEqual([{ text: "construction", count: 2 }]);
  });
});

describe("facets", () => {
  it("count each facet with every filter but its own, by count then text, selected values kept", async () => {
    const f = await facets(["state:Maharashtra", "state:Rajasthan", "status:Under Construction", "category:construction"]);
    expect(f.state).toEqual([{ text: "Maharashtra", count: 2 }, { text: "Rajasthan", count: 0 }]);
    expect(f.status).toEqual([{ text: "Planning", count: 2 }, { text: "Under Construction", count: 2 }, { text: "Approval", count: 1 }]);
    expect(f.category).toEqual([{ text: "construction", count: 2 }, { text: "industrial", count: 1 }]);
    expect(f.sector).toEqual([{ text: "Data Centre", count: 1 }, { text: "Residential", count: 1 }]);
    expect(f.project_type).toEqual([{ text: "Apartments", count: 1 }, { text: "Data Centre", count: 1 }, { text: "Township", count: 1 }]);
    expect(Object.keys(f).sort()).toEqual(["category", "city", "district", "ownership", "project_type", "sector", "source", "stage", "state", "status"]);
  });
  it("equal independent GROUP BY counts under multi-select", async () => {
    const filters = ["state:Maharashtra", "state:Rajasthan", "sector:Residential", "sector:Cement", "sector:Data Centre", "value:[100000000 TO *]"];
    const f = await facets(filters);
    const where: Record<string, string> = {
      state: "state IN ('Maharashtra','Rajasthan')",
      sector: "sector IN ('Residential','Cement','Data Centre')",
      value: "value >= 100000000",
    };
    const except = (field: string) => Object.entries(where).filter(([k]) => k !== field).map(([, v]) => v).join(" AND ") || "true";
    for (const field of ["state", "sector", "status", "city", "category"]) {
      const r = await w.ctx.db.query<{ text: string; count: number }>(
        `SELECT ${field} AS text, count(*)::int AS count FROM projects WHERE ${except(field)} AND ${field} IS NOT NULL GROUP BY 1`,
      );
      const expected = new Map(r.rows.map((x) => [x.text, Number(x.count)]));
      const got = new Map(f[field].filter((o) => o.count > 0).map((o) => [o.text, o.count]));
      expect(got, field).toEqual(expected);
    }
    const types = await w.ctx.db.query<{ text: string; count: number }>(
      `SELECT t AS text, count(*)::int AS count FROM projects, unnest(project_type) t WHERE ${except("project_type")} GROUP BY 1`,
    );
    expect(new Map(f.project_type.map((o) => [o.text, o.count]))).toEqual(new Map(types.rows.map((x) => [x.text, Number(x.count)])));
  });
  it("a facet with no filter counts everything", async () => {
    const f = await facets([]);
    expect(f.state).toEqual([
      { text: "Maharashtra", count: 4 }, { text: "Rajasthan", count: 3 }, { text: "Goa", count: 1 }, { text: "Gujarat", count: 1 }, { text: "Jharkhand", count: 1 },
    ]);
    expect(f.ownership).toEqual([{ text: "private", count: 9 }, { text: "ppp", count: 1 }]);
  });
});

describe("sorting and paging", () => {
  it("sorts by value both ways, nulls last, ties by newest id", async () => {
    expect(await keys("sort=value desc")).toEqual(["navi-mumbai", "cement", "jamshedpur", "jaipur-mall", "goa", "pune", "surat", "jaipur-villas", "nagpur", "bhiwandi"]);
    expect(await keys("sort=value asc")).toEqual(["jaipur-villas", "nagpur", "surat", "pune", "goa", "jaipur-mall", "jamshedpur", "cement", "navi-mumbai", "bhiwandi"]);
    expect(await keys("sort=-value")).toEqual(await keys("sort=value+desc"));
  });
  it("defaults to newest retrieved first; arrived and dates sort too", async () => {
    const newest = ["surat", "navi-mumbai", "goa", "jaipur-mall", "jaipur-villas", "pune", "cement", "nagpur", "jamshedpur", "bhiwandi"];
    expect(await keys("")).toEqual(newest);
    expect(await keys("sort=newest")).toEqual(newest);
    expect(await keys("sort=relevance")).toEqual(newest);
    expect(await keys("sort=arrived_date asc")).toEqual(["jamshedpur", "nagpur", "cement", "jaipur-villas", "pune", "bhiwandi", "jaipur-mall", "goa", "navi-mumbai", "surat"]);
    expect((await keys("sort=start_date asc")).slice(0, 3)).toEqual(["goa", "navi-mumbai", "cement"]);
  });
  it("a page past the end is empty, with the exact count", async () => {
    const [status, body] = await w.get("/api/list/search/?page=2");
    expect(status).toBe(200);
    expect(body).toEqual({ count: 10, page: 2, page_size: 20, results: [] });
  });
});

describe("bad input answers 400 with a field message", () => {
  it.each([
    ["filter=colour:red", { filter: ["Unknown filter field 'colour'.", "Use one of: category, state, district, city, sector, project_type, status, stage, source, ownership, is_ai, owner_name, pincode, title, value, retrieved_on, arrived_date, reviewed_date, start_date, completion_date, mark."] }],
    ["filter=state", { filter: ["'state' is not a filter: write field:value, field:[min TO max] or field:*text*."] }],
    ["filter=value:[5%20TO%201]", { filter: ["The range for 'value' starts after it ends."] }],
    ["filter=value:[x%20TO%20*]", { filter: ["'x' is not a number (for 'value')."] }],
    ["filter=retrieved_on:[2024-13-01T00:00:00Z%20TO%20*]", { filter: ["'2024-13-01T00:00:00Z' is not a UTC date like 2024-01-01T00:00:00Z (for 'retrieved_on')."] }],
    ["filter=is_ai:maybe", { filter: ["'is_ai' takes true or false."] }],
    ["page=0", { page: ["Must be a whole number from 1."] }],
    ["page=abc", { page: ["Must be a whole number from 1."] }],
    ["page=2.5", { page: ["Must be a whole number from 1."] }],
    ["sort=colour", null],
    ["show_unlocked=yes", { show_unlocked: ["Must be true or false."] }],
    ["search_all=perhaps", { search_all: ["Must be true or false."] }],
    [`q=${"x".repeat(300)}`, { q: ["Search text is too long: at most 256 characters."] }],
    [`q=${"x".repeat(1001)}`, { q: ["Ensure this field has no more than 1000 characters."] }],
    [Array.from({ length: 61 }, (_, i) => `filter=city:c${i}`).join("&"), null],
  ])("%s", async (query, expected) => {
    for (const url of ["/api/list/search/", "/api/list/search/facets/", "/api/list/my-feed/"]) {
      const [status, body] = await w.get(`${url}?${query}`);
      expect(status, url).toBe(400);
      if (expected) expect(body).toEqual(expected);
      else expect(Object.keys(body)).toHaveLength(1);
    }
  });
});
