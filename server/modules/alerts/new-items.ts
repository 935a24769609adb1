// What is new for one alert: its quick search (or the feed) run by the search module's own
// parser and engine — the same answers the lister gives — limited to items that arrived in
// (since, until], newest first, leaving out items this alert already mailed.
import type { FastifyInstance } from "fastify";
import { fetchRows, searchEngine, type Condition, type SearchQuery } from "../../search/index.js";
import { matchedReasons, rupees, type FeedPreferences } from "../projects/feed.js";
import { itemLink, type ItemType } from "../reminders/items.js";
import { FEED_LISTER, findLister, listerBase, parseSavedQuery } from "../saved-searches/listers.js";

/** Items per alert in one digest. */
export const DIGEST_MAX_ITEMS = 50;

export interface DigestItem {
  item_type: ItemType;
  id: number;
  title: string;
  /** The item's page in the web app (a path). */
  link: string;
  /** One line: status · place · value. */
  summary: string;
  /** Why it is in this digest. */
  matched: string[];
}

export interface AlertSource {
  configId: number;
  userId: number;
  /** null = the feed. */
  savedSearch: { name: string; resource: string; query: string } | null;
}

const toUs = (d: Date) => d.getTime() * 1000;

function summary(row: Record<string, unknown>): string {
  const place = [row.city, row.state].filter((x) => typeof x === "string" && x).join(", ");
  const value = typeof row.value === "number" ? rupees(row.value) : null;
  return [row.status, place, value].filter(Boolean).join(" · ");
}

/**
 * The alert's new items (at most `limit`), or an error message when its saved query no longer
 * parses (the lister changed since it was saved).
 */
export async function newItems(
  app: FastifyInstance,
  src: AlertSource,
  prefs: FeedPreferences | undefined,
  since: Date,
  until: Date,
  limit = DIGEST_MAX_ITEMS,
): Promise<{ items: DigestItem[]; error?: string }> {
  const lister = src.savedSearch ? findLister(src.savedSearch.resource) : FEED_LISTER;
  if (!lister) return { items: [], error: `unknown lister ${src.savedSearch?.resource}` };
  let parsed: SearchQuery;
  try {
    parsed = parseSavedQuery(lister, src.savedSearch?.query ?? "", until);
  } catch (err) {
    return { items: [], error: (err as Error).message };
  }
  const def = lister.index;
  const arrived: Condition = { kind: "range", field: "arrived_date", min: toUs(since) + 1, max: toUs(until) };
  const sort = def.sorts["arrived_date desc"] ? "arrived_date desc" : parsed.fallbackSort;
  const query: SearchQuery = { ...parsed, page: 1, sort, fallbackSort: sort, base: [...parsed.base, ...listerBase(lister, prefs), arrived] };
  const searcher = { userId: src.userId };
  const engine = searchEngine(app.db, def, (msg, err) => (err ? app.log.error({ err }, msg) : app.log.info(msg)));

  // A few more than needed: some may have been mailed already (the window overlaps the last one).
  const { ids } = await engine.orderedIds(query, searcher, 0, limit * 2);
  const sent = ids.length
    ? new Set(
        (
          await app.db.query<{ item_id: number }>(
            `SELECT item_id FROM alert_deliveries WHERE config_id = $1 AND item_type = $2 AND item_id = ANY($3::bigint[])`,
            [src.configId, lister.itemType, ids],
          )
        ).rows.map((r) => Number(r.item_id)),
      )
    : new Set<number>();
  const fresh = ids.filter((id) => !sent.has(id)).slice(0, limit);
  const rows = await fetchRows(app.db, def, fresh, searcher);
  const why = src.savedSearch ? `Quick search “${src.savedSearch.name}”` : "Your feed";
  return {
    items: rows.map((row) => ({
      item_type: lister.itemType,
      id: Number(row.id),
      title: String(row.title ?? ""),
      link: itemLink(lister.itemType, Number(row.id)),
      summary: summary(row),
      matched: [why, ...(lister.feed && prefs ? matchedReasons(prefs, row) : [])],
    })),
  };
}
