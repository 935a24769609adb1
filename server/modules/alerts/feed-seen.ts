// My Feed's "new since you last looked" (issue 6): one instant per user (feed_seen). A feed item
// is unseen when it arrived after it; before the first visit every item is.
//   GET  /list/my-feed/seen/   → {seen_at: instant | null}
//   POST /list/my-feed/seen/   {seen_at?: instant (default now)} → {seen_at, previous_seen_at}
// The mark only moves forward (an older instant leaves it as it is) and never past now, so two
// tabs cannot un-see items and a client clock ahead cannot hide tomorrow's items.
// Beside the alerts because both answer "what is new for this user"; the feed itself is
// list/my-feed/ (server/modules/projects).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { fieldError } from "../../http/errors.js";
import { ErrorResponse, Nullable } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { feedSeenAt, markFeedSeen } from "./queries.js";

const Seen = Type.Object({ seen_at: Nullable(Type.String({ description: "Items that arrived after this are unseen; null = none seen yet" })) });
const Marked = Type.Object({ seen_at: Type.String(), previous_seen_at: Nullable(Type.String()) });
const Body = Type.Object(
  { seen_at: Type.Optional(Type.String({ format: "date-time", maxLength: 40, description: "Default: now. Usually the newest arrived_date the user saw." })) },
  { additionalProperties: false },
);
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse };

const feedSeenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ["leads"];
  app.get(
    "/list/my-feed/seen/",
    { config: { can: ["read", "Feed"] }, schema: { tags, summary: "When the user last saw their feed", response: { 200: Seen, ...errors } } },
    async (request) => {
      const at = await feedSeenAt(app.db, requireAuth(request).user.id);
      return { seen_at: at ? at.toISOString() : null };
    },
  );
  app.post(
    "/list/my-feed/seen/",
    { config: { can: ["read", "Feed"] }, schema: { tags, summary: "Mark the feed seen up to an instant (default now)", body: Body, response: { 200: Marked, ...errors } } },
    async (request) => {
      const now = new Date();
      let at = now;
      const raw = request.body.seen_at;
      if (raw !== undefined) {
        at = new Date(raw);
        if (Number.isNaN(at.getTime())) throw fieldError("seen_at", "Enter a valid date-time.");
        if (at > now) at = now;
      }
      const { previous, seenAt } = await markFeedSeen(app.db, requireAuth(request).user.id, at);
      return { seen_at: seenAt.toISOString(), previous_seen_at: previous ? previous.toISOString() : null };
    },
  );
};

export default feedSeenRoutes;
