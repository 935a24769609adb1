// The order and wording of a result's ranks: L ranks count from the lowest bid, H ranks from the
// highest. Labels are shown as published ('L-1', 'II', 'H 1'); these helpers only sort and name.
import type { Bidder } from "../../../common/tenders";

export type RankDirection = "lowest" | "highest";

/** A ranked bid's direction (lowest when a server before migration 020 left it out); null unranked. */
export function directionOf(b: Pick<Bidder, "rank" | "rank_direction">): RankDirection | null {
  return b.rank === null ? null : (b.rank_direction ?? "lowest");
}

/** Ranked bids first, L ranks before H ranks, each by rank; unranked ones after, in the order given. */
export function sortByRank<T extends Pick<Bidder, "rank" | "rank_direction">>(bidders: T[]): T[] {
  const key = (b: T) => (b.rank === null ? [2, 0] : [directionOf(b) === "highest" ? 1 : 0, b.rank]);
  return bidders
    .map((b, i) => ({ b, i, k: key(b) }))
    .sort((x, y) => x.k[0] - y.k[0] || x.k[1] - y.k[1] || x.i - y.i)
    .map((x) => x.b);
}

/** The direction of the first ranked bid: what 'L1 – L2 spread' and 'Above L1' count from. */
export function leadingDirection(bidders: Pick<Bidder, "rank" | "rank_direction">[]): RankDirection {
  return directionOf(sortByRank(bidders).find((b) => b.rank !== null) ?? { rank: null }) ?? "lowest";
}

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
};

/** '2nd lowest bid', '1st highest bid': what a published label such as 'II' or 'H 1' means. */
export function rankMeaning(b: Pick<Bidder, "rank" | "rank_direction">): string | null {
  const direction = directionOf(b);
  return direction && b.rank !== null ? `${ordinal(b.rank)} ${direction} bid` : null;
}

/** 'L' or 'H': the letter for the leading direction's ranks in headings. */
export const rankLetter = (direction: RankDirection) => (direction === "highest" ? "H" : "L");
