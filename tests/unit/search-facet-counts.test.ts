// A facet's counts are the same whichever way they are counted (the rows that count, from a list;
// or the totals minus the live rows that do not): the queries below take each way, over dead
// rows, rows a user hid, several filter groups and a keywords field, and every count is checked
// against counting the rows one by one — counted whole, and as two workers count them (each over
// its share of the rows, the totals added once).
import { describe, expect, it } from "vitest";
import { ArrayColumn, columnTotals, KeywordColumn } from "../../server/search/columns.js";
import { evaluate, evaluateRows, Evaluation, type EvalStore } from "../../server/search/evaluate.js";
import { conditionLuts } from "../../server/search/conditions.js";
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

/** Each facet counted row by row: live, not hidden, in the row set (when one), and passing every group but the facet's own. */
function expected(s: EvalStore, groups: FilterGroup[], hidden: Set<number>, only?: Int32Array) {
  const out: Record<string, Record<string, number>> = { state: {}, status: {}, project_type: {} };
  const inSet = only ? new Set(only) : null;
  for (let i = 0; i < N; i++) {
    if (!s.live[i] || hidden.has(i) || (inSet && !inSet.has(i))) continue;
    for (const field of Object.keys(out)) {
      if (!groups.every((g) => g.field === field || g.conditions.some((c) => holds(c, i)))) continue;
      const texts = field === "state" ? [stateOf(i)] : field === "status" ? [statusOf(i) ?? ""] : typesOf(i);
      for (const t of texts) if (t) out[field][t] = (out[field][t] ?? 0) + 1;
    }
  }
  return out;
}

/**
 * The facets of an evaluation, counted whole or as two workers would: each evaluates its share of
 * the rows into one state array and counts the facets over it (from its list of rows when it had
 * a few of many), then the shares' counts are added up.
 */
function counted(s: EvalStore, groups: FilterGroup[], hidden: Set<number>, inShares = false, only?: Int32Array) {
  const conditions = groups.flatMap((g) => g.conditions);
  const luts = conditionLuts((f) => (s.columns.get(f) as KeywordColumn | ArrayColumn).dict, conditions);
  const ext = { luts, exclude: Int32Array.from(hidden), only: only ? [only] : undefined };
  let facets: Map<string, Int32Array>;
  if (!inShares) facets = evaluate(s, [], groups, ext).facetCounts(def);
  else {
    const state = new Uint8Array(N);
    const shares = [
      [0, 2048],
      [2048, N],
    ].map(([lo, hi], k) => ({ lo, hi, withTotals: k === 0, ...evaluateRows(s, [], groups, ext, state, lo, hi) }));
    const hist = new Int32Array(256);
    for (const share of shares) for (let k = 0; k < 256; k++) hist[k] += share.hist[k];
    const ev = new Evaluation(s, state, hist, groups);
    const [a, b] = shares.map((share) => ev.facetCounts(def, share));
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

  // A row set (a text search's matches): a few of many rows are evaluated as a list of them (a
  // position twice in the set counts once, a dead one not at all) when the conditions make one
  // fused pass (not a keywords field's); many rows as a pass.
  const few = Int32Array.from({ length: 150 }, (_, k) => (k * 37) % N).map((p, k) => (k === 5 ? 37 : p));
  const many = Int32Array.from({ length: N / 2 }, (_, k) => 2 * k + 1);
  for (const [setName, only, listed] of [["a few rows of many", few, true], ["half the rows", many, false]] as const) {
    for (const [name, groups] of cases) {
      it(`agree with counting row by row within ${setName}: ${name}`, () => {
        const conditions = groups.flatMap((g) => g.conditions);
        const luts = conditionLuts((f) => (s.columns.get(f) as KeywordColumn | ArrayColumn).dict, conditions);
        const fused = !groups.some((g) => g.field === "project_type");
        expect(evaluate(s, [], groups, { luts, only: [only] }).rows !== null).toBe(listed && fused);
        expect(counted(s, groups, hidden, false, only)).toEqual(expected(s, groups, hidden, only));
        expect(counted(s, groups, hidden, true, only)).toEqual(expected(s, groups, hidden, only));
      });
    }
  }
});
