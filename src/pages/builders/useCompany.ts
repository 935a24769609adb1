// The company a builder page shows (company/details/{id}/) through Refine's useShow, shared by
// the detail, contacts and financial-data pages under one cache entry (companyKeys.detail), so
// an unlock or a tracked competitor refreshes all of them.
import type { CompanyDetails } from "../../../common/companies";
import { COMPANY_ITEM_PATH, COMPANY_RESOURCE } from "../../components/companies/api";
import { useDetail } from "../../components/page/useDetail";

export const useCompany = (id: string | undefined) => useDetail<CompanyDetails>({ resource: COMPANY_RESOURCE, id, itemPath: COMPANY_ITEM_PATH });
