// In-app notifications of changes to the tenders and leads a user follows (issue 19, point 2),
// exactly the API of common/notifications.ts:
//   GET  /notifications/?page=N&unread=true   a page, newest first, with the total and unread counts
//   GET  /notifications/unread-count/          {unread}: the top bar's bell
//   POST /notifications/read/                  {ids} or {all: true} → {unread}; idempotent
//   GET  /notifications/settings/              the delivery mode per kind
//   PUT  /notifications/settings/              some kinds' modes → every kind's
// Any signed-in user (a lapsed subscriber still sees what they were told and the bell's count),
// only ever their own notifications: the job (server/jobs/notifications.ts) makes them.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { CHANGE_FIELDS } from "../../../common/changes.js";
import { DELIVERY_MODES, FOLLOW_REASONS, NOTIFICATION_KINDS, NOTIFICATION_PAGE_SIZE } from "../../../common/notifications.js";
import { fieldError } from "../../http/errors.js";
import { ErrorResponse, Nullable } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { getSettings, listNotifications, markRead, saveSettings, unreadCount } from "./queries.js";

/** Ids one mark-read request may name (a page is NOTIFICATION_PAGE_SIZE; a client selecting several pages stays well within). */
export const MAX_READ_IDS = 500;
const MAX_PAGE = 100_000;

const Kind = Type.Enum([...NOTIFICATION_KINDS]);
const Mode = Type.Enum([...DELIVERY_MODES]);
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Value = Nullable(Type.Union([Type.String(), Type.Number()]));

const AssignmentNotice = Type.Object({
  id: Type.Integer(),
  assigned_by: Nullable(Type.String()),
  note: Type.String(),
  due_at: Nullable(Type.String({ format: "date-time" })),
  status: Type.Union([Type.Literal("open"), Type.Literal("done")]),
});
const NotificationView = Type.Object({
  id: Type.Integer(),
  kind: Kind,
  item_type: Type.Union([Type.Literal("tender"), Type.Literal("project"), Type.Literal("company")]),
  item_id: Type.Integer(),
  item_title: Type.String(),
  change_set_id: Nullable(Type.Integer({ description: "null for an assignment" })),
  changes: Type.Array(Type.Object({ field: Type.String({ description: `One of ${[...new Set(Object.values(CHANGE_FIELDS).flat())].join(", ")}` }), old: Value, new: Value })),
  reasons: Type.Array(Type.Enum([...FOLLOW_REASONS]), { description: "Why the user follows the item, strongest first" }),
  created_at: Type.String({ format: "date-time", description: "When the change was found, or the assignment told (UTC)" }),
  read_at: Nullable(Type.String({ format: "date-time" })),
  assignment: Type.Optional(AssignmentNotice),
});
const NotificationList = Type.Object({ count: Type.Integer(), unread: Type.Integer(), results: Type.Array(NotificationView) });
const Unread = Type.Object({ unread: Type.Integer() });
const ListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
    unread: Type.Optional(Type.Boolean({ description: "true: only unread notifications" })),
  },
  { additionalProperties: false },
);
const ReadBody = Type.Object(
  {
    ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: MAX_READ_IDS, description: "The notifications to mark read" })),
    all: Type.Optional(Type.Literal(true, { description: "Mark every notification read" })),
  },
  { additionalProperties: false },
);
const Settings = Type.Object({ tender_changes: Mode, lead_changes: Mode, assignment: Mode });
const SettingsBody = Type.Object({ tender_changes: Type.Optional(Mode), lead_changes: Type.Optional(Mode), assignment: Type.Optional(Mode) }, { additionalProperties: false });
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const tags = ["notifications"];
const access = "user" as const;

const notificationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/notifications/",
    { config: { access }, schema: { tags, summary: `The user's notifications, newest first, ${NOTIFICATION_PAGE_SIZE} a page`, querystring: ListQuery, response: { 200: NotificationList, ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      return listNotifications(app.db, auth.user.id, { page: request.query.page ?? 1, unreadOnly: request.query.unread === true });
    },
  );

  app.get(
    "/notifications/unread-count/",
    { config: { access }, schema: { tags, summary: "How many of the user's notifications are unread", response: { 200: Unread, ...errors } } },
    async (request) => ({ unread: await unreadCount(app.db, requireAuth(request).user.id) }),
  );

  app.post(
    "/notifications/read/",
    { config: { access }, schema: { tags, summary: "Mark some ({ids}) or all ({all: true}) of the user's notifications read", body: ReadBody, response: { 200: Unread, ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      const { ids, all } = request.body;
      if ((ids === undefined) === (all === undefined)) throw fieldError("non_field_errors", "Send either ids (the notifications to mark read) or all: true.");
      return { unread: await markRead(app.db, auth.user.id, all ? { all } : { ids: [...new Set(ids)] }) };
    },
  );

  app.get(
    "/notifications/settings/",
    { config: { access }, schema: { tags, summary: "How each kind of notification reaches the user: instant e-mail, daily digest, or in the app only (off)", response: { 200: Settings, ...errors } } },
    async (request) => getSettings(app.db, requireAuth(request).user.id),
  );

  app.put(
    "/notifications/settings/",
    { config: { access }, schema: { tags, summary: "Change how some kinds of notification reach the user", body: SettingsBody, response: { 200: Settings, ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      if (!NOTIFICATION_KINDS.some((kind) => request.body[kind])) throw fieldError("non_field_errors", `Send the mode (${DELIVERY_MODES.join(", ")}) of at least one kind: ${NOTIFICATION_KINDS.join(", ")}.`);
      return saveSettings(app.db, auth.user.id, request.body);
    },
  );
};

export default notificationsRoutes;
