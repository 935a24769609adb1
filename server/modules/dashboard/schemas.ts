// TypeBox schemas of the dashboard's answers (mirroring common/dashboard.ts) and requests.
import { Type } from "typebox";
import { REMINDER_ITEM_TYPES } from "../../../common/reminders.js";
import { ErrorResponse } from "../../http/schemas.js";

const nullableString = Type.Union([Type.String(), Type.Null()]);
const categoryCount = { count: Type.Number(), construction: Type.Number(), industrial: Type.Number() };

export const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse };

export const ShortlistedStatusStatSchema = Type.Object({
  total: Type.Number({ description: "Leads the user marked shortlisted, tentative or rejected" }),
  by_mark: Type.Array(Type.Object({ mark: Type.Union([Type.Literal("shortlisted"), Type.Literal("tentative"), Type.Literal("rejected")]), ...categoryCount })),
  by_status: Type.Array(Type.Object({ status: nullableString, ...categoryCount }), { description: "Shortlisted leads by current project status" }),
});

export const DateRangeQuery = Type.Object({
  date_gte: Type.Optional(Type.String({ maxLength: 40, description: "First day, YYYY-MM-DD (UTC; default 29 days before date_lte)" })),
  date_lte: Type.Optional(Type.String({ maxLength: 40, description: "Last day, YYYY-MM-DD (UTC; default today)" })),
  date_field: Type.Optional(Type.String({ maxLength: 40, description: "arrived_date (default), retrieved_on, reviewed_date, start_date or completion_date" })),
});
export const DaysQuery = Type.Object({
  days: Type.Optional(Type.String({ maxLength: 10, description: "Days up to today (default 30)" })),
});

export const LeadCountSeriesSchema = Type.Object({
  date_field: Type.String(),
  date_gte: Type.String(),
  date_lte: Type.String(),
  total: Type.Number({ description: "Equals list/my-feed/'s count with filter=<date_field>:[<date_gte> TO <date_lte>]" }),
  days: Type.Array(Type.Object({ date: Type.String(), count: Type.Number() })),
  previous_total: Type.Optional(Type.Number({ description: "proj_cnt_stats/: the same number of days just before" })),
});

export const UnderConstructionSchema = Type.Object({
  ...categoryCount,
  shortlisted: Type.Object(categoryCount),
  by_state: Type.Array(Type.Object({ state: Type.String(), ...categoryCount })),
});

export const ReminderStatSchema = Type.Object({
  open: Type.Number(),
  by_due: Type.Array(Type.Object({ due: Type.Union([Type.Literal("overdue"), Type.Literal("today"), Type.Literal("upcoming")]), count: Type.Number() })),
  by_item_type: Type.Array(Type.Object({ item_type: Type.Enum([...REMINDER_ITEM_TYPES]), count: Type.Number() })),
  by_lead_status: Type.Array(Type.Object({ status: nullableString, count: Type.Number() })),
});

export const PageQuery = Type.Object({ page: Type.Optional(Type.String({ maxLength: 10, description: "Page from 1" })) });

export const StatusUpdatesSchema = Type.Object({
  count: Type.Number(),
  page: Type.Number(),
  page_size: Type.Number(),
  results: Type.Array(
    Type.Object({
      id: Type.Number(),
      project_id: Type.Number(),
      title: Type.String(),
      category: Type.Union([Type.Literal("construction"), Type.Literal("industrial")]),
      old_status: nullableString,
      new_status: Type.String(),
      note: nullableString,
      created_at: Type.String(),
    }),
  ),
});

export const RecentlyViewedSchema = Type.Object({
  results: Type.Array(
    Type.Object({
      item_type: Type.Union([Type.Literal("project"), Type.Literal("tender"), Type.Literal("result"), Type.Literal("company")]),
      item_id: Type.Number(),
      title: nullableString,
      subtitle: nullableString,
      link: Type.String(),
      viewed_at: Type.String(),
    }),
  ),
});
