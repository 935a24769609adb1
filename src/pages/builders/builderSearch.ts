// The builders lister's search: the companies index of list/company/search/ (facets, sorts and
// ranges as common/companies.ts lists them).
import { COMPANY_DEFAULT_SORT, COMPANY_FACETS, COMPANY_SORTS } from "../../../common/companies";
import type { ListerConfig } from "../../components/search/config";

export const builderListerConfig: ListerConfig = {
  resource: "builders",
  endpoint: "list/company/search/",
  noun: "companies",
  nounOne: "company",
  searchPlaceholder: "Search by company name or CIN",
  facets: Object.entries(COMPANY_FACETS).map(([field, label]) => ({ field, label })),
  price: { field: "paid_up_capital", label: "Paid-up capital" },
  dates: [{ field: "incorporation_date", label: "Incorporated" }],
  // 'relevance' is the endpoint's default order, which the lister writes as no sort at all.
  sorts: Object.entries(COMPANY_SORTS).map(([value, label]) => ({ value: value === "relevance" ? "" : value, label })),
  orderWithoutSearch: COMPANY_DEFAULT_SORT,
};
