// A search answered from the pair tables (pair-search.ts) gives exactly the answer of a pass
// over the rows (runTask): random stores and searches — nothing, or one field's values, with the
// user's hidden rows, pages in both directions — while rows are appended, changed (tombstoned
// and appended again) and deleted between searches, dictionaries grow past the tables' room and
// a field outgrows them. Tables built before the changes are never rebuilt: only kept up.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { conditionLuts } from "../../server/search/conditions.js";
import type { ArrayColumn, KeywordColumn } from "../../server/search/columns.js";
import { MAX_FILTER_VALUES } from "../../server/search/pair-counts.js";
import { answerFromPairs, tableAssist } from "../../server/search/pair-search.js";
import { evaluate } from "../../server/search/evaluate.js";
import { ColumnStore } from "../../server/search/store.js";
import { EvalMemo, runTask, taskSets, type EvalTask } from "../../server/search/task.js";
import type { Condition, FilterGroup, IndexDefinition } from "../../server/search/types.js";

const def = {
  name: "pairs_test",
  table: "pairs_test",
  textVector: null,
  fields: {
    state: { kind: "keyword", column: "state", facet: true },
    status: { kind: "keyword", column: "status", facet: true },
    city: { kind: "keyword", column: "city", facet: true },
    types: { kind: "keywords", column: "types", facet: true },
    is_ai: { kind: "boolean", column: "is_ai" },
    value: { kind: "number", column: "value" },
  },
  sorts: {},
  pageSize: 20,
} as unknown as IndexDefinition;

const STATES = ["Kerala", "Goa", "Punjab", "Assam", "Bihar"];
const STATUSES = ["Planning", "Completed", "Approval"];
const TYPES = ["Hospital", "Road", "School", "Port"];

interface Row {
  id: number;
  state: string | null;
  status: string | null;
  city: string;
  types: string[];
  is_ai: boolean;
  value: number | null;
}

const row = fc.record({
  state: fc.option(fc.constantFrom(...STATES), { nil: null, freq: 6 }),
  status: fc.option(fc.constantFrom(...STATUSES), { nil: null }),
  city: fc.integer({ min: 0, max: 30 }).map((c) => `City ${c}`),
  types: fc.subarray(TYPES),
  is_ai: fc.boolean(),
  value: fc.option(fc.integer({ min: 0, max: 50 }), { nil: null }),
});

function append(store: ColumnStore, rows: Row[]) {
  const text = (v: string | null) => v;
  store.appendColumns([
    rows.map((r) => String(r.id)),
    rows.map((r) => text(r.state)),
    rows.map((r) => text(r.status)),
    rows.map((r) => r.city),
    rows.map((r) => (r.types.length ? r.types.join("\x1e") : null)),
    rows.map((r) => String(r.is_ai)),
    rows.map((r) => (r.value === null ? null : String(r.value))),
  ]);
}

const groupOf = fc.oneof(
  fc.record({ field: fc.constantFrom("state", "status"), values: fc.subarray([...STATES, ...STATUSES, "Nowhere"], { minLength: 1 }) }).map(
    ({ field, values }): FilterGroup => ({ field, conditions: [{ kind: "values", field, values }] }),
  ),
  fc.constant<FilterGroup>({ field: "state", conditions: [{ kind: "present", field: "state", present: false }] }),
  fc.constant<FilterGroup>({ field: "state", conditions: [{ kind: "wildcard", field: "state", pattern: "*a" }, { kind: "values", field: "state", values: ["Goa"] }] }),
  fc.constant<FilterGroup>({ field: "is_ai", conditions: [{ kind: "values", field: "is_ai", values: ["true"] }] }),
);

const search = fc.record({
  group: fc.option(groupOf, { nil: null }),
  dir: fc.constantFrom<"asc" | "desc">("asc", "desc"),
  offset: fc.integer({ min: 0, max: 60 }),
  hidden: fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 6 }),
});

function task(store: ColumnStore, s: { group: FilterGroup | null; dir: "asc" | "desc"; offset: number; hidden: number[] }): EvalTask {
  const groups = s.group ? [s.group] : [];
  const conditions: Condition[] = groups.flatMap((g) => g.conditions);
  const luts = conditionLuts((f) => (store.columns.get(f) as KeywordColumn | ArrayColumn).dict, conditions);
  const sets = taskSets({ luts, exclude: s.hidden.length ? Int32Array.from(s.hidden) : undefined });
  return { memoKey: Math.random().toString(), base: [], groups, sets, page: { sort: { field: "value", dir: s.dir }, offset: s.offset, limit: 20 }, facets: true };
}

