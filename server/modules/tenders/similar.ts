// More like this, for tenders and for results. Candidates (at most 200 each, so a popular
// organisation or state never means ranking a hundred thousand rows): tenders sharing a title
// term, the same organisation's latest, the latest of the same category in the same state, and the latest of
// the same category anywhere.
// Score: shared title terms (ts_rank × 4) + same organisation 3 + same category 1 + same
// state 1 + same city 1 + value closeness up to 2 (2 at the same value, 0 at ten times apart).
// The item itself is never in its list.
import type { Queryable } from "../../db/client.js";
import { isoOrNull } from "./detail-queries.js";

export const SIMILAR_LIMIT = 10;
const CANDIDATES = 200;

/** me: the tender's own row plus q, the OR of its title's terms (or NULL when it has none). */
const ME = `SELECT t.id, t.org_name_exact, t.category, t.state, t.city, t.value,
             (SELECT to_tsquery('simple', string_agg('''' || l || '''', ' | '))
                FROM unnest(tsvector_to_array(to_tsvector('english', t.title))) AS l
               WHERE l ~ '^[[:alnum:]]+$' AND length(l) > 1) AS q
        FROM tenders t WHERE t.id = $1`;

/** Candidate tender ids for me (CTE `me`). */
const CANDIDATE_IDS = `
  (SELECT c.id FROM tenders c, me WHERE c.search_vector @@ me.q ORDER BY ts_rank(c.search_vector, me.q) DESC, c.id DESC LIMIT ${CANDIDATES})
  UNION
  (SELECT c.id FROM tenders c, me WHERE c.org_name_exact = me.org_name_exact ORDER BY c.id DESC LIMIT ${CANDIDATES})
  UNION
  (SELECT c.id FROM tenders c, me WHERE c.category = me.category AND c.state = me.state ORDER BY c.id DESC LIMIT ${CANDIDATES})
  UNION
  (SELECT c.id FROM tenders c, me WHERE c.category = me.category ORDER BY c.id DESC LIMIT ${CANDIDATES})`;

const SCORE = `round(((CASE WHEN t.org_name_exact = me.org_name_exact THEN 3 ELSE 0 END)
           + (CASE WHEN t.category = me.category THEN 1 ELSE 0 END)
           + (CASE WHEN t.state = me.state THEN 1 ELSE 0 END)
           + (CASE WHEN t.city = me.city THEN 1 ELSE 0 END)
           + (CASE WHEN t.value > 0 AND me.value > 0 THEN greatest(0, 2 - 2 * abs(ln(t.value / me.value)) / ln(10)) ELSE 0 END)
           + coalesce(ts_rank(t.search_vector, me.q), 0) * 4)::numeric, 4)::float8`;

export async function similarTenders(db: Queryable, tenderId: number, limit = SIMILAR_LIMIT) {
  const { rows } = await db.query<{
    id: number; title: string; org_name: string | null; tender_status: string; category: string | null; state: string | null;
    city: string | null; value: number | null; closing_date: Date | null; score: number;
  }>(
    `WITH me AS (${ME}), cand AS (${CANDIDATE_IDS})
     SELECT t.id, t.title, t.org_name, t.tender_status, t.category, t.state, t.city, t.value, t.closing_date, ${SCORE} AS score
       FROM tenders t JOIN cand ON cand.id = t.id, me
      WHERE t.id <> me.id
      ORDER BY score DESC, t.id DESC
      LIMIT $2`,
    [tenderId, limit],
  );
  return rows.map((r) => ({ ...r, closing_date: isoOrNull(r.closing_date), score: Number(r.score) }));
}

/** Results like result resultId: the same scoring over the tenders that have a result. */
export async function similarResults(db: Queryable, resultId: number, limit = SIMILAR_LIMIT) {
  const { rows } = await db.query<{
    id: number; tender_id: number; title: string; org_name: string | null; category: string | null; state: string | null; city: string | null;
    value: number | null; award_value: number | null; winner_name: string | null; result_date: Date | null; score: number;
  }>(
    `WITH me AS (${ME.replace("WHERE t.id = $1", "WHERE t.id = (SELECT tender_id FROM results WHERE id = $1)")}),
          cand AS (
            (SELECT c.id FROM tenders c JOIN results r ON r.tender_id = c.id, me WHERE c.search_vector @@ me.q
              ORDER BY ts_rank(c.search_vector, me.q) DESC, c.id DESC LIMIT ${CANDIDATES})
            UNION
            (SELECT c.id FROM tenders c JOIN results r ON r.tender_id = c.id, me WHERE c.org_name_exact = me.org_name_exact ORDER BY c.id DESC LIMIT ${CANDIDATES})
            UNION
            (SELECT c.id FROM tenders c JOIN results r ON r.tender_id = c.id, me WHERE c.category = me.category AND c.state = me.state
              ORDER BY c.id DESC LIMIT ${CANDIDATES})
            UNION
            (SELECT c.id FROM tenders c JOIN results r ON r.tender_id = c.id, me WHERE c.category = me.category ORDER BY c.id DESC LIMIT ${CANDIDATES}))
     SELECT r.id, t.id AS tender_id, t.title, t.org_name, t.category, t.state, t.city, t.value, r.award_value, r.winner_name, r.result_date,
            ${SCORE} AS score
       FROM tenders t JOIN cand ON cand.id = t.id JOIN results r ON r.tender_id = t.id, me
      WHERE t.id <> me.id
      ORDER BY score DESC, r.id DESC
      LIMIT $2`,
    [resultId, limit],
  );
  return rows.map((r) => ({ ...r, result_date: isoOrNull(r.result_date), score: Number(r.score) }));
}
