// Typo-tolerant company lookup by name or CIN (pg_trgm, 008_companies.sql indexes):
//   - the term normalised like company names (server/modules/companies/normalize.ts), so
//     "M/s Sahyadri Buildcon Pvt Ltd" and "sahyadri buildcon" look up the same;
//   - names whose trigrams are close to it (similarity, or word similarity for a partial name:
//     "sahyadri buidcon" finds "Sahyadri Buildcon Pvt Ltd"), or that contain it;
//   - CINs starting with it (a pasted or partly typed CIN).
// Best first: a CIN match, then a name starting with the term, then by trigram score.
import type { Queryable } from "../../db/client.js";
import { normalizeCompanyName } from "./normalize.js";

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface Suggestion {
  id: number;
  name: string;
  cin: string | null;
  city: string | null;
  state: string | null;
  company_type: string | null;
  score: number;
}

export async function suggestCompanies(db: Queryable, term: string, limit: number): Promise<Suggestion[]> {
  const norm = normalizeCompanyName(term) || term.trim().toLowerCase();
  const compact = term.replace(/\s+/g, "").toUpperCase();
  // A CIN prefix needs at least its listing letter and a digit; anything else never matches a CIN.
  const cinPrefix = /^[LU]\d/.test(compact) ? `${likeEscape(compact)}%` : null;
  const { rows } = await db.query<Suggestion>(
    `SELECT id, name, cin, city, state, company_type,
            round(greatest(
              similarity(normalized_name, $1),
              word_similarity($1, normalized_name),
              CASE WHEN normalized_name LIKE $2 ESCAPE '\\' THEN 0.9 ELSE 0 END,
              CASE WHEN cin LIKE $3::text ESCAPE '\\' THEN 1 ELSE 0 END
            )::numeric, 4)::float8 AS score
       FROM companies
      WHERE normalized_name % $1 OR $1 <% normalized_name OR normalized_name LIKE $4 ESCAPE '\\' OR cin LIKE $3 ESCAPE '\\'
      ORDER BY score DESC, length(name), id
      LIMIT $5`,
    [norm, `${likeEscape(norm)}%`, cinPrefix, `%${likeEscape(norm)}%`, limit],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), score: Number(r.score) }));
}
