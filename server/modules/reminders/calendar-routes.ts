// The project calendar (issue 6):
//   GET /reminders/calendar/?from=YYYY-MM-DD&to=YYYY-MM-DD  (inclusive, at most CALENDAR_MAX_DAYS)
//   → {from, to, results: [CalendarEvent]} by day, then time. The events: calendar.ts.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { REMINDER_ITEM_TYPES } from "../../../common/reminders.js";
import { fieldError } from "../../http/errors.js";
import { ErrorResponse, Nullable } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { ReminderTimingFields } from "./routes.js";
import { CALENDAR_MAX_DAYS, DAY_MS, EVENT_KINDS, calendarEvents } from "./calendar.js";

const Day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", maxLength: 10, description: "An IST calendar day, YYYY-MM-DD" });
const KindSchema = Type.String({ enum: [...EVENT_KINDS], description: EVENT_KINDS.join(" | ") });
const EventSchema = Type.Object({
  key: Type.String({ description: "Unique in the answer, e.g. reminder:12, tender_closing:7" }),
  kind: KindSchema,
  label: Type.String({ description: "e.g. Tender closing" }),
  date: Type.String({ description: "The IST day, YYYY-MM-DD" }),
  at: Nullable(Type.String({ description: "The instant; null for a whole-day event (project dates)" })),
  item_type: Type.Enum([...REMINDER_ITEM_TYPES]),
  item_id: Type.Number(),
  title: Nullable(Type.String()),
  link: Type.String(),
  reminder: Nullable(Type.Object({ id: Type.Number(), note: Type.String(), completed: Type.Boolean(), status: Type.String(), ...ReminderTimingFields })),
});
const CalendarResponse = Type.Object({ from: Type.String(), to: Type.String(), results: Type.Array(EventSchema) });
const Query = Type.Object({ from: Day, to: Day }, { additionalProperties: false });

/** A real calendar day, or a 400 on the field. */
function day(field: string, value: string): number {
  const t = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== value) throw fieldError(field, "Enter a valid date (YYYY-MM-DD).");
  return t;
}

const calendarRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/reminders/calendar/",
    {
      config: { can: ["read", "Reminder"] },
      schema: {
        tags: ["reminders"],
        summary: "Calendar events in a range of days: reminders, shortlisted leads' start and completion, followed tenders' closing and pre-bid meeting",
        querystring: Query,
        response: { 200: CalendarResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { from, to } = request.query;
      const a = day("from", from);
      const b = day("to", to);
      if (b < a) throw fieldError("to", "Must not be before from.");
      if ((b - a) / DAY_MS + 1 > CALENDAR_MAX_DAYS) throw fieldError("to", `Choose at most ${CALENDAR_MAX_DAYS} days.`);
      return { from, to, results: await calendarEvents(app.db, auth.user.id, from, to) };
    },
  );
};

export default calendarRoutes;
