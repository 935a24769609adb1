// Access control by the shared CASL rules (common/ability.ts), after authentication:
//   - a route declares `config: { can: [action, subject] }` and is refused with 403 {detail}
//     when the session's ability does not allow it (checked before the body is validated);
//   - routes check instance conditions themselves with assertCan / assertCanSpendCredits;
//   - every successful write made in an impersonated session is recorded in the audit log with
//     both users (actor = staff member, as_user = the user), whatever route made it.
import fp from "fastify-plugin";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  canSpendCredits,
  defineAbilityFor,
  hasSubscription,
  subject,
  type AbilityUser,
  type Action,
  type AppAbility,
  type SubjectObject,
  type SubjectType,
} from "../../common/ability.js";
import { forbidden } from "../http/errors.js";
import { auditAs } from "../modules/audit/log.js";
import { SIGNUP_RECORDED, SUBSCRIPTION_EXPIRED, type AuthContext } from "./authenticate.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The CASL permission this route needs, e.g. ['manage', 'User']. */
    can?: [Action, SubjectType];
    /** The audit action for a write made while impersonating (default 'METHOD /route'). */
    auditAction?: string;
  }
}

export const NOT_WHILE_IMPERSONATING = "Not allowed while impersonating a user.";
export const CONFIRM_SPEND = "Spending this user's credits while impersonating needs an explicit confirmation (impersonation_confirmed=true).";
/** The explicit confirmation an impersonated session sends (body or query) to spend credits. */
export const SPEND_CONFIRMATION_FLAG = "impersonation_confirmed";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const cache = new WeakMap<FastifyRequest, AppAbility>();

export function abilityUser(auth: AuthContext | null): AbilityUser | null {
  if (!auth) return null;
  const u = auth.user;
  return { id: u.id, email: u.email, is_staff: u.is_staff, end_date: u.end_date, is_active: u.is_active, is_impersonated: auth.impersonatorId !== null };
}

/** The session's ability (built once per request). */
export function abilityFor(request: FastifyRequest): AppAbility {
  let ability = cache.get(request);
  if (!ability) {
    ability = defineAbilityFor(abilityUser(request.auth), { staffDomains: request.server.config.staffDomains });
    cache.set(request, ability);
  }
  return ability;
}

/** The 403 that tells the user why: no subscription, impersonating, or simply not allowed. */
function refusal(request: FastifyRequest, action: Action, what: SubjectType | ReturnType<typeof subject>) {
  const user = abilityUser(request.auth);
  if (user?.is_impersonated) return forbidden(NOT_WHILE_IMPERSONATING);
  if (user && !user.is_staff && !hasSubscription(user)) {
    // Would a subscriber be allowed? Then the missing subscription is the reason.
    const asSubscriber = defineAbilityFor({ ...user, end_date: "9999-12-31" }, { staffDomains: request.server.config.staffDomains });
    if (asSubscriber.can(action, what as never)) return forbidden(user.end_date ? SUBSCRIPTION_EXPIRED : SIGNUP_RECORDED);
  }
  return forbidden();
}

/** Throws 403 unless the session may do action on the subject (a type, or a type with fields). */
export function assertCan(request: FastifyRequest, action: Action, type: SubjectType, fields?: SubjectObject): void {
  const what = fields ? subject(type, fields) : type;
  if (!abilityFor(request).can(action, what as never)) throw refusal(request, action, what);
}

/** Whether the request carries the explicit confirmation, as a body field or query parameter. */
export function spendConfirmed(request: FastifyRequest): boolean {
  const from = (o: unknown) => (o && typeof o === "object" ? (o as Record<string, unknown>)[SPEND_CONFIRMATION_FLAG] : undefined);
  const v = from(request.body) ?? from(request.query);
  return v === true || v === "true" || v === "1";
}

/**
 * Call before spending the session user's credits. An impersonated session must confirm
 * explicitly; the refusal is 403 with a message saying how.
 */
export function assertCanSpendCredits(request: FastifyRequest): void {
  const auth = request.auth;
  if (!auth) throw forbidden();
  if (canSpendCredits(abilityFor(request), auth.user.id, spendConfirmed(request))) return;
  if (auth.impersonatorId !== null && canSpendCredits(abilityFor(request), auth.user.id, true)) throw forbidden(CONFIRM_SPEND);
  throw refusal(request, "spend", subject("Credits", { user_id: auth.user.id }));
}

export default fp(async function access(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const need = request.routeOptions.config?.can;
    if (!need || !request.auth) return; // no rule, or a public route (authenticate answered 401 otherwise)
    assertCan(request, need[0], need[1]);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const auth = request.auth;
    if (!auth || auth.impersonatorId === null || !WRITES.has(request.method) || reply.statusCode >= 400) return payload;
    const route = request.routeOptions.url ?? request.url;
    const body = request.body && typeof request.body === "object" ? Object.keys(request.body as object) : [];
    // The write has happened: a failure to record it is logged loudly, not turned into an error answer.
    await auditAs(request, request.routeOptions.config?.auditAction ?? `${request.method} ${route}`, {
      details: { method: request.method, route, params: request.params ?? {}, fields: body, status: reply.statusCode },
    }).catch((err) => request.log.error({ err }, "audit of an impersonated write failed"));
    return payload;
  });
});
