// A text query over the in-memory index is answered from its words' postings alone (sorted
// position sets combined with and, or, not), and matches are put in rank order by a radix sort.
// Both must give exactly what a plain pass over every row gives: the same rows, the same ranks,
// the same order (rank desc, id desc), for any query of plain words.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { denseConsistent, denseRows, keptDense, rowsOf } from "../../server/search/dense-words.js";
import { difference, intersect, spanWithin } from "../../server/search/sorted-sets.js";
import { orderByRank } from "../../server/search/text-rank.js";
import { TextIndex } from "../../server/search/text.js";
import type { TsNode } from "../../server/search/tsquery.js";

const WORDS = ["road", "bridg", "school", "hospit", "water", "suppli"];

/** Random rows of words with weights, added in batches (each seal is a segment, as a load makes). */
const rowsArb = fc.array(fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom("A", "B", "C", ""), fc.integer({ min: 1, max: 3 })), { maxLength: 4 }), { minLength: 1, maxLength: 120 });

/** Enough rows for more than 16 segments: past that the newest eight merge (text.ts). */
const manyRowsArb = fc.array(fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom("A", "B", "C", ""), fc.integer({ min: 1, max: 3 })), { maxLength: 4 }), { minLength: 40, maxLength: 160, size: "max" });

const treeArb: fc.Arbitrary<TsNode> = fc.letrec<{ node: TsNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...WORDS, "absent").map((text): TsNode => ({ op: "word", text, prefix: false, weights: "" })),
    tie("node").map((arg): TsNode => ({ op: "not", arg })),
    fc.tuple(fc.constantFrom("and" as const, "or" as const), tie("node"), tie("node")).map(([op, left, right]): TsNode => ({ op, left, right })),
  ),
})).node;

/** A row's tsvector text ('word':1A,2 …) and its distinct words. */
function vectorOf(row: [string, string, number][]): { text: string; words: Set<string> } {
  const distinct = new Map<string, string>();
  let at = 1;
  for (const [word, weight, count] of row) {
    const positions = Array.from({ length: count }, () => `${at++}${weight}`);
    distinct.set(word, distinct.has(word) ? `${distinct.get(word)},${positions.join(",")}` : positions.join(","));
  }
  return { text: [...distinct].map(([w, p]) => `'${w}':${p}`).join(" "), words: new Set(distinct.keys()) };
}

function indexOf(rows: [string, string, number][][], batch: number): { index: TextIndex; words: Set<string>[] } {
  const index = new TextIndex();
  const words = rows.map((row, pos) => {
    const vector = vectorOf(row);
    index.addRow(pos, vector.text);
    if ((pos + 1) % batch === 0) index.seal();
    return vector.words;
  });
  index.seal();
  return { index, words };
}

const holds = (tree: TsNode, words: Set<string>): boolean => {
  switch (tree.op) {
    case "word":
      return words.has(tree.text);
    case "not":
      return !holds(tree.arg, words);
    case "and":
      return holds(tree.left, words) && holds(tree.right, words);
    case "or":
      return holds(tree.left, words) || holds(tree.right, words);
    default:
      throw new Error("no phrases here");
  }
};

