// The dashboard's calls (common/dashboard.ts, common/companies.ts) as Refine custom queries on
// the REST provider, and the lister links each number opens: the lead listers' URL language
// (lib/searchUrl), so a panel's number is the count the linked lister shows.
import { useCustom, type BaseRecord, type HttpError } from "@refinedev/core";
import type { CompetitorComparisonRow, CompetitorListerResponse } from "../../../common/companies";
import type {
  LeadCategory,
  LeadCountSeries,
  LeadDateField,
  RecentlyViewed,
  ReminderStat,
  ShortlistedStatusStat,
  StatusUpdatesPage,
  UnderConstructionStat,
} from "../../../common/dashboard";

/** What a panel reads of its call: the answer once there, whether it is loading or failed. */
export interface PanelData<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: HttpError | null;
}

/** One dashboard GET. `toast: false`: the panel shows its own failure instead of a toast. */
function useDashboardCall<T extends BaseRecord>(url: string, query?: Record<string, string | number>, { toast = true } = {}): PanelData<T> {
  const { query: call } = useCustom<T>({
    url,
    method: "get",
    dataProviderName: "rest",
    config: { query },
    meta: toast ? undefined : { toast: false },
    // The HTTP layer toasts failures; the panel shows them as well.
    errorNotification: false,
  });
  return { data: call.data?.data, isPending: call.isPending, isError: call.isError, error: call.error };
}

export const useMarksStat = () => useDashboardCall<ShortlistedStatusStat>("dashboard/shortlisted_status_stat/");
/** New leads per day: of a chosen range and date field, else of the last `days` days of arrival. */
export const useLeadCounts = (days: number, range: { from: string; to: string; field: LeadDateField } | null) =>
  useDashboardCall<LeadCountSeries>(
    range ? "projs_cnt_date_range/" : "proj_cnt_stats/",
    range ? { date_gte: range.from, date_lte: range.to, date_field: range.field } : { days },
  );
export const useUnderConstruction = () => useDashboardCall<UnderConstructionStat>("proj_cnt_under_construction/");
export const useReminderStat = () => useDashboardCall<ReminderStat>("proj_status_reminder_cnt/");
export const useStatusUpdates = (page: number) => useDashboardCall<StatusUpdatesPage>("shortlisted_proj_status_updates/", { page });
export const useRecentlyViewed = () => useDashboardCall<RecentlyViewed>("recently_viewed/");
// The competitors module's panels: their own errors are shown in the panel, not as toasts.
export const useCompetitorComparison = (days: number) =>
  useDashboardCall<{ days: number | null; results: CompetitorComparisonRow[] }>("competitor_comparison/", { days }, { toast: false });
export const useCompetitorSuggestions = () => useDashboardCall<CompetitorListerResponse>("competitor_lister/", { page: 1 }, { toast: false });

export const LEAD_LISTERS: Record<LeadCategory, { path: string; label: string }> = {
  construction: { path: "/private-construction-leads", label: "Construction" },
  industrial: { path: "/private-industrial-leads", label: "Industrial" },
};

function withFilters(path: string, filters: string[], extra: Record<string, string> = {}): string {
  const p = new URLSearchParams();
  for (const f of filters) p.append("filter", f);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  const qs = p.toString();
  return qs ? `${path}?${qs}` : path;
}

/** A lead lister showing exactly these leads (rejected ones need search_all=true to be listed at all). */
export function leadListLink(category: LeadCategory, filters: string[], opts: { searchAll?: boolean } = {}): string {
  return withFilters(LEAD_LISTERS[category].path, filters, opts.searchAll ? { search_all: "true" } : {});
}

/** My Feed (list/my-feed/: the user's preferences) narrowed to days of a date field. */
export function feedLink(field: LeadDateField, gte: string, lte: string): string {
  return withFilters("/my-feed", [`${field}:[${gte} TO ${lte}]`]);
}

export const markFilter = (mark: string) => `mark:${mark}`;
export const statusFilter = (status: string) => `status:${status}`;
