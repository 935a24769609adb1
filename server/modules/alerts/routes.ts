// E-mail alerts (issue 6): per quick search, or for the feed, daily or weekly, on or off.
//   GET    /email-config/        → {count, results: [AlertConfig]} (the feed first, then by name)
//   POST   /email-config/        {saved_search_id: id | null (the feed), frequency: daily|weekly,
//                                 enabled? (true)} → 201 AlertConfig; one per quick search / feed
//   GET    /email-config/{id}/   → AlertConfig
//   PATCH  /email-config/{id}/   {saved_search_id?, frequency?, enabled?} → AlertConfig
//   DELETE /email-config/{id}/   → 204
//   GET    /email-config/unsubscribe/?token=…   public: the link in every digest turns its alert
//                                 off and answers a small HTML confirmation; a bad token → 400
// Digests are sent by the job runner (server/jobs/digests.ts). The feed's own "seen" mark is
// feed-seen.ts (its own plugin, listed in modules/index.ts).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { badRequest, fieldError, notFound } from "../../http/errors.js";
import { ErrorResponse, Nullable } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { findSavedSearchRow } from "../saved-searches/queries.js";
import { MAX_ALERTS, alertFor, countAlerts, deleteAlert, getAlert, insertAlert, listAlerts, unsubscribe, updateAlert } from "./queries.js";
import { escapeHtml } from "./mail.js";

const FrequencySchema = Type.Union([Type.Literal("daily"), Type.Literal("weekly")]);
export const AlertConfigSchema = Type.Object({
  id: Type.Number(),
  saved_search_id: Type.Union([Type.Number(), Type.Null()], { description: "null = the feed" }),
  name: Type.String({ description: "The quick search's name, or 'My Feed'" }),
  resource: Type.String({ description: "The lister route it runs on" }),
  frequency: FrequencySchema,
  enabled: Type.Boolean(),
  last_sent_at: Type.Union([Type.String(), Type.Null()], { description: "When the last digest was checked/sent" }),
  created_at: Type.String(),
});
const AlertList = Type.Object({ count: Type.Number(), results: Type.Array(AlertConfigSchema) });
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) });
const SavedSearchId = Nullable(Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }));
const CreateBody = Type.Object(
  { saved_search_id: SavedSearchId, frequency: FrequencySchema, enabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
const PatchBody = Type.Object(
  { saved_search_id: Type.Optional(SavedSearchId), frequency: Type.Optional(FrequencySchema), enabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);
const UnsubscribeQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

export const BAD_UNSUBSCRIBE = "This unsubscribe link is not valid.";

const alertsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const tags = ["e-mail alerts"];

  /** The quick search must be the user's own: anyone else's reads as missing. */
  const checkSavedSearch = async (userId: number, id: number | null) => {
    if (id !== null && !(await findSavedSearchRow(db, userId, id))) throw fieldError("saved_search_id", "No such quick search.");
  };
  const taken = (id: number | null) =>
    fieldError("saved_search_id", id === null ? "You already have an alert for your feed." : "You already have an alert for this quick search.");

  app.get(
    "/email-config/",
    { config: { can: ["read", "EmailAlert"] }, schema: { tags, summary: "The user's e-mail alerts", response: { 200: AlertList, ...errors } } },
    async (request) => {
      const results = await listAlerts(db, requireAuth(request).user.id);
      return { count: results.length, results };
    },
  );

  app.post(
    "/email-config/",
    { config: { can: ["create", "EmailAlert"] }, schema: { tags, summary: "Alert on a quick search (or the feed), daily or weekly", body: CreateBody, response: { 201: AlertConfigSchema, ...errors } } },
    async (request, reply) => {
      const userId = requireAuth(request).user.id;
      const b = request.body;
      await checkSavedSearch(userId, b.saved_search_id);
      if (await alertFor(db, userId, b.saved_search_id)) throw taken(b.saved_search_id);
      if ((await countAlerts(db, userId)) >= MAX_ALERTS) throw fieldError("non_field_errors", `You have ${MAX_ALERTS} alerts. Delete some first.`);
      let id: number;
      try {
        id = await insertAlert(db, userId, { saved_search_id: b.saved_search_id, frequency: b.frequency, enabled: b.enabled ?? true });
      } catch (err) {
        if ((err as { code?: string })?.code === "23505") throw taken(b.saved_search_id);
        throw err;
      }
      return reply.code(201).send((await getAlert(db, userId, id))!);
    },
  );

  // Static before parametric: this path is never read as an id.
  app.get(
    "/email-config/unsubscribe/",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Turn an alert off from the link in its e-mail (no sign-in)",
        security: [],
        querystring: UnsubscribeQuery,
        produces: ["text/html"],
        response: { 200: Type.String({ description: "A small HTML confirmation" }), 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const done = await unsubscribe(db, request.query.token);
      if (!done) throw badRequest(BAD_UNSUBSCRIBE);
      const what = `the ${done.frequency} e-mail alert for “${done.name}”`;
      request.log.info({ alert: done.name }, "unsubscribed from an e-mail alert");
      return reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(
          `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
            `<title>Unsubscribed · InfraScout</title></head><body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">` +
            `<h1 style="font-size: 1.4rem">You are unsubscribed</h1><p>${escapeHtml(done.email)} will no longer receive ${escapeHtml(what)}.</p>` +
            `<p>You can turn it on again under <a href="${escapeHtml(app.config.publicUrl)}/email-alerts">Email Alerts</a>.</p></body></html>`,
        );
    },
  );

  app.get(
    "/email-config/:id/",
    { config: { can: ["read", "EmailAlert"] }, schema: { tags, summary: "One e-mail alert", params: IdParams, response: { 200: AlertConfigSchema, ...errors } } },
    async (request) => {
      const a = await getAlert(db, requireAuth(request).user.id, request.params.id);
      if (!a) throw notFound();
      return a;
    },
  );

  app.patch(
    "/email-config/:id/",
    { config: { can: ["update", "EmailAlert"] }, schema: { tags, summary: "Change an alert's frequency, search, or turn it on/off", params: IdParams, body: PatchBody, response: { 200: AlertConfigSchema, ...errors } } },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const id = request.params.id;
      const current = await getAlert(db, userId, id);
      if (!current) throw notFound();
      const b = request.body;
      if (b.saved_search_id !== undefined && b.saved_search_id !== current.saved_search_id) {
        await checkSavedSearch(userId, b.saved_search_id);
        if (await alertFor(db, userId, b.saved_search_id)) throw taken(b.saved_search_id);
      }
      try {
        if (!(await updateAlert(db, userId, id, b))) throw notFound();
      } catch (err) {
        if ((err as { code?: string })?.code === "23505") throw taken(b.saved_search_id ?? null);
        throw err;
      }
      return (await getAlert(db, userId, id))!;
    },
  );

  app.delete(
    "/email-config/:id/",
    { config: { can: ["delete", "EmailAlert"] }, schema: { tags, summary: "Delete an e-mail alert", params: IdParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      if (!(await deleteAlert(db, requireAuth(request).user.id, request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
};

export default alertsRoutes;
