// Shapes of the tenders and tender-results API (issue 4). The server's TypeBox schemas
// (server/modules/tenders/, server/modules/results/) mirror these; the web app reads them.
//
// ── Endpoints (all under /api; signed-in subscriber unless noted) ──
//   GET    list/tenders/search/            TenderListRow list. q, oq, page, sort, filter (repeated),
//                                          (q also finds a portal_tender_id or reference equal to it or
//                                          starting with it, ranked first; so does list/results/search/)
//                                          search_all_tenders=true (default: live tenders only —
//                                          status not Closed/AOC/Cancelled/… and closing date not past).
//                                          Live only and q a Tender ID or reference: not_live_matches
//                                          says how many tenders it finds that way are left out
//   GET    list/tenders/search/facets/     FacetsResponse (common/api.ts); same parameters
//   GET    list/tenders/search/export/     CSV or XLSX (format=csv|xlsx); same parameters and caps as
//                                          list/search/export/
//   GET    list/results/search/            ResultListRow list. q, oq, page, sort, filter (repeated;
//                                          filter=item_type:result is accepted and is what every result is)
//   GET    list/results/search/facets/     FacetsResponse
//   GET    suggester_facet/                SuggesterResponse. suggest_query (text typed so far, typos
//                                          forgiven), suggest_field=org_name_exact (the only field;
//                                          another → 400)
//   GET    tender/detail/{id}              TenderDetail. Optional uid + tid: a shared link, no sign-in
//   GET    result/detail/{id}              ResultDetail ({id} is the result's id). Optional uid + tid
//   POST   tender/{id}/share/              ShareLink: a new link for (this user, this tender)
//   DELETE tender/{id}/share/              ShareRevoked: revokes every link this user made for it
//   POST   result/{id}/share/              ShareLink (for a result)
//   DELETE result/{id}/share/              ShareRevoked
//   GET    share-links/                    ShareLinkRow list: the caller's live links (page=)
//   DELETE share-links/{id}/               revokes that one link of the caller's (else 404)
//   GET    tender/{id}/tender-mlt/         SimilarTenders (more like this)
//   GET    result/{id}/result-mlt/         SimilarResults
//   GET    tender/download_zip/{id}        application/zip: the tender's documents, a summary
//                                          (tender.txt) and the corrigenda. Also via uid + tid.
//   GET    tender/ai-detail/{id}/          TenderBrief: the structured brief with citations.
//                                          Also via uid + tid.
//
// Errors: unknown id → 404 {detail}; bad filter/sort/page → 400 {field: [message]}; an invalid,
// tampered or revoked uid/tid pair (without a signed-in subscriber) → 401 {detail}, never data.
// Money is in rupees (numbers); instants are ISO 8601 UTC strings.
import type { RankDirection } from "./bidder-ranks.js";
import type { FacetOption, ListResponse } from "./api.js";
import type { PlausibilityReason } from "./plausibility.js";

/** Statuses that end a tender's live period (anything else is live until its closing date). */
export const CLOSED_TENDER_STATUSES = ["Closed", "AOC", "Cancelled", "Retender", "Technical Evaluation", "Financial Evaluation"] as const;

/** Value bands (facet `value_band`), in rupees: label and [min, max). */
export const TENDER_VALUE_BANDS: readonly { label: string; min: number; max: number | null }[] = [
  { label: "Up to 10 Lakh", min: 0, max: 1e6 },
  { label: "10 Lakh - 1 Crore", min: 1e6, max: 1e7 },
  { label: "1 - 10 Crore", min: 1e7, max: 1e8 },
  { label: "10 - 100 Crore", min: 1e8, max: 1e9 },
  { label: "Above 100 Crore", min: 1e9, max: null },
];

/** Facet fields of the tenders lister (each also a `filter` field). */
export const TENDER_FACETS = ["tender_status", "is_corrigendum", "org_name_exact", "state", "city", "category", "value_band"] as const;
/** Facet fields of the results lister. */
export const RESULT_FACETS = ["org_name_exact", "state", "city", "category", "value_band"] as const;

/** Sort keys of list/tenders/search/ (default `closing_date asc` for live tenders, `status_update_date desc` with search_all_tenders). */
export const TENDER_SORTS = [
  "relevance", "newest", "closing_date asc", "closing_date desc", "value desc", "value asc", "status_update_date desc",
  "status_update_date asc", "retrieved_on desc", "retrieved_on asc", "arrived_date desc", "arrived_date asc",
  "published_date desc", "published_date asc",
] as const;
/** Sort keys of list/results/search/ (default `result_date desc`). */
export const RESULT_SORTS = [
  "relevance", "newest", "result_date desc", "result_date asc", "award_value desc", "award_value asc", "value desc", "value asc",
  "status_update_date desc", "retrieved_on desc", "arrived_date desc",
] as const;

