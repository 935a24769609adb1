// More like this, for tenders and for results. First the item's own row and its title's terms
// (stemmed, OR-ed into one query); then candidates, each set bounded so a common word, a busy
// organisation or a big state never means ranking a hundred thousand rows:
//   - the best 200 by shared title terms among the latest 1,000 tenders sharing any of them,
//   - the same organisation's latest 200, the same category's latest 200 in the same state,
//     and the same category's latest 200 anywhere.
// The terms go in as a parameter so the planner sees them (a common word walks the id order
// and stops early; a rare one reads its few matches from the GIN index).
// Score: shared title terms (ts_rank × 4) + same organisation 3 + same category 1 + same
// state 1 + same city 1 + value closeness up to 2 (2 at the same value, 0 at ten times apart).
// The item itself is never in its list.
import type { Queryable } from "../../db/client.js";
import { isoOrNull } from "./detail-queries.js";

export const SIMILAR_LIMIT = 10;
const CANDIDATES = 200;
const TEXT_WINDOW = 1000;

interface Me {
  id: number;
  org_name_exact: string | null;
  category: string | null;
  state: string | null;
  city: string | null;
  value: number | null;
  /** 'term1' | 'term2' … for to_tsquery('simple', …); null when the title has no terms. */
  terms: string | null;
}

/** The tender's own row and its title's terms; null when there is no such tender. */
async function tenderMe(db: Queryable, where: string, id: number): Promise<Me | null> {
  const { rows } = await db.query<Me>(
    `SELECT t.id, t.org_name_exact, t.category, t.state, t.city, t.value,
            (SELECT string_agg('''' || l || '''', ' | ')
               FROM unnest(tsvector_to_array(to_tsvector('english', t.title))) AS l
              WHERE l ~ '^[[:alnum:]]+$' AND length(l) > 1) AS terms
       FROM tenders t WHERE ${where}`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Candidate tender ids and their scores. `joinResults` keeps tenders that have a result.
 * Parameters: $1 id, $2 org, $3 category, $4 state, $5 city, $6 value, $7 terms (or null).
 */
function scoredSql(joinResults: boolean, hasTerms: boolean): string {
  const from = joinResults ? `tenders c JOIN results rr ON rr.tender_id = c.id` : `tenders c`;
  const sets = [
    `(SELECT c.id FROM ${from} WHERE c.org_name_exact = $2 ORDER BY c.id DESC LIMIT ${CANDIDATES})`,
    `(SELECT c.id FROM ${from} WHERE c.category = $3 AND c.state = $4 ORDER BY c.id DESC LIMIT ${CANDIDATES})`,
    `(SELECT c.id FROM ${from} WHERE c.category = $3 ORDER BY c.id DESC LIMIT ${CANDIDATES})`,
  ];
  if (hasTerms) {
    sets.unshift(
      `(SELECT m.id FROM (SELECT c.id, c.search_vector FROM ${from} WHERE c.search_vector @@ to_tsquery('simple', $7::text)
                            ORDER BY c.id DESC LIMIT ${TEXT_WINDOW}) m
         ORDER BY ts_rank(m.search_vector, to_tsquery('simple', $7::text)) DESC, m.id DESC LIMIT ${CANDIDATES})`,
    );
  }
  const rank = hasTerms ? `ts_rank(t.search_vector, to_tsquery('simple', $7::text))` : `0 * length(coalesce($7::text, ''))`;
  return `cand AS (${sets.join(" UNION ")}),
    scored AS (
      SELECT t.id, round(((CASE WHEN t.org_name_exact = $2 THEN 3 ELSE 0 END)
                 + (CASE WHEN t.category = $3 THEN 1 ELSE 0 END)
                 + (CASE WHEN t.state = $4 THEN 1 ELSE 0 END)
                 + (CASE WHEN t.city = $5 THEN 1 ELSE 0 END)
                 + (CASE WHEN t.value > 0 AND $6::numeric > 0 THEN greatest(0, 2 - 2 * abs(ln(t.value / $6::numeric)) / ln(10)) ELSE 0 END)
                 + ${rank} * 4)::numeric, 4)::float8 AS score
        FROM tenders t JOIN cand ON cand.id = t.id
       WHERE t.id <> $1)`;
}

const params = (me: Me) => [me.id, me.org_name_exact, me.category, me.state, me.city, me.value, me.terms];

export async function similarTenders(db: Queryable, tenderId: number, limit = SIMILAR_LIMIT) {
  const me = await tenderMe(db, "t.id = $1", tenderId);
  if (!me) return [];
  const { rows } = await db.query<{
    id: number; title: string; org_name: string | null; tender_status: string; category: string | null; state: string | null;
    city: string | null; value: number | null; closing_date: Date | null; score: number;
  }>(
    `WITH ${scoredSql(false, me.terms !== null)}
     SELECT t.id, t.title, t.org_name, t.tender_status, t.category, t.state, t.city, t.value, t.closing_date, s.score
       FROM scored s JOIN tenders t ON t.id = s.id
      ORDER BY s.score DESC, t.id DESC
      LIMIT $8`,
    [...params(me), limit],
  );
  return rows.map((r) => ({ ...r, closing_date: isoOrNull(r.closing_date), score: Number(r.score) }));
}

/** Results like result resultId: the same scoring over the tenders that have a result. */
export async function similarResults(db: Queryable, resultId: number, limit = SIMILAR_LIMIT) {
  const me = await tenderMe(db, "t.id = (SELECT tender_id FROM results WHERE id = $1)", resultId);
  if (!me) return [];
  const { rows } = await db.query<{
    id: number; tender_id: number; title: string; org_name: string | null; category: string | null; state: string | null; city: string | null;
    value: number | null; award_value: number | null; winner_name: string | null; winner_names: string[]; result_date: Date | null; score: number;
  }>(
    `WITH ${scoredSql(true, me.terms !== null)}
     SELECT r.id, t.id AS tender_id, t.title, t.org_name, t.category, t.state, t.city, t.value, r.award_value, r.winner_name,
            result_winner_names(r.winner_names, r.winner_name) AS winner_names, r.result_date, s.score
       FROM scored s JOIN tenders t ON t.id = s.id JOIN results r ON r.tender_id = t.id
      ORDER BY s.score DESC, r.id DESC
      LIMIT $8`,
    [...params(me), limit],
  );
  return rows.map((r) => ({ ...r, result_date: isoOrNull(r.result_date), score: Number(r.score) }));
}
