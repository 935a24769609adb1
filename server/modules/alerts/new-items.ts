// What is new for one alert: its quick search (or the feed: leads and live tenders) run by the
// search module's own parser and engine — the same answers the lister gives — limited to items
// that arrived in (since, until], newest first, leaving out items this alert already mailed.
// "Arrived" is the lister's arrivalField: a lead's or tender's arrived_date, a result's added_at.
import type { FastifyInstance } from "fastify";
import { winnerList, wonByAll } from "../../../common/winners.js";
import { fetchRows, parseSearchParams, searchEngine, type Condition, type IndexDefinition, type SearchQuery } from "../../search/index.js";
import { tendersIndex } from "../../search/indexes/tenders.js";
import { matchedReasons, rupees, tenderFeedConditions, tenderMatchedReasons, type FeedPreferences } from "../projects/feed.js";
import { liveCondition } from "../tenders/lists.js";
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

/** A lead's status or a tender's · place · value; a result: every winner · place · award value. */
function summary(itemType: ItemType, row: Record<string, unknown>): string {
  const place = [row.city, row.state].filter((x) => typeof x === "string" && x).join(", ");
  const money = (v: unknown) => (typeof v === "number" ? rupees(v) : null);
  if (itemType === "result") {
    const winners = winnerList(row.winner_names as string[] | null, row.winner_name as string | null);
    return [wonByAll(winners) ?? "Awarded", place, money(row.award_value)].filter(Boolean).join(" · ");
  }
  return [row.status ?? row.tender_status, place, money(row.value)].filter(Boolean).join(" · ");
}

/** One list an alert (or a team's daily feed) reads: an index with its base conditions, and why a row matched. */
export interface Part {
  def: IndexDefinition;
  itemType: ItemType;
  query: SearchQuery;
  reasons: (row: Record<string, unknown>) => string[];
}

/**
 * The alert's new items (at most `limit` of each kind), or an error message when its saved
 * query no longer parses (the lister changed since it was saved). The feed is its leads and
 * its live tenders (as /my-feed shows them), leads first.
 */
export async function newItems(
  app: FastifyInstance,
  src: AlertSource,
  prefs: FeedPreferences | undefined,
  since: Date,
  until: Date,
  limit = DIGEST_MAX_ITEMS,
): Promise<{ items: DigestItem[]; error?: string }> {
  const made = newItemParts(src.savedSearch, prefs, since, until);
  if ("error" in made) return { items: [], error: made.error };
  const items: DigestItem[] = [];
  for (const part of made.parts) items.push(...(await partItems(app, src, part, limit)));
  return { items };
}

/**
 * The searches for what arrived in (since, until] for a quick search (or the feed when null),
 * newest first, or why its saved query no longer parses.
 */
export function newItemParts(
  savedSearch: AlertSource["savedSearch"],
  prefs: FeedPreferences | undefined,
  since: Date,
  until: Date,
): { parts: Part[] } | { error: string } {
  const lister = savedSearch ? findLister(savedSearch.resource) : FEED_LISTER;
  if (!lister) return { error: `unknown lister ${savedSearch?.resource}` };
  let parsed: SearchQuery;
  try {
    parsed = parseSavedQuery(lister, savedSearch?.query ?? "", until);
  } catch (err) {
    return { error: (err as Error).message };
  }
  const why = savedSearch ? `Quick search “${savedSearch.name}”` : "Your feed";
  const newest = (def: IndexDefinition, q: SearchQuery, base: Condition[], arrivalField = "arrived_date"): SearchQuery => {
    const arrived: Condition = { kind: "range", field: arrivalField, min: toUs(since) + 1, max: toUs(until) };
    const order = `${arrivalField} desc`;
    const sort = def.sorts[order] ? order : q.fallbackSort;
    return { ...q, page: 1, sort, fallbackSort: sort, base: [...q.base, ...base, arrived] };
  };
  const parts: Part[] = [
    {
      def: lister.index,
      itemType: lister.itemType,
      query: newest(lister.index, parsed, listerBase(lister, prefs), lister.arrivalField),
      reasons: (row) => [why, ...(lister.feed && prefs ? matchedReasons(prefs, row) : [])],
    },
  ];
  if (lister.feed && prefs) {
    const q = parseSearchParams(tendersIndex, {}, { now: until });
    parts.push({
      def: tendersIndex,
      itemType: "tender",
      query: newest(tendersIndex, q, [...tenderFeedConditions(prefs), liveCondition(until.getTime())]),
      reasons: (row) => [why, ...tenderMatchedReasons(prefs, row)],
    });
  }
  return { parts };
}

async function partItems(app: FastifyInstance, src: AlertSource, part: Part, limit: number): Promise<DigestItem[]> {
  const searcher = { userId: src.userId };
  const engine = searchEngine(app.db, part.def, (msg, err) => (err ? app.log.error({ err }, msg) : app.log.info(msg)));
  // A few more than needed: some may have been mailed already (the window overlaps the last one).
  const { ids } = await engine.orderedIds(part.query, searcher, 0, limit * 2);
  const sent = ids.length
    ? new Set(
        (
          await app.db.query<{ item_id: number }>(
            `SELECT item_id FROM alert_deliveries WHERE config_id = $1 AND item_type = $2 AND item_id = ANY($3::bigint[])`,
            [src.configId, part.itemType, ids],
          )
        ).rows.map((r) => Number(r.item_id)),
      )
    : new Set<number>();
  const fresh = ids.filter((id) => !sent.has(id)).slice(0, limit);
  const rows = await fetchRows(app.db, part.def, fresh, searcher);
  return rows.map((row) => ({
    item_type: part.itemType,
    id: Number(row.id),
    title: String(row.title ?? ""),
    link: itemLink(part.itemType, Number(row.id)),
    summary: summary(part.itemType, row),
    matched: part.reasons(row),
  }));
}
