// Who is looking at a tender or result page: a signed-in subscriber (staff, an impersonated
// session), or anyone holding a shared link (uid + tid) for that very item. Routes using this
// are `access: 'public'` so a link works without a token; this is their access check.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError, forbidden, unauthorized } from "../../http/errors.js";
import { abilityFor } from "../../plugins/access.js";
import { SIGNUP_RECORDED, SUBSCRIPTION_EXPIRED } from "../../plugins/authenticate.js";
import { verifyShareLink, type SharedItemType } from "./share-links.js";

export type Viewer = { kind: "user"; userId: number } | { kind: "shared"; sharerId: number };

export const INVALID_SHARE_LINK = "This shared link is invalid or has been revoked. Sign in to view it.";

/**
 * The viewer, or a 401/403 carrying no data. A signed-in subscriber needs no link; without one,
 * the uid/tid pair must be a live link for this item (an invalid pair gets 401, whether the item
 * exists or not, so links cannot probe for items).
 */
export async function viewerFor(
  app: FastifyInstance,
  request: FastifyRequest,
  type: SharedItemType,
  itemId: number,
  link: { uid?: string; tid?: string },
): Promise<Viewer> {
  const auth = request.auth;
  const subject = type === "tender" ? "Tender" : "Result";
  if (auth && abilityFor(request).can("read", subject)) return { kind: "user", userId: auth.user.id };
  if (link.uid !== undefined || link.tid !== undefined) {
    const sharerId = await verifyShareLink(app.db, app.config.staffDomains, type, itemId, link.uid, link.tid);
    if (sharerId !== null) return { kind: "shared", sharerId };
    throw new HttpError(401, { detail: INVALID_SHARE_LINK });
  }
  if (!auth) throw unauthorized();
  throw forbidden(auth.user.end_date ? SUBSCRIPTION_EXPIRED : SIGNUP_RECORDED);
}
