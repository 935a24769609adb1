// Unlocking a company with credits, and the lists of what this user has and has not unlocked.
//   POST company/unlock_company/{id}        {impersonation_confirmed?} → CompanyUnlockResponse
//   GET  company/unlocked_static_data/?page=&q=   this user's unlocked companies, newest first
//   GET  company/static_data/?page=&q=            the companies this user has not unlocked, by name
// Another user's unlocks are never visible: every query is scoped to the session's user.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { COMPANY_UNLOCK_COST } from "../../../common/companies.js";
import { CONTACT_QUALITY_THRESHOLD } from "../../../common/constants.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { assertCanSpendCredits, SPEND_CONFIRMATION_FLAG } from "../../plugins/access.js";
import { iso } from "../credits/contacts.js";
import { unlockItem } from "../credits/unlock.js";
import { normalizeCompanyName } from "./normalize.js";
import { CompanyStaticRow, CompanyUnlockResponse, IdParams, Page, UnlockedCompanyRow, errors, listOf } from "./schemas.js";

export const STATIC_PAGE_SIZE = 20;

const ListQuery = Type.Object({
  page: Page,
  q: Type.Optional(Type.String({ maxLength: 200, description: "Part of the name, or the start of the CIN" })),
});

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A name/CIN condition over alias co with its two parameters (or none for a blank q). */
function nameOrCin(q: string | undefined, first: number): { sql: string; params: unknown[] } {
  const text = q?.trim();
  if (!text) return { sql: "true", params: [] };
  const norm = normalizeCompanyName(text) || text.toLowerCase();
  return {
    sql: `(co.normalized_name LIKE $${first} ESCAPE '\\' OR co.name ILIKE $${first + 1} ESCAPE '\\' OR co.cin LIKE $${first + 2} ESCAPE '\\')`,
    params: [`%${likeEscape(norm)}%`, `%${likeEscape(text)}%`, `${likeEscape(text.toUpperCase())}%`],
  };
}

const staticColumns = `co.id, co.name, co.cin, co.company_type, co.industry, co.state, co.city,
  (SELECT count(*)::int FROM contacts c WHERE c.company_id = co.id) AS contact_count,
  (SELECT count(*)::int FROM contacts c WHERE c.company_id = co.id AND c.contact_fuzz_score > ${CONTACT_QUALITY_THRESHOLD}) AS high_quality_contact_count`;

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
      const { rows } = await app.db.query<{ created_at: Date }>(`SELECT created_at FROM unlocks WHERE id = $1`, [outcome.unlockId]);
      return {
        company_id: request.params.id,
        charged: outcome.charged,
        already_unlocked: outcome.alreadyUnlocked,
        remaining_credits: outcome.remaining,
        total_credits: outcome.total,
        unlocked_at: iso(rows[0].created_at)!,
      };
    },
  );

  app.get(
    "/company/unlocked_static_data/",
    { schema: { tags: ["companies"], summary: "Companies this user unlocked, newest first", querystring: ListQuery, response: { 200: listOf(UnlockedCompanyRow), ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      const page = request.query.page ?? 1;
      const cond = nameOrCin(request.query.q, 2);
      const from = `FROM unlocks u JOIN companies co ON co.id = u.item_id WHERE u.user_id = $1 AND u.item_type = 'company' AND ${cond.sql}`;
      const count = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, [auth.user.id, ...cond.params]);
      const n = cond.params.length + 2;
      const { rows } = await app.db.query<Record<string, unknown> & { id: number; unlocked_at: Date }>(
        `SELECT ${staticColumns}, u.created_at AS unlocked_at, u.credits ${from} ORDER BY u.created_at DESC, u.id DESC LIMIT $${n} OFFSET $${n + 1}`,
        [auth.user.id, ...cond.params, STATIC_PAGE_SIZE, (page - 1) * STATIC_PAGE_SIZE],
      );
      return {
        count: count.rows[0].n,
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
      const cond = nameOrCin(request.query.q, 2);
      const from = `FROM companies co WHERE NOT EXISTS (SELECT 1 FROM unlocks u WHERE u.user_id = $1 AND u.item_type = 'company' AND u.item_id = co.id) AND ${cond.sql}`;
      const count = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, [auth.user.id, ...cond.params]);
      const n = cond.params.length + 2;
      const { rows } = await app.db.query<Record<string, unknown> & { id: number }>(
        `SELECT ${staticColumns} ${from} ORDER BY co.name, co.id LIMIT $${n} OFFSET $${n + 1}`,
        [auth.user.id, ...cond.params, STATIC_PAGE_SIZE, (page - 1) * STATIC_PAGE_SIZE],
      );
      return { count: count.rows[0].n, page, page_size: STATIC_PAGE_SIZE, results: rows.map((r) => ({ ...r, id: Number(r.id) })) as never };
    },
  );
};

export default unlockRoutes;
