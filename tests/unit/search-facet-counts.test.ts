// A facet's counts are the same whichever way they are counted (the rows that count, from a list;
// or the totals minus the live rows that do not): the queries below take each way, over dead
// rows, rows a user hid, several filter groups and a keywords field, and every count is checked
// against counting the rows one by one — counted whole, and as two workers count them (each over
// its share of the rows, the totals added once).
import { describe, expect, it } from "vitest";
import { ArrayColumn, columnTotals, KeywordColumn } from "../../server/search/columns.js";
import { conditionLuts, evaluate, type EvalStore } from "../../server/search/evaluate.js";
import type { Condition, FilterGroup, IndexDefinition } from "../../server/search/types.js";

const N = 6000;
const STATES = ["Kerala", "Goa", "Punjab", "Assam"];
const TYPES = ["Hospital", "Road", "School"];
const def = {
  name: "facet_test",
  fields: {
    state: { kind: "keyword", column: "state", facet: true, label: "state" },
    status: { kind: "keyword", column: "status", facet: true, label: "status" },
    project_type: { kind: "keywords", column: "project_type", facet: true, label: "project type" },
  },
} as unknown as IndexDefinition;

// Row i: most rows are in Kerala (so "not Kerala" is rare), every 7th is dead.
const stateOf = (i: number) => (i % 10 < 7 ? "Kerala" : STATES[i % 4]);
const statusOf = (i: number) => (i % 3 === 0 ? "Planning" : i % 3 === 1 ? "Completed" : null);
const typesOf = (i: number) => TYPES.filter((_, k) => (i >> k) & 1);

function store(): EvalStore {
  const state = new KeywordColumn(N);
  const status = new KeywordColumn(N);
  const types = new ArrayColumn(N);
  const live = new Uint8Array(N);
  for (let i = 0; i < N; i++) {
    state.set(i, stateOf(i));
    status.set(i, statusOf(i));
    types.set(i, typesOf(i));
    live[i] = i % 7 === 6 ? 0 : 1;
  }
  const columns = new Map<string, KeywordColumn | ArrayColumn>([["state", state], ["status", status], ["project_type", types]]);
  return {
    def,
    n: N,
    liveCount: live.reduce((a, b) => a + b, 0),
    live,
    ids: Float64Array.from({ length: N }, (_, i) => i + 1),
    columns,
    facetTotals: (field) => columnTotals(columns.get(field)!, live, N),
    sortOrder: () => {
      throw new Error("no sort here");
    },
  };
}

const values = (field: string, ...vs: string[]): Condition => ({ kind: "values", field, values: vs });
const holds = (c: Condition, i: number) => {
  const vs = (c as Extract<Condition, { kind: "values" }>).values;
  return c.field === "state" ? vs.includes(stateOf(i)) : c.field === "status" ? vs.includes(statusOf(i) ?? "") : typesOf(i).some((t) => vs.includes(t));
};

/** Each facet counted row by row: live, not hidden, and passing every group but the facet's own. */
function expected(s: EvalStore, groups: FilterGroup[], hidden: Set<number>) {
  const out: Record<string, Record<string, number>> = { state: {}, status: {}, project_type: {} };
  for (let i = 0; i < N; i++) {
    if (!s.live[i] || hidden.has(i)) continue;
    for (const field of Object.keys(out)) {
      if (!groups.every((g) => g.field === field || g.conditions.some((c) => holds(c, i)))) continue;
      const texts = field === "state" ? [stateOf(i)] : field === "status" ? [statusOf(i) ?? ""] : typesOf(i);
      for (const t of texts) if (t) out[field][t] = (out[field][t] ?? 0) + 1;
    }
  }
  return out;
}

/** The facets of an evaluation, counted whole or as two workers would: each over its share of the rows, then added up. */
function counted(s: EvalStore, groups: FilterGroup[], hidden: Set<number>, inShares = false) {
  const conditions = groups.flatMap((g) => g.conditions);
  const luts = conditionLuts((f) => (s.columns.get(f) as KeywordColumn | ArrayColumn).dict, conditions);
  const ev = evaluate(s, [], groups, { luts, exclude: Int32Array.from(hidden) });
  let facets = ev.facetCounts(def);
  if (inShares) {
    const share = (lo: number, hi: number, withTotals: boolean) => {
      const hist = new Int32Array(256);
      for (let i = lo; i < hi; i++) hist[ev.state[i]]++;
      return ev.facetCounts(def, { lo, hi, hist, withTotals });
    };
    const [a, b] = [share(0, 2048, true), share(2048, N, false)];
    facets = new Map([...a].map(([field, counts]) => [field, counts.map((c, code) => c + b.get(field)![code])]));
  }
  const out: Record<string, Record<string, number>> = {};
  for (const [field, counts] of facets) {
    const dict = (s.columns.get(field) as KeywordColumn | ArrayColumn).dict;
    out[field] = {};
    counts.forEach((c, code) => c && dict.texts[code] && (out[field][dict.texts[code]!] = c));
  }
  return out;
}

describe("facet counts", () => {
  const s = store();
  const hidden = new Set([0, 3, 10, 11, 500, 5997]);
  const cases: [string, FilterGroup[]][] = [
    ["no filter (totals, less the hidden rows)", []],
    ["a rare value (the rows that count, from a list)", [{ field: "state", conditions: [values("state", "Goa")] }]],
    ["a common value (the totals less the rest)", [{ field: "state", conditions: [values("state", "Kerala")] }]],
    ["half the rows", [{ field: "status", conditions: [values("status", "Planning", "Completed")] }]],
    [
      "three groups, one on the keywords field",
      [
        { field: "state", conditions: [values("state", "Kerala", "Goa")] },
        { field: "status", conditions: [values("status", "Planning")] },
        { field: "project_type", conditions: [values("project_type", "Road", "School")] },
      ],
    ],
    ["a value no row has", [{ field: "state", conditions: [values("state", "Nowhere")] }]],
  ];
  for (const [name, groups] of cases) {
    it(`agree with counting row by row: ${name}`, () => {
      expect(counted(s, groups, hidden)).toEqual(expected(s, groups, hidden));
      expect(counted(s, groups, new Set())).toEqual(expected(s, groups, new Set()));
      expect(counted(s, groups, hidden, true)).toEqual(expected(s, groups, hidden));
    });
  }
});
