// What a lister offers: its endpoints, facets, price and date fields, sorts and toggles. Each
// lister (leads now; tenders, results and builders later) writes one of these.
import type { FacetField } from "./FacetPanel";

/**
 * A lister visited in the last half minute shows its rows at once when the user comes back,
 * without asking again (useLister's staleTime; a prefetch of them is skipped too); a write that
 * changes them (a mark, an unlock) invalidates them.
 */
export const LISTER_FRESH_MS = 30_000;

export interface SortOption {
  value: string; // '' = the endpoint's default order
  label: string;
}

export interface ListerConfig {
  /** The Refine resource the list is cached and invalidated under (src/resources). */
  resource: string;
  /** The list endpoint ('list/search/'); facets are at `${endpoint}facets/`. */
  endpoint: string;
  /** The export endpoint, when the list can be exported. */
  exportEndpoint?: string;
  /** A word for the file name and messages ('leads'). */
  noun: string;
  /** The same for one item ('lead'): the summary reads '1 lead', '2 leads'. */
  nounOne: string;
  facets: FacetField[];
  price?: { field: string; label: string };
  dates: { field: string; label: string }[];
  /** The date field the 'Fresh' toggle limits to the last FRESH_DAYS days. */
  freshField?: string;
  sorts: SortOption[];
  /**
   * Where the default option ('') is 'Relevance': the order the endpoint uses instead when there is
   * no search text to rank by (one of the sorts' values). The sort box then names that order.
   */
  orderWithoutSearch?: string;
  /** Which of the two toggles the endpoint understands. */
  showUnlocked?: boolean;
  /** The 'search all' toggle: its URL/API key (default search_all), label and active-filter tag. */
  searchAll?: { param?: string; label: string; tag: string };
  searchPlaceholder?: string;
  /** False when a quick search of this view could not be run as saved (My Feed's tenders). */
  savable?: boolean;
  /** URL keys the page owns (not the lister's state), kept as the lister's state changes (My Feed's items). */
  keepParams?: string[];
}
