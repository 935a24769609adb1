// A search for one common word answered from its kept counts (word-search.ts) gives exactly the
// answer of a pass over the rows (runTask): random stores and words, the user's hidden rows,
// pages at any offset, while rows are appended, changed (tombstoned and appended again) and
// deleted between searches. Tables built before the changes are never rebuilt: corrected when
// read. Shapes they cannot answer, and tables outrun by changes, are left to the pass.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ColumnStore } from "../../server/search/store.js";
import { EvalMemo, runTask, taskSets, type EvalTask } from "../../server/search/task.js";
import { memoryTextMatches } from "../../server/search/text-matches.js";
import type { ExternalSets } from "../../server/search/evaluate.js";
import { answerFromWords } from "../../server/search/word-search.js";
import type { IndexDefinition } from "../../server/search/types.js";

const def = {
  name: "words_test",
  table: "words_test",
  textVector: "search_vector",
  fields: {
    state: { kind: "keyword", column: "state", facet: true },
    types: { kind: "keywords", column: "types", facet: true },
    value: { kind: "number", column: "value" },
  },
  sorts: {},
  pageSize: 20,
} as unknown as IndexDefinition;

const STATES = ["Kerala", "Goa", "Punjab"];
const TYPES = ["Hospital", "Road", "School"];
const WORDS = ["steel", "plant", "solar", "road"];

interface Row {
  id: number;
  state: string | null;
  types: string[];
  words: [string, string][];
}

const row = fc.record({
  state: fc.option(fc.constantFrom(...STATES), { nil: null, freq: 5 }),
  types: fc.subarray(TYPES),
  words: fc.uniqueArray(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom("A", "B", "")), { selector: ([w]) => w, maxLength: 3 }),
});

function append(store: ColumnStore, rows: Row[]) {
  store.appendColumns([
    rows.map((r) => String(r.id)),
    rows.map((r) => r.state),
    rows.map((r) => (r.types.length ? r.types.join("\x1e") : null)),
    rows.map((r) => String(r.id % 17)),
    rows.map((r) => r.words.map(([w, weight], k) => `'${w}':${k + 1}${weight}`).join(" ") || null),
  ]);
}

/** A one-word search as the engine makes it: its matches, their relevance, the word. */
function searchFor(store: ColumnStore, word: string, hidden: number[], page: EvalTask["page"], facets = true): { task: EvalTask; ext: ExternalSets } {
  const m = memoryTextMatches(store, { op: "word", text: word, prefix: false, weights: "" }, true);
  const ext: ExternalSets = { only: [m.positions], ranked: m.relevance!, word: m.word, exclude: hidden.length ? Int32Array.from(hidden) : undefined, luts: new Map() };
  return { task: { memoKey: Math.random().toString(), base: [], groups: [], sets: taskSets(ext), page, facets }, ext };
}

const pass = (store: ColumnStore, s: { task: EvalTask; ext: ExternalSets }) => runTask(store, store.version, s.task, new EvalMemo(), s.ext.ranked);

