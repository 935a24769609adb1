// The plausibility rule of result amounts (common/plausibility.ts): its thresholds at the edges
// and amounts as real GePNIC pages publish them against their estimates.
import { describe, expect, it } from "vitest";
import { implausibleReasons, PLAUSIBILITY_REASONS, PLAUSIBILITY_TEXT } from "../../common/plausibility.js";

describe("implausibleReasons", () => {
  it("passes the real samples' amounts (2024_PWD_35115_146: contract 4,66,54,000 against an estimate of 4,36,55,000)", () => {
    expect(implausibleReasons(46_654_000, 43_655_000)).toEqual([]);
    expect(implausibleReasons(884_944, null)).toEqual([]);
    expect(implausibleReasons(242_551_689.5, null)).toEqual([]);
  });

  it("has no opinion on a missing amount", () => {
    expect(implausibleReasons(null, 1e7)).toEqual([]);
    expect(implausibleReasons(undefined, 1e7)).toEqual([]);
    expect(implausibleReasons(Number.NaN, 1e7)).toEqual([]);
  });

  it("flags amounts under ₹1,000, zero and negatives, with or without an estimate", () => {
    expect(implausibleReasons(999.99, null)).toEqual(["below_minimum"]);
    expect(implausibleReasons(1000, null)).toEqual([]);
    expect(implausibleReasons(0, null)).toEqual(["below_minimum"]);
    expect(implausibleReasons(-5.25, 1e7)).toEqual(["below_minimum"]);
  });

  it("reads an amount 1,000× or more below the estimate as a per-unit rate", () => {
    expect(implausibleReasons(466.5, 43_655_000)).toEqual(["below_minimum", "per_unit_rate"]);
    expect(implausibleReasons(43_655, 43_655_000)).toEqual(["per_unit_rate"]);
    expect(implausibleReasons(43_656, 43_655_000)).toEqual(["off_estimate"]);
  });

  it("flags an amount 100× or more off the estimate, either way", () => {
    expect(implausibleReasons(436_550, 43_655_000)).toEqual(["off_estimate"]);
    expect(implausibleReasons(436_551, 43_655_000)).toEqual([]);
    expect(implausibleReasons(4_365_500_000, 43_655_000)).toEqual(["off_estimate"]);
    expect(implausibleReasons(4_365_499_999, 43_655_000)).toEqual([]);
  });

  it("ignores an estimate that is missing, zero or negative", () => {
    expect(implausibleReasons(5_000, 0)).toEqual([]);
    expect(implausibleReasons(5_000, -1)).toEqual([]);
    expect(implausibleReasons(5e12, null)).toEqual([]);
  });

  it("has a text for every reason", () => {
    for (const r of PLAUSIBILITY_REASONS) expect(PLAUSIBILITY_TEXT[r].length).toBeGreaterThan(10);
  });
});
