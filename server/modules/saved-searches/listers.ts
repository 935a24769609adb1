// The listers a quick search can be saved from, and how to run one: the web route (resource)
// → the search index, the filters the page always sends (its preset), the lister's default
// order, and what its rows link to. A saved query is the page URL's query string; it is
// parsed by the search module's own parser (server/search/parse.ts) and run by its engine,
// so a quick search finds exactly what its lister shows.
//
// Builders join this list when their lister can be saved (one entry).
import { FRESH_DAYS } from "../../../common/constants.js";
import type { Queryable } from "../../db/client.js";
import { HttpError, fieldError, fieldErrors } from "../../http/errors.js";
import { parseSearchParams, type Condition, type IndexDefinition, type SearchQuery } from "../../search/index.js";
import { parseFlag } from "../../search/parse.js";
import { projectsIndex } from "../../search/indexes/projects.js";
import { resultsIndex } from "../../search/indexes/results.js";
import { tendersIndex } from "../../search/indexes/tenders.js";
import { feedConditions, feedPreferencesOf, type FeedPreferences } from "../projects/feed.js";
import { findUserRow } from "../users/queries.js";
import type { ItemType } from "../reminders/items.js";

export interface Lister {
  /** The web route, as saved (`resource`). */
  route: string;
  label: string;
  index: IndexDefinition;
  itemType: ItemType;
  /** Filters the page always sends (LEAD_PRESETS, RESULT_PRESET in the web app). */
  preset: string[];
  defaultSort: string;
  /** The timestamp field that says when a row came in: what "new" means for the lister's alerts. */
  arrivalField: string;
  /** The feed: the user's preferences are its base conditions. */
  feed?: boolean;
  /**
   * The page's own 'search all' toggle (e.g. search_all_tenders=true on /live-tenders): a query
   * key the lister accepts besides the search language; when on, the preset is left out and
   * the lister orders by `defaultSort` here instead.
   */
  searchAll?: { param: string; defaultSort: string };
}

const leads = (route: string, label: string, preset: string[]): Lister => ({ route, label, index: projectsIndex, itemType: "project", preset, defaultSort: "retrieved_on desc", arrivalField: "arrived_date" });

export const LISTERS: Lister[] = [
  leads("/private-construction-leads", "Construction Projects", ["category:construction"]),
  leads("/private-industrial-leads", "Industrial Projects", ["category:industrial"]),
  leads("/private-construction-leads-new", "Construction Projects", ["category:construction"]),
  leads("/private-industrial-leads-new", "Industrial Projects", ["category:industrial"]),
  leads("/ai-leads", "AI Leads", ["is_ai:true"]),
  { route: "/my-feed", label: "My Feed", index: projectsIndex, itemType: "project", preset: [], defaultSort: "arrived_date desc", arrivalField: "arrived_date", feed: true },
  // Live tenders only, as the page lists them by default; 'Show all tenders' lists every tender,
  // latest status update first (server/modules/tenders/lists.ts).
  {
    route: "/live-tenders",
    label: "Tenders",
    index: tendersIndex,
    itemType: "tender",
    preset: ["live_until:[NOW TO *]"],
    defaultSort: "closing_date asc",
    arrivalField: "arrived_date",
    searchAll: { param: "search_all_tenders", defaultSort: "status_update_date desc" },
  },
  // Awarded tenders, as /results lists them (the page sends item_type:result). A result is new
  // when it was added, however long ago its tender arrived.
  { route: "/results", label: "Tender Results", index: resultsIndex, itemType: "result", preset: ["item_type:result"], defaultSort: "result_date desc", arrivalField: "added_at" },
];
export const LISTER_ROUTES = LISTERS.map((l) => l.route);
export const FEED_LISTER = LISTERS.find((l) => l.feed)!;

export const findLister = (route: string) => LISTERS.find((l) => l.route === route);

/** Query keys the listers write: the search language plus the page-only fresh, unit, selected (and a lister's own searchAll.param). */
const SEARCH_KEYS = new Set(["q", "oq", "page", "sort", "filter", "show_unlocked", "search_all"]);
const PAGE_KEYS = new Set(["fresh", "unit", "selected"]);
export const MAX_QUERY_LENGTH = 4000;

/**
 * A saved query string → the lister's SearchQuery (preset included unless its 'search all'
 * toggle is on), exactly as the lister would parse it. Errors are 400 on `query`, naming the
 * parameter: {query: ['filter: …']}.
 */
export function parseSavedQuery(lister: Lister, query: string, now: Date = new Date()): SearchQuery {
  const params = new URLSearchParams(query.replace(/^\?/, ""));
  const allParam = lister.searchAll?.param;
  const raw: Record<string, string | string[]> = {};
  let fresh = false;
  let searchAll = "";
  for (const key of new Set(params.keys())) {
    if (PAGE_KEYS.has(key)) {
      if (key === "fresh") fresh = ["true", "1"].includes(params.get(key) ?? "");
      continue;
    }
    if (!SEARCH_KEYS.has(key) && key !== allParam) throw fieldError("query", `Unknown parameter '${key.slice(0, 40)}'.`);
    const all = params.getAll(key);
    if (key !== "filter" && all.length > 1) throw fieldError("query", `'${key}' is given more than once.`);
    if (key === allParam) searchAll = all[0];
    else raw[key] = key === "filter" ? all : all[0];
  }
  try {
    const everything = allParam !== undefined && parseFlag(allParam, searchAll);
    let filters = [...(everything ? [] : lister.preset), ...((raw.filter as string[] | undefined) ?? [])];
    if (fresh) {
      // As the web app does: the fresh window replaces a range on retrieved_on.
      filters = filters.filter((f) => !/^\s*retrieved_on\s*:?\s*\[/.test(f));
      filters.push(`retrieved_on:[NOW-${FRESH_DAYS}DAYS TO *]`);
    }
    const defaultSort = everything ? lister.searchAll!.defaultSort : lister.defaultSort;
    return parseSearchParams(lister.index, { ...raw, filter: filters }, { now, defaultSort });
  } catch (err) {
    if (err instanceof HttpError && err.status === 400) {
      const [field, messages] = Object.entries(err.body)[0] as [string, string[] | string];
      // Every message (a refusal may go on to list the allowed names).
      throw fieldErrors("query", (Array.isArray(messages) ? messages : [messages]).map((m) => `${field}: ${m}`));
    }
    throw err;
  }
}

/** The feed's preferences of a user (none when the user is gone). */
export async function feedPreferences(db: Queryable, userId: number): Promise<FeedPreferences | undefined> {
  const row = await findUserRow(db, userId);
  if (!row) return undefined;
  return feedPreferencesOf(row);
}

/** The base conditions of a lister for a user (the feed's preferences). */
export function listerBase(lister: Lister, prefs: FeedPreferences | undefined): Condition[] {
  return lister.feed && prefs ? feedConditions(prefs) : [];
}
