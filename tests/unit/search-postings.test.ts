// The text index's compressed postings give back exactly the (row, score) pairs put in: any
// order of arrival, gaps of every varint length, segments merged.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decoded, encodeSegment, mergeSegments, pairCount, wordSlot, type Pairs, type Segment } from "../../server/search/postings.js";

const pairsOf = (list: [number, number, number][]): Pairs => ({
  pos: Int32Array.from(list, (p) => p[0]),
  word: Int32Array.from(list, (p) => p[1]),
  score: Int32Array.from(list, (p) => p[2]),
  length: list.length,
});

/** word → sorted "pos:score" entries, as decoded from segments. */
function decodeAll(segments: Segment[], words: number): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const d = new Decoded();
  for (let w = 0; w < words; w++) {
    const got: string[] = [];
    for (const s of segments) {
      const k = wordSlot(s, w);
      if (k < 0) continue;
      const m = d.read(s, k);
      for (let j = 0; j < m; j++) got.push(`${d.pos[j]}:${d.score[j]}`);
    }
    if (got.length) out.set(w, got);
  }
  return out;
}

function expected(list: [number, number, number][]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const [p, w, s] of [...list].sort((a, b) => a[0] - b[0])) out.set(w, [...(out.get(w) ?? []), `${p}:${s}`]);
  return out;
}

/** Unique (position, word) pairs: a row holds a word once. */
const pairList = (maxPos: number) =>
  fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: maxPos }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 300 })), { selector: (p) => `${p[0]}/${p[1]}`, maxLength: 400 });

describe("compressed postings", () => {
  it("decode to the pairs encoded, whatever their order and gap sizes", () => {
    fc.assert(
      fc.property(fc.oneof(pairList(200), pairList(2 ** 31 - 2)), (list) => {
        const segment = encodeSegment(pairsOf(list), 41, 301);
        expect(pairCount(segment)).toBe(list.length);
        expect(decodeAll([segment], 41)).toEqual(expected(list));
      }),
    );
  });
  it("merge segments without losing or reordering a pair", () => {
    fc.assert(
      fc.property(fc.array(pairList(5000), { minLength: 1, maxLength: 5 }), (batches) => {
        // Each batch's rows sit above the previous batch's, as appended rows do.
        let base = 0;
        const all: [number, number, number][] = [];
        const segments = batches.map((batch) => {
          const shifted = batch.map(([p, w, s]) => [p + base, w, s] as [number, number, number]);
          base += 5001;
          all.push(...shifted);
          return encodeSegment(pairsOf(shifted), 41, 301);
        });
        expect(decodeAll([mergeSegments(segments, 41, 301)], 41)).toEqual(expected(all));
      }),
    );
  });
  it("takes one byte a pair for a common word's close rows", () => {
    const list: [number, number, number][] = Array.from({ length: 10_000 }, (_, i) => [i * 3, 0, i % 7]);
    const segment = encodeSegment(pairsOf(list), 1, 7);
    expect(segment.gaps.length).toBe(10_000);
    expect(segment.scores.BYTES_PER_ELEMENT).toBe(1);
  });
});
