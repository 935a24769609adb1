// The search URL language, as pure functions: every accepted form and every refusal.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { HttpError } from "../../server/http/errors.js";
import {
  encodeGlob, globMatcher, globToLike, normalizeQ, parseBraceList, parseFilter, parseFilters, parseInstant, parsePage, parseSearchParams, parseSort, splitGlob,
} from "../../server/search/parse.js";
import { projectsIndex as def } from "../../server/search/indexes/projects.js";
import { tendersIndex } from "../../server/search/indexes/tenders.js";
import { buildOrder } from "../../server/search/sort-order.js";

const NOW = new Date("2024-06-15T12:34:56.789Z");
const us = (iso: string) => Date.parse(iso) * 1000;

function refusal(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(400);
    return (err as HttpError).body as Record<string, string[]>;
  }
  throw new Error("expected a 400");
}

describe("q", () => {
  it("turns '&' and ' and ' into spaces and trims", () => {
    expect(normalizeQ("cement & steel")).toBe("cement steel");
    expect(normalizeQ("Rock and Roll AND  jazz")).toBe("Rock Roll jazz");
    expect(normalizeQ("andheri sand")).toBe("andheri sand");
    expect(normalizeQ("  ")).toBeNull();
    expect(normalizeQ(undefined)).toBeNull();
    expect(normalizeQ(normalizeQ("a & b and c")!)).toBe("a b c"); // twice is harmless
  });
  it("refuses text over 256 characters", () => {
    expect(refusal(() => parseSearchParams(def, { q: "x".repeat(300) }))).toEqual({ q: ["Search text is too long: at most 256 characters."] });
  });
});

describe("page", () => {
  it("defaults to 1 and accepts whole numbers from 1", () => {
    expect(parsePage(undefined)).toBe(1);
    expect(parsePage("")).toBe(1);
    expect(parsePage("5000")).toBe(5000);
  });
  it.each(["0", "-1", "abc", "1.5", "1e3", " ", "99999999999"])("refuses %j", (p) => {
    const body = refusal(() => parsePage(p));
    expect(Object.keys(body)).toEqual(["page"]);
    expect(body.page[0]).toMatch(/^Must be a whole number from 1/);
  });
  it("caps the page", () => {
    expect(refusal(() => parsePage("1000001"))).toEqual({ page: ["Must be a whole number from 1 to 1000000."] });
  });
});

describe("sort", () => {
  it("accepts the index's sorts in several spellings", () => {
    expect(parseSort(def, "value desc", false)).toBe("value desc");
    expect(parseSort(def, "Value+DESC", false)).toBe("value desc");
    expect(parseSort(def, "-value", false)).toBe("value desc");
    expect(parseSort(def, "value", false)).toBe("value desc");
    expect(parseSort(def, "retrieved_on asc", false)).toBe("retrieved_on asc");
    expect(parseSort(def, "newest", false)).toBe("newest");
  });
  it("uses relevance only with text, else the default", () => {
    expect(parseSort(def, undefined, true)).toBe("relevance");
    expect(parseSort(def, undefined, false)).toBe("retrieved_on desc");
    expect(parseSort(def, "relevance", false, "arrived_date asc")).toBe("arrived_date asc");
    expect(parseSort(def, "", false, "arrived_date desc")).toBe("arrived_date desc");
  });
  it("refuses an unknown sort, listing the choices", () => {
    const body = refusal(() => parseSort(def, "colour desc", false));
    expect(body.sort[0]).toMatch(/^Unknown sort 'colour desc'\. Use one of: relevance, newest, /);
  });
});

describe("flags", () => {
  it("reads true/false", () => {
    const q = parseSearchParams(def, { show_unlocked: "true", search_all: "false" });
    expect([q.showUnlocked, q.searchAll]).toEqual([true, false]);
  });
  it("refuses anything else", () => {
    expect(refusal(() => parseSearchParams(def, { show_unlocked: "yes" }))).toEqual({ show_unlocked: ["Must be true or false."] });
    expect(refusal(() => parseSearchParams(def, { search_all: "2" }))).toEqual({ search_all: ["Must be true or false."] });
  });
});

