// A relevance page is picked without ordering every match (server/search/relevance.ts): near the
// top by one pass keeping the best few, deeper from the whole order. Both must give exactly the
// page the whole order gives — rank desc, id desc, only rows the filters leave, identifier
// matches first — with ties in rank, rows a catch-up appended out of id order, any offset.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bestMatches, Relevance, TOP_ROWS } from "../../server/search/relevance.js";

/** A copy's rows: loaded in id order, then a few appended in any id order; matches, their ranks, a filter's verdicts. */
function copyOf(seed: number, n: number, distinct: number) {
  let x = seed | 1;
  const next = () => (x = Math.imul(x ^ (x >>> 15), 2246822519) ^ (x >>> 13)) >>> 0;
  const appended = Math.floor(n / 10);
  const ids = new Float64Array(n);
  for (let p = 0; p < n - appended; p++) ids[p] = 10 * p + 1;
  for (let p = n - appended; p < n; p++) ids[p] = 10 * (next() % n) + 5 + 10 * n * (p - (n - appended)); // distinct, unordered
  const positions = Int32Array.from({ length: n }, (_, p) => p).filter(() => next() % 3 !== 0);
  const ranks = Float32Array.from(positions, () => (next() % distinct) / 7);
  const state = Uint8Array.from({ length: n }, () => (next() % 4 === 0 ? 1 + (next() % 2) : 0));
  const first = Int32Array.from({ length: next() % 4 }, () => next() % n);
  return { ids, positions, ranks, state, first: Int32Array.from(new Set(first)), next };
}

/** The page as the whole order by a plain comparator gives it. */
function expected(c: ReturnType<typeof copyOf>, offset: number, limit: number): number[] {
  const rankOf = new Map(Array.from(c.positions, (p, k) => [p, c.ranks[k]]));
  const rest = Array.from(c.positions)
    .filter((p) => !c.first.includes(p))
    .sort((a, b) => rankOf.get(b)! - rankOf.get(a)! || c.ids[b] - c.ids[a]);
  return [...c.first, ...rest].filter((p) => c.state[p] === 0).slice(offset, offset + limit);
}

describe("relevance pages", () => {
  it("near the top, by one pass, are the whole order's page", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 3000 }), fc.constantFrom(1, 3, 50, 100_000), fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 60 }), (seed, n, distinct, offset, limit) => {
        const c = copyOf(seed, n, distinct);
        const relevance = new Relevance(c.positions, () => c.ranks, c.ids, c.first);
        expect(relevance.page(c.state, offset, limit)).toEqual(expected(c, offset, limit));
      }),
      { numRuns: 150 },
    );
  });

  it("deeper than the pass goes, from the whole order, made once", () => {
    const c = copyOf(11, 40_000, 30);
    let ranked = 0;
    const relevance = new Relevance(c.positions, () => (ranked++, c.ranks), c.ids, c.first);
    expect(relevance.page(c.state, 0, 20)).toEqual(expected(c, 0, 20));
    expect(relevance.page(c.state, TOP_ROWS, 20)).toEqual(expected(c, TOP_ROWS, 20));
    expect(relevance.page(c.state, TOP_ROWS + 500, 100)).toEqual(expected(c, TOP_ROWS + 500, 100));
    expect(relevance.page(c.state, 40, 20)).toEqual(expected(c, 40, 20));
    expect(ranked).toBe(1);
  });

  it("an export's 10,000 rows are the whole order's first 10,000", () => {
    const c = copyOf(5, 30_000, 200);
    expect(new Relevance(c.positions, () => c.ranks, c.ids).page(c.state, 0, TOP_ROWS)).toEqual(expected({ ...c, first: new Int32Array(0) }, 0, TOP_ROWS));
  });

  it("works the ranks out once, when first needed", () => {
    const c = copyOf(3, 100, 5);
    let ranked = 0;
    const relevance = new Relevance(c.positions, () => (ranked++, c.ranks), c.ids);
    expect(ranked).toBe(0);
    relevance.prepare();
    relevance.page(c.state, 0, 10);
    relevance.order();
    expect(ranked).toBe(1);
  });

  it("keeps the best by rank, then the larger id, whatever order they come in", () => {
    const ids = Float64Array.from([1, 2, 3, 4, 5, 6]);
    const positions = Int32Array.from([0, 1, 2, 3, 4, 5]);
    const ranks = Float32Array.from([0.5, 0.9, 0.5, 0.1, 0.9, 0.5]);
    expect([...bestMatches(positions, ranks, ids, new Uint8Array(6), 4)]).toEqual([4, 1, 5, 2]);
    expect([...bestMatches(positions, ranks, ids, Uint8Array.from([0, 0, 0, 0, 3, 0]), 2)]).toEqual([1, 5]);
    expect([...bestMatches(positions, ranks, ids, new Uint8Array(6), 0)]).toEqual([]);
  });
});
