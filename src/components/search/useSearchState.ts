// The lister's state, read from and written to the page URL (lib/searchUrl). Every change is a
// new history entry, so Back undoes a filter; any change but paging goes back to page 1.
import { useCallback, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import { EMPTY_SEARCH, parseSearchUrl, toSearchUrl, type SearchState } from "../../lib/searchUrl";

export type SearchPatch = Partial<SearchState>;

export interface SearchStateApi {
  state: SearchState;
  /** Apply a change; page resets to 1 unless the patch sets it. */
  update: (patch: SearchPatch | ((state: SearchState) => SearchPatch), options?: { replace?: boolean }) => void;
  /** Clear every filter (keeps the search text unless told otherwise). */
  reset: (options?: { keepText?: boolean }) => void;
  /** The URL's query string, a stable key for memoising derived queries. */
  key: string;
}

/** Carries the page's own URL keys (keep) over into the lister's next URL. */
function withKept(next: URLSearchParams, previous: URLSearchParams, keep: readonly string[] | undefined): URLSearchParams {
  for (const k of keep ?? []) for (const v of previous.getAll(k)) next.append(k, v);
  return next;
}

/** searchAllParam: the URL key of the lister's 'search all' toggle (search_all, search_all_tenders); keep: URL keys the page owns. */
export function useSearchState(searchAllParam?: string, keep?: readonly string[]): SearchStateApi {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string is the identity of the params
  const state = useMemo(() => parseSearchUrl(params, searchAllParam), [key, searchAllParam]);

  // The URL this lister last asked for. react-router hands an updater the params of the last
  // render, so two quick changes (a second facet tick before the first has re-rendered, as on a
  // busy machine) would otherwise each start from the same old URL and the first would be lost.
  const latest = useRef({ rendered: key, params });
  if (latest.current.rendered !== key) latest.current = { rendered: key, params };

  const update = useCallback<SearchStateApi["update"]>(
    (patch, options) => {
      setParams(
        () => {
          const previous = latest.current.params;
          const current = parseSearchUrl(previous, searchAllParam);
          const change = typeof patch === "function" ? patch(current) : patch;
          const next: SearchState = { ...current, ...change };
          if (!("page" in change)) next.page = EMPTY_SEARCH.page;
          const url = withKept(toSearchUrl(next, searchAllParam), previous, keep);
          latest.current = { rendered: latest.current.rendered, params: url };
          return url;
        },
        { replace: options?.replace },
      );
    },
    [setParams, searchAllParam, keep],
  );

  const reset = useCallback<SearchStateApi["reset"]>(
    (options) => {
      setParams(() => {
        const previous = latest.current.params;
        const current = parseSearchUrl(previous, searchAllParam);
        const url = withKept(toSearchUrl({ ...EMPTY_SEARCH, text: options?.keepText === false ? "" : current.text, sort: current.sort, unit: current.unit }, searchAllParam), previous, keep);
        latest.current = { rendered: latest.current.rendered, params: url };
        return url;
      });
    },
    [setParams, searchAllParam, keep],
  );

  return { state, update, reset, key };
}
