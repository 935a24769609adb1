// The bidders' order, one rule for the result detail API and the result page's table
// (common/bidder-ranks.ts): ranked bids first, L ranks before H ranks, each by rank,
// unranked after in the server's order; what a published label means; which direction heads
// the 'L1 – L2' / 'H1 – H2' spread.
import { describe, expect, it } from "vitest";
import { directionOf, leadingDirection, plainRankLabel, rankLetter, sortByRank } from "../../common/bidder-ranks.js";
import { rankMeaning } from "../../src/pages/results/bidderOrder.js";

type Dir = "lowest" | "highest" | null;
const bid = (name: string, rank: number | null, rank_direction?: Dir) => ({ name, rank, rank_direction });
const names = (bs: { name: string }[]) => bs.map((b) => b.name);

describe("sortByRank", () => {
  it("orders by rank, whatever order the bids come in", () => {
    expect(names(sortByRank([bid("c", 3, "lowest"), bid("a", 1, "lowest"), bid("b", 2, "lowest")]))).toEqual(["a", "b", "c"]);
  });

  it("puts L ranks before H ranks, each in its own order, and unranked bids last as given", () => {
    const bids = [bid("x", null, null), bid("h2", 2, "highest"), bid("l2", 2, "lowest"), bid("y", null, null), bid("h1", 1, "highest"), bid("l1", 1, "lowest")];
    expect(names(sortByRank(bids))).toEqual(["l1", "l2", "h1", "h2", "x", "y"]);
  });

  it("an H-only result: H1 first", () => {
    expect(names(sortByRank([bid("ACORN", 2, "highest"), bid("architects", 1, "highest"), bid("AESTHETIC", 3, "highest")]))).toEqual(["architects", "ACORN", "AESTHETIC"]);
  });

  it("reads a ranked bid without a direction (an older server) as lowest first", () => {
    expect(names(sortByRank([bid("h1", 1, "highest"), bid("old2", 2), bid("old1", 1)]))).toEqual(["old1", "old2", "h1"]);
    expect(directionOf(bid("old", 1))).toBe("lowest");
    expect(directionOf(bid("none", null))).toBeNull();
  });

  it("does not change the list it is given", () => {
    const bids = [bid("b", 2, "lowest"), bid("a", 1, "lowest")];
    sortByRank(bids);
    expect(names(bids)).toEqual(["b", "a"]);
  });
});

describe("the label of a rank stored without one", () => {
  it("reads L1/H1 by its direction (lowest when absent), never L for an H rank", () => {
    expect([plainRankLabel(bid("a", 1, "lowest")), plainRankLabel(bid("a", 2, "highest")), plainRankLabel(bid("a", 3)), plainRankLabel(bid("a", null, null))]).toEqual(["L1", "H2", "L3", null]);
    expect([rankLetter("lowest"), rankLetter("highest")]).toEqual(["L", "H"]);
  });
});

describe("leadingDirection and rankMeaning", () => {
  it("the spread counts from the first ranked bid's direction", () => {
    expect(leadingDirection([bid("a", 2, "highest"), bid("b", 1, "highest")])).toBe("highest");
    expect(leadingDirection([bid("a", 1, "highest"), bid("b", 1, "lowest")])).toBe("lowest");
    expect(leadingDirection([bid("a", null, null)])).toBe("lowest");
  });

  it("names what a label means", () => {
    expect(rankMeaning(bid("a", 2, "lowest"))).toBe("2nd lowest bid");
    expect(rankMeaning(bid("a", 1, "highest"))).toBe("1st highest bid");
    expect([3, 4, 11, 12, 13, 21, 22, 23, 111].map((n) => rankMeaning(bid("a", n, "lowest")))).toEqual([
      "3rd lowest bid", "4th lowest bid", "11th lowest bid", "12th lowest bid", "13th lowest bid",
      "21st lowest bid", "22nd lowest bid", "23rd lowest bid", "111th lowest bid",
    ]);
    expect(rankMeaning(bid("a", null, null))).toBeNull();
  });
});
