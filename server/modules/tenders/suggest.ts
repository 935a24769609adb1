// Organisation suggestions for what the user has typed: names that start with it (or have a
// word that does) first, then names close to it with typos forgiven (pg_trgm word similarity,
// trigram-indexed over tender_org_names: a few thousand names, not a million tenders).
import type { Db } from "../../db/client.js";
import type { FacetOption } from "../../../common/api.js";

export const SUGGEST_LIMIT = 10;
/** Lower than pg_trgm's default 0.6: "pubic wrks" should still find "Public Works Department". */
const WORD_SIMILARITY = 0.4;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function suggestOrganisations(db: Db, typed: string, limit = SUGGEST_LIMIT): Promise<FacetOption[]> {
  const text = typed.replace(/\s+/g, " ").trim().slice(0, 200);
  // `<%` (word similarity above the session's threshold) is what the trigram index answers.
  const { rows } = await db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)`, [String(WORD_SIMILARITY)]);
    return tx.query<{ text: string; count: number }>(
    `SELECT name AS text, tender_count AS count
       FROM tender_org_names
      WHERE tender_count > 0
        AND (name ILIKE $2 ESCAPE '\\' OR $1 <% name)
      ORDER BY (lower(name) LIKE lower($3) ESCAPE '\\') DESC, (name ILIKE $2 ESCAPE '\\') DESC,
               word_similarity($1, name) DESC, tender_count DESC, name
      LIMIT $4`,
      [text, `%${likeEscape(text)}%`, `${likeEscape(text)}%`, limit],
    );
  });
  return rows.map((r) => ({ text: r.text, count: Number(r.count) }));
}
