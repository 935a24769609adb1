// Users admin for staff (CASL: manage User; refused to subscribers and impersonated sessions).
//   GET   /user/users/?q=&page=&status=active|expired|signup|disabled   list and search
//   GET   /user/users/{id}/                                             one user and their credit ledger
//   PATCH /user/users/{id}/          {end_date?, is_active?}            activate / extend / end; disable / enable
//   POST  /user/users/{id}/credits/  {amount, note?}                    grant credits (a ledger row)
//   PUT   /user/users/{id}/staff/                                       grant staff powers (staff-domain address;
//                                                                       they apply once the address is verified)
//   DELETE /user/users/{id}/staff/                                      revoke staff powers
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { isStaffEmail } from "../../../common/constants.js";
import { fieldError, notFound } from "../../http/errors.js";
import { ErrorResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { auditAs } from "../audit/log.js";
import { revokeAllTokens } from "../auth/tokens.js";
import { USER_STATUSES, type UserStatus, getAdminUser, grantCredits, listUsers, lockUser, recentLedger, setActive, setSubscription } from "./admin-queries.js";
import { grantStaff, revokeStaff } from "./staff.js";

export const USER_NOT_FOUND = "User not found.";
export const MAX_GRANT = 1_000_000;
export const NOT_STAFF_DOMAIN = "Only an address on a staff domain can be made staff.";
export const NOT_OWN_STAFF = "You cannot revoke your own staff access.";

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const AdminUserSchema = Type.Object({
  id: Type.Number(),
  email: Type.String(),
  username: Nullable(Type.String()),
  first_name: Type.String(),
  last_name: Type.String(),
  phone: Nullable(Type.String()),
  company: Nullable(Type.String()),
  designation: Nullable(Type.String()),
  end_date: Nullable(Type.String()),
  status: Type.String({ enum: [...USER_STATUSES] }),
  is_active: Type.Boolean(),
  is_staff: Type.Boolean(),
  email_verified: Type.Boolean(),
  staff_granted: Type.Boolean(),
  signup_source: Type.String(),
  total_credits: Type.Number(),
  spent_credits: Type.Number(),
  remaining_credits: Type.Number(),
  team_name: Nullable(Type.String({ description: "The team whose pool the credits above are (null: the user's own)" })),
  created_at: Type.String(),
  last_login_at: Nullable(Type.String()),
  last_seen_at: Nullable(Type.String()),
});
const LedgerSchema = Type.Object({
  id: Type.Number(),
  delta: Type.Number(),
  kind: Type.String(),
  note: Nullable(Type.String()),
  actor_id: Type.Union([Type.Number(), Type.Null()]),
  actor_email: Nullable(Type.String()),
  created_at: Type.String(),
});
const AdminUserDetail = Type.Intersect([AdminUserSchema, Type.Object({ credit_ledger: Type.Array(LedgerSchema) })]);
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) });
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const staffOnly = { access: "user" as const, can: ["manage", "User"] as ["manage", "User"] };

/** A real calendar date 'YYYY-MM-DD' between 2000 and 2999 (2025-02-30 is not one). */
function validDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && Number(m[1]) >= 2000 && Number(m[1]) <= 2999;
}

const usersAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app;

  async function detail(id: number) {
    const user = await getAdminUser(db, id, config.staffDomains);
    if (!user) throw notFound(USER_NOT_FOUND);
    return { ...user, credit_ledger: await recentLedger(db, id) };
  }

  app.get(
    "/user/users/",
    {
      config: staffOnly,
      schema: {
        tags: ["users admin"],
        summary: "List and search users (staff): by name, e-mail, username or company; by status",
        querystring: Type.Object({
          q: Type.Optional(Type.String({ maxLength: 200 })),
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
          status: Type.Optional(Type.String({ enum: [...USER_STATUSES, ""] })),
        }),
        response: {
          200: Type.Object({ count: Type.Number(), page: Type.Number(), page_size: Type.Number(), results: Type.Array(AdminUserSchema) }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { q, page, status } = request.query;
      return listUsers(db, { q, page: page ?? 1, status: (status || undefined) as UserStatus | undefined, staffDomains: config.staffDomains });
    },
  );

  app.get(
    "/user/users/:id/",
    { config: staffOnly, schema: { tags: ["users admin"], summary: "One user, with their recent credit ledger (staff)", params: IdParams, response: { 200: AdminUserDetail, ...errors } } },
    async (request) => detail(request.params.id),
  );

  app.patch(
    "/user/users/:id/",
    {
      config: staffOnly,
      schema: {
        tags: ["users admin"],
        summary: "Activate a signup, extend or end a subscription (end_date); disable or enable (is_active) — disabling signs the user out everywhere",
        params: IdParams,
        body: Type.Object({ end_date: Type.Optional(Type.String({ maxLength: 10 })), is_active: Type.Optional(Type.Boolean()) }, { additionalProperties: false, minProperties: 1 }),
        response: { 200: AdminUserDetail, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const id = request.params.id;
      const { end_date, is_active } = request.body;
      if (end_date !== undefined && !validDate(end_date)) throw fieldError("end_date", "Enter a valid date (YYYY-MM-DD).");
      if (is_active === false && id === auth.user.id) throw fieldError("is_active", "You cannot disable your own account.");
      await db.transaction(async (tx) => {
        const before = await lockUser(tx, id);
        if (!before) throw notFound(USER_NOT_FOUND);
        const changes: Record<string, [unknown, unknown]> = {};
        if (end_date !== undefined && end_date !== before.end_date) {
          await setSubscription(tx, id, end_date);
          changes.end_date = [before.end_date, end_date];
        }
        if (is_active !== undefined && is_active !== before.is_active) {
          await setActive(tx, id, is_active);
          // Their impersonation sessions end too: an impersonation token needs a live staff session.
          if (!is_active) await revokeAllTokens(tx, id, "disabled");
          changes.is_active = [before.is_active, is_active];
        }
        if (Object.keys(changes).length) {
          const action = changes.is_active ? (is_active ? "user_enable" : "user_disable") : before.end_date === null ? "subscription_activate" : "subscription_change";
          await auditAs(request, action, { itemType: "user", itemId: id, details: changes }, tx);
        }
      });
      return detail(id);
    },
  );

  app.post(
    "/user/users/:id/credits/",
    {
      config: staffOnly,
      schema: {
        tags: ["users admin"],
        summary: "Grant credits (staff): one ledger row, kind 'grant'; to a team member's team pool",
        params: IdParams,
        body: Type.Object(
          { amount: Type.Integer({ minimum: 1, maximum: MAX_GRANT }), note: Type.Optional(Type.String({ maxLength: 500 })) },
          { additionalProperties: false },
        ),
        response: { 201: AdminUserDetail, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const id = request.params.id;
      const { amount } = request.body;
      const note = request.body.note?.trim() || null;
      await db.transaction(async (tx) => {
        const before = await lockUser(tx, id);
        if (!before) throw notFound(USER_NOT_FOUND);
        const granted = await grantCredits(tx, id, amount, note, auth.user.id);
        await auditAs(request, "credits_grant", { itemType: "user", itemId: id, details: { amount, note, team_id: granted.teamId, total_credits: granted.total } }, tx);
      });
      return reply.code(201).send(await detail(id));
    },
  );

  const staffSchema = (summary: string) => ({ tags: ["users admin"], summary, params: IdParams, response: { 200: AdminUserDetail, ...errors } });

  app.put(
    "/user/users/:id/staff/",
    { config: { ...staffOnly, noBody: true }, schema: staffSchema("Grant staff powers (staff): only to a staff-domain address; they apply once the address is verified") },
    async (request) => {
      const id = request.params.id;
      await db.transaction(async (tx) => {
        const target = await lockUser(tx, id);
        if (!target) throw notFound(USER_NOT_FOUND);
        if (!isStaffEmail(target.email, config.staffDomains)) throw fieldError("email", NOT_STAFF_DOMAIN);
        if (await grantStaff(tx, id, requireAuth(request).user.id)) {
          await auditAs(request, "staff_grant", { itemType: "user", itemId: id, details: { email: target.email } }, tx);
        }
      });
      return detail(id);
    },
  );

  app.delete(
    "/user/users/:id/staff/",
    { config: staffOnly, schema: staffSchema("Revoke staff powers (staff): the user's impersonations end too") },
    async (request) => {
      const id = request.params.id;
      if (id === requireAuth(request).user.id) throw fieldError("is_staff", NOT_OWN_STAFF);
      await db.transaction(async (tx) => {
        const target = await lockUser(tx, id);
        if (!target) throw notFound(USER_NOT_FOUND);
        if (await revokeStaff(tx, id)) {
          await auditAs(request, "staff_revoke", { itemType: "user", itemId: id, details: { email: target.email } }, tx);
        }
      });
      return detail(id);
    },
  );
};

export default usersAdminRoutes;
