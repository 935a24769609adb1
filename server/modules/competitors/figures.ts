// What results data says about a company as a bidder: tenders bid on and won, win rate, L1
// positions, the typical discount of its winning bids to the estimate, where and in what it bids,
// and its recent wins. Used by competitor tracking and the company stats page.
//
// A company took part in a result when it is one of its bidders (result_bidders.company_id) or
// one of its winners (result_winner_list: every award's every supplier); it won when it is one of
// its winners or a bidder marked is_winner — every winner of a result with several (lots, joint
// awards) counts the win. Each result counts once per company. Its won value is its own awarded
// value where the source gives one, else its award's (a joint award's whole value), else the result's. The discount of a win is
// (tender estimate − award value) / estimate, for wins with both known and a positive estimate,
// from results with one winner only (a lot's award against the whole tender's estimate is no
// discount); "typical" is the median, so one odd award does not move it.
import type { Queryable } from "../../db/client.js";
import { iso } from "../credits/contacts.js";

export interface BidFigures {
  tenders_bid: number;
  tenders_won: number;
  win_rate: number | null;
  l1_count: number;
  won_value: number;
  typical_discount: number | null;
  last_win_date: string | null;
}

const round4 = (x: number | null) => (x === null ? null : Math.round(x * 10_000) / 10_000);

/** Per company and result: its best rank there and whether it won. $1 = company ids, $2 = days or null. */
const PARTICIPATION = `
  per AS (
    SELECT x.company_id, x.result_id, min(x.rank) AS rank, bool_or(x.won) AS won, sum(x.own_value) AS own_value
      FROM (
        SELECT b.company_id, b.result_id, b.rank, b.is_winner AS won, NULL::numeric AS own_value FROM result_bidders b WHERE b.company_id = ANY($1::bigint[])
        UNION ALL
        SELECT w.company_id, w.result_id, NULL::int, true, coalesce(w.bid_value, w.award_value) FROM result_winner_list w WHERE w.company_id = ANY($1::bigint[])
      ) x
     GROUP BY x.company_id, x.result_id
  ),
  part AS (
    SELECT per.company_id, per.result_id, per.rank, per.won, coalesce(per.own_value, r.award_value) AS won_value, r.result_date,
           (SELECT count(*) FROM result_winner_list w WHERE w.result_id = r.id) <= 1 AS sole_winner,
           r.award_value, t.id AS tender_id, t.title, t.org_name, t.state, t.category, t.value AS estimate
      FROM per JOIN results r ON r.id = per.result_id JOIN tenders t ON t.id = r.tender_id
     WHERE $2::int IS NULL OR r.result_date >= now() - make_interval(days => $2::int)
  )`;

/** The figures of each company (every id gets an entry, zeros when it never bid). */
export async function bidFigures(db: Queryable, companyIds: number[], days: number | null = null): Promise<Map<number, BidFigures>> {
  const out = new Map<number, BidFigures>();
  for (const id of companyIds) {
    out.set(id, { tenders_bid: 0, tenders_won: 0, win_rate: null, l1_count: 0, won_value: 0, typical_discount: null, last_win_date: null });
  }
  if (!companyIds.length) return out;
  const { rows } = await db.query<{ company_id: string | number; bid: number; won: number; l1: number; won_value: number; discount: number | null; last_win: Date | null }>(
    `WITH ${PARTICIPATION}
     SELECT company_id, count(*)::int AS bid, count(*) FILTER (WHERE won)::int AS won, count(*) FILTER (WHERE rank = 1)::int AS l1,
            coalesce(sum(won_value) FILTER (WHERE won), 0)::float8 AS won_value,
            (percentile_cont(0.5) WITHIN GROUP (ORDER BY (estimate - award_value) / estimate)
               FILTER (WHERE won AND sole_winner AND estimate > 0 AND award_value IS NOT NULL))::float8 AS discount,
            max(result_date) FILTER (WHERE won) AS last_win
       FROM part GROUP BY company_id`,
    [companyIds, days],
  );
  for (const r of rows) {
    out.set(Number(r.company_id), {
      tenders_bid: r.bid,
      tenders_won: r.won,
      win_rate: r.bid ? round4(r.won / r.bid) : null,
      l1_count: r.l1,
      won_value: Number(r.won_value),
      typical_discount: r.discount === null ? null : round4(Number(r.discount)),
      last_win_date: iso(r.last_win),
    });
  }
  return out;
}

export interface Breakdown {
  text: string;
  bids: number;
  wins: number;
}

/** Rank positions, categories and states of one company's bids, and its latest wins. */
export async function bidProfile(db: Queryable, companyId: number, days: number | null = null, recent = 10) {
  const positions = await db.query<{ rank: number; n: number }>(
    `WITH ${PARTICIPATION} SELECT rank, count(*)::int AS n FROM part WHERE rank IS NOT NULL GROUP BY rank ORDER BY rank`,
    [[companyId], days],
  );
  const breakdown = async (col: "category" | "state"): Promise<Breakdown[]> => {
    const { rows } = await db.query<{ text: string; bids: number; wins: number }>(
      `WITH ${PARTICIPATION}
       SELECT ${col} AS text, count(*)::int AS bids, count(*) FILTER (WHERE won)::int AS wins FROM part
        WHERE ${col} IS NOT NULL AND ${col} <> '' GROUP BY ${col} ORDER BY bids DESC, wins DESC, ${col}`,
      [[companyId], days],
    );
    return rows;
  };
  // A win says what this company won (its own value, as won_value counts it) and who won with it
  // (lots, a joint award's other suppliers); its discount, as typical_discount, only when it won alone.
  const wins = await db.query<{
    result_id: number; tender_id: number; title: string; org_name: string | null; state: string | null; category: string | null; estimate: number | null;
    won_value: number | null; sole_winner: boolean; co_winners: string[]; result_date: Date | null;
  }>(
    `WITH ${PARTICIPATION}
     SELECT result_id, tender_id, title, org_name, state, category, estimate::float8 AS estimate, won_value::float8 AS won_value, sole_winner,
            ARRAY(SELECT w.name FROM result_winner_list w WHERE w.result_id = part.result_id AND w.company_id IS DISTINCT FROM part.company_id ORDER BY w.position) AS co_winners,
            result_date
       FROM part WHERE won ORDER BY result_date DESC NULLS LAST, result_id DESC LIMIT $3`,
    [[companyId], days, recent],
  );
  return {
    positions: positions.rows.map((r) => ({ text: `L${r.rank}`, count: r.n })),
    sectors: await breakdown("category"),
    states: await breakdown("state"),
    recent_wins: wins.rows.map((w) => {
      const estimate = w.estimate === null ? null : Number(w.estimate);
      const award = w.won_value === null ? null : Number(w.won_value);
      return {
        result_id: Number(w.result_id),
        tender_id: Number(w.tender_id),
        title: w.title,
        org_name: w.org_name,
        state: w.state,
        category: w.category,
        estimate,
        award_value: award,
        co_winners: w.co_winners,
        discount: w.sole_winner && estimate && estimate > 0 && award !== null ? round4((estimate - award) / estimate) : null,
        result_date: iso(w.result_date),
      };
    }),
  };
}
