// Who is calling: every /api route requires a valid token unless its config says
// `access: 'public'`. Access levels, checked on the server for every route:
//   public      no token needed
//   user        any signed-in user (gating pages, profile, onboarding)
//   subscriber  (default) a user with a current subscription, or an impersonated session
//   staff       a proven staff member: address on a staff domain, verified, and granted (users/staff.ts)
import fp from "fastify-plugin";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { LOGGED_IN_ELSEWHERE_MESSAGE } from "../../common/constants.js";
import { HttpError, forbidden, unauthorized } from "../http/errors.js";
import { hashSecret, touchToken, type TokenRow } from "../modules/auth/tokens.js";
import { recordImpersonationEnds } from "../modules/audit/impersonation.js";
import { isProvenStaff } from "../modules/users/staff.js";

export type Access = "public" | "user" | "subscriber" | "staff";

export interface AuthUser {
  id: number;
  email: string;
  first_name: string;
  end_date: string | null;
  is_active: boolean;
  is_staff: boolean;
}

export interface AuthContext {
  user: AuthUser;
  tokenId: number;
  /** The staff member acting as this user, when impersonating. */
  impersonatorId: number | null;
  parentTokenId: number | null;
}

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

export const SUBSCRIPTION_EXPIRED = "User Subscription Expired";
export const SIGNUP_RECORDED = "Your signup has been recorded";
export const IMPERSONATION_OVER = "Impersonation has ended.";

/** The request's auth context; throws 401 where a route that needs one has none. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

export default fp(async function authenticate(app: FastifyInstance) {
  app.decorateRequest("auth", null);

  app.addHook("onRequest", async (request) => {
    // Unknown paths answer their 404 to anyone; the API description is public.
    if (!request.url.startsWith("/api/") || request.is404) return;
    const access: Access = request.url.startsWith("/api/docs") ? "public" : (request.routeOptions.config?.access ?? "subscriber");
    const header = request.headers.authorization;
    const key = header?.match(/^Token\s+(\S+)$/i)?.[1];
    if (!key) {
      if (access === "public") return;
      throw unauthorized();
    }
    // One round trip: the token and its user together.
    // An impersonation token also carries whether it has outlived its staff session or its hours.
    const { rows } = await app.db.query<TokenRow & Omit<AuthUser, "is_staff" | "id"> & { staff_proven: boolean; impersonation_over: boolean | null }>(
      `SELECT t.id, t.user_id, t.impersonator_id, t.parent_token_id, t.revoked_at, t.revoked_reason, t.last_seen_at,
              u.email, u.first_name, COALESCE(o.end_date, u.end_date) AS end_date, u.is_active, u.staff_proven,
              CASE WHEN t.impersonator_id IS NOT NULL THEN (p.id IS NULL OR p.revoked_at IS NOT NULL
                   OR t.created_at < now() - make_interval(secs => $2)) END AS impersonation_over
         FROM auth_tokens t JOIN users u ON u.id = t.user_id
         LEFT JOIN auth_tokens p ON p.id = t.parent_token_id
         -- A team member's subscription is the team's: the owner's end date (migration 030).
         LEFT JOIN team_members tm ON tm.user_id = u.id AND tm.role <> 'owner'
         LEFT JOIN teams tt ON tt.id = tm.team_id
         LEFT JOIN users o ON o.id = tt.owner_id
        WHERE t.token_hash = $1`,
      [hashSecret(key), app.config.impersonationHours * 3600],
    );
    const token = rows[0];
    if (!token) {
      if (access === "public") return;
      throw unauthorized("Invalid token.");
    }
    if (token.revoked_at) {
      if (access === "public") return;
      // A token replaced by a newer sign-in tells the web app to sign out with its message.
      if (token.revoked_reason === "replaced") throw new HttpError(409, { detail: LOGGED_IN_ELSEWHERE_MESSAGE });
      throw unauthorized("Invalid token.");
    }
    if (!token.is_active) throw unauthorized("User inactive or deleted.");
    if (token.impersonation_over) {
      await recordImpersonationEnds(app.db, [token.id], { hours: app.config.impersonationHours, ip: request.ip }); // e.g. its hours ran out
      if (access === "public") return;
      throw unauthorized(IMPERSONATION_OVER);
    }
    const user = { id: token.user_id, email: token.email, first_name: token.first_name, end_date: token.end_date, is_active: token.is_active };
    request.auth = {
      user: { ...user, is_staff: isProvenStaff(token, app.config.staffDomains) },
      tokenId: token.id,
      impersonatorId: token.impersonator_id,
      parentTokenId: token.parent_token_id,
    };
    await touchToken(app.db, token);

    if (access === "staff" && !(request.auth.user.is_staff && !token.impersonator_id)) throw forbidden();
    if (access === "subscriber" && !token.impersonator_id && !request.auth.user.is_staff) {
      if (!user.end_date) throw forbidden(SIGNUP_RECORDED);
      if (user.end_date < todayUtc()) throw forbidden(SUBSCRIPTION_EXPIRED);
    }
  });
});
