// Identifiers in the search box (server/search/identifiers.ts), as pure functions: which search
// texts are tried as a Tender ID or reference number, the LIKE prefix with its own % _ \ literal,
// and how identifier matches go before the text matches.
import { describe, expect, it } from "vitest";
import { identifierRank, identifierSearch, identifierWhere, MIN_PREFIX_LENGTH, prefixPattern, withIdentifiersFirst } from "../../server/search/identifiers.js";
import { projectsIndex } from "../../server/search/indexes/projects.js";
import { tendersIndex } from "../../server/search/indexes/tenders.js";
import { Params } from "../../server/search/sql.js";
import { Relevance } from "../../server/search/relevance.js";

describe("identifierSearch", () => {
  it("tries ids with digits or separators, exact and (from 4 characters) by prefix", () => {
    expect(identifierSearch("2024_PWD_35115_146")).toEqual({ text: "2024_PWD_35115_146", prefix: true });
    expect(identifierSearch("PWD/RD/GLT/2026/77")).toEqual({ text: "PWD/RD/GLT/2026/77", prefix: true });
    expect(identifierSearch("ocds-213czf-000-00001-01-tender")).toEqual({ text: "ocds-213czf-000-00001-01-tender", prefix: true });
    expect(identifierSearch('  "NIT No.  12/EE/2024" ')).toEqual({ text: "NIT No. 12/EE/2024", prefix: true });
    expect(identifierSearch("PWD/RD")).toEqual({ text: "PWD/RD", prefix: true });
    expect(identifierSearch("77")).toEqual({ text: "77", prefix: false });
    expect("2024".length).toBe(MIN_PREFIX_LENGTH);
    expect(identifierSearch("2024")?.prefix).toBe(true);
    expect(identifierSearch("202")?.prefix).toBe(false);
  });

  it("leaves plain words, punctuation alone and long text to the text search", () => {
    for (const q of [null, "", "bridge", "road construction Guwahati", "--", "/_/", "x".repeat(60) + "1".repeat(41)]) expect(identifierSearch(q), String(q)).toBeNull();
  });
});

describe("prefixPattern", () => {
  it("takes %, _ and \\ literally and ends with one %", () => {
    expect(prefixPattern("2024_PWD")).toBe("2024\\_PWD%");
    expect(prefixPattern("50%")).toBe("50\\%%");
    expect(prefixPattern("A\\B")).toBe("A\\\\B%");
  });
});

describe("identifier SQL", () => {
  it("binds the text as parameters, never as SQL, over the definition's columns only", () => {
    const p = new Params();
    const where = identifierWhere(tendersIndex, { text: "x'); DROP TABLE tenders; --", prefix: true }, p)!;
    expect(where).toBe("(lower(t.portal_tender_id) LIKE lower($1::text) OR lower(t.reference) LIKE lower($1::text))");
    expect(p.values).toEqual(["x'); DROP TABLE tenders; --%"]);
    const q = new Params();
    expect(identifierRank(tendersIndex, { text: "77", prefix: false }, q)).toBe(
      "(CASE WHEN lower(t.portal_tender_id) = lower($1::text) OR lower(t.reference) = lower($1::text) THEN 2 ELSE 0 END)",
    );
    expect(identifierWhere(projectsIndex, { text: "77", prefix: false }, new Params())).toBeNull();
  });
});

describe("withIdentifiersFirst", () => {
  const ids = Float64Array.from({ length: 10 }, (_, p) => p); // position p holds id p
  const rankOf = new Map([[5, 0.5], [7, 0.1], [9, 0.9]]);
  const positions = Int32Array.from([5, 7, 9]);
  const text = { positions, relevance: new Relevance(positions, () => Float32Array.from(positions, (p) => rankOf.get(p)!), ids) }; // by relevance: 9, 5, 7
  const all = new Uint8Array(10);

  it("finds the rows of both, exact before prefix before the rest of the text matches", () => {
    const out = withIdentifiersFirst(text, { exact: Int32Array.from([7]), prefix: Int32Array.from([3, 1]) });
    expect(out.relevance!.page(all, 0, 10)).toEqual([7, 3, 1, 9, 5]);
    expect([...out.relevance!.order()]).toEqual([7, 3, 1, 9, 5]);
    expect([...out.positions].sort((a, b) => a - b)).toEqual([1, 3, 5, 7, 9]);
  });

  it("pages over the rows the filters leave, identifiers first", () => {
    const out = withIdentifiersFirst(text, { exact: Int32Array.from([7]), prefix: Int32Array.from([3, 1]) });
    const state = new Uint8Array(10);
    state[3] = 1; // failed a filter
    expect(out.relevance!.page(state, 0, 10)).toEqual([7, 1, 9, 5]);
    expect(out.relevance!.page(state, 1, 2)).toEqual([1, 9]);
    expect(out.relevance!.page(state, 3, 5)).toEqual([5]);
  });

  it("changes nothing without identifier matches; without a ranked list, only the set grows", () => {
    expect(withIdentifiersFirst(text, { exact: new Int32Array(0), prefix: new Int32Array(0) })).toBe(text);
    const unranked = withIdentifiersFirst({ positions: text.positions, relevance: null }, { exact: Int32Array.from([2]), prefix: new Int32Array(0) });
    expect(unranked.relevance).toBeNull();
    expect([...unranked.positions].sort((a, b) => a - b)).toEqual([2, 5, 7, 9]);
  });
});
