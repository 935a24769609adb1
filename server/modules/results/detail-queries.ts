// One result with its tender, every winner (each award's each supplier, with its own value),
// the contract as signed apart from the awarded bids, every bidder (ranked first: L1, L2, … or
// H1, H2, …, each with its label as published), the spreads between the first two ranked bids
// and between the award and the tender's estimate, and the amounts that are implausible
// (common/plausibility.ts) with their reasons.
import { implausibleReasons } from "../../../common/plausibility.js";
import type { Queryable } from "../../db/client.js";
import { directionOf, leadingDirection, plainRankLabel, sortByRank, type RankDirection } from "../../../common/bidder-ranks.js";
import { findTender, isoOrNull } from "../tenders/detail-queries.js";

export interface BidderRow {
  id: number; bidder_name: string; company_id: number | null; bid_value: number | null; rank: number | null;
  rank_direction: RankDirection | null; rank_label: string | null; status: string | null; is_winner: boolean;
}

/** a − b, and as a percentage of b (two decimals); null when either is unknown or b is 0. */
export function spread(a: number | null, b: number | null): { amount: number; percent: number } | null {
  if (a === null || b === null || b === 0) return null;
  const amount = Math.round((a - b) * 100) / 100;
  return { amount, percent: Math.round(((a - b) / b) * 10_000) / 100 };
}

/**
 * A bid as the page shows it: its direction read by the shared rule (lowest for a rank stored
 * without one), its label as published ('L-1', 'II', 'H 1') or, for a rank stored without one
 * (computed, or a hand-made row), L1/H1 by its direction, so an H-ranked bid is never shown as L.
 */
function asShown(b: BidderRow): BidderRow {
  return { ...b, rank_direction: directionOf(b), rank_label: b.rank_label ?? plainRankLabel(b) };
}

/**
 * The first- and second-ranked bids with values, in the direction of the first ranked bid
 * (L1 and L2, or H1 and H2): spread_l1_l2 compares them, so for H ranks it is H2 − H1.
 */
function leadingPair(rows: BidderRow[]): [BidderRow | null, BidderRow | null] {
  const ranked = rows.filter((b) => b.rank !== null && b.bid_value !== null);
  const direction = leadingDirection(ranked);
  const inDirection = ranked.filter((b) => directionOf(b) === direction);
  return [inDirection.find((b) => b.rank === 1) ?? null, inDirection.find((b) => b.rank === 2) ?? null];
}

interface ResultRow {
  id: number; tender_id: number; winner_company_id: number | null; winner_name: string | null; award_value: number | null;
  result_date: Date | null; contract_value: number | null; contract_date: Date | null;
}
interface WinnerRow { name: string; company_id: number | null; bid_value: number | null; award_ref: string | null; award_value: number | null }

export async function resultDetail(db: Queryable, id: number) {
  const r = await db.query<ResultRow>(
    `SELECT id, tender_id, winner_company_id, winner_name, award_value::float8 AS award_value, result_date,
            contract_value::float8 AS contract_value, contract_date FROM results WHERE id = $1`,
    [id],
  );
  const result = r.rows[0];
  if (!result) return null;
  const [tender, bidders, winnerRows] = await Promise.all([
    findTender(db, result.tender_id),
    db.query<BidderRow>(
      // In the shared rank order (sortByRank below); ties, and the unranked, by bid, name and id.
      `SELECT id, bidder_name, company_id, bid_value, rank, rank_direction, rank_label, status, is_winner
         FROM result_bidders WHERE result_id = $1
        ORDER BY bid_value NULLS LAST, bidder_name, id`,
      [id],
    ),
    db.query<WinnerRow>(
      `SELECT name, company_id, bid_value::float8 AS bid_value, award_ref, award_value::float8 AS award_value FROM result_winner_list WHERE result_id = $1 ORDER BY position`,
      [id],
    ),
  ]);
  if (!tender) return null;
  const rows = sortByRank(bidders.rows).map(asShown);
  const [first, second] = leadingPair(rows);
  const winnerRow = rows.find((b) => b.is_winner) ?? null;
  const winner =
    result.winner_name || winnerRow
      ? {
          name: result.winner_name ?? winnerRow?.bidder_name ?? null,
          company_id: result.winner_company_id ?? winnerRow?.company_id ?? null,
          bid_value: winnerRow?.bid_value ?? null,
          rank_label: winnerRow?.rank_label ?? null,
        }
      : null;
  const estimate = tender.value;
  return {
    id: result.id,
    tender,
    award_value: result.award_value,
    award_value_flags: implausibleReasons(result.award_value, estimate),
    result_date: isoOrNull(result.result_date),
    contract_value: result.contract_value,
    contract_value_flags: implausibleReasons(result.contract_value, estimate),
    contract_date: isoOrNull(result.contract_date),
    winner,
    winners: winnerRows.rows.map((w) => ({ ...w, bid_value_flags: implausibleReasons(w.bid_value, estimate) })),
    bidders: rows,
    spread_l1_l2: first && second ? spread(second.bid_value, first.bid_value) : null,
    spread_award_estimate: spread(result.award_value, tender.value),
  };
}

export async function resultExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM results WHERE id = $1`, [id])).rows.length > 0;
}
