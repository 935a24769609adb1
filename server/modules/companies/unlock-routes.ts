// Unlocking a company with credits, and the lists of what this user has and has not unlocked.
//   POST company/unlock_company/{id}        {impersonation_confirmed?} → CompanyUnlockResponse
//   GET  company/unlocked_static_data/?page=&q=   this user's unlocked companies, newest first
//   GET  company/static_data/?page=&q=            the companies this user has not unlocked, by name
// Another user's unlocks are never visible: every query is scoped to the session's user.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { COMPANY_UNLOCK_COST } from "../../../common/companies.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { assertCanSpendCredits, SPEND_CONFIRMATION_FLAG } from "../../plugins/access.js";
import { iso } from "../credits/contacts.js";
import { unlockItem } from "../credits/unlock.js";
import { CompanyStaticRow, CompanyUnlockResponse, IdParams, Page, UnlockedCompanyRow, errors, listOf } from "./schemas.js";
import { STATIC_PAGE_SIZE, lockedCompanies, unlockedAt, unlockedCompanies } from "./unlock-queries.js";

const ListQuery = Type.Object({
  page: Page,
  q: Type.Optional(Type.String({ maxLength: 200, description: "Part of the name, or the start of the CIN" })),
});

const unlockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/company/unlock_company/:id",
    {
      config: { auditAction: "unlock_company" },
      schema: {
        tags: ["companies"],
        summary: `Unlock a company's contacts for ${COMPANY_UNLOCK_COST} credits (once; already unlocked costs nothing)`,
        params: IdParams,
        body: Type.Optional(
          Type.Object({ [SPEND_CONFIRMATION_FLAG]: Type.Optional(Type.Boolean({ description: "Impersonated sessions must send true" })) }, { additionalProperties: false }),
        ),
        response: { 200: CompanyUnlockResponse, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      assertCanSpendCredits(request);
      const outcome = await unlockItem(request, auth.user.id, "company", request.params.id, COMPANY_UNLOCK_COST);
      const at = await unlockedAt(app.db, outcome.unlockId);
      return {
        company_id: request.params.id,
        charged: outcome.charged,
        already_unlocked: outcome.alreadyUnlocked,
        remaining_credits: outcome.remaining,
        total_credits: outcome.total,
        unlocked_at: iso(at)!,
      };
    },
  );

  app.get(
    "/company/unlocked_static_data/",
    { schema: { tags: ["companies"], summary: "Companies this user unlocked, newest first", querystring: ListQuery, response: { 200: listOf(UnlockedCompanyRow), ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      const page = request.query.page ?? 1;
      const { count, rows } = await unlockedCompanies(app.db, auth.user.id, request.query.q, page);
      return {
        count,
        page,
        page_size: STATIC_PAGE_SIZE,
        results: rows.map((r) => ({ ...r, id: Number(r.id), unlocked_at: iso(r.unlocked_at)! })) as never,
      };
    },
  );

  app.get(
    "/company/static_data/",
    { schema: { tags: ["companies"], summary: "Companies this user has not unlocked, by name", querystring: ListQuery, response: { 200: listOf(CompanyStaticRow), ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      const page = request.query.page ?? 1;
      const { count, rows } = await lockedCompanies(app.db, auth.user.id, request.query.q, page);
      return { count, page, page_size: STATIC_PAGE_SIZE, results: rows.map((r) => ({ ...r, id: Number(r.id) })) as never };
    },
  );
};

export default unlockRoutes;