/** One row of list/tenders/search/. */
export interface TenderListRow {
  id: number;
  title: string;
  /** The portal's own Tender ID (GePNIC `2024_PWD_35115_146`, OCDS tender.id). */
  portal_tender_id: string | null;
  reference: string | null;
  org_name: string | null;
  org_name_exact: string | null;
  department: string | null;
  tender_status: string;
  is_corrigendum: boolean;
  category: string | null;
  tender_type: string | null;
  /** Estimated value, rupees. */
  value: number | null;
  value_band: string | null;
  emd: number | null;
  state: string | null;
  district: string | null;
  city: string | null;
  published_date: string | null;
  closing_date: string | null;
  status_update_date: string | null;
  retrieved_on: string | null;
  reviewed_date: string | null;
  arrived_date: string;
  /** The tender's result id when it has been awarded. */
  result_id: number | null;
}
/**
 * Tenders the search text finds by portal Tender ID or reference (exactly or by prefix), under the
 * same filters, that the live-only default leaves out: what search_all_tenders=true would add.
 */
export interface NotLiveMatches {
  count: number;
  /** The best of them: an exact match before a prefix match, then the newest. */
  first: TenderListRow;
}
/** list/tenders/search/: not_live_matches is null with search_all_tenders=true, when q is no identifier, or when none are left out. */
export type TenderList = ListResponse<TenderListRow> & { not_live_matches: NotLiveMatches | null };

/** One row of list/results/search/ (id is the result's id). */
export interface ResultListRow {
  id: number;
  item_type: "result";
  tender_id: number;
  title: string;
  /** The portal's own Tender ID (GePNIC `2024_PWD_35115_146`, OCDS tender.id). */
  portal_tender_id: string | null;
  reference: string | null;
  org_name: string | null;
  org_name_exact: string | null;
  category: string | null;
  state: string | null;
  city: string | null;
  tender_status: string;
  /** The tender's estimate, rupees. */
  value: number | null;
  value_band: string | null;
  award_value: number | null;
  /** The first winner. */
  winner_name: string | null;
  winner_company_id: number | null;
  /** Every winner's name in published order (lots, joint awards); common/winners.ts says them. */
  winner_names: string[];
  bidder_count: number;
  result_date: string | null;
  status_update_date: string | null;
  retrieved_on: string | null;
  arrived_date: string;
}
export type ResultList = ListResponse<ResultListRow>;

export interface TenderDocument {
  id: number;
  file_name: string;
  mime_type: string;
  url: string | null;
  /** Bytes held by the server (in the zip), null when only a link is known. */
  size: number | null;
  /** Extracted text held (used by the brief and the zip). */
  has_text: boolean;
}

export interface Corrigendum {
  id: number;
  title: string;
  description: string;
  published_date: string;
}

/** GET tender/detail/{id}: every field, documents, corrigenda newest first, the result if awarded. */
export interface TenderDetail {
  id: number;
  ocid: string | null;
  /** The portal's own Tender ID (GePNIC `2024_PWD_35115_146`, OCDS tender.id). */
  portal_tender_id: string | null;
  reference: string | null;
  title: string;
  description: string;
  org_name: string | null;
  org_name_exact: string | null;
  department: string | null;
  tender_status: string;
  /** Open for bids now: a live status and a closing date not past. */
  is_live: boolean;
  is_corrigendum: boolean;
  category: string | null;
  tender_type: string | null;
  value: number | null;
  emd: number | null;
  tender_fee: number | null;
  published_date: string | null;
  closing_date: string | null;
  opening_date: string | null;
  prebid_date: string | null;
  status_update_date: string | null;
  retrieved_on: string | null;
  reviewed_date: string | null;
  arrived_date: string;
  state: string | null;
  district: string | null;
  city: string | null;
  pincode: string | null;
  source: string | null;
  source_url: string | null;
  documents: TenderDocument[];
  corrigenda: Corrigendum[];
  result: { id: number; winner_name: string | null; winner_names: string[]; award_value: number | null; result_date: string | null } | null;
  /** True when opened through a shared link (no sign-in): the page hides personal actions. */
  shared: boolean;
}

export interface Bidder {
  id: number;
  bidder_name: string;
  company_id: number | null;
  bid_value: number | null;
  /** 1 = L1 (or H1); null for a bidder without a ranked financial bid (e.g. rejected technically). */
  rank: number | null;
  /**
   * lowest: L1 is the lowest bid; highest: H1 the highest; null without a rank. Always sent by
   * the server since migration 020; read as lowest when absent.
   */
  rank_direction?: RankDirection | null;
  /** The label as published ('L-1', 'II', 'H 1'), else L1/H1 from the rank, else null. */
  rank_label: string | null;
  status: string | null;
  is_winner: boolean;
}

/** A difference between two amounts: amount = a − b in rupees, percent = (a − b) / b × 100 (2 decimals). */
export interface Spread {
  amount: number;
  percent: number;
}

