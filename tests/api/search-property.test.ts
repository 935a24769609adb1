// Property: whatever filter strings, text, page and sort a client sends, the search endpoints
// answer 200 or 400 — never a 5xx — and the cache and SQL paths agree on every 200.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchWorld, type SearchWorld } from "./search-fixture.js";

let w: SearchWorld;
beforeAll(async () => {
  w = await searchWorld();
});
afterAll(async () => {
  await w?.close();
});

const FIELDS = ["state", "city", "project_type", "value", "retrieved_on", "start_date", "is_ai", "title", "owner_name", "category", "colour", "", "Value", "state "];
const piece = fc.oneof(
  fc.constantFrom("[", "]", "{", "}", "*", "\\", '"', ",", ":", " TO ", "TO", "*", "%", "_", "'", ";", "--", "NOW-3DAYS", "NOW/DAY", "\u0000", "\u0000", "é", "मुंबई", "\u{1F600}"),
  fc.constantFrom("Maharashtra", "Jaipur", "Hospital", "true", "false", "2024-01-31", "2024-01-31T23:59:59Z", "2024-02-30", "1e9", "-5", "300000000", "NaN", "Infinity"),
  fc.string({ maxLength: 6 }),
  fc.integer({ min: -10, max: 1e12 }).map(String),
);
const value = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(""));
const filter = fc.oneof(
  fc.tuple(fc.constantFrom(...FIELDS), fc.constantFrom(":", "", ":[", "["), value).map(([f, sep, v]) => f + sep + v),
  fc.tuple(fc.constantFrom(...FIELDS), value, value).map(([f, a, b]) => `${f}:[${a} TO ${b}]`),
  fc.string({ maxLength: 40 }),
);
const request = fc.record({
  filters: fc.array(filter, { maxLength: 5 }),
  q: fc.option(value, { nil: undefined }),
  page: fc.option(fc.oneof(fc.integer({ min: -2, max: 3 }).map(String), value), { nil: undefined }),
  sort: fc.option(fc.oneof(fc.constantFrom("value desc", "relevance", "-value", "arrived_date asc", "newest"), value), { nil: undefined }),
  flags: fc.constantFrom("", "&show_unlocked=true", "&search_all=true", "&show_unlocked=maybe"),
  url: fc.constantFrom("/api/list/search/", "/api/list/search/facets/", "/api/list/my-feed/facets/"),
});

describe("random input through HTTP", () => {
  it("refuses NUL characters, which PostgreSQL text cannot hold", async () => {
    for (const q of ["filter=state:a%00b", "q=a%00b", "filter=title:*a%00*", "filter=city:*%00*", "oq=%00"]) {
      const [status, body] = await w.get(`/api/list/search/?${q}`);
      expect(status, q).toBe(400);
      expect(Object.values(body)).toEqual([["Must not contain NUL characters."]]);
    }
  });
  it("never gives a 5xx, and the cache agrees with SQL", async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const params = new URLSearchParams();
        for (const f of r.filters) params.append("filter", f);
        if (r.q !== undefined) params.set("q", r.q);
        if (r.page !== undefined) params.set("page", r.page);
        if (r.sort !== undefined) params.set("sort", r.sort);
        const [status, body] = await w.get(`${r.url}?${params.toString()}${r.flags}`); // throws if cache and SQL differ
        expect([200, 400], JSON.stringify(body)).toContain(status);
        if (status === 400) {
          const [field, messages] = Object.entries(body)[0] as [string, string[]];
          expect(Object.keys(body)).toHaveLength(1);
          expect(field).toMatch(/^(filter|q|oq|page|sort|show_unlocked|search_all)$/);
          expect(messages[0].length).toBeGreaterThan(0);
          expect(messages[0].length).toBeLessThanOrEqual(250);
        }
      }),
      { numRuns: 300 },
    );
  });
});
