// The company and competitor calls the web app makes (shapes and endpoints: common/companies.ts),
// through the one HTTP layer, with the query keys every page shares so an unlock or a newly
// tracked competitor refreshes every view of it.
import type { ListResponse } from "../../../common/api";
import type {
  CompanyContactHistoryRow,
  CompanyContactsPage,
  CompanyDetails,
  CompanyFinancialData,
  CompanyStaticRow,
  CompanyStats,
  CompanySuggestion,
  CompanyUnlockResponse,
  CompetitorComparisonRow,
  CompetitorListerResponse,
  CompetitorProfile,
  DirectorInfoResponse,
  TrackedCompetitor,
  UnlockedCompanyRow,
} from "../../../common/companies";
import { http } from "../../providers/http";
import { detailKey } from "../page/useDetail";

const id = (value: string | number) => encodeURIComponent(String(value));

export interface ContactsQuery {
  page: number;
  query?: string;
  /** Contact sources, sent comma-separated. */
  sources?: string[];
  seniority?: string[];
}

export const COMPANY_RESOURCE = "builders";
export const COMPANY_ITEM_PATH = "company/details/:id/";

export const companyKeys = {
  all: ["company"] as const,
  /** The company as its pages read it (useShow of the builders resource). */
  detail: (companyId: string | number) => detailKey(COMPANY_RESOURCE, companyId),
  stats: (companyId: string | number) => ["company", String(companyId), "stats"] as const,
  contacts: (companyId: string | number, q?: ContactsQuery) => (q ? (["company", String(companyId), "contacts", q] as const) : (["company", String(companyId), "contacts"] as const)),
  contactsHistory: (companyId: string | number) => ["company", String(companyId), "contacts-history"] as const,
  financials: (companyId: string | number) => ["company", String(companyId), "financials"] as const,
  directors: (by: { cin?: string; din?: string }) => ["company-directors", by.cin ?? "", by.din ?? ""] as const,
  unlocked: (page: number, q: string) => ["company-lists", "unlocked", page, q] as const,
  notUnlocked: (page: number, q: string) => ["company-lists", "static", page, q] as const,
  lists: ["company-lists"] as const,
  suggest: (q: string) => ["company-suggest", q] as const,
};

export const competitorKeys = {
  all: ["competitors"] as const,
  tracked: ["competitors", "tracked"] as const,
  profile: (companyId: number) => ["competitors", "profile", companyId] as const,
  comparison: (days: number | null) => ["competitors", "comparison", days ?? "all"] as const,
  lister: (page: number) => ["competitors", "lister", page] as const,
};

/** The API paths of a company's parts, read through useDetailPart. */
export const companyPaths = {
  stats: (companyId: string | number) => `company/details/${id(companyId)}/stats/`,
  contacts: (companyId: string | number) => `company/details/${id(companyId)}/contacts/`,
  contactsHistory: (companyId: string | number) => `company/details/${id(companyId)}/contacts-history`,
  financials: (companyId: string | number) => `company/financial_data/${id(companyId)}`,
  directors: "company/get_company_director_info/",
};

/** The query of one page of a company's contacts, as the API reads it. */
export const contactsQueryParams = (q: ContactsQuery) => ({
  page: q.page,
  query: q.query?.trim() || undefined,
  source_q: q.sources?.length ? q.sources.join(",") : undefined,
  seniority: q.seniority,
});

export const companyApi = {
  details: (companyId: string | number, signal?: AbortSignal) => http.get<CompanyDetails>(`company/details/${id(companyId)}/`, { signal }),
  /** Parts of a page fail inside their own section, without a toast. */
  stats: (companyId: string | number, signal?: AbortSignal) => http.get<CompanyStats>(`company/details/${id(companyId)}/stats/`, { signal, toast: false }),
  contacts: (companyId: string | number, q: ContactsQuery, signal?: AbortSignal) =>
    http.get<CompanyContactsPage>(`company/details/${id(companyId)}/contacts/`, {
      query: { page: q.page, query: q.query?.trim() || undefined, source_q: q.sources?.length ? q.sources.join(",") : undefined, seniority: q.seniority },
      signal,
    }),
  contactsHistory: (companyId: string | number, signal?: AbortSignal) =>
    http.get<{ results: CompanyContactHistoryRow[] }>(`company/details/${id(companyId)}/contacts-history`, { signal, toast: false }),
  financials: (companyId: string | number, signal?: AbortSignal) => http.get<CompanyFinancialData>(`company/financial_data/${id(companyId)}`, { signal }),
  directors: (by: { cin?: string; din?: string }, signal?: AbortSignal) =>
    http.get<DirectorInfoResponse>("company/get_company_director_info/", { query: { cin: by.cin, din: by.din }, signal, toast: false }),
  unlock: (companyId: string | number, confirmation: { impersonation_confirmed?: true } = {}) =>
    http.post<CompanyUnlockResponse>(`company/unlock_company/${id(companyId)}`, confirmation),
  unlocked: (page: number, q: string, signal?: AbortSignal) =>
    http.get<ListResponse<UnlockedCompanyRow>>("company/unlocked_static_data/", { query: { page, q: q.trim() || undefined }, signal }),
  notUnlocked: (page: number, q: string, signal?: AbortSignal) =>
    http.get<ListResponse<CompanyStaticRow>>("company/static_data/", { query: { page, q: q.trim() || undefined }, signal }),
  /** Typo-tolerant lookup by name or CIN for pickers; the caller shows its own 'nothing found'. */
  suggest: (q: string, signal?: AbortSignal) => http.get<{ results: CompanySuggestion[] }>("company/suggest_company/", { query: { q }, signal, toast: false }),
};

export const competitorApi = {
  tracked: (signal?: AbortSignal) => http.get<{ results: TrackedCompetitor[] }>("competitors/", { signal }),
  track: (companyId: number) => http.post<TrackedCompetitor>("competitors/", { company_id: companyId }),
  untrack: (companyId: number) => http.delete(`competitors/${companyId}/`),
  profile: (companyId: number, signal?: AbortSignal) => http.get<CompetitorProfile>(`competitors/${companyId}/`, { signal, toast: false }),
  comparison: (days: number | null, signal?: AbortSignal) =>
    http.get<{ days: number | null; results: CompetitorComparisonRow[] }>("competitor_comparison/", { query: { days: days ?? undefined }, signal }),
  lister: (page: number, signal?: AbortSignal) => http.get<CompetitorListerResponse>("competitor_lister/", { query: { page }, signal, toast: false }),
};

export const builderDetailPath = (companyId: number | string) => `/builder/detail/${companyId}`;
export const builderContactsPath = (companyId: number | string) => `/builder/contacts/${companyId}`;
export const financialDataPath = (companyId: number | string) => `/company-financial-data/${companyId}`;

/** A share (0–1) as a whole percentage: 0.083 → '8.3%'; missing → '—'. */
export function formatShare(value: number | null | undefined, decimals = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return `${Number((value * 100).toFixed(decimals))}%`;
}