/** GET result/detail/{id}. */
export interface ResultWinner {
  name: string;
  company_id: number | null;
  /** Its own awarded value; null for a supplier of a joint award (the award has one value for all). */
  bid_value: number | null;
  bid_value_flags: PlausibilityReason[];
  /** The award (lot) it won, when the source names one. */
  award_ref: string | null;
  /** That award's value (a joint award's, shared by its suppliers). */
  award_value: number | null;
}

export interface ResultDetail {
  id: number;
  tender: Omit<TenderDetail, "documents" | "corrigenda" | "result" | "shared">;
  /** The awarded bids, all awards together. */
  award_value: number | null;
  award_value_flags: PlausibilityReason[];
  result_date: string | null;
  /** The contract as signed, apart from the awarded bids; null when the source has none. */
  contract_value: number | null;
  contract_value_flags: PlausibilityReason[];
  contract_date: string | null;
  /** The first winner (as the lists show it). */
  winner: { name: string | null; company_id: number | null; bid_value: number | null; rank_label: string | null } | null;
  /** Every winner: each award's (lot's) each supplier, in published order, with its own value. */
  winners: ResultWinner[];
  /** Ranked bidders first (L1, L2, …, then any H1, H2, …), then unranked ones. */
  bidders: Bidder[];
  /** L2's bid − L1's bid (percent of L1), or H2's − H1's for H ranks; null with fewer than two ranked bids. */
  spread_l1_l2: Spread | null;
  /** Award − the tender's estimate (percent of the estimate); null when either is unknown. */
  spread_award_estimate: Spread | null;
  shared: boolean;
}

export interface SimilarTender {
  id: number;
  title: string;
  org_name: string | null;
  tender_status: string;
  category: string | null;
  state: string | null;
  city: string | null;
  value: number | null;
  closing_date: string | null;
  /** Higher is more similar. */
  score: number;
}
export interface SimilarTenders {
  results: SimilarTender[];
}

export interface SimilarResult {
  id: number;
  tender_id: number;
  title: string;
  org_name: string | null;
  category: string | null;
  state: string | null;
  city: string | null;
  value: number | null;
  award_value: number | null;
  winner_name: string | null;
  /** Every winner's name in published order. */
  winner_names: string[];
  result_date: string | null;
  score: number;
}
export interface SimilarResults {
  results: SimilarResult[];
}

/** Where a brief's point came from. */
export interface BriefCitation {
  /** 'field' = a structured field of the tender (e.g. closing_date); others are text passages. */
  source: "title" | "description" | "document" | "corrigendum" | "field";
  /** Document or corrigendum id; null otherwise. */
  source_id: number | null;
  /** Human name: the file name, the corrigendum title, 'Description', or the field's label. */
  source_name: string;
  /** The passage (or the field's stored value) the point was drawn from, verbatim. */
  quote: string;
}

export type BriefSection = "scope" | "eligibility" | "key_dates" | "emd_and_fee" | "value";

export interface BriefPoint {
  section: BriefSection;
  /** e.g. 'Scope of work', 'Minimum turnover', 'Similar work experience', 'Pre-bid meeting', 'EMD'. */
  label: string;
  /** The point, as one line (amounts and dates as written in the source or formatted). */
  text: string;
  citations: BriefCitation[];
}

/** GET tender/ai-detail/{id}/. */
export interface TenderBrief {
  tender_id: number;
  title: string;
  /** 'extraction' (offline rules) or 'llm' (an OpenAI-compatible model, grounded in the same passages). */
  generated_by: "extraction" | "llm";
  /** Section order: scope, eligibility, key_dates, emd_and_fee, value. */
  points: BriefPoint[];
  /** Sections with nothing found in the tender's text (the page says 'Not Specified'). */
  missing: BriefSection[];
  shared: boolean;
}

/** POST tender/{id}/share/ and result/{id}/share/. */
export interface ShareLink {
  uid: string;
  tid: string;
  /** The web path to send: '/tender/detail/{id}?uid=…&tid=…' (or /result/detail/…). */
  path: string;
  created_at: string;
  /** The link stops working then (30 days by default; staff set it at /update-projects?tab=settings). */
  expires_at: string;
  /** The link's id: DELETE share-links/{id}/ revokes this one link. */
  id: number;
}

/** GET share-links/: one of the caller's live links (not revoked, not expired), newest first. */
export interface ShareLinkRow {
  id: number;
  item_type: "tender" | "result";
  item_id: number;
  /** The tender's title (a result's tender); null when the item has since been removed. */
  title: string | null;
  created_at: string;
  expires_at: string;
}

/** DELETE tender/{id}/share/ and result/{id}/share/. */
export interface ShareRevoked {
  revoked: number;
}

/** GET suggester_facet/: organisation names, best match first, with their tender counts. */
export interface SuggesterResponse {
  field: "org_name_exact";
  suggestions: FacetOption[];
}
