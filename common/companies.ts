// Builders (companies), their contacts and company data, and competitor tracking: the shapes the
// API answers (server/modules/companies, server/modules/competitors) and the web app reads.
// Server TypeBox schemas mirror these. Money is in rupees (format with src/lib/format.ts);
// instants are ISO strings (UTC), days are 'YYYY-MM-DD'.
//
// ── Endpoints (all under /api, signed-in subscriber or staff unless noted) ──
//
// Builders lister (the shared search language, DESIGN.md):
//   GET  list/company/search/?q=&page=&sort=&filter=&show_unlocked=true
//          → ListResponse<CompanyListRow>. q searches name (A), CIN (A), city/state (B),
//            industry/type (C). Filters: the COMPANY_FACETS fields (field:value), plus
//            paid_up_capital / authorized_capital:[min TO max] (rupees), incorporation_date:[from TO to],
//            name:*text*, cin:*text*. Sorts: COMPANY_SORTS. show_unlocked=true: only companies
//            this user unlocked.
//   GET  list/company/search/facets/ (same query) → FacetsResponse over COMPANY_FACETS.
//
// One company:
//   GET  company/details/{id}/                   → CompanyDetails (records a recently-viewed 'company')
//   GET  company/details/{id}/stats/             → CompanyStats
//   GET  company/details/{id}/contacts/?page=&query=&source_q=&seniority=
//          → CompanyContactsPage. query: text in name/designation/e-mail; source_q: one of
//            CONTACT_SOURCES or several comma-separated (telephone,internet); seniority: one of
//            SENIORITY_LEVELS (repeatable). Phone and e-mail are masked unless this user
//            unlocked the company or that contact (staff, not impersonating, see all).
//   GET  company/details/{id}/contacts-history   → {results: CompanyContactHistoryRow[]}
//   GET  company/financial_data/{companyId}      → CompanyFinancialData (fiscal years oldest first)
//   GET  company/get_company_director_info/?cin=  or  ?din=
//          → DirectorInfoResponse. Exactly one of cin (21 characters, CIN_PATTERN) or din (8 digits,
//            DIN_PATTERN); a malformed one answers 400 {cin: [...]} / {din: [...]}; an unknown one 404.
//
// Unlocking (credits):
//   POST company/unlock_company/{id}   body {impersonation_confirmed?: true}
//          → CompanyUnlockResponse. Spends COMPANY_UNLOCK_COST credits once per user and
//            company (already unlocked: charged 0); 402 when credits are short; an impersonated
//            session must send impersonation_confirmed=true (else 403). Reveals every contact
//            of the company to this user.
//   GET  company/unlocked_static_data/?page=&q=  → ListResponse<UnlockedCompanyRow> (this user's unlocks, newest first)
//   GET  company/static_data/?page=&q=           → ListResponse<CompanyStaticRow> (companies this user has not unlocked, by name)
//
// Lookup for company pickers (typo tolerant: trigram similarity on name, prefix on CIN):
//   GET  company/search_company_name_cin/?search_term=  → {results: CompanySuggestion[]} (up to 20)
//   GET  company/suggest_company/?q=                    → {results: CompanySuggestion[]} (up to 10)
//          A blank term answers 400 {search_term|q: ["This field may not be blank."]}.
//
// Competitors (the user's own tracked list):
//   GET    competitors/                        → {results: TrackedCompetitor[]} (newest tracked first)
//   POST   competitors/  body {company_id}     → 201 TrackedCompetitor (200 when already tracked);
//                                                404 unknown company; 400 at MAX_TRACKED_COMPETITORS
//   GET    competitors/{companyId}/            → CompetitorProfile (tracked or not)
//   DELETE competitors/{companyId}/            → 204 (404 when not tracked)
//   GET    competitor_comparison/?days=        → {days, results: CompetitorComparisonRow[]}: the
//            tracked competitors side by side; days (1–3650) limits to results dated in that
//            window, absent = all time.
//   GET    competitor_lister/?page=            → CompetitorListerResponse: companies that bid on the
//            same tenders as the user's company (users.company matched to a company by its
//            normalised name), most shared tenders first; when the user's company is unknown or
//            has no bids, suggestions are the most frequent winners in the user's preferred
//            states (reason 'frequent_winner').

import type { ContactSource, Seniority } from "./constants.js";

export const COMPANY_UNLOCK_COST = 5;
export const MAX_TRACKED_COMPETITORS = 25;

/** CIN: listing (L/U), NIC industry (5 digits), state (2 letters), year, class (3 letters), number (6 digits). */
export const CIN_PATTERN = /^[LU]\d{5}[A-Z]{2}\d{4}[A-Z]{3}\d{6}$/;
/** DIN: 8 digits. */
export const DIN_PATTERN = /^\d{8}$/;