describe("one-word searches answered from the word's kept counts", () => {
  it("answer exactly as a pass over the rows, while rows are added, changed and deleted", async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 40, maxLength: 250 }),
        fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.array(fc.nat(300), { maxLength: 5 }), fc.nat(40), fc.array(row, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 4 })), { minLength: 1, maxLength: 8 }),
        async (first, rounds) => {
          const store = new ColumnStore(def);
          let nextId = 1;
          append(store, first.map((r) => ({ ...r, id: nextId++ })));
          store.textReady = true; // every row's text is in
          await store.buildTextTables(); // the commonest words as bitmaps, then their counts: built once, then only corrected when read
          for (const [word, hidden, offset, added, changed] of rounds) {
            const s = searchFor(store, word, hidden, { sort: "ranked", offset, limit: 20 });
            const counted = answerFromWords(store, s.task, s.ext);
            if (counted) {
              answered++;
              expect(counted).toEqual(pass(store, s));
            }
            const ids = changed.map((k) => 1 + (k % (nextId - 1)));
            append(store, [...added.map((r) => ({ ...r, id: nextId++ })), ...ids.slice(0, 2).map((id, k) => ({ ...(added[k] ?? first[k]), id }))]);
            store.removeIds(ids.slice(2));
          }
        },
      ),
      { numRuns: 60 },
    );
    expect(answered).toBeGreaterThan(200);
  });

  it("answer exactly as a pass when rows are added, changed and deleted while the tables are being built", async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 40, maxLength: 200 }), fc.array(fc.tuple(fc.array(row, { maxLength: 3 }), fc.array(fc.nat(), { maxLength: 3 })), { maxLength: 30 }), fc.constantFrom(...WORDS), async (first, changes, word) => {
        const store = new ColumnStore(def);
        let nextId = 1;
        append(store, first.map((r) => ({ ...r, id: nextId++ })));
        store.textReady = true;
        await store.text!.buildDense(store.n, async () => undefined);
        // Each yield to requests (every 5 rows of a word counted, and between words) lets a change in.
        let k = 0;
        await store.words!.buildAll(async () => {
          const [added, changed] = changes[k++ % Math.max(1, changes.length)] ?? [[], []];
          const ids = changed.map((c) => 1 + (c % (nextId - 1)));
          append(store, [...added.map((r) => ({ ...r, id: nextId++ })), ...ids.slice(0, 1).map((id) => ({ ...first[id % first.length], id }))]);
          store.removeIds(ids.slice(1));
        }, 5);
        const s = searchFor(store, word, [], { sort: "ranked", offset: 0, limit: 20 });
        const counted = answerFromWords(store, s.task, s.ext);
        if (counted) {
          answered++;
          expect(counted).toEqual(pass(store, s));
        }
      }),
      { numRuns: 80 },
    );
    expect(answered).toBeGreaterThan(30);
  });

  it("are not built from a text index still loading (they would miss its later rows), and are once it is whole", async () => {
    const store = new ColumnStore(def);
    append(store, Array.from({ length: 300 }, (_, i) => ({ id: i + 1, state: STATES[i % 3], types: [], words: [["steel", "A"]] })));
    const s = () => searchFor(store, "steel", [], { sort: "ranked", offset: 0, limit: 20 });
    await store.buildTextTables();
    expect(answerFromWords(store, s().task, s().ext)).toBeNull();
    expect(store.text!.wordRows("steel").dense).toBeUndefined();
    store.textReady = true;
    await store.buildTextTables();
    expect(store.text!.wordRows("steel").dense?.count).toBe(300);
    const whole = s();
    expect(answerFromWords(store, whole.task, whole.ext)).toEqual(pass(store, whole));
  });

  it("answers the facets alone (the second request of a pair) with the same counts", async () => {
    const store = new ColumnStore(def);
    append(store, Array.from({ length: 300 }, (_, i) => ({ id: i + 1, state: STATES[i % 3], types: [TYPES[i % 3]], words: i % 4 ? [["steel", "A"]] : [["road", ""]] })));
    await store.words!.buildAll(async () => undefined);
    const s = searchFor(store, "steel", [3, 5], null);
    const counted = answerFromWords(store, s.task, s.ext)!;
    expect(counted.count).toBe(225 - 2);
    expect(counted).toEqual(pass(store, s));
  });

  it("leaves to the pass what the counts cannot answer: filters, a field's order, other row sets, an unkept word", async () => {
    const store = new ColumnStore(def);
    append(store, Array.from({ length: 400 }, (_, i) => ({ id: i + 1, state: STATES[i % 3], types: [], words: i === 0 ? [["road", ""]] : [["steel", "A"]] })));
    await store.words!.buildAll(async () => undefined);
    const page = { sort: "ranked" as const, offset: 0, limit: 20 };
    const plain = searchFor(store, "steel", [], page);
    expect(answerFromWords(store, plain.task, plain.ext)).not.toBeNull();
    const filtered = { ...plain, task: { ...plain.task, groups: [{ field: "state", conditions: [{ kind: "values" as const, field: "state", values: ["Goa"] }] }] } };
    expect(answerFromWords(store, filtered.task, filtered.ext)).toBeNull();
    const byValue = { ...plain, task: { ...plain.task, page: { sort: { field: "value", dir: "desc" as const }, offset: 0, limit: 20 } } };
    expect(answerFromWords(store, byValue.task, byValue.ext)).toBeNull();
    expect(answerFromWords(store, plain.task, { ...plain.ext, only: [...plain.ext.only!, Int32Array.from([1, 2])] })).toBeNull();
    expect(answerFromWords(store, plain.task, { ...plain.ext, word: undefined })).toBeNull(); // e.g. identifier matches joined in
    const rare = searchFor(store, "road", [], page); // 1 row of 400: no table
    expect(answerFromWords(store, rare.task, rare.ext)).toBeNull();
  });

  it("stops using a table once the changes since outweigh it, and stays exact up to then", async () => {
    const store = new ColumnStore(def);
    const rows = (from: number, count: number): Row[] => Array.from({ length: count }, (_, k) => ({ id: from + k, state: STATES[k % 3], types: [], words: [["steel", k % 2 ? "A" : ""]] }));
    append(store, rows(1, 1000));
    await store.words!.buildAll(async () => undefined);
    append(store, rows(1001, 15_000));
    store.removeIds(Array.from({ length: 500 }, (_, k) => 2 * k + 1));
    const s = searchFor(store, "steel", [], { sort: "ranked", offset: 0, limit: 20 });
    expect(answerFromWords(store, s.task, s.ext)).toEqual(pass(store, s));
    append(store, rows(16_001, 6_000));
    const later = searchFor(store, "steel", [], { sort: "ranked", offset: 0, limit: 20 });
    expect(answerFromWords(store, later.task, later.ext)).toBeNull();
  });
});
