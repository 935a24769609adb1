// Moving between listers starts before the click: when the pointer reaches (or the keyboard
// focuses) a menu link to a lister, and again as it is pressed (a touch, a quick click), its
// page's code and its first page of rows and facet counts are fetched, so a click finds them on their way or already here (issue 17: click to rows in
// ≤ 200 ms). The requests are exactly the ones the page makes (the data provider's listQuery
// and facetQuery over the same filters), which the data provider then answers from the prefetch.
import { EMPTY_SEARCH, toListRequest } from "../../lib/searchUrl";
import { facetQuery, listQuery, prefetchGet } from "../../providers/dataProvider";
import { resources, type ListerSearch, type Page } from "../../resources";
import { LISTER_FRESH_MS } from "./config";

const withSlash = (path: string) => (path.endsWith("/") ? path : `${path}/`);

/** The facets endpoint of a list endpoint. */
export const facetsPath = (endpoint: string) => `${withSlash(endpoint)}facets/`;

/** The lister page at a path and its search, as the resource list declares them. */
export function listerAt(path: string): { page?: Page; lister: ListerSearch } | undefined {
  for (const { list, meta } of resources) {
    if (list === path && meta?.lister) return { page: meta.pages?.list, lister: meta.lister };
    const route = meta?.routes?.find((r) => r.path === path && r.lister);
    if (route?.lister) return { page: route.page, lister: route.lister };
  }
  return undefined;
}

/** Fetch the code of the lister at `path` (its page and its search's settings), not its rows. */
export async function preloadListerCode(path: string): Promise<void> {
  const found = listerAt(path);
  if (!found) return;
  await Promise.all([found.page?.preload?.(), found.lister().then(() => undefined, () => undefined)]);
}

/** Prefetch what the lister at `path` (a menu link's path, no query) shows first; other paths are ignored. */
export async function prefetchLister(path: string): Promise<void> {
  const found = listerAt(path);
  if (!found) return;
  void found.page?.preload?.();
  const { config, preset } = await found.lister();
  const { filters, sorters, currentPage, flags } = toListRequest(EMPTY_SEARCH, { preset, freshField: config.freshField, searchAllParam: config.searchAll?.param });
  // Not what the page still shows from its cache (visited in the last half minute): nothing to ask.
  prefetchGet(config.endpoint, listQuery({ filters, sorters, pagination: { currentPage }, meta: { query: flags } }), LISTER_FRESH_MS);
  prefetchGet(facetsPath(config.endpoint), facetQuery(filters, flags), LISTER_FRESH_MS);
}
