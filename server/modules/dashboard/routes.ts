// The dashboard API area (spec section 7, Dashboard): the signed-in user's own numbers. Counts
// a dashboard panel links to a lister for come from the search engine or from the same rows
// the lister filters on, so the panel's number is the lister's count. competitor_comparison/
// and competitor_lister/ belong to the competitors module.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { fieldError } from "../../http/errors.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { feedSeries, feedTotal, underConstruction } from "./lead-counts.js";
import { lastDays, parseDateField, parseDays, parseWindow, previousWindow } from "./params.js";
import { recentlyViewed, reminderStat, shortlistedStatusStat, shortlistedStatusUpdates } from "./queries.js";
import {
  DateRangeQuery,
  DaysQuery,
  errors,
  LeadCountSeriesSchema,
  PageQuery,
  RecentlyViewedSchema,
  ReminderStatSchema,
  ShortlistedStatusStatSchema,
  StatusUpdatesSchema,
  UnderConstructionSchema,
} from "./schemas.js";

const tags = ["dashboard"];
const config = { can: ["read", "Dashboard"] as ["read", "Dashboard"] };

function parsePage(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return 1;
  const n = Number(raw.trim());
  if (!/^\d+$/.test(raw.trim()) || n < 1 || n > 100_000) throw fieldError("page", "Enter a page number from 1.");
  return n;
}

const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const userOf = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

  app.get(
    "/dashboard/shortlisted_status_stat/",
    { config, schema: { tags, summary: "The user's marked leads by mark, and their shortlisted leads by project status (each split construction/industrial)", response: { 200: ShortlistedStatusStatSchema, ...errors } } },
    async (request) => shortlistedStatusStat(app.db, userOf(request)),
  );

  app.get(
    "/projs_cnt_date_range/",
    {
      config,
      schema: { tags, summary: "Leads for the user's preferences per day of a date range (list/my-feed/ with that range)", querystring: DateRangeQuery, response: { 200: LeadCountSeriesSchema, ...errors } },
    },
    async (request) => {
      const field = parseDateField(request.query.date_field);
      const window = parseWindow(request.query.date_gte, request.query.date_lte);
      return feedSeries(app.db, userOf(request), field, window);
    },
  );

  app.get(
    "/proj_cnt_stats/",
    { config, schema: { tags, summary: "New leads (arrived) for the user's preferences per day of the last `days` days (default 30), with the previous period's total", querystring: DaysQuery, response: { 200: LeadCountSeriesSchema, ...errors } } },
    async (request) => {
      const window = lastDays(parseDays(request.query.days));
      const userId = userOf(request);
      const [series, previous] = await Promise.all([feedSeries(app.db, userId, "arrived_date", window), feedTotal(app.db, userId, "arrived_date", previousWindow(window))]);
      return { ...series, previous_total: previous };
    },
  );

  app.get(
    "/proj_cnt_under_construction/",
    { config, schema: { tags, summary: "Leads under construction (as the lead listers count them), by category and state; the user's shortlisted ones", response: { 200: UnderConstructionSchema, ...errors } } },
    async (request) => underConstruction(app.db, userOf(request)),
  );

  app.get(
    "/proj_status_reminder_cnt/",
    { config, schema: { tags, summary: "The user's open reminders: overdue, today (IST), upcoming; by item type; on leads by the lead's status", response: { 200: ReminderStatSchema, ...errors } } },
    async (request) => reminderStat(app.db, userOf(request)),
  );

  app.get(
    "/shortlisted_proj_status_updates/",
    { config, schema: { tags, summary: "Status changes of the user's shortlisted leads, newest first (10 a page)", querystring: PageQuery, response: { 200: StatusUpdatesSchema, ...errors } } },
    async (request) => shortlistedStatusUpdates(app.db, userOf(request), parsePage(request.query.page)),
  );

  app.get(
    "/recently_viewed/",
    { config, schema: { tags, summary: "The last leads, tenders, results and companies the user opened, newest first", response: { 200: RecentlyViewedSchema, ...errors } } },
    async (request) => recentlyViewed(app.db, userOf(request)),
  );
};
export default dashboardRoutes;
