// One fused pass (fused.ts) gives every row the state the conditions give it one by one: out when
// the row starts out or fails a base condition, the number of the one filter group it fails, or
// 0 when it passes them all — for code tables over 8- and 16-bit codes, number ranges (a missing
// number is in no range), rows started from their live bit or from row sets, and the histogram.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fusedPass, fusedPassList, type FusedStep } from "../../server/search/fused.js";

const N = 300;

interface Spec {
  kind: "codes8" | "codes16" | "range";
  group: boolean;
  seed: number;
}

function stepOf(spec: Spec, k: number, groupNo: number): { step: FusedStep; holds: (i: number) => boolean } {
  const group = spec.group ? groupNo : null;
  if (spec.kind === "range") {
    const values = Float64Array.from({ length: N }, (_, i) => ((i * 31 + spec.seed) % 11 === 0 ? NaN : (i * 7 + spec.seed) % 100));
    const min = spec.seed % 50;
    const max = min + 30;
    return { step: { kind: "range", values, min, max, group }, holds: (i) => values[i] >= min && values[i] <= max };
  }
  const codes = spec.kind === "codes8" ? new Uint8Array(N) : new Uint16Array(N);
  for (let i = 0; i < N; i++) codes[i] = (i * (k + 3) + spec.seed) % 5;
  const lut = Uint8Array.from({ length: 5 }, (_, c) => ((spec.seed >> c) & 1 ? 1 : 0));
  return { step: { kind: "codes", codes, lut, group }, holds: (i) => lut[codes[i]] === 1 };
}

const spec = fc.record({ kind: fc.constantFrom("codes8" as const, "codes16" as const, "range" as const), group: fc.boolean(), seed: fc.integer({ min: 0, max: 1000 }) });

describe("a fused pass", () => {
  it("gives each row the state the conditions give it one by one, and counts them", () => {
    fc.assert(
      fc.property(fc.array(spec, { maxLength: 8 }), fc.boolean(), fc.integer({ min: 0, max: 99 }), (specs, fromState, cut) => {
        let groupNo = 0;
        const built = specs.map((s, k) => stepOf(s, k, s.group ? ++groupNo : 0));
        const live = Uint8Array.from({ length: N }, (_, i) => (i % 9 === 4 ? 0 : 1));
        const sets = Uint8Array.from({ length: N }, (_, i) => (i % 4 === 1 ? 255 : 0));
        const state = fromState ? Uint8Array.from(sets) : new Uint8Array(N).fill(77);
        // Two calls over two ranges of rows, as two workers would.
        const lo = cut;
        const h1 = fusedPass(built.map((b) => b.step), live, state, 0, lo, fromState);
        const h2 = fusedPass(built.map((b) => b.step), live, state, lo, N, fromState);
        const expected = new Uint8Array(N);
        for (let i = 0; i < N; i++) {
          const starts = fromState ? sets[i] === 0 : live[i] === 1;
          const failed = built.filter((b) => !b.holds(i)).map((b) => b.step.group);
          expected[i] = !starts || failed.includes(null) || failed.length > 1 ? 255 : failed.length === 1 ? failed[0]! : 0;
        }
        expect(Array.from(state)).toEqual(Array.from(expected));
        const hist = new Int32Array(256);
        for (const s of expected) hist[s]++;
        expect(Array.from(h1.map((v, s) => v + h2[s]))).toEqual(Array.from(hist));
      }),
      { numRuns: 300 },
    );
  });

  it("over a list of rows, gives each listed row its state and leaves every other row as it was", () => {
    fc.assert(
      fc.property(fc.array(spec, { maxLength: 8 }), fc.uniqueArray(fc.integer({ min: 0, max: N - 1 }), { maxLength: 60 }), (specs, listed) => {
        let groupNo = 0;
        const built = specs.map((s, k) => stepOf(s, k, s.group ? ++groupNo : 0));
        const state = new Uint8Array(N).fill(255);
        const rows = Int32Array.from(listed);
        const hist = fusedPassList(built.map((b) => b.step), state, rows, rows.length);
        const expected = new Uint8Array(N).fill(255);
        for (const i of listed) {
          const failed = built.filter((b) => !b.holds(i)).map((b) => b.step.group);
          expected[i] = failed.includes(null) || failed.length > 1 ? 255 : failed.length === 1 ? failed[0]! : 0;
        }
        expect(Array.from(state)).toEqual(Array.from(expected));
        const want = new Int32Array(256);
        for (const i of listed) want[expected[i]]++;
        expect(Array.from(hist)).toEqual(Array.from(want));
      }),
      { numRuns: 300 },
    );
  });
});
