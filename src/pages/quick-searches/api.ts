// Quick searches (saved-search/) and their e-mail alerts (email-config/), through the one HTTP
// layer. The quick searches and e-mail alerts pages share these keys, so a change on one shows
// on the other.
import { useQuery } from "@tanstack/react-query";
import { SAVED_SEARCHES_KEY } from "../../components/search/SaveSearchButton";
import { http } from "../../providers/http";
import type { Frequency } from "../../../common/alerts";

export type { Frequency };

export interface SavedSearch {
  id: number;
  name: string;
  resource: string;
  resource_label: string;
  query: string;
  /** The page to open: resource?query. */
  url: string;
  alert: { id: number; frequency: Frequency; enabled: boolean } | null;
  created_at: string;
  updated_at: string;
}

export { SAVED_SEARCHES_KEY };

export function useSavedSearches() {
  return useQuery({
    queryKey: [...SAVED_SEARCHES_KEY, "list"],
    queryFn: ({ signal }) => http.get<{ count: number; results: SavedSearch[] }>("saved-search/", { signal }),
  });
}

/** The filters of a saved query in words: 'state: Maharashtra · value: [1 TO *]'. */
export function describeQuery(query: string): string {
  const params = new URLSearchParams(query);
  const parts: string[] = [];
  const text = params.get("oq") ?? params.get("q");
  if (text) parts.push(`“${text}”`);
  for (const f of params.getAll("filter")) parts.push(f.replace(/^([^:]+):/, "$1: "));
  if (params.get("fresh") === "true") parts.push("fresh");
  if (params.get("search_all_tenders") === "true") parts.push("all tenders, not only live");
  const sort = params.get("sort");
  if (sort) parts.push(`sorted by ${sort}`);
  return parts.join(" · ");
}
