// The order of a result's ranked bids, one rule for the server (result detail) and the web
// (the bidders table): L ranks count from the lowest bid, H ranks from the highest; ranked bids
// come first, L ranks before H ranks, each by rank; unranked ones after, in the order given.

export type RankDirection = "lowest" | "highest";

/** What the rule reads of a bid: its rank and, since migration 020, the rank's direction. */
export interface RankedBid {
  rank: number | null;
  rank_direction?: RankDirection | null;
}

/**
 * A ranked bid's direction; null unranked. Rows written before migration 020 (and by the seed
 * generator, or an older server) have a rank without one: every one of them was read lowest first.
 */
export function directionOf(b: RankedBid): RankDirection | null {
  return b.rank === null ? null : (b.rank_direction ?? "lowest");
}

/** Sorted as the rule says; a stable sort, so ties keep the order given. Does not change `bidders`. */
export function sortByRank<T extends RankedBid>(bidders: T[]): T[] {
  const key = (b: T) => (b.rank === null ? [2, 0] : [directionOf(b) === "highest" ? 1 : 0, Number(b.rank)]);
  return bidders
    .map((b, i) => ({ b, i, k: key(b) }))
    .sort((x, y) => x.k[0] - y.k[0] || x.k[1] - y.k[1] || x.i - y.i)
    .map((x) => x.b);
}

/** The direction of the first ranked bid: what the 'L1 – L2' spread and 'Above L1' count from. */
export function leadingDirection(bidders: RankedBid[]): RankDirection {
  return directionOf(sortByRank(bidders).find((b) => b.rank !== null) ?? { rank: null }) ?? "lowest";
}

/** 'L' or 'H': the letter of a direction's ranks. */
export const rankLetter = (direction: RankDirection) => (direction === "highest" ? "H" : "L");

/** The label of a rank stored without one as published (computed, or a hand-made row): 'L1', 'H2'; null unranked. */
export function plainRankLabel(b: RankedBid): string | null {
  const direction = directionOf(b);
  return direction === null ? null : `${rankLetter(direction)}${b.rank}`;
}
