// The company a builder page shows (company/details/{id}/), shared by the detail, contacts and
// financial-data pages under one query key, so an unlock refreshes all of them.
import { useQuery } from "@tanstack/react-query";
import { companyApi, companyKeys } from "../../components/companies/api";
import { HttpError } from "../../providers/http";

export function useCompany(id: string) {
  return useQuery({
    queryKey: companyKeys.detail(id),
    queryFn: ({ signal }) => companyApi.details(id, signal),
    // A missing company stays missing: no retries on 404 / 400.
    retry: (count, error) => !(error instanceof HttpError && error.statusCode && error.statusCode < 500) && count < 2,
  });
}

export const isNotFound = (error: unknown) => error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 400);
