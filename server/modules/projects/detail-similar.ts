// Similar leads: same category, ranked by shared sector (3), a shared project type (2), the same
// state (1) and the weight of the title's terms in the other lead's text (ts_rank × 4).
// Candidates share a title term or both sector and state; the lead itself is excluded.
import type { Queryable } from "../../db/client.js";
import { parseProjectType } from "../../../common/project-type.js";
import { iso } from "../credits/contacts.js";

export const SIMILAR_LIMIT = 10;

export async function similarProjects(db: Queryable, projectId: number, limit = SIMILAR_LIMIT) {
  const { rows } = await db.query<{
    id: number; title: string; category: string; project_type: unknown; sector: string | null; status: string | null;
    state: string | null; city: string | null; value: number | null; arrived_date: Date; score: number;
  }>(
    `WITH me AS (
       SELECT p.id, p.category, p.sector, p.project_type, p.state,
              (SELECT to_tsquery('simple', string_agg('''' || l || '''', ' | '))
                 FROM unnest(tsvector_to_array(to_tsvector('english', p.title))) AS l
                WHERE l ~ '^[[:alnum:]]+$' AND length(l) > 1) AS q
         FROM projects p WHERE p.id = $1
     )
     SELECT t.id, t.title, t.category, t.project_type, t.sector, t.status, t.state, t.city, t.value, t.arrived_date,
            round(((CASE WHEN t.sector = me.sector THEN 3 ELSE 0 END)
                 + (CASE WHEN t.project_type && me.project_type THEN 2 ELSE 0 END)
                 + (CASE WHEN t.state = me.state THEN 1 ELSE 0 END)
                 + coalesce(ts_rank(t.search_vector, me.q), 0) * 4)::numeric, 4)::float8 AS score
       FROM projects t, me
      WHERE t.id <> me.id AND t.category = me.category
        AND (t.search_vector @@ me.q OR (t.sector = me.sector AND t.state = me.state))
      ORDER BY score DESC, t.arrived_date DESC, t.id DESC
      LIMIT $2`,
    [projectId, limit],
  );
  return rows.map((r) => ({ ...r, project_type: parseProjectType(r.project_type), arrived_date: iso(r.arrived_date)!, score: Number(r.score) }));
}
