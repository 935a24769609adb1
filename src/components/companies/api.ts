// The company pages' API paths (shapes and endpoints: common/companies.ts), read through the data
// provider's hooks, and the query keys every page shares so an unlock refreshes every view of it.
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
/** The two lists of /unlocked-companies, as REST resources (providers/restDataProvider). */
export const UNLOCKED_COMPANIES = "company/unlocked_static_data";
export const NOT_UNLOCKED_COMPANIES = "company/static_data";

export const companyKeys = {
  /** The company as its pages read it (useShow of the builders resource). */
  detail: (companyId: string | number) => detailKey(COMPANY_RESOURCE, companyId),
  /** Every part of the company's pages (stats, contacts, their history, financials): what an unlock changes. */
  parts: (companyId: string | number) => ["company", String(companyId)] as const,
  stats: (companyId: string | number) => [...companyKeys.parts(companyId), "stats"] as const,
  contacts: (companyId: string | number, q?: ContactsQuery) => (q ? ([...companyKeys.parts(companyId), "contacts", q] as const) : ([...companyKeys.parts(companyId), "contacts"] as const)),
  contactsHistory: (companyId: string | number) => [...companyKeys.parts(companyId), "contacts-history"] as const,
  financials: (companyId: string | number) => [...companyKeys.parts(companyId), "financials"] as const,
  directors: (by: { cin?: string; din?: string }) => ["company-directors", by.cin ?? "", by.din ?? ""] as const,
};


/** The API paths of a company's parts, read through useApiPart. */
export const companyPaths = {
  stats: (companyId: string | number) => `company/details/${id(companyId)}/stats/`,
  contacts: (companyId: string | number) => `company/details/${id(companyId)}/contacts/`,
  contactsHistory: (companyId: string | number) => `company/details/${id(companyId)}/contacts-history`,
  financials: (companyId: string | number) => `company/financial_data/${id(companyId)}`,
  directors: "company/get_company_director_info/",
  /** Typo-tolerant lookup by name or CIN (q) for pickers; the caller shows its own 'nothing found'. */
  suggest: "company/suggest_company/",
};

/** The query of one page of a company's contacts, as the API reads it. */
export const contactsQueryParams = (q: ContactsQuery) => ({
  page: q.page,
  query: q.query?.trim() || undefined,
  source_q: q.sources?.length ? q.sources.join(",") : undefined,
  seniority: q.seniority,
});

export const builderDetailPath = (companyId: number | string) => `/builder/detail/${companyId}`;
export const builderContactsPath = (companyId: number | string) => `/builder/contacts/${companyId}`;
export const financialDataPath = (companyId: number | string) => `/company-financial-data/${companyId}`;

/** A share (0–1) as a whole percentage: 0.083 → '8.3%'; missing → '—'. */
export function formatShare(value: number | null | undefined, decimals = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return `${Number((value * 100).toFixed(decimals))}%`;
}
