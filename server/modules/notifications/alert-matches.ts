// Followers by quick search (issue 19, point 2): a user whose quick search with an enabled e-mail
// alert finds a changed item follows it. Whether it does is asked of the search module itself:
// the saved query parsed by the lister's own parser (parseSavedQuery, preset and the feed's
// preferences included, as the digests do) and its WHERE clause (the search's SQL path, whose
// answers the in-memory copy matches) applied to the changed items' ids only — one small query
// per alert, never a whole result list.
import type { ChangeItemType } from "../../../common/changes.js";
import type { Queryable } from "../../db/client.js";
import type { IndexDefinition, SearchQuery, Searcher } from "../../search/index.js";
import { Params, tsqueryText, whereSql } from "../../search/sql.js";
import { feedPreferences, findLister, listerBase, LISTERS, parseSavedQuery } from "../saved-searches/listers.js";
import type { ChangeSetToTell, Follow } from "./followers.js";

interface AlertSearch {
  user_id: number;
  resource: string;
  query: string;
}

/** The (set, user, 'alert') follows of the sets' items by the users' alerted quick searches. */
export async function alertFollows(db: Queryable, sets: readonly ChangeSetToTell[], now: Date): Promise<Follow[]> {
  const types = new Set(sets.map((s) => s.item_type));
  const routes = LISTERS.filter((l) => types.has(l.itemType as ChangeItemType)).map((l) => l.route);
  if (!routes.length) return [];
  const { rows } = await db.query<AlertSearch>(
    `SELECT s.user_id, s.resource, s.query
       FROM saved_searches s
       JOIN email_alert_configs c ON c.saved_search_id = s.id AND c.user_id = s.user_id AND c.enabled
       JOIN users u ON u.id = s.user_id AND u.is_active
      WHERE s.resource = ANY($1::text[])
      ORDER BY s.user_id, s.id`,
    [routes],
  );
  const follows: Follow[] = [];
  for (const search of rows) {
    const lister = findLister(search.resource)!;
    const ofType = sets.filter((s) => s.item_type === lister.itemType);
    let query: SearchQuery;
    try {
      query = parseSavedQuery(lister, search.query, now);
    } catch {
      continue; // a query the lister no longer accepts finds nothing (the digests skip it too)
    }
    const base = listerBase(lister, lister.feed ? await feedPreferences(db, Number(search.user_id)) : undefined);
    const found = await idsMatching(db, lister.index, { ...query, base: [...query.base, ...base] }, { userId: Number(search.user_id) }, ofType.map((s) => s.item_id));
    for (const s of ofType) if (found.has(s.item_id)) follows.push({ change_set_id: s.id, user_id: Number(search.user_id), reason: "alert" });
  }
  return follows;
}

/** Which of `ids` the query finds for the searcher (the lister's hidden rows, e.g. rejected leads, stay hidden). */
async function idsMatching(db: Queryable, def: IndexDefinition, query: SearchQuery, searcher: Searcher, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  // As the engine does: a text of stop words only filters nothing.
  const q = query.q && !(await tsqueryText(db, def, query.q)) ? { ...query, q: null } : query;
  const p = new Params();
  const idsRef = p.add(ids);
  const where = whereSql(def, q, searcher, p);
  const { rows } = await db.query<{ id: number }>(`SELECT t.id FROM ${def.table} t WHERE t.id = ANY(${idsRef}::bigint[]) AND ${where}`, p.values);
  return new Set(rows.map((r) => Number(r.id)));
}