describe("text queries from postings", () => {
  it("find exactly the rows a pass over every row finds, ascending, for any and/or/not of words", () => {
    fc.assert(
      fc.property(rowsArb, treeArb, fc.integer({ min: 1, max: 40 }), (rows, tree, batch) => {
        const { index, words } = indexOf(rows, batch);
        const expected = words.flatMap((w, pos) => (holds(tree, w) ? [pos] : []));
        expect(Array.from(index.matchPositions(tree, rows.length))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("rank a subset of the matches as ranking each row alone does", () => {
    fc.assert(
      fc.property(rowsArb, treeArb, fc.integer({ min: 1, max: 40 }), (rows, tree, batch) => {
        const { index } = indexOf(rows, batch);
        const matched = index.matchPositions(tree, rows.length);
        const some = matched.filter((_, k) => k % 2 === 0);
        const alone = Array.from(some, (p) => index.ranks(tree, Int32Array.of(p))[0]);
        expect(Array.from(index.ranks(tree, some))).toEqual(alone);
      }),
      { numRuns: 200 },
    );
  });

  it("rank every match of a search as ranking each row alone does, postings shared with the match (a one-word search ranks its word's own list)", () => {
    fc.assert(
      fc.property(rowsArb, fc.oneof(treeArb, treeArb.filter((t) => t.op === "word")), fc.integer({ min: 1, max: 40 }), (rows, tree, batch) => {
        const { index } = indexOf(rows, batch);
        const seen = new Map();
        const matched = index.matchPositions(tree, rows.length, seen);
        const alone = Array.from(matched, (p) => index.ranks(tree, Int32Array.of(p))[0]);
        expect(Array.from(index.ranks(tree, matched, seen))).toEqual(alone);
      }),
      { numRuns: 200 },
    );
  });
});

describe("rank order", () => {
  const byComparator = (positions: Int32Array, ranks: Float32Array, ids: Float64Array) =>
    Array.from(positions.keys())
      .sort((a, b) => ranks[b] - ranks[a] || ids[positions[b]] - ids[positions[a]])
      .map((k) => positions[k]);

  it("is rank desc then id desc, with few or many distinct ranks and small or large ids", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.constantFrom(4, 100_000), fc.constantFrom(4000, 5_000_000, 4_000_000_000), fc.integer(), (m, distinct, idRange, seed) => {
        let x = seed | 1;
        const next = () => (x = Math.imul(x ^ (x >>> 15), 2246822519) ^ (x >>> 13)) >>> 0;
        const n = m + 10;
        const ids = new Float64Array(n);
        const used = new Set<number>();
        for (let p = 0; p < n; p++) {
          let id = 1 + (next() % idRange);
          while (used.has(id)) id = 1 + ((id + 1) % idRange);
          used.add(id);
          ids[p] = id;
        }
        const positions = Int32Array.from({ length: m }, (_, k) => k + 5);
        const ranks = Float32Array.from({ length: m }, () => (next() % distinct) / 7);
        expect(Array.from(orderByRank(positions, ranks, ids))).toEqual(byComparator(positions, ranks, ids));
      }),
      { numRuns: 60 },
    );
  });

  it("is rank desc then id desc over a copy's positions: id order, then rows a catch-up appended", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 400 }), fc.constantFrom(1, 4, 300), fc.integer(), (loaded, appended, distinct, seed) => {
        let x = seed | 1;
        const next = () => (x = Math.imul(x ^ (x >>> 15), 2246822519) ^ (x >>> 13)) >>> 0;
        // Loaded in id order, then rows appended by catch-ups in any id order (ids ending in 0: never loaded ones).
        const ids = new Float64Array(loaded + appended);
        for (let p = 0; p < loaded; p++) ids[p] = 10 * p + 1 + (next() % 9);
        const taken = new Set<number>();
        for (let p = loaded; p < loaded + appended; p++) {
          let id = 10 * (next() % (loaded + appended + 1));
          while (taken.has(id)) id += 10 * (loaded + appended + 1);
          taken.add(id);
          ids[p] = id;
        }
        const positions = Int32Array.from({ length: loaded + appended }, (_, k) => k).filter(() => next() % 3 !== 0);
        const ranks = Float32Array.from({ length: positions.length }, () => (next() % distinct) / 7);
        expect(Array.from(orderByRank(positions, ranks, ids))).toEqual(byComparator(positions, ranks, ids));
      }),
      { numRuns: 80 },
    );
  });

  it("takes more than 65,536 distinct ranks (two passes over the rank's bits)", () => {
    const m = 70_000;
    const ids = Float64Array.from({ length: m }, (_, p) => 3 * p + 1);
    const positions = Int32Array.from({ length: m }, (_, k) => (k * 7919) % m);
    const ranks = Float32Array.from({ length: m }, (_, k) => (k % 69_000) / 1000);
    expect(Array.from(orderByRank(positions, ranks, ids))).toEqual(byComparator(positions, ranks, ids));
  });
});

describe("position sets", () => {
  // Large sets are combined through a bitmap, small or sparse ones by merging: both must agree with plain sets.
  const sorted = (n: number, p: number, seed: number) => {
    let x = seed | 1;
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      if (x / 2 ** 32 < p) out.push(i);
    }
    return Int32Array.from(out);
  };
  it("intersect and difference give what plain sets give, merged or through a bitmap", () => {
    fc.assert(
      fc.property(fc.constantFrom(300, 50_000, 400_000), fc.integer({ min: 0, max: 90 }), fc.integer({ min: 0, max: 90 }), fc.integer(), (n, p, q, seed) => {
        const a = sorted(n, p / 100, seed);
        const b = sorted(n, q / 100, seed ^ 0x5bd1e995);
        const inB = new Set(b);
        expect(Array.from(intersect(a, b))).toEqual(Array.from(a).filter((x) => inB.has(x)));
        expect(Array.from(difference(a, b))).toEqual(Array.from(a).filter((x) => !inB.has(x)));
      }),
      { numRuns: 40 },
    );
  });
});

