// HubSpot and Zoho CRM (issue 20, point 5). A team's owner and admins connect one account per
// vendor (PUT), map fields once, switch on sending on shortlist, test and disconnect; every member
// sends a lead, tender, company or (unlocked) contact to the team's CRMs (POST send/) and reads the
// log of sends. Secrets are sealed on the way in (server/lib/secrets.ts) and never answered; a
// caller in no team, or another team's vendor settings, are 404; a plain member managing is 403.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { CRM_VENDOR_LABELS, type CrmVendor } from "../../../common/crm.js";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../http/errors.js";
import { integrationsKey, MissingKeyError, secretHint } from "../../lib/secrets.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { auditAs } from "../audit/log.js";
import { assertTeamAdmin, myMembership } from "../teams/routes.js";
import { CrmError } from "./http.js";
import { buildPayload, contactUnlocked } from "./payload.js";
import { deleteConnection, findConnection, queueSends, saveAccount, setConnectionError, teamConnections, teamSends, type ConnectionRow } from "./queries.js";
import { clientFor, openSecrets, REAUTH_MESSAGE, sealSecrets, type CrmDeps, type VendorSecrets } from "./sender.js";
import { ConnectBody, ConnectionSchema, ConnectionsSchema, errors, mappingOf, SendBody, SendSchema, SendsQuery, StatusSchema, tags, TestSchema, toConnection, toSend, VendorParams } from "./schemas.js";
import { upsertConnection } from "./queries.js";

export const NOT_CONNECTED = (v: CrmVendor) => `Your team has not connected ${CRM_VENDOR_LABELS[v]}.`;
export const NO_CRM = "Your team has no CRM connected: an owner or admin connects HubSpot or Zoho CRM on the Team page.";
export const LOCKED_CONTACT = "Unlock this contact first: only contacts your team has unlocked are sent to a CRM.";
export const NOT_CONFIGURED = "CRM connections are not set up on this server: its administrator must set INTEGRATIONS_KEY.";
const SENDS_LIMIT = 100;

const crmRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const base = "/integrations/crm/";
  const deps: CrmDeps = { db, config: app.config };

  async function adminTeam(request: FastifyRequest): Promise<number> {
    const m = await myMembership(request);
    assertTeamAdmin(m);
    return m.team_id;
  }
  function keyOrThrow() {
    try {
      integrationsKey(app.config);
    } catch (err) {
      if (err instanceof MissingKeyError) throw new HttpError(503, { detail: NOT_CONFIGURED });
      throw err;
    }
  }
  const view = (c: ConnectionRow) => toConnection(c) as never;

  app.get(base, { config: { can: ["read", "Team"] }, schema: { tags, summary: "The team's CRM connections (owner and admins); never a secret", response: { 200: ConnectionsSchema, ...errors } } }, async (request) => ({
    connections: (await teamConnections(db, await adminTeam(request))).map(view),
  }));

  app.get(
    `${base}status/`,
    { config: { can: ["read", "Team"] }, schema: { tags, summary: "Which CRMs the caller's team has connected (any member: whether to offer 'Send to CRM')", response: { 200: StatusSchema, ...errors } } },
    async (request) => {
      const m = await myMembership(request);
      return { connected: (await teamConnections(db, m.team_id)).map((c) => c.vendor), can_manage: m.role === "owner" || m.role === "admin" };
    },
  );

  app.put(
    `${base}:vendor/`,
    {
      config: { can: ["update", "Team"] },
      schema: { tags, summary: "Connect the vendor or change its settings (credentials are checked with the vendor when given)", params: VendorParams, body: ConnectBody, response: { 200: ConnectionSchema, 201: ConnectionSchema, ...errors } },
    },
    async (request, reply) => {
      const teamId = await adminTeam(request);
      const { vendor } = request.params;
      const b = request.body;
      const existing = await findConnection(db, teamId, vendor);
      keyOrThrow();
      let secrets: VendorSecrets | null = null;
      let hint: string | null = null;
      let clientId: string | null = null;
      let dataCentre: string | null = null;
      if (vendor === "hubspot") {
        if (b.client_id || b.client_secret || b.refresh_token || b.data_centre) throw badRequest("HubSpot takes a private app token, not Zoho's client id, secret, refresh token or data centre.");
        if (b.token) [secrets, hint] = [{ token: b.token }, secretHint(b.token)];
        else if (!existing) throw badRequest("Enter the private app's access token.");
      } else {
        if (b.token) throw badRequest("Zoho CRM takes a client id, client secret, refresh token and data centre, not a token.");
        clientId = b.client_id ?? existing?.client_id ?? null;
        dataCentre = b.data_centre ?? existing?.data_centre ?? null;
        if (!clientId || !dataCentre) throw badRequest("Enter the Self Client's client id and your Zoho data centre.");
        const changed = b.client_secret || b.refresh_token || (existing && b.client_id && b.client_id !== existing.client_id);
        if (changed) {
          const old = existing ? (openSecrets(deps, existing) as { client_secret: string; refresh_token: string }) : null;
          const client_secret = b.client_secret ?? old?.client_secret;
          const refresh_token = b.refresh_token ?? old?.refresh_token;
          if (!client_secret || !refresh_token) throw badRequest("Enter the Self Client's client secret and a refresh token.");
          [secrets, hint] = [{ client_secret, refresh_token }, secretHint(refresh_token)];
        } else if (!existing) throw badRequest("Enter the Self Client's client secret and a refresh token.");
      }
      const mapping = mappingOf(vendor, { ...(existing?.field_map as unknown as Record<string, string>), ...(b.mapping as Record<string, string> | undefined) });
      // New credentials are checked with the vendor before they are kept: a refused one is a 400.
      let account: Record<string, unknown> | null = null;
      let checkError: string | null = null;
      if (secrets) {
        try {
          account = await clientFor(deps, { id: existing?.id ?? 0, vendor, team_id: teamId, client_id: clientId, data_centre: dataCentre, account: {}, field_map: mapping }, secrets, false).test();
        } catch (err) {
          if (err instanceof CrmError && (err.kind === "auth" || err.kind === "permanent")) throw badRequest(err.kind === "auth" ? REAUTH_MESSAGE[vendor].replace(/ Enter .*$| generate .*$/, "") + ` Check the ${vendor === "hubspot" ? "token" : "credentials and data centre"}.` : err.message);
          checkError = err instanceof CrmError ? err.message : `${CRM_VENDOR_LABELS[vendor]} could not be checked`;
        }
      }
      const row = await db.transaction(async (tx) => {
        const inserted = await upsertConnection(tx, {
          teamId, vendor, secretsEnc: secrets ? sealSecrets(deps, vendor, teamId, secrets) : null, secretHint: hint, clientId, dataCentre, mapping,
          autoOnShortlist: b.auto_on_shortlist ?? existing?.auto_on_shortlist ?? false, userId: requireAuth(request).user.id,
        });
        const c = (await findConnection(tx, teamId, vendor))!;
        if (account) await saveAccount(tx, c.id, account);
        if (checkError) await setConnectionError(tx, c.id, checkError);
        await auditAs(request, inserted ? "crm_connected" : "crm_updated", {
          itemType: "crm_connection", itemId: c.id,
          details: { team_id: teamId, vendor, credentials_changed: !!secrets, data_centre: dataCentre, mapping, auto_on_shortlist: c.auto_on_shortlist },
        }, tx);
        return { inserted, c: (await findConnection(tx, teamId, vendor))! };
      });
      return reply.code(row.inserted ? 201 : 200).send(view(row.c));
    },
  );

  app.delete(
    `${base}:vendor/`,
    { config: { can: ["update", "Team"] }, schema: { tags, summary: "Disconnect the vendor: its credentials and the log of sends to it are deleted", params: VendorParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      const teamId = await adminTeam(request);
      const { vendor } = request.params;
      await db.transaction(async (tx) => {
        const c = await findConnection(tx, teamId, vendor);
        if (!c || !(await deleteConnection(tx, teamId, vendor))) throw notFound(NOT_CONNECTED(vendor));
        await auditAs(request, "crm_disconnected", { itemType: "crm_connection", itemId: c.id, details: { team_id: teamId, vendor } }, tx);
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${base}:vendor/test/`,
    { config: { can: ["update", "Team"], noBody: true }, schema: { tags, summary: "Check the stored credentials with the vendor now", params: VendorParams, response: { 200: TestSchema, ...errors } } },
    async (request) => {
      const teamId = await adminTeam(request);
      const { vendor } = request.params;
      const c = await findConnection(db, teamId, vendor);
      if (!c) throw notFound(NOT_CONNECTED(vendor));
      keyOrThrow();
      let error: string | null = null;
      try {
        const account = await clientFor(deps, c, openSecrets(deps, c)).test();
        await saveAccount(db, c.id, account);
        await setConnectionError(db, c.id, null, false);
      } catch (err) {
        const auth = err instanceof CrmError && err.kind === "auth";
        error = auth ? REAUTH_MESSAGE[vendor] : err instanceof CrmError ? err.message : `The ${CRM_VENDOR_LABELS[vendor]} credentials could not be read: enter them again.`;
        await setConnectionError(db, c.id, error, auth);
      }
      await auditAs(request, "crm_tested", { itemType: "crm_connection", itemId: c.id, details: { team_id: teamId, vendor, ok: error === null } });
      return { ok: error === null, error, connection: view((await findConnection(db, teamId, vendor))!) };
    },
  );

  app.post(
    `${base}send/`,
    {
      config: { can: ["read", "Team"] },
      schema: { tags, summary: "Send a lead, tender, company or unlocked contact to every CRM the team has connected (queued; see sends/)", body: SendBody, response: { 202: Type.Object({ sends: Type.Array(SendSchema) }), ...errors } },
    },
    async (request, reply) => {
      const m = await myMembership(request);
      const userId = requireAuth(request).user.id;
      const { item_type, item_id } = request.body;
      if (item_type === "contact") {
        const unlocked = await contactUnlocked(db, userId, item_id);
        if (unlocked === null) throw notFound("No such contact.");
        if (!unlocked) throw forbidden(LOCKED_CONTACT);
      } else if (!(await buildPayload(db, userId, item_type, item_id, ""))) throw notFound(`No such ${item_type === "project" ? "lead" : item_type}.`);
      const sends = await db.transaction(async (tx) => {
        const queued = await queueSends(tx, { teamId: m.team_id, itemType: item_type, itemId: item_id, userId, trigger: "manual", at: new Date() });
        if (!queued.length) throw conflict(NO_CRM);
        await auditAs(request, "crm_send_requested", { itemType: item_type, itemId: item_id, details: { team_id: m.team_id, vendors: queued.map((s) => s.vendor), send_ids: queued.map((s) => s.id) } }, tx);
        return queued;
      });
      return reply.code(202).send({ sends: sends.map(toSend) });
    },
  );

  app.get(
    `${base}sends/`,
    { config: { can: ["read", "Team"] }, schema: { tags, summary: "The team's sends to its CRMs, newest first (of one item when given): status, tries, the CRM's record ids and links", querystring: SendsQuery, response: { 200: Type.Array(SendSchema), ...errors } } },
    async (request) => {
      const m = await myMembership(request);
      const { item_type, item_id } = request.query;
      if ((item_type === undefined) !== (item_id === undefined)) throw badRequest("Give both item_type and item_id, or neither.");
      return (await teamSends(db, m.team_id, item_type ? { type: item_type, id: item_id! } : null, SENDS_LIMIT)).map(toSend);
    },
  );
};

export default crmRoutes;