describe("searches answered from the pair tables", () => {
  it("answer exactly as a pass over the rows, while rows are added, changed and deleted", () => {
    let usedTables = 0;
    fc.assert(
      fc.property(fc.array(row, { minLength: 50, maxLength: 300 }), fc.array(fc.tuple(search, fc.array(row, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 4 })), { minLength: 1, maxLength: 8 }), (first, rounds) => {
        const store = new ColumnStore(def);
        let nextId = 1;
        append(store, first.map((r) => ({ ...r, id: nextId++ })));
        for (const field of [null, "state", "status", "is_ai"]) store.pairs.table(field, true); // built once, then only kept up
        for (const [s, added, changed] of rounds) {
          const t = task(store, s);
          const counted = answerFromPairs(store, t);
          expect(counted).not.toBeNull();
          usedTables++;
          expect(counted).toEqual(runTask(store, store.version, t, new EvalMemo()));
          // Between searches: new rows, rows changed (appended again under their id), rows deleted.
          const ids = changed.map((k) => 1 + (k % (nextId - 1)));
          append(store, [...added.map((r) => ({ ...r, id: nextId++ })), ...ids.slice(0, 2).map((id, k) => ({ ...(added[k] ?? first[k]), id }))]);
          store.removeIds(ids.slice(2));
        }
      }),
      { numRuns: 80 },
    );
    expect(usedTables).toBeGreaterThan(80);
  });

  it("a filter field whose values outgrow the tables takes the pass again, and the others stay exact", () => {
    const store = new ColumnStore(def);
    const rows: Row[] = Array.from({ length: 400 }, (_, i) => ({ id: i + 1, state: STATES[i % 5], status: STATUSES[i % 3], city: `City ${i % 7}`, types: [TYPES[i % 4]], is_ai: i % 2 === 0, value: i % 50 }));
    append(store, rows);
    const byState = { group: { field: "state", conditions: [{ kind: "values", field: "state", values: ["Goa"] }] } as FilterGroup, dir: "desc" as const, offset: 0, hidden: [] };
    const byStatus = { ...byState, group: { field: "status", conditions: [{ kind: "values", field: "status", values: ["Planning"] }] } as FilterGroup };
    expect(answerFromPairs(store, task(store, byState))).not.toBeNull();
    expect(answerFromPairs(store, task(store, byStatus))).not.toBeNull();
    // Many new states (and cities, widening every table's city block).
    append(store, Array.from({ length: 2 * MAX_FILTER_VALUES + 5 }, (_, k) => ({ id: 1000 + k, state: `State ${k}`, status: "Approval", city: `Town ${k}`, types: [], is_ai: true, value: k })));
    expect(answerFromPairs(store, task(store, byState))).toBeNull();
    const t = task(store, byStatus);
    expect(answerFromPairs(store, t)).toEqual(runTask(store, store.version, t, new EvalMemo()));
    const none = task(store, { ...byState, group: null });
    expect(answerFromPairs(store, none)).toEqual(runTask(store, store.version, none, new EvalMemo()));
  });

  it("shapes the tables cannot answer are left to the pass: two groups, base conditions, row sets, relevance, a big field", () => {
    const store = new ColumnStore(def);
    append(store, Array.from({ length: 100 }, (_, i) => ({ id: i + 1, state: STATES[i % 5], status: STATUSES[i % 3], city: `City ${i}`, types: [], is_ai: false, value: i })));
    const one = task(store, { group: { field: "state", conditions: [{ kind: "values", field: "state", values: ["Goa"] }] }, dir: "asc", offset: 0, hidden: [] });
    expect(answerFromPairs(store, one)).not.toBeNull();
    const status: FilterGroup = { field: "status", conditions: [{ kind: "values", field: "status", values: ["Planning"] }] };
    expect(answerFromPairs(store, { ...one, groups: [...one.groups, status] })).toBeNull();
    expect(answerFromPairs(store, { ...one, base: status.conditions })).toBeNull();
    expect(answerFromPairs(store, { ...one, sets: { ...one.sets, only: [Int32Array.of(1, 2)] } })).toBeNull();
    expect(answerFromPairs(store, { ...one, page: { sort: "ranked", offset: 0, limit: 20 } })).toBeNull();
    // city has 100 values: more than a table holds
    const city: FilterGroup = { field: "city", conditions: [{ kind: "values", field: "city", values: ["City 3"] }] };
    expect(answerFromPairs(store, task(store, { group: city, dir: "asc", offset: 0, hidden: [] }))).toBeNull();
  });
});

describe("facets of two filter groups counted with the pair tables' help", () => {
  // What SplitSearch does: the workers take away the rows of the states the plan names (or count
  // nothing), the API thread adds the table sums — the same counts as counting the matches.
  it("are the counts of a pass, whichever group's table stands for the matches, with hidden rows and changes since the tables were built", () => {
    let assisted = 0;
    fc.assert(
      fc.property(fc.array(row, { minLength: 50, maxLength: 300 }), groupOf, groupOf, fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 6 }), fc.array(row, { maxLength: 20 }), fc.array(fc.nat(), { maxLength: 6 }), (first, g1, g2, hidden, added, removed) => {
        const store = new ColumnStore(def);
        let nextId = 1;
        append(store, first.map((r) => ({ ...r, id: nextId++ })));
        for (const field of [null, "state", "status", "is_ai"]) store.pairs.table(field, true);
        append(store, added.map((r) => ({ ...r, id: nextId++ })));
        store.removeIds(removed.map((k) => 1 + (k % (nextId - 1))));
        const t = { ...task(store, { group: g1, dir: "asc", offset: 0, hidden }), groups: [g1, g2] };
        t.sets = taskSets({ luts: conditionLuts((f) => (store.columns.get(f) as KeywordColumn).dict, [...g1.conditions, ...g2.conditions]), exclude: hidden.length ? Int32Array.from(hidden) : undefined });
        const ev = evaluate(store, [], t.groups, { luts: new Map(t.sets.luts), exclude: t.sets.exclude });
        const help = tableAssist(store, t, ev.hist);
        if (g1.field === g2.field) expect(help).toBeNull();
        if (!help) return;
        assisted++;
        const counts = ev.facetCounts(def, { lo: 0, hi: store.n, hist: ev.hist, withTotals: true, rows: ev.rows, fromTables: help.plan });
        for (const [field, add] of help.adds) add.forEach((v, c) => (counts.get(field)![c] += v));
        expect(counts).toEqual(ev.facetCounts(def));
      }),
      { numRuns: 200 },
    );
    expect(assisted).toBeGreaterThan(50);
  });
});