/** Facet fields of list/company/search/facets/ (filter=field:value), with their labels. */
export const COMPANY_FACETS = {
  state: "State",
  city: "City",
  company_type: "Type",
  industry: "Industry",
  employee_band: "Employees",
  capital_band: "Paid-up Capital",
  company_status: "Status",
} as const;
export type CompanyFacetField = keyof typeof COMPANY_FACETS;

/** Paid-up capital bands (capital_band facet), smallest first. */
export const CAPITAL_BANDS = ["Up to 10 Lakh", "10 Lakh - 1 Crore", "1 - 10 Crore", "10 - 100 Crore", "Above 100 Crore"] as const;
/** Employee bands (employee_band facet), smallest first. */
export const EMPLOYEE_BANDS = ["1-10", "11-50", "51-200", "201-500", "501-1000", "1001-5000", "5000+"] as const;

/** sort= values of list/company/search/. */
/** The builders' order when there is no search text to rank by (list/company/search/ without q or sort). */
export const COMPANY_DEFAULT_SORT = "paid_up_capital desc";

export const COMPANY_SORTS = {
  relevance: "Relevance",
  "paid_up_capital desc": "Paid-up capital: high to low",
  "paid_up_capital asc": "Paid-up capital: low to high",
  "incorporation_date desc": "Incorporated: newest",
  "incorporation_date asc": "Incorporated: oldest",
  "updated_at desc": "Recently updated",
} as const;

export interface CompanyRef {
  id: number;
  name: string;
}

export interface CompanyListRow {
  id: number;
  name: string;
  cin: string | null;
  company_type: string | null;
  industry: string | null;
  state: string | null;
  city: string | null;
  employee_band: string | null;
  capital_band: string | null;
  paid_up_capital: number | null;
  authorized_capital: number | null;
  incorporation_date: string | null;
  company_status: string | null;
  listing_status: string | null;
  contact_count: number;
  project_count: number;
  /** This user unlocked the company. */
  is_unlocked: boolean;
}

export interface CompanyDetails extends Omit<CompanyListRow, "project_count"> {
  address: string | null;
  website: string | null;
  roc_code: string | null;
  nic_code: string | null;
  category: string | null;
  sub_category: string | null;
  company_class: string | null;
  created_at: string;
  updated_at: string;
  high_quality_contact_count: number;
  director_count: number;
  has_financials: boolean;
  /** When this user unlocked it. */
  unlocked_at: string | null;
  /** What unlocking costs (0 when already unlocked). */
  unlock_cost: number;
  /** This user tracks it as a competitor. */
  is_tracked_competitor: boolean;
  viewed_at: string;
}

export interface CountValue {
  text: string;
  count: number;
  /** Sum of values in rupees (projects' value, tenders' award value). */
  value: number;
}

export interface CompanyStats {
  company_id: number;
  projects: {
    total: number;
    total_value: number;
    /** As owner, architect, contractor. */
    by_role: CountValue[];
    by_status: CountValue[];
    by_sector: CountValue[];
  };
  tenders: {
    bid: number;
    won: number;
    /** won / bid, 0–1; null without bids. */
    win_rate: number | null;
    won_value: number;
  };
  /** Projects' value plus tenders won, rupees. */
  total_value: number;
}

export interface CompanyContact {
  id: number;
  name: string;
  designation: string | null;
  seniority: Seniority | string | null;
  source: ContactSource;
  /** Telephone Call | Found on the Internet | Official Government Website */
  source_label: string;
  contact_fuzz_score: number | null;
  /** contact_fuzz_score > 70 */
  is_high_quality: boolean;
  verified_at: string | null;
  is_wrong: boolean;
  company: CompanyRef | null;
  /** Masked ('+91 98XXX XXX12') until unlocked. */
  phone: string | null;
  /** Masked ('r****@domain.in') until unlocked. */
  email: string | null;
  is_unlocked: boolean;
}

export interface CompanyContactsPage {
  count: number;
  page: number;
  page_size: number;
  results: CompanyContact[];
  /** This user unlocked the company (every contact is shown in full). */
  company_unlocked: boolean;
  /** Counts over the company's contacts matching `query` (not narrowed by source_q / seniority). */
  sources: { value: ContactSource; label: string; count: number }[];
  seniorities: { value: string; count: number }[];
}

export interface CompanyContactHistoryRow {
  id: number;
  contact_id: number;
  contact_name: string;
  /** {field: [old, new]}; phone/e-mail values masked unless unlocked. */
  changes: Record<string, unknown>;
  changed_by: string | null;
  created_at: string;
}

