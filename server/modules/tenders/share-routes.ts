// POST {type}/{id}/share/ issues a shared link for (this user, this item), expiring after the
// staff setting share_link_days; DELETE revokes every link the user made for it. Used by
// tenders and results alike (registerShareRoutes). The default export is the user's own view:
//   GET    share-links/        their live links (not revoked, not expired), newest first
//   DELETE share-links/{id}/   revoke that one link: {revoked: 1} (404 unless it is theirs and live)
// Issuing is limited per user per day: a link is a bearer credential, and an unlimited supply
// would let one account hand out its subscription to anyone.
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type, type TSchema } from "typebox";
import { audit } from "../audit/log.js";
import { notFound, tooManyRequests } from "../../http/errors.js";
import { requireAuth, type AuthContext } from "../../plugins/authenticate.js";
import { getSettings } from "../settings/queries.js";
import { IdParams, errors } from "./schemas.js";
import { issueShareLink, listShareLinks, revokeShareLink, revokeShareLinks, type SharedItemType } from "./share-links.js";

export const SHARES_PER_DAY = 50;
export const SHARE_LINK_NOT_FOUND = "This link is not one of your live shared links.";

/** Audits the user's own action; an impersonated session's writes are audited by the access plugin already. */
async function auditOwn(app: FastifyInstance, auth: AuthContext, ip: string, action: string, type: SharedItemType, itemId: number, details?: Record<string, unknown>) {
  if (auth.impersonatorId !== null) return;
  await audit(app.db, { actorId: auth.user.id, asUserId: auth.user.id, action, itemType: type, itemId, details, ip });
}

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
    { config: { can: ["read", subject], noBody: true }, schema: { tags, summary: `A link that opens this ${type} without sign-in, until it expires`, params: IdParams, response: { 201: schemas.ShareLink, ...errors, 429: errors[400] } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const limit = await app.limiter.hit(`share:day:user:${auth.user.id}`, SHARES_PER_DAY, 86_400);
      if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
      if (!(await exists(request.params.id))) throw notFound();
      const { share_link_days } = await getSettings(app.db);
      const link = await issueShareLink(app.db, auth.user.id, type, request.params.id, share_link_days);
      await auditOwn(app, auth, request.ip, "share_link", type, request.params.id, { link_id: link.id, expires_at: link.expires_at });
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

const ShareLinkRow = Type.Object({
  id: Type.Number(),
  item_type: Type.Union([Type.Literal("tender"), Type.Literal("result")]),
  item_id: Type.Number(),
  title: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  expires_at: Type.String(),
});
const ShareLinkList = Type.Object({ count: Type.Number(), page: Type.Number(), page_size: Type.Number(), results: Type.Array(ShareLinkRow) });
const tags = ["shared links"];

// Any signed-in user may see and stop their own links, even after their subscription ends
// (a renewal would otherwise bring back links they meant to withdraw).
const myShareLinks: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/share-links/",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The caller's live shared links (not revoked, not expired), newest first",
        querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })) }),
        response: { 200: ShareLinkList, ...errors },
      },
    },
    async (request) => listShareLinks(app.db, requireAuth(request).user.id, request.query.page ?? 1),
  );
  app.delete(
    "/share-links/:id/",
    { config: { access: "user" }, schema: { tags, summary: "Revoke one of the caller's live shared links", params: IdParams, response: { 200: Type.Object({ revoked: Type.Number() }), ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      const revoked = await revokeShareLink(app.db, auth.user.id, request.params.id);
      // Another user's link, a revoked or expired one, or no such id: one answer.
      if (!revoked) throw notFound(SHARE_LINK_NOT_FOUND);
      await auditOwn(app, auth, request.ip, "share_link_revoke", revoked.item_type, revoked.item_id, { link_id: request.params.id });
      return { revoked: 1 };
    },
  );
};

export default myShareLinks;
