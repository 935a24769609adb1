// Staff impersonation.
//   GET /impersonate/{id}/     staff only, never from an impersonated session → {token, user}
//   GET /cancel-impersonate/   from the impersonation token → {detail}; the token is revoked
//
// Design: an impersonation token is a separate token for the user, remembering the staff member
// (impersonator_id) and the staff session it came from (parent_token_id). It can never be turned
// into a staff credential: no endpoint answers a staff token for it. The web app keeps the staff
// member's own token aside (sessionStorage) while impersonating and switches back to it after
// cancel-impersonate. An impersonation token dies with its staff session (logout, a new sign-in,
// disabling) and after IMPERSONATION_HOURS; starting a new impersonation ends the previous one.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { canImpersonate } from "../../../common/ability.js";
import { badRequest, forbidden, notFound } from "../../http/errors.js";
import { DetailResponse, ErrorResponse, UserInfoSchema } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { abilityFor, assertCan } from "../../plugins/access.js";
import { audit } from "../audit/log.js";
import { auditRefusals } from "../audit/impersonation.js";
import { endImpersonationsBy, issueImpersonationToken, revokeToken } from "../auth/tokens.js";
import { findUserRow, toUserInfo } from "../users/queries.js";
import { isProvenStaff } from "../users/staff.js";

export const MESSAGES = {
  notFound: "User not found.",
  self: "You cannot impersonate yourself.",
  staff: "Staff accounts cannot be impersonated.",
  disabled: "This user is disabled.",
  notImpersonating: "You are not impersonating anyone.",
  ended: "Impersonation ended.",
};

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

const impersonationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app;

  app.get(
    "/impersonate/:id/",
    {
      config: { access: "user", can: ["impersonate", "User"] },
      // Every refusal (the caller may not, or the target may not be impersonated) is audited with its reason.
      onError: auditRefusals({ [MESSAGES.notFound]: "not_found", [MESSAGES.self]: "self", [MESSAGES.staff]: "staff", [MESSAGES.disabled]: "inactive" }),
      schema: {
        tags: ["impersonation"],
        summary: "Start impersonating a user (staff only): a token for that user, marked as impersonated",
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) }),
        response: { 200: Type.Object({ token: Type.String(), user: UserInfoSchema }), ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const target = await findUserRow(db, request.params.id);
      if (!target) throw notFound(MESSAGES.notFound);
      const targetIsStaff = isProvenStaff(target, config.staffDomains);
      if (target.id === auth.user.id) throw badRequest(MESSAGES.self);
      if (!canImpersonate(abilityFor(request), { id: target.id, is_staff: targetIsStaff })) throw forbidden(targetIsStaff ? MESSAGES.staff : undefined);
      if (!(target as { is_active?: boolean }).is_active) throw badRequest(MESSAGES.disabled);

      const key = await db.transaction(async (tx) => {
        await endImpersonationsBy(tx, auth.user.id, { ownKind: "replaced", ip: request.ip });
        const issued = await issueImpersonationToken(tx, { userId: target.id, staffId: auth.user.id, staffTokenId: auth.tokenId, hours: config.impersonationHours });
        await audit(tx, { actorId: auth.user.id, asUserId: target.id, action: "impersonation_start", itemType: "user", itemId: target.id, ip: request.ip });
        return issued;
      });
      return { token: key, user: toUserInfo(target, { impersonated: true, staffDomains: config.staffDomains }) };
    },
  );

  app.get(
    "/cancel-impersonate/",
    {
      config: { access: "user" },
      schema: {
        tags: ["impersonation"],
        summary: "End this impersonation: revokes the impersonation token (the web app returns to the staff token it kept)",
        response: { 200: DetailResponse, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (auth.impersonatorId === null) throw badRequest(MESSAGES.notImpersonating);
      assertCan(request, "cancel", "Impersonation");
      // The end is audited by the revocation (kind 'cancel', with how long it lasted).
      await db.transaction((tx) => revokeToken(tx, auth.tokenId, "impersonation_ended", { ownKind: "cancel", ip: request.ip }));
      return { detail: MESSAGES.ended };
    },
  );
};

export default impersonationRoutes;
