// The dashboard's calls (common/dashboard.ts, common/companies.ts) through the one HTTP layer,
// and the lister links each number opens: the lead listers' URL language (lib/searchUrl), so a
// panel's number is the count the linked lister shows.
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
import { http } from "../../providers/http";

type Opts = { signal?: AbortSignal };

export const dashboardApi = {
  marks: ({ signal }: Opts) => http.get<ShortlistedStatusStat>("dashboard/shortlisted_status_stat/", { signal }),
  stats: (days: number, { signal }: Opts) => http.get<LeadCountSeries>("proj_cnt_stats/", { query: { days }, signal }),
  range: (q: { date_gte: string; date_lte: string; date_field: LeadDateField }, { signal }: Opts) => http.get<LeadCountSeries>("projs_cnt_date_range/", { query: q, signal }),
  underConstruction: ({ signal }: Opts) => http.get<UnderConstructionStat>("proj_cnt_under_construction/", { signal }),
  reminders: ({ signal }: Opts) => http.get<ReminderStat>("proj_status_reminder_cnt/", { signal }),
  statusUpdates: (page: number, { signal }: Opts) => http.get<StatusUpdatesPage>("shortlisted_proj_status_updates/", { query: { page }, signal }),
  recentlyViewed: ({ signal }: Opts) => http.get<RecentlyViewed>("recently_viewed/", { signal }),
  // The competitors module's panels: their own errors are shown in the panel, not as toasts.
  competitorComparison: (days: number, { signal }: Opts) =>
    http.get<{ days: number | null; results: CompetitorComparisonRow[] }>("competitor_comparison/", { query: { days }, signal, toast: false }),
  competitorLister: ({ signal }: Opts) => http.get<CompetitorListerResponse>("competitor_lister/", { query: { page: 1 }, signal, toast: false }),
};

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