export interface FinancialYear {
  /** '2023-24' */
  fiscal_year: string;
  revenue: number | null;
  profit: number | null;
  net_worth: number | null;
  borrowings: number | null;
  /** profit / revenue, null when either is missing or revenue is 0 */
  profit_margin: number | null;
  /** borrowings / net worth, null when either is missing or net worth ≤ 0 */
  debt_to_equity: number | null;
}

export interface CompanyFinancialData {
  company: CompanyRef & { cin: string | null };
  /** Oldest first (charts read left to right). */
  results: FinancialYear[];
}

export interface DirectorCompany {
  id: number;
  name: string;
  cin: string | null;
  designation: string | null;
  appointment_date: string | null;
  cessation_date: string | null;
}

export interface DirectorInfo {
  din: string;
  name: string;
  /** In the asked company (cin), or the latest appointment (din). */
  designation: string | null;
  appointment_date: string | null;
  cessation_date: string | null;
  /** Their other companies (cin) or all their companies (din). */
  other_companies: DirectorCompany[];
}

export interface DirectorInfoResponse {
  cin: string | null;
  din: string | null;
  /** The company of cin; null for a din lookup. */
  company: (CompanyRef & { cin: string | null }) | null;
  directors: DirectorInfo[];
}

export interface CompanyUnlockResponse {
  company_id: number;
  charged: number;
  already_unlocked: boolean;
  remaining_credits: number;
  total_credits: number;
  unlocked_at: string;
}

export interface CompanyStaticRow {
  id: number;
  name: string;
  cin: string | null;
  company_type: string | null;
  industry: string | null;
  state: string | null;
  city: string | null;
  contact_count: number;
  high_quality_contact_count: number;
}

export interface UnlockedCompanyRow extends CompanyStaticRow {
  unlocked_at: string;
  credits: number;
}

export interface CompanySuggestion {
  id: number;
  name: string;
  cin: string | null;
  city: string | null;
  state: string | null;
  company_type: string | null;
  /** 0–1: how close the name or CIN is to the term. */
  score: number;
}

// ───────────── competitors ─────────────

/** Figures from results data (result_bidders, results, tenders). */
export interface CompetitorStats {
  /** Results where it was a bidder (or the winner). */
  tenders_bid: number;
  tenders_won: number;
  /** won / bid, 0–1; null without bids. */
  win_rate: number | null;
  /** Ranked first (L1). */
  l1_count: number;
  won_value: number;
  /** Median of (estimate − winning bid) / estimate over its wins with both known; 0.08 = 8% below estimate. */
  typical_discount: number | null;
  last_win_date: string | null;
}

export interface CompetitorWin {
  result_id: number;
  tender_id: number;
  title: string;
  org_name: string | null;
  state: string | null;
  category: string | null;
  estimate: number | null;
  /** What it won: its own awarded value, else its award's (a joint award's whole value), else the result's. */
  award_value: number | null;
  /** The result's other winners (other lots, its joint award's other suppliers), in published order. */
  co_winners: string[];
  /** (estimate − award) / estimate; null unless it won the result alone. */
  discount: number | null;
  result_date: string | null;
}

export interface TrackedCompetitor extends CompetitorStats {
  company: CompanyRef & { cin: string | null; city: string | null; state: string | null; company_type: string | null };
  tracked_at: string;
}

export interface CompetitorProfile extends Omit<TrackedCompetitor, "tracked_at"> {
  /** Null when the user does not track it. */
  tracked_at: string | null;
  is_tracked: boolean;
  /** Rank positions over its ranked bids: [{text: 'L1', count}, {text: 'L2', count}, …]. */
  positions: { text: string; count: number }[];
  /** Tender categories (works | goods | services) it bid in, with wins. */
  sectors: { text: string; bids: number; wins: number }[];
  states: { text: string; bids: number; wins: number }[];
  recent_wins: CompetitorWin[];
}

export interface CompetitorComparisonRow extends TrackedCompetitor {
  /** Top categories and states by bids (at most 3 each). */
  top_sectors: string[];
  top_states: string[];
}

export interface CompetitorListerRow {
  company: CompanyRef & { cin: string | null; city: string | null; state: string | null };
  /** shared_tenders: bid on the same tenders as your company; frequent_winner: wins often where you work. */
  reason: "shared_tenders" | "frequent_winner";
  /** Tenders both it and your company bid on (0 for frequent_winner). */
  shared_tenders: number;
  /** Of those, how often it ranked above your company. */
  ranked_above_you: number;
  tenders_bid: number;
  tenders_won: number;
  win_rate: number | null;
  is_tracked: boolean;
}

export interface CompetitorListerResponse {
  count: number;
  page: number;
  page_size: number;
  /** How the user's company is known: users.company and the company it matched (by normalised name). */
  your_company: { name: string | null; company: CompanyRef | null };
  results: CompetitorListerRow[];
}
