// One result with its tender, winner, every bidder (ranked first: L1, L2, …) and the spreads
// between L1 and L2 and between the award and the tender's estimate.
import type { Queryable } from "../../db/client.js";
import { findTender, isoOrNull } from "../tenders/detail-queries.js";

export interface BidderRow {
  id: number; bidder_name: string; company_id: number | null; bid_value: number | null; rank: number | null;
  rank_label: string | null; status: string | null; is_winner: boolean;
}

/** a − b, and as a percentage of b (two decimals); null when either is unknown or b is 0. */
export function spread(a: number | null, b: number | null): { amount: number; percent: number } | null {
  if (a === null || b === null || b === 0) return null;
  const amount = Math.round((a - b) * 100) / 100;
  return { amount, percent: Math.round(((a - b) / b) * 10_000) / 100 };
}

export async function resultDetail(db: Queryable, id: number) {
  const r = await db.query<{ id: number; tender_id: number; winner_company_id: number | null; winner_name: string | null; award_value: number | null; result_date: Date | null }>(
    `SELECT id, tender_id, winner_company_id, winner_name, award_value, result_date FROM results WHERE id = $1`,
    [id],
  );
  const result = r.rows[0];
  if (!result) return null;
  const [tender, bidders] = await Promise.all([
    findTender(db, result.tender_id),
    db.query<BidderRow>(
      `SELECT id, bidder_name, company_id, bid_value, rank, rank_label, status, is_winner FROM result_bidders
        WHERE result_id = $1 ORDER BY rank NULLS LAST, bid_value NULLS LAST, bidder_name, id`,
      [id],
    ),
  ]);
  if (!tender) return null;
  // Ranks read L1, L2, … whatever the portal printed (II, 2nd); unranked bidders keep their label.
  const rows = bidders.rows.map((b) => ({ ...b, rank_label: b.rank !== null ? `L${b.rank}` : b.rank_label }));
  const ranked = rows.filter((b) => b.rank !== null && b.bid_value !== null);
  const l1 = ranked.find((b) => b.rank === 1) ?? null;
  const l2 = ranked.find((b) => b.rank === 2) ?? null;
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
  return {
    id: result.id,
    tender,
    award_value: result.award_value,
    result_date: isoOrNull(result.result_date),
    winner,
    bidders: rows,
    spread_l1_l2: l1 && l2 ? spread(l2.bid_value, l1.bid_value) : null,
    spread_award_estimate: spread(result.award_value, tender.value),
  };
}

export async function resultExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM results WHERE id = $1`, [id])).rows.length > 0;
}
