// A team's daily feed (issue 20, point 6; common/team-feed.ts): read it (any member), set it up,
// stop it and send it now (admins). The quick searches are the admin's own; the recipients are
// members; the webhook is the team's — anything else answers 400 and changes nothing.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { FEED_MAX_SEARCHES, type TeamFeedView } from "../../../common/team-feed.js";
import { badRequest, conflict, notFound } from "../../http/errors.js";
import { ErrorResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { auditAs } from "../audit/log.js";
import { assertTeamAdmin, myMembership } from "../teams/routes.js";
import { deleteFeed, findFeed, isTeamWebhook, ownSavedSearches, recentRuns, saveFeed, teamRecipients, type FeedRow, type RunRow } from "./queries.js";
import { sendFeed } from "./send.js";

const tags = ["team"];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse };
const Id = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
const Format = Type.Union([Type.Literal("csv"), Type.Literal("xlsx")]); // FEED_FORMATS
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const FeedInput = Type.Object(
  {
    saved_search_ids: Type.Array(Id, { minItems: 1, maxItems: FEED_MAX_SEARCHES, uniqueItems: true }),
    format: Format,
    email_to: Type.Array(Id, { maxItems: 1000, uniqueItems: true }),
    webhook_id: Type.Union([Type.Null(), Id]),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
const FeedSchema = Type.Object({
  saved_search_ids: Type.Array(Type.Number()),
  format: Format,
  email_to: Type.Array(Type.Number()),
  webhook_id: Type.Union([Type.Number(), Type.Null()]),
  enabled: Type.Boolean(),
  owner: Type.Object({ id: Type.Number(), name: Type.String() }),
  searches: Type.Array(Type.Object({ id: Type.Number(), name: Type.String(), resource: Type.String() })),
  covered_until: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.String(),
});
const RunSchema = Type.Object({
  id: Type.Number(),
  started_at: Type.String(),
  covered_from: Type.String(),
  covered_to: Type.String(),
  rows: Type.Number(),
  emailed: Type.Number(),
  posted: Type.Boolean(),
  status: Type.Union([Type.Literal("sent"), Type.Literal("empty"), Type.Literal("failed")]),
  error: Type.Union([Type.String(), Type.Null()]),
  manual: Type.Boolean(),
});
const ViewSchema = Type.Object({ feed: Type.Union([FeedSchema, Type.Null()]), runs: Type.Array(RunSchema) });
const SendAnswer = Type.Object({
  status: Type.Union([Type.Literal("sent"), Type.Literal("empty"), Type.Literal("failed")]),
  rows: Type.Number(),
  emailed: Type.Number(),
  posted: Type.Boolean(),
  error: Type.Union([Type.String(), Type.Null()]),
});

export const NO_FEED = "Your team has no daily feed yet.";
export const FEED_BUSY = "The feed is being sent right now.";
export const NOWHERE = "Choose members to mail the feed to, or a webhook to post it to.";

const toRun = (r: RunRow) => ({
  id: Number(r.id), started_at: iso(r.started_at)!, covered_from: iso(r.covered_from)!, covered_to: iso(r.covered_to)!, rows: r.rows,
  emailed: r.emailed, posted: r.webhook_delivery_id !== null, status: r.status, error: r.error, manual: r.manual,
});

const teamFeedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;

  async function view(teamId: number): Promise<TeamFeedView> {
    const [feed, runs] = await Promise.all([findFeed(db, teamId), recentRuns(db, teamId)]);
    return { feed: feed ? await toFeed(feed) : null, runs: runs.map(toRun) };
  }
  async function toFeed(f: FeedRow) {
    const searches = await ownSavedSearches(db, f.owner_id, f.saved_search_ids);
    return {
      saved_search_ids: f.saved_search_ids, format: f.format, email_to: f.email_to, webhook_id: f.webhook_id, enabled: f.enabled,
      owner: { id: Number(f.owner_id), name: f.owner_name }, searches: searches.map(({ id, name, resource }) => ({ id, name, resource })),
      covered_until: iso(f.covered_until), updated_at: iso(f.updated_at)!,
    };
  }

  app.get(
    "/team/feed/",
    { config: { can: ["read", "Team"] }, schema: { tags, summary: "The team's daily feed and its last runs (feed null when there is none)", response: { 200: ViewSchema, ...errors } } },
    async (request) => view((await myMembership(request)).team_id),
  );

  app.put(
    "/team/feed/",
    {
      config: { can: ["update", "Team"] },
      schema: { tags, summary: "Set up the team's daily feed (admins): the caller's quick searches, a format, members to mail, a webhook", body: FeedInput, response: { 200: ViewSchema, ...errors } },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const body = request.body;
      return db.transaction(async (tx) => {
        const m = await myMembership(request, tx);
        assertTeamAdmin(m);
        const own = await ownSavedSearches(tx, userId, body.saved_search_ids);
        if (own.length !== body.saved_search_ids.length) throw badRequest("Choose your own quick searches: others' are private to them.");
        if ((await teamRecipients(tx, m.team_id, body.email_to)).length !== body.email_to.length) throw badRequest("The feed can be mailed only to members of your team.");
        if (body.webhook_id !== null && !(await isTeamWebhook(tx, m.team_id, body.webhook_id))) throw badRequest("Choose one of your team's webhooks.");
        if (!body.email_to.length && body.webhook_id === null) throw badRequest(NOWHERE);
        await saveFeed(tx, m.team_id, userId, body);
        await auditAs(request, "team_feed_saved", { itemType: "team", itemId: m.team_id, details: { ...body } }, tx);
        return m.team_id;
      }).then(view);
    },
  );

  app.delete(
    "/team/feed/",
    { config: { can: ["update", "Team"] }, schema: { tags, summary: "Stop the team's daily feed (admins)", response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      await db.transaction(async (tx) => {
        const m = await myMembership(request, tx);
        assertTeamAdmin(m);
        if (!(await deleteFeed(tx, m.team_id))) throw notFound(NO_FEED);
        await auditAs(request, "team_feed_deleted", { itemType: "team", itemId: m.team_id }, tx);
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/team/feed/send/",
    {
      // No limit of its own: each send covers only what arrived since the last, and mails only when something did.
      config: { can: ["update", "Team"], noBody: true },
      schema: {
        tags,
        summary: "Send what is new since the last feed now (admins)",
        response: { 200: SendAnswer, ...errors },
      },
    },
    async (request) => {
      const m = await myMembership(request);
      assertTeamAdmin(m);
      if (!(await findFeed(db, m.team_id))) throw notFound(NO_FEED);
      const outcome = await sendFeed(app, m.team_id, new Date(), true);
      if (outcome.status === "skipped") throw conflict(FEED_BUSY);
      await auditAs(request, "team_feed_sent", { itemType: "team", itemId: m.team_id, details: { rows: outcome.rows, emailed: outcome.emailed, posted: outcome.posted, status: outcome.status } });
      return { ...outcome, status: outcome.status };
    },
  );
};

export default teamFeedRoutes;
