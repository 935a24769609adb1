// POST {type}/{id}/share/ issues a shared link for (this user, this item); DELETE revokes every
// link the user made for it. Used by tenders and results alike.
import type { FastifyInstance } from "fastify";
import type { TSchema } from "typebox";
import { audit } from "../audit/log.js";
import { notFound, tooManyRequests } from "../../http/errors.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { IdParams, errors } from "./schemas.js";
import { issueShareLink, revokeShareLinks, type SharedItemType } from "./share-links.js";

const SHARES_PER_HOUR = 100;

export function registerShareRoutes(
  app: FastifyInstance,
  type: SharedItemType,
  tags: string[],
  exists: (id: number) => Promise<boolean>,
  schemas: { ShareLink: TSchema; ShareRevoked: TSchema },
) {
  const subject = type === "tender" ? "Tender" : "Result";
  app.post<{ Params: { id: number } }>(
    `/${type}/:id/share/`,
    { config: { can: ["read", subject] }, schema: { tags, summary: `A link that opens this ${type} without sign-in`, params: IdParams, response: { 201: schemas.ShareLink, ...errors, 429: errors[400] } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const limit = await app.limiter.hit(`share:user:${auth.user.id}`, SHARES_PER_HOUR, 3600);
      if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
      if (!(await exists(request.params.id))) throw notFound();
      const link = await issueShareLink(app.db, auth.user.id, type, request.params.id);
      // (An impersonated session's writes are audited by the access plugin already.)
      if (auth.impersonatorId === null) await audit(app.db, { actorId: auth.impersonatorId ?? auth.user.id, asUserId: auth.user.id, action: "share_link", itemType: type, itemId: request.params.id, ip: request.ip });
      return reply.code(201).send(link);
    },
  );
  app.delete<{ Params: { id: number } }>(
    `/${type}/:id/share/`,
    { config: { can: ["read", subject] }, schema: { tags, summary: `Revoke every link this user made for this ${type}`, params: IdParams, response: { 200: schemas.ShareRevoked, ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      if (!(await exists(request.params.id))) throw notFound();
      return { revoked: await revokeShareLinks(app.db, auth.user.id, type, request.params.id) };
    },
  );
}
