// Everything a lister page needs: the URL state, the list and its facet counts through Refine's
// data hooks (useList, useCustom) and the data provider, which builds the API's query from the
// filters (providers/dataProvider listQuery: the one query builder). The previous page stays on
// screen while the next one loads; a newer search cancels the older request (the provider passes
// the query's abort signal to the HTTP layer).
import { useCustom, useList, type BaseRecord } from "@refinedev/core";
import { useMemo } from "react";
import type { FacetsResponse } from "../../../common/api";
import { toListRequest } from "../../lib/searchUrl";
import { listQuery } from "../../providers/dataProvider";
import { LISTER_FRESH_MS, type ListerConfig } from "./config";
import { facetsPath } from "./prefetch";
import { useSearchState } from "./useSearchState";

/** React Query's keepPreviousData: show the last answer while the next one loads. */
const keepPrevious = <T,>(previous: T | undefined) => previous;

export function useLister<T extends BaseRecord>(config: ListerConfig, preset: string[] = []) {
  const search = useSearchState(config.searchAll?.param, config.keepParams);
  const presetKey = preset.join("\u0000");
  // Worked out when the URL changes (the fresh window's start included), so the query key is
  // stable between renders.
  const request = useMemo(
    () => toListRequest(search.state, { preset, freshField: config.freshField, searchAllParam: config.searchAll?.param }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the URL and the preset
    [search.key, presetKey, config.freshField, config.searchAll?.param],
  );
  const { filters, sorters, currentPage, flags } = request;
  const meta = { endpoint: config.endpoint, query: flags };

  const { query: list } = useList<T>({
    resource: config.resource,
    filters,
    sorters,
    pagination: { currentPage, mode: "server" },
    meta,
    queryOptions: { placeholderData: keepPrevious, staleTime: LISTER_FRESH_MS },
  });
  const { query: facets } = useCustom<FacetsResponse>({
    url: facetsPath(config.endpoint),
    method: "get",
    config: { filters, query: flags },
    queryOptions: { placeholderData: keepPrevious, staleTime: LISTER_FRESH_MS },
  });

  // The same query as the list's (exports ask for exactly what is on screen).
  const apiQuery = useMemo(() => listQuery({ filters, sorters, pagination: { currentPage }, meta }), [request]); // eslint-disable-line react-hooks/exhaustive-deps
  return {
    search,
    apiQuery,
    list,
    /** The page's rows; undefined until the first answer (then the previous page's while loading). */
    rows: list.data?.data,
    total: list.data?.total ?? 0,
    facets: facets.data?.data?.facets,
  };
}

export type Lister<T extends BaseRecord> = ReturnType<typeof useLister<T>>;