describe("filters", () => {
  it("groups values by field: OR within, AND across", () => {
    const groups = parseFilters(def, ["state:Maharashtra", "status:Planning", "state:Goa", "state:Goa", ""], NOW);
    expect(groups).toEqual([
      { field: "state", conditions: [{ kind: "values", field: "state", values: ["Maharashtra", "Goa"] }] },
      { field: "status", conditions: [{ kind: "values", field: "status", values: ["Planning"] }] },
    ]);
  });
  it("keeps spaces and colons inside values", () => {
    expect(parseFilter(def, "status:Under Construction")).toEqual([{ kind: "values", field: "status", values: ["Under Construction"] }]);
    expect(parseFilter(def, "owner_name:A:B Ltd")).toEqual([{ kind: "values", field: "owner_name", values: ["A:B Ltd"] }]);
  });
  it("reads brace lists (the project_type form) and quoted values", () => {
    expect(parseFilter(def, "project_type:{Hospital,Residential Building}")).toEqual([{ kind: "values", field: "project_type", values: ["Hospital", "Residential Building"] }]);
    expect(parseFilter(def, 'project_type:{"Multi, Storey",Hotel}')).toEqual([{ kind: "values", field: "project_type", values: ["Multi, Storey", "Hotel"] }]);
    expect(parseFilter(def, 'owner_name:"A*B"')).toEqual([{ kind: "values", field: "owner_name", values: ["A*B"] }]);
    expect(parseBraceList('{a,"b \\"c\\"",d}')).toEqual(["a", 'b "c"', "d"]);
    for (const bad of ["{a,}", "{,a}", '{"a}', '{a"b}', "{a,,b}"]) expect(parseBraceList(bad)).toBeNull();
  });
  it("reads numeric ranges with open ends, in both written forms", () => {
    expect(parseFilter(def, "value:[1000000 TO 50000000]")).toEqual([{ kind: "range", field: "value", min: 1e6, max: 5e7 }]);
    expect(parseFilter(def, "value[* TO 50000000]")).toEqual([{ kind: "range", field: "value", min: null, max: 5e7 }]);
    expect(parseFilter(def, "value:[10000000 to *]")).toEqual([{ kind: "range", field: "value", min: 1e7, max: null }]);
    expect(parseFilter(def, "value:[* TO *]")).toEqual([{ kind: "present", field: "value", present: true }]);
    expect(parseFilter(def, "value:2500000")).toEqual([{ kind: "range", field: "value", min: 2.5e6, max: 2.5e6 }]);
  });
  it("reads UTC dates: instants, offsets, days and date math", () => {
    expect(parseFilter(def, "retrieved_on:[2024-01-01T00:00:00Z TO *]", NOW)).toEqual([{ kind: "range", field: "retrieved_on", min: us("2024-01-01T00:00:00Z"), max: null }]);
    expect(parseInstant("d", "2024-01-01T05:30:00+05:30", NOW, "min")).toBe(us("2024-01-01T00:00:00Z"));
    expect(parseInstant("d", "2024-01-01T00:00:00.123456Z", NOW, "min")).toBe(us("2024-01-01T00:00:00Z") + 123456);
    expect(parseInstant("d", "2024-01-31", NOW, "min")).toBe(us("2024-01-31T00:00:00Z"));
    expect(parseInstant("d", "2024-01-31", NOW, "max")).toBe(us("2024-02-01T00:00:00Z") - 1);
    expect(parseInstant("d", "NOW-30DAYS", NOW, "min")).toBe(NOW.getTime() * 1000 - 30 * 864e8);
    expect(parseInstant("d", "NOW/DAY", NOW, "min")).toBe(us("2024-06-15T00:00:00Z"));
    // a day alone is the whole UTC day
    expect(parseFilter(def, "start_date:2024-03-01")).toEqual([{ kind: "range", field: "start_date", min: us("2024-03-01T00:00:00Z"), max: us("2024-03-02T00:00:00Z") - 1 }]);
  });
  it("reads wildcards; '%' and '_' stay literal", () => {
    expect(parseFilter(def, "city:*pur*")).toEqual([{ kind: "wildcard", field: "city", pattern: "*pur*" }]);
    expect(parseFilter(def, "city:*")).toEqual([{ kind: "present", field: "city", present: true }]);
    expect(globToLike("*50%_off\\*x*")).toBe("%50\\%\\_off*x%");
    expect(globToLike(encodeGlob(splitGlob("a\\*b*")))).toBe("a*b%");
    const m = globMatcher("*pur*");
    expect(["Jaipur", "NAGPUR", "Purnia", "Pune"].map(m)).toEqual([true, true, true, false]);
    expect(globMatcher("jai*")("Jaipur")).toBe(true);
    expect(globMatcher("*pur")("Purnia")).toBe(false);
    expect(globMatcher("a*b*a")("aba")).toBe(true);
    expect(globMatcher("a*b*a")("aab")).toBe(false);
    expect(globMatcher("ab*ba")("aba")).toBe(false);
    expect(globMatcher("a*b*a")("abba")).toBe(true);
    expect(globMatcher("*100%*")("Apollo 100% Care")).toBe(true);
    expect(globMatcher("*a_a*")("Tata")).toBe(false);
  });
  it("matches like SQL's ILIKE on random strings", () => {
    const likeToRegex = (like: string) =>
      new RegExp("^" + like.replace(/\\(.)|%|_|[.*+?^${}()|[\]\\]/g, (m, esc) => (esc !== undefined ? esc.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : m === "%" ? "[\\s\\S]*" : m === "_" ? "[\\s\\S]" : "\\" + m)) + "$", "i");
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom("a", "b", "%", "_", "\\") }), { minLength: 2, maxLength: 4 }), fc.string({ unit: fc.constantFrom("a", "b", "%", "_", "A") }), (parts, s) => {
        const pattern = encodeGlob(parts);
        expect(globMatcher(pattern)(s)).toBe(likeToRegex(globToLike(pattern)).test(s));
      }),
    );
  });
  it.each([
    ["state", "'state' is not a filter: write field:value, field:[min TO max] or field:*text*."],
    ["state:", "The filter on 'state' has no value."],
    ["value:[abc TO 5]", "'abc' is not a number (for 'value')."],
    ["value:[5 TO 1]", "The range for 'value' starts after it ends."],
    ["value:[1 TO]", "The range for 'value' must look like [min TO max], with * for an open end."],
    ["value:*5*", "'value' takes a value or a range like [min TO max], not a *wildcard*."],
    ["retrieved_on:[2024-02-30T00:00:00Z TO *]", "'2024-02-30T00:00:00Z' is not a UTC date like 2024-01-01T00:00:00Z (for 'retrieved_on')."],
    ["retrieved_on:yesterday", "'yesterday' is not a UTC date like 2024-01-01T00:00:00Z (for 'retrieved_on')."],
    ["state:[a TO b]", "'state' does not take ranges."],
    ["is_ai:maybe", "'is_ai' takes true or false."],
    ["title:tower", "'title' takes only *text* wildcards, e.g. title:*word*."],
    ['project_type:{a,"b}', 'The list for \'project_type\' is malformed: write {A,B} or {"A B",C}.'],
    ["value:{1,2}", "'value' does not take a {list} of values."],
  ])("refuses %j", (f, message) => {
    expect(refusal(() => parseFilter(def, f, NOW))).toEqual({ filter: [message] });
  });
  it("refuses a field it does not have, Object.prototype's members included, listing every field", () => {
    const allowed = "Use one of: category, state, district, city, sector, project_type, status, stage, source, ownership, is_ai, owner_name, pincode, title, value, retrieved_on, arrived_date, reviewed_date, start_date, completion_date, mark.";
    for (const name of ["colour", "__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "prototype", "__lookupGetter__"]) {
      for (const f of [`${name}:x`, `${name}[1 TO 2]`, `${name}:[* TO *]`, `${name}:{a,b}`, `${name}:*x*`]) {
        expect(refusal(() => parseFilters(def, [f], NOW))).toEqual({ filter: [`Unknown filter field '${name}'.`, allowed] });
      }
      expect(refusal(() => parseSort(def, name, false)).sort[0]).toMatch(new RegExp(`^Unknown sort '${name}'\\. Use one of: relevance, newest, `));
    }
  });
  it("splits a list of names too long for one message across messages, none cut short", () => {
    const names = Object.keys(tendersIndex.fields);
    const body = refusal(() => parseFilter(tendersIndex, "constructor:x", NOW));
    expect(body.filter[0]).toBe("Unknown filter field 'constructor'.");
    for (const m of body.filter) expect(m.length).toBeLessThanOrEqual(250);
    expect(body.filter.slice(1).join(" ").replace(/^Use one of: /, "").replace(/ Also: /g, " ")).toBe(names.join(", ") + ".");
  });
  it("refuses date math that leaves the years 1900 to 2200 (PostgreSQL could not hold it)", () => {
    const far = "NOW" + "+99999WEEKS".repeat(40);
    expect(refusal(() => parseFilter(def, `retrieved_on:[${far} TO *]`, NOW)).filter[0]).toMatch(/is out of range: dates from 1900 to 2200 \(for 'retrieved_on'\)\.$/);
    expect(refusal(() => parseFilter(def, "start_date:[* TO NOW-99999WEEKS]", NOW)).filter[0]).toMatch(/is out of range/);
    expect(parseFilter(def, "retrieved_on:[NOW-52WEEKS TO NOW+1DAY]", NOW)).toHaveLength(1);
  });
  it("caps the number of filters and of values per field", () => {
    expect(refusal(() => parseFilters(def, Array.from({ length: 61 }, (_, i) => `city:c${i}`)))).toEqual({ filter: ["At most 60 filters at a time."] });
    expect(refusal(() => parseFilter(def, "state:" + "x".repeat(600)))).toEqual({ filter: ["A filter may be at most 500 characters."] });
  });
  it("never throws anything but a 400 on random input", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), fc.tuple(fc.constantFrom("__proto__", "constructor", "toString", "state", "value"), fc.constantFrom(":", "[", ":["), fc.string({ maxLength: 20 })).map((p) => p.join(""))), (s) => {
        // Every run asserts: the answer is groups of known fields, or the error is a 400.
        let outcome: unknown;
        try {
          outcome = parseFilters(def, [s], NOW);
        } catch (err) {
          outcome = err;
        }
        if (outcome instanceof HttpError) expect(outcome.status).toBe(400);
        else {
          expect(Array.isArray(outcome), String(outcome)).toBe(true);
          for (const g of outcome as { field: string; conditions: { field: string }[] }[]) {
            expect(Object.hasOwn(def.fields, g.field)).toBe(true);
            for (const c of g.conditions) expect(c?.field).toBe(g.field);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("sort orders", () => {
  it("order live rows by value, nulls last, ties by id desc, both ways", () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: -5, max: 5 }), { nil: null }), { maxLength: 60 }), fc.boolean(), (vals, asc) => {
        const n = vals.length;
        const values = Float64Array.from(vals, (v) => (v === null ? NaN : v));
        const ids = Float64Array.from(vals, (_, i) => 100 + ((i * 7) % n) + i * n); // unique, not sorted
        const live = Uint8Array.from(vals, (_, i) => (i % 5 === 3 ? 0 : 1));
        const dir = asc ? "asc" : "desc";
        const expected = [...Array(n).keys()].filter((i) => live[i]).sort((a, b) => {
          const [va, vb] = [vals[a], vals[b]];
          if ((va === null) !== (vb === null)) return va === null ? 1 : -1;
          if (va !== null && vb !== null && va !== vb) return asc ? va - vb : vb - va;
          return ids[b] - ids[a];
        });
        expect([...buildOrder(values, ids, live, n, dir)]).toEqual(expected);
      }),
    );
  });
});
