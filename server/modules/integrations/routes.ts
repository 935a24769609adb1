// A team's signed webhooks (issue 20, point 4): its owner and admins add, list and delete them, read
// each one's deliveries, replay a delivery and send a test event. Every id is looked up within the
// caller's team, so another team's ids answer 404; a plain member is answered 403. The secret is
// sealed on the way in (server/lib/secrets.ts) and never answered. Creates, deletes, replays and
// test events are in the audit log.
import crypto from "node:crypto";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { conflict, HttpError, notFound } from "../../http/errors.js";
import { integrationsBox, MissingKeyError, secretHint, type SecretBox } from "../../lib/secrets.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { auditAs } from "../audit/log.js";
import { assertTeamAdmin, myMembership } from "../teams/routes.js";
import { eventBody } from "./events.js";
import { claimDue, deleteWebhook, deliveryById, findDelivery, findWebhook, insertDelivery, insertWebhook, teamWebhooks, webhookCount, webhookDeliveries } from "./queries.js";
import {
  CreateWebhookBody,
  DeliveriesPage,
  DeliveryParams,
  DeliverySchema,
  DELIVERIES_PAGE_SIZE,
  errors,
  IdParams,
  MAX_WEBHOOKS_PER_TEAM,
  tags,
  toDelivery,
  toWebhook,
  WebhookSchema,
} from "./schemas.js";
import { deliverClaimed, secretContext } from "./sender.js";
import { acceptableWebhookUrl } from "./url-policy.js";

export const WEBHOOK_NOT_FOUND = "No such webhook in your team.";
export const DELIVERY_NOT_FOUND = "No such delivery of this webhook.";
export const NOT_CONFIGURED = "Webhooks are not set up on this server: its administrator must set INTEGRATIONS_KEY.";

const integrationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const base = "/integrations/webhooks/";

  /** The caller's team, when they are its owner or an admin. */
  async function adminTeam(request: FastifyRequest): Promise<number> {
    const m = await myMembership(request);
    assertTeamAdmin(m);
    return m.team_id;
  }

  async function teamWebhook(request: FastifyRequest, id: number) {
    const teamId = await adminTeam(request);
    const hook = await findWebhook(db, teamId, id);
    if (!hook) throw notFound(WEBHOOK_NOT_FOUND);
    return hook;
  }

  function box(): SecretBox {
    try {
      return integrationsBox(app.config);
    } catch (err) {
      if (err instanceof MissingKeyError) throw new HttpError(503, { detail: NOT_CONFIGURED });
      throw err;
    }
  }

  app.get(base, { config: { can: ["read", "Team"] }, schema: { tags, summary: "The team's webhooks (owner and admins)", response: { 200: Type.Array(WebhookSchema), ...errors } } }, async (request) =>
    (await teamWebhooks(db, await adminTeam(request))).map(toWebhook),
  );

  app.post(
    base,
    {
      config: { can: ["update", "Team"] },
      schema: { tags, summary: "Add a webhook: an https URL, a signing secret (stored encrypted, never answered) and its events", body: CreateWebhookBody, response: { 201: WebhookSchema, ...errors } },
    },
    async (request, reply) => {
      const teamId = await adminTeam(request);
      const url = await acceptableWebhookUrl(request.body.url, app.config.webhookAllowPrivate);
      const secret = request.body.secret;
      const secretEnc = box().seal(secret, secretContext(teamId));
      const hook = await db.transaction(async (tx) => {
        await tx.query(`SELECT id FROM teams WHERE id = $1 FOR UPDATE`, [teamId]); // the count below holds
        if ((await webhookCount(tx, teamId)) >= MAX_WEBHOOKS_PER_TEAM) throw conflict(`A team can have at most ${MAX_WEBHOOKS_PER_TEAM} webhooks: delete one first.`);
        const events = [...request.body.events];
        const id = await insertWebhook(tx, { teamId, url, secretEnc, secretHint: secretHint(secret), events, createdBy: requireAuth(request).user.id });
        await auditAs(request, "webhook_created", { itemType: "webhook", itemId: id, details: { team_id: teamId, url, events } }, tx);
        return (await findWebhook(tx, teamId, id))!;
      });
      return reply.code(201).send(toWebhook(hook));
    },
  );

  app.delete(
    `${base}:id/`,
    { config: { can: ["update", "Team"] }, schema: { tags, summary: "Delete a webhook (its pending deliveries are not sent)", params: IdParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      const hook = await teamWebhook(request, request.params.id);
      await db.transaction(async (tx) => {
        if (!(await deleteWebhook(tx, hook.team_id, hook.id))) throw notFound(WEBHOOK_NOT_FOUND);
        await auditAs(request, "webhook_deleted", { itemType: "webhook", itemId: hook.id, details: { team_id: hook.team_id, url: hook.url, events: hook.events } }, tx);
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${base}:id/deliveries/`,
    {
      config: { can: ["read", "Team"] },
      schema: {
        tags,
        summary: "A webhook's deliveries, newest first: event, status, tries, last status code and error, times",
        params: IdParams,
        querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })) }, { additionalProperties: false }),
        response: { 200: DeliveriesPage, ...errors },
      },
    },
    async (request) => {
      const hook = await teamWebhook(request, request.params.id);
      const page = request.query.page ?? 1;
      const { count, rows } = await webhookDeliveries(db, hook.id, DELIVERIES_PAGE_SIZE, (page - 1) * DELIVERIES_PAGE_SIZE);
      return { count, page, page_size: DELIVERIES_PAGE_SIZE, results: rows.map(toDelivery) };
    },
  );

  app.post(
    `${base}:id/deliveries/:deliveryId/replay/`,
    {
      config: { can: ["update", "Team"], noBody: true },
      schema: { tags, summary: "Send a delivery's body again as a new delivery (new delivery id, fresh tries)", params: DeliveryParams, response: { 201: DeliverySchema, ...errors } },
    },
    async (request, reply) => {
      const hook = await teamWebhook(request, request.params.id);
      const replay = await db.transaction(async (tx) => {
        const original = await findDelivery(tx, hook.id, request.params.deliveryId);
        if (!original) throw notFound(DELIVERY_NOT_FOUND);
        const d = await insertDelivery(tx, { webhookId: hook.id, event: original.event, eventId: original.event_id, body: original.body, at: new Date(), replayOf: original.id });
        await auditAs(request, "webhook_delivery_replayed", { itemType: "webhook", itemId: hook.id, details: { team_id: hook.team_id, delivery_id: original.id, replay_id: d.id, event: original.event } }, tx);
        return d;
      });
      return reply.code(201).send(toDelivery(replay));
    },
  );

  app.post(
    `${base}:id/test/`,
    {
      config: { can: ["update", "Team"], noBody: true },
      schema: { tags, summary: "Send a 'ping' event now (one try, no retries) and answer how it went", params: IdParams, response: { 200: DeliverySchema, ...errors } },
    },
    async (request) => {
      const hook = await teamWebhook(request, request.params.id);
      box(); // 503 before anything is queued when there is no key
      const data = { message: "A test event from InfraScout: your webhook is reachable and its signature can be checked.", webhook_id: hook.id };
      const at = new Date();
      const eventId = crypto.randomUUID();
      const queued = await db.transaction(async (tx) => {
        const d = await insertDelivery(tx, { webhookId: hook.id, event: "ping", eventId, body: eventBody(eventId, "ping", at, hook.team_id, data), at });
        await auditAs(request, "webhook_test_sent", { itemType: "webhook", itemId: hook.id, details: { team_id: hook.team_id, delivery_id: d.id } }, tx);
        return d.id;
      });
      // Sent now, one try: the answer says at once whether the endpoint took it.
      const holder = `api:${crypto.randomUUID()}`;
      const [claimed] = await claimDue(db, holder, at, 1, queued);
      if (claimed) await deliverClaimed({ db, config: app.config }, holder, claimed, () => new Date(), 1);
      return toDelivery((await deliveryById(db, queued))!);
    },
  );
};

export default integrationsRoutes;
