// The wording of a result's ranks: labels are shown as published ('L-1', 'II', 'H 1'); this
// names what they mean. Their order is the rule shared with the server: common/bidder-ranks.ts.
import { directionOf } from "../../../common/bidder-ranks";
import type { Bidder } from "../../../common/tenders";

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
