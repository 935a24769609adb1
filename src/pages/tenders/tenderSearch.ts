// The tenders and results listers' search: the index definitions of list/tenders/search/ and
// list/results/search/ (server/search/indexes/), their facets, dates, sorts and toggles.
import type { ListerConfig } from "../../components/search/config";
import type { FacetField } from "../../components/search/FacetPanel";

/** Results turn into cards below this width. */
export const CARDS_QUERY = "(max-width: 767.98px)";

/** Filter values written as 'true' / 'false' read as words. */
const corrigendumLabel = (value: string) => (value === "true" ? "With corrigendum" : value === "false" ? "No corrigendum" : value);
const capitalised = (value: string) => (value ? value.charAt(0).toUpperCase() + value.slice(1) : value);

// Both indexes hold the tender's own fields, so both listers filter by its organisation, place,
// category and value band, date it by its last status change and its retrieval, and keep
// 'Fresh' to recently retrieved rows. Each lister extends this base with its own facets, dates,
// price field and sorts.
const ORGANISATION_FACET: FacetField = { field: "org_name_exact", label: "Organisation" };
const PLACE_AND_KIND_FACETS: FacetField[] = [
  { field: "state", label: "State" },
  { field: "city", label: "City" },
  { field: "category", label: "Category", valueLabel: capitalised },
  { field: "value_band", label: "Value band" },
];
const tenderFieldsBase = {
  dates: [
    { field: "status_update_date", label: "Status updated" },
    { field: "retrieved_on", label: "Retrieved on" },
  ],
  freshField: "retrieved_on",
} satisfies Partial<ListerConfig>;

export const tenderListerConfig: ListerConfig = {
  ...tenderFieldsBase,
  resource: "tenders",
  endpoint: "list/tenders/search/",
  exportEndpoint: "list/tenders/search/export/",
  noun: "tenders",
  nounOne: "tender",
  searchPlaceholder: "Search tenders by work, organisation, place",
  facets: [
    { field: "tender_status", label: "Tender status" },
    { field: "is_corrigendum", label: "Corrigendum", valueLabel: corrigendumLabel },
    ORGANISATION_FACET,
    ...PLACE_AND_KIND_FACETS,
  ],
  price: { field: "value", label: "Tender value" },
  dates: [{ field: "closing_date", label: "Closing date" }, ...tenderFieldsBase.dates, { field: "reviewed_date", label: "Reviewed" }, { field: "arrived_date", label: "Arrived" }],
  sorts: [
    { value: "", label: "Closing soonest" },
    { value: "relevance", label: "Relevance" },
    { value: "newest", label: "Newest" },
    { value: "closing_date desc", label: "Closing latest" },
    { value: "value desc", label: "Value: high to low" },
    { value: "value asc", label: "Value: low to high" },
    { value: "status_update_date desc", label: "Recently updated" },
  ],
  searchAll: { param: "search_all_tenders", label: "Show all tenders (closed, awarded, cancelled too)", tag: "All tenders" },
};

/** With 'Show all tenders' the server's default order is the latest status update first. */
export const allTendersListerConfig: ListerConfig = {
  ...tenderListerConfig,
  sorts: [{ value: "", label: "Recently updated" }, ...tenderListerConfig.sorts.filter((s) => s.value !== "" && s.value !== "status_update_date desc"), { value: "closing_date asc", label: "Closing soonest" }],
};

export const resultListerConfig: ListerConfig = {
  ...tenderFieldsBase,
  resource: "results",
  endpoint: "list/results/search/",
  noun: "results",
  nounOne: "result",
  searchPlaceholder: "Search results by work, organisation, winner",
  facets: [ORGANISATION_FACET, { field: "winner_name", label: "Winner" }, ...PLACE_AND_KIND_FACETS],
  price: { field: "award_value", label: "Award value" },
  dates: [{ field: "result_date", label: "Result date" }, ...tenderFieldsBase.dates],
  sorts: [
    { value: "", label: "Latest result" },
    { value: "relevance", label: "Relevance" },
    { value: "result_date asc", label: "Oldest result" },
    { value: "award_value desc", label: "Award: high to low" },
    { value: "award_value asc", label: "Award: low to high" },
    { value: "value desc", label: "Estimate: high to low" },
  ],
};

/** Every result list call carries item_type:result (spec: filter=item_type:result for results). */
export const RESULT_PRESET = ["item_type:result"];