describe("dense words (bitmaps of the commonest words)", () => {
  // Rows [0, built) are indexed, the dense words made, then the rest appended a segment each:
  // past 16 segments the newest eight merge, covered rows with new ones. Every query must find and rank
  // exactly as the same index without bitmaps.
  it("find and rank as postings do, for rows before and after the bitmaps were made", async () => {
    await fc.assert(
      fc.asyncProperty(manyRowsArb, treeArb, fc.integer({ min: 1, max: 8 }), fc.double({ min: 0, max: 1, noNaN: true }), async (rows, tree, batch, share) => {
        const built = Math.floor(rows.length * share);
        const plain = indexOf(rows, batch).index;
        const { index } = indexOf(rows.slice(0, built), batch);
        await index.buildDense(built, async () => undefined);
        for (let pos = built; pos < rows.length; pos++) {
          index.addRow(pos, vectorOf(rows[pos]).text);
          index.seal();
        }
        const seen = new Map();
        const matched = index.matchPositions(tree, rows.length, seen);
        expect(Array.from(matched)).toEqual(Array.from(plain.matchPositions(tree, rows.length)));
        expect(Array.from(index.ranks(tree, matched, seen))).toEqual(Array.from(plain.ranks(tree, matched)));
        const some = matched.filter((_, k) => k % 3 === 1);
        expect(Array.from(index.ranks(tree, some))).toEqual(Array.from(plain.ranks(tree, some)));
      }),
      { numRuns: 300 },
    );
  });

  it("are made of the words an eighth of the rows hold, take less room than their postings, and are searched through their bits", async () => {
    const rows: [string, string, number][][] = Array.from({ length: 4000 }, (_, p) => [
      ["road", "A", 1],
      ...(p % 50 === 0 ? [["bridg", "B", 2] as [string, string, number]] : []),
    ]);
    const { index } = indexOf(rows, 500);
    const before = index.heldBytes();
    await index.buildDense(rows.length, async () => undefined);
    expect(index.wordRows("road").dense?.count).toBe(4000);
    expect(index.wordRows("bridg").dense).toBeUndefined(); // 80 of 4000: listed, not a bitmap
    // road's postings (a gap byte and a score byte a row) gave way to a bit and a score byte a row.
    expect(before - index.heldBytes()).toBeGreaterThanOrEqual(4000 - 4000 / 8);
    const tree: TsNode = { op: "and", left: { op: "word", text: "road", prefix: false, weights: "" }, right: { op: "word", text: "bridg", prefix: false, weights: "" } };
    expect(Array.from(index.matchPositions(tree, rows.length))).toEqual(Array.from({ length: 80 }, (_, k) => k * 50));
  });
});


describe("a dense word compacted (a snapshot keeping live rows only)", () => {
  it("holds the kept rows at their new positions with their own scores, and reads back whole", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 299 })), { minLength: 1, maxLength: 300 }), (rows) => {
        // rows: (holds the word, is kept, score code)
        const held = rows.flatMap(([has], p) => (has ? [p] : []));
        const word = denseRows({ pos: Int32Array.from(held), score: Int32Array.from(held, (p) => rows[p][2]) }, rows.length, 300);
        const to = new Int32Array(rows.length);
        let kept = 0;
        rows.forEach(([, keep], p) => (to[p] = keep ? kept++ : -1));
        const out = keptDense(word, (p) => to[p], kept);
        const expected = held.filter((p) => rows[p][1]);
        expect(Array.from(rowsOf({ dense: out, pos: new Int32Array(0), score: new Int32Array(0) }))).toEqual(expected.map((p) => to[p]));
        expect(Array.from(out.scores)).toEqual(expected.map((p) => rows[p][2]));
        expect(denseConsistent(out, 300)).toBe(true);
        if (expected.some((p) => rows[p][2] === 299)) expect(denseConsistent(out, 299)).toBe(false); // a score past the table
      }),
      { numRuns: 200 },
    );
  });
});

describe("a list's span within a range of rows", () => {
  it("is the positions in [lo, hi) of an ascending list, and the whole of any other", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(500), { maxLength: 60 }), fc.nat(520), fc.nat(520), fc.boolean(), (values, a, b, sort) => {
        const list = Int32Array.from(sort ? [...values].sort((x, y) => x - y) : values);
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const [from, to] = spanWithin(list, lo, hi);
        const ascending = list.every((p, k) => k === 0 || p > list[k - 1]);
        if (ascending) expect(Array.from(list.subarray(from, to))).toEqual(Array.from(list).filter((p) => p >= lo && p < hi));
        else expect([from, to]).toEqual([0, list.length]);
      }),
      { numRuns: 300 },
    );
  });
});
