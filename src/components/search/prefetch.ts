// Moving between listers starts before the click: when the pointer reaches (or the keyboard
// focuses) a menu link to a lister, its page's code and its first page of rows and facet counts
// are fetched, so a click finds them on their way or already here (issue 17: click to rows in
// ≤ 200 ms). The requests are exactly the ones the page makes (the data provider's listQuery
// and facetQuery over the same filters), which the data provider then answers from the prefetch.
import { EMPTY_SEARCH, toListRequest } from "../../lib/searchUrl";
import { facetQuery, listQuery, prefetchGet } from "../../providers/dataProvider";

const withSlash = (path: string) => (path.endsWith("/") ? path : `${path}/`);

/** The facets endpoint of a list endpoint. */
export const facetsPath = (endpoint: string) => `${withSlash(endpoint)}facets/`;

/** Prefetch what the lister at `path` (a menu link's path, no query) shows first; other paths are ignored. */
export async function prefetchLister(path: string): Promise<void> {
  const { LISTER_ROUTES } = await import("./listerRoutes");
  const route = Object.hasOwn(LISTER_ROUTES, path) ? LISTER_ROUTES[path] : undefined;
  if (!route) return;
  const { config, preset } = route;
  void route.load();
  const { filters, sorters, currentPage, flags } = toListRequest(EMPTY_SEARCH, { preset, freshField: config.freshField, searchAllParam: config.searchAll?.param });
  prefetchGet(config.endpoint, listQuery({ filters, sorters, pagination: { currentPage }, meta: { query: flags } }));
  prefetchGet(facetsPath(config.endpoint), facetQuery(filters, flags));
}
