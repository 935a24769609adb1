// Reminders on a lead, tender, tender result or company (issue 6). A user only ever reaches their own:
//   GET    /reminders/list        ?status=overdue|today|upcoming|done &from &to (ISO instants, the
//                                 calendar) &item_type &item_id  → {count, results: [Reminder]}
//   POST   /reminders/list        {item_type, item_id, remind_at (future ISO instant) | relative_to +
//                                 minutes_before (a tender's date less an offset, still ahead), note?} → 201 Reminder
//   GET    /reminders/list/{id}   → Reminder
//   PATCH  /reminders/list/{id}   {remind_at? | relative_to + minutes_before?, note?, completed?} → Reminder
//   DELETE /reminders/list/{id}   → 204
//   GET    /reminders/calendar/   ?from&to (IST days) → the calendar's events (calendar-routes.ts)
// "today" is the IST calendar day. Due reminders are mailed once by the job runner (server/jobs).
// A relative reminder moves with its tender's date (a database trigger, 029); timing.ts works out
// and checks a new reminder's time.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { MAX_MINUTES_BEFORE, REMINDER_ITEM_NOUNS, REMINDER_ITEM_TYPES, REMINDER_STATUSES, TENDER_DATE_FIELDS } from "../../../common/reminders.js";
import { fieldError, notFound } from "../../http/errors.js";
import { ErrorResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { findItemTitle } from "./items.js";
import {
  MAX_OPEN_REMINDERS,
  countOpenReminders,
  deleteReminder,
  getReminder,
  insertReminder,
  listReminders,
  updateReminder,
} from "./queries.js";
import { fixedTiming, futureInstant, relativeTiming, timingKind } from "./timing.js";

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Instant = Type.String({ format: "date-time", maxLength: 40, description: "ISO 8601 instant with a zone, e.g. 2025-01-31T09:30:00+05:30" });
const Note = Type.String({ maxLength: 2000 });
const ItemTypeSchema = Type.Enum([...REMINDER_ITEM_TYPES]);
const StatusSchema = Type.Enum([...REMINDER_STATUSES]);
const DateFieldSchema = Type.Enum([...TENDER_DATE_FIELDS], { description: "A tender date to remind before: closing_date | opening_date | prebid_date" });
const MinutesBefore = Type.Integer({ minimum: 0, maximum: MAX_MINUTES_BEFORE, description: `How long before the tender date, in minutes (at most ${MAX_MINUTES_BEFORE}: 90 days)` });
const DateMoveSchema = Type.Object({ field: DateFieldSchema, old: Nullable(Type.String()), new: Nullable(Type.String()), at: Type.String() });

/** How a reminder is timed and what moved since: in a reminder, and in the calendar's reminder events. */
export const ReminderTimingFields = {
  relative_to: Type.Union([DateFieldSchema, Type.Null()], { description: "The tender date the reminder follows; null for a fixed time" }),
  minutes_before: Type.Union([Type.Integer(), Type.Null()]),
  date_moves: Type.Array(DateMoveSchema, { description: "The tender's dates that moved since the reminder was set (a relative reminder's own date only)" }),
};
export const ReminderSchema = Type.Object({
  id: Type.Number(),
  item_type: ItemTypeSchema,
  item_id: Type.Number(),
  item_title: Nullable(Type.String({ description: "null when the item no longer exists" })),
  link: Type.String({ description: "The web app's page of the item, e.g. /private-leads/detail/12" }),
  remind_at: Type.String(),
  note: Type.String(),
  completed: Type.Boolean(),
  completed_at: Nullable(Type.String()),
  notified_at: Nullable(Type.String({ description: "When the reminder was e-mailed" })),
  created_at: Type.String(),
  status: StatusSchema,
  ...ReminderTimingFields,
});
const ReminderList = Type.Object({ count: Type.Number(), results: Type.Array(ReminderSchema) });
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) });
const ListQuery = Type.Object(
  {
    status: Type.Optional(StatusSchema),
    from: Type.Optional(Instant),
    to: Type.Optional(Instant),
    item_type: Type.Optional(ItemTypeSchema),
    item_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 })),
  },
  { additionalProperties: false },
);
const CreateBody = Type.Object(
  {
    item_type: ItemTypeSchema,
    item_id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }),
    remind_at: Type.Optional(Instant),
    relative_to: Type.Optional(DateFieldSchema),
    minutes_before: Type.Optional(MinutesBefore),
    note: Type.Optional(Note),
  },
  { additionalProperties: false },
);
const PatchBody = Type.Object(
  {
    remind_at: Type.Optional(Instant),
    relative_to: Type.Optional(DateFieldSchema),
    minutes_before: Type.Optional(MinutesBefore),
    note: Type.Optional(Note),
    completed: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

const remindersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const tags = ["reminders"];

  app.get(
    "/reminders/list",
    { config: { can: ["read", "Reminder"] }, schema: { tags, summary: "The user's reminders (by status, or a date range for the calendar)", querystring: ListQuery, response: { 200: ReminderList, ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      const q = request.query;
      const from = q.from ? new Date(q.from) : undefined;
      const to = q.to ? new Date(q.to) : undefined;
      if (from && Number.isNaN(from.getTime())) throw fieldError("from", "Enter a valid date-time.");
      if (to && Number.isNaN(to.getTime())) throw fieldError("to", "Enter a valid date-time.");
      if (from && to && from > to) throw fieldError("to", "Must not be before from.");
      return listReminders(db, auth.user.id, { status: q.status, from, to, itemType: q.item_type, itemId: q.item_id });
    },
  );

  app.post(
    "/reminders/list",
    { config: { can: ["create", "Reminder"] }, schema: { tags, summary: "Set a reminder on a lead, tender, tender result or company", body: CreateBody, response: { 201: ReminderSchema, ...errors } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const b = request.body;
      const kind = timingKind(b, true);
      const fixed = kind === "fixed" ? fixedTiming(futureInstant("remind_at", b.remind_at!)) : null;
      if ((await findItemTitle(db, b.item_type, b.item_id)) === undefined) throw fieldError("item_id", `No such ${REMINDER_ITEM_NOUNS[b.item_type]}.`);
      if ((await countOpenReminders(db, auth.user.id)) >= MAX_OPEN_REMINDERS) {
        throw fieldError("non_field_errors", `You have ${MAX_OPEN_REMINDERS} open reminders. Complete or delete some first.`);
      }
      const id = await db.transaction(async (tx) => {
        const timing = fixed ?? (await relativeTiming(tx, { type: b.item_type, id: b.item_id }, b.relative_to!, b.minutes_before!));
        return insertReminder(tx, auth.user.id, { item_type: b.item_type, item_id: b.item_id, note: b.note?.trim() ?? "", ...timing });
      });
      return reply.code(201).send((await getReminder(db, auth.user.id, id))!);
    },
  );

  app.get(
    "/reminders/list/:id",
    { config: { can: ["read", "Reminder"] }, schema: { tags, summary: "One of the user's reminders", params: IdParams, response: { 200: ReminderSchema, ...errors } } },
    async (request) => {
      const r = await getReminder(db, requireAuth(request).user.id, request.params.id);
      if (!r) throw notFound();
      return r;
    },
  );

  app.patch(
    "/reminders/list/:id",
    { config: { can: ["update", "Reminder"] }, schema: { tags, summary: "Change the time or note, complete or reopen", params: IdParams, body: PatchBody, response: { 200: ReminderSchema, ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      const b = request.body;
      const current = await getReminder(db, auth.user.id, request.params.id);
      if (!current) throw notFound();
      const kind = timingKind(b, false);
      const change = { note: b.note?.trim(), completed: b.completed };
      // The same time (or the same rule) again is no change; a new one must be ahead. The same
      // time on a relative reminder keeps it there and stops it following the date.
      const sameTime = kind === "fixed" && Date.parse(b.remind_at!) === Date.parse(current.remind_at);
      const sameRule = kind === "relative" && b.relative_to === current.relative_to && b.minutes_before === current.minutes_before;
      const updated = await db.transaction(async (tx) => {
        let timing;
        if (kind === "fixed" && !sameTime) timing = fixedTiming(futureInstant("remind_at", b.remind_at!));
        if (kind === "fixed" && sameTime && current.relative_to !== null) timing = fixedTiming(new Date(current.remind_at));
        if (kind === "relative" && !sameRule) timing = await relativeTiming(tx, { type: current.item_type, id: current.item_id }, b.relative_to!, b.minutes_before!);
        return updateReminder(tx, auth.user.id, request.params.id, { ...change, timing });
      });
      if (!updated) throw notFound();
      return (await getReminder(db, auth.user.id, request.params.id))!;
    },
  );

  app.delete(
    "/reminders/list/:id",
    { config: { can: ["delete", "Reminder"] }, schema: { tags, summary: "Delete a reminder", params: IdParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      if (!(await deleteReminder(db, requireAuth(request).user.id, request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
};

export default remindersRoutes;
