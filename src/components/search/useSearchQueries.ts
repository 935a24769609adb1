// The list and its facet counts for a lister's query, through the one HTTP layer. The previous
// page stays on screen while the next one loads; a newer search cancels the older request.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { FacetOption, FacetsResponse, ListResponse } from "../../../common/api";
import type { ApiQuery } from "../../lib/searchUrl";
import { toFacetQuery } from "../../lib/searchUrl";
import { http } from "../../providers/http";

export const searchListKey = (endpoint: string, query?: ApiQuery) => (query ? ["search", endpoint, "list", query] : ["search", endpoint, "list"]);
export const searchFacetsKey = (endpoint: string, query?: ApiQuery) => ["search", endpoint, "facets", query];

const withSlash = (path: string) => (path.endsWith("/") ? path : `${path}/`);

export function useSearchList<T>(endpoint: string, query: ApiQuery) {
  return useQuery({
    queryKey: searchListKey(endpoint, query),
    queryFn: ({ signal }) => http.get<ListResponse<T>>(endpoint, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSearchFacets(endpoint: string, query: ApiQuery) {
  const facetQuery = toFacetQuery(query);
  return useQuery({
    queryKey: searchFacetsKey(endpoint, facetQuery),
    queryFn: async ({ signal }): Promise<Record<string, FacetOption[]>> =>
      (await http.get<FacetsResponse>(`${withSlash(endpoint)}facets/`, { query: facetQuery, signal }))?.facets ?? {},
    placeholderData: keepPreviousData,
  });
}
