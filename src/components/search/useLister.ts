// Everything a lister page needs: the URL state, the API query it means (with the lister's
// preset filters), the list and the facet counts.
import { useMemo } from "react";
import { toApiQuery } from "../../lib/searchUrl";
import type { ListerConfig } from "./config";
import { useSearchFacets, useSearchList } from "./useSearchQueries";
import { useSearchState } from "./useSearchState";

export function useLister<T>(config: ListerConfig, preset: string[] = []) {
  const search = useSearchState(config.searchAll?.param, config.keepParams);
  const presetKey = preset.join("\u0000");
  // The fresh window is worked out when the URL changes, so the query key is stable between renders.
  const apiQuery = useMemo(
    () => toApiQuery(search.state, { preset, freshField: config.freshField, searchAllParam: config.searchAll?.param }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the URL and the preset
    [search.key, presetKey, config.freshField, config.searchAll?.param],
  );
  const list = useSearchList<T>(config.endpoint, apiQuery);
  const facets = useSearchFacets(config.endpoint, apiQuery);
  return { search, apiQuery, list, facets };
}

export type Lister<T> = ReturnType<typeof useLister<T>>;
