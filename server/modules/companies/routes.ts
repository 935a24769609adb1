// The companies API area (buildApp registers this plugin under /api). Endpoints and their
// parameters: common/companies.ts. Here: the builders lister and one company's pages; unlocking
// in unlock-routes.ts; lookups for pickers and director info in lookup-routes.ts.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import { CONTACT_SOURCES, SENIORITY_LEVELS, type ContactSource } from "../../../common/constants.js";
import { fieldError, notFound } from "../../http/errors.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { parseSearchParams, searchEngine, type SearchQuery } from "../../search/index.js";
import { companiesIndex } from "../../search/indexes/companies.js";
import { isStaffSession } from "../credits/contacts.js";
import { SearchQuerystring } from "../projects/routes.js";
import { recordView } from "../recently-viewed/record.js";
import { companyContacts, companyContactsHistory, companyDetails, companyExists, companyIdentity, companyStats, financials, unlockedAmong } from "./queries.js";
import {
  CompanyContactsPage, CompanyDetails, CompanyFinancialData, CompanyListRow, CompanyStats, ContactHistoryRow, IdParams, Page, errors, listOf,
} from "./schemas.js";

export const COMPANY_NOT_FOUND = "Company not found.";

const FacetsResponse = Type.Object({
  facets: Type.Record(Type.String(), Type.Array(Type.Object({ text: Type.String(), count: Type.Number() }))),
});

const ContactsQuery = Type.Object({
  page: Page,
  query: Type.Optional(Type.String({ maxLength: 200, description: "Text in the contact's name or designation" })),
  source_q: Type.Optional(Type.String({ maxLength: 200, description: `One or more of ${CONTACT_SOURCES.join(", ")}, comma-separated` })),
  seniority: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Array(Type.String({ maxLength: 100 }), { maxItems: 10 })], { description: "Seniority level(s)" })),
});

/** '' or absent → none; each value must be one of the three sources. */
export function parseSources(raw: string | undefined): ContactSource[] {
  const values = (raw ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  for (const v of values) {
    if (!(CONTACT_SOURCES as readonly string[]).includes(v)) throw fieldError("source_q", `Must be one of: ${CONTACT_SOURCES.join(", ")}.`);
  }
  return [...new Set(values)] as ContactSource[];
}

function parseSeniorities(raw: string | string[] | undefined): string[] {
  const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map((s) => s.trim()).filter(Boolean);
  for (const v of values) {
    if (!(SENIORITY_LEVELS as readonly string[]).includes(v)) throw fieldError("seniority", `Must be one of: ${SENIORITY_LEVELS.join("; ")}.`);
  }
  return [...new Set(values)];
}

const companiesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const engine = searchEngine(app.db, companiesIndex, (msg, err) => (err ? app.log.error({ err }, msg) : app.log.info(msg)));
  app.addHook("onReady", async () => {
    void engine.warm().catch((err) => app.log.error({ err }, "companies search cache load failed"));
  });

  const parse = (request: FastifyRequest): SearchQuery => {
    const query = parseSearchParams(companiesIndex, request.query as Static<typeof SearchQuerystring>);
    // Nothing is hidden per user in this list: skip asking for a hidden set.
    return { ...query, searchAll: true };
  };
  const mustExist = async (id: number) => {
    if (!(await companyExists(app.db, id))) throw notFound(COMPANY_NOT_FOUND);
  };

  app.get(
    "/list/company/search/",
    { schema: { tags: ["companies"], summary: "Search builders (companies): text on name and CIN, facets, capital and date ranges", querystring: SearchQuerystring, response: { 200: listOf(CompanyListRow), ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      const out = await engine.list(parse(request), { userId: auth.user.id });
      const unlocked = await unlockedAmong(app.db, auth.user.id, out.results.map((r) => r.id as number));
      return { ...out, results: out.results.map((r) => ({ ...r, is_unlocked: unlocked.has(r.id as number) })) } as Static<ReturnType<typeof listOf<typeof CompanyListRow>>>;
    },
  );

  app.get(
    "/list/company/search/facets/",
    { schema: { tags: ["companies"], summary: "Builders: facet counts (each without its own filter)", querystring: SearchQuerystring, response: { 200: FacetsResponse, ...errors } } },
    async (request) => ({ facets: await engine.facets(parse(request), { userId: requireAuth(request).user.id }) }),
  );

  app.get(
    "/company/details/:id/",
    { schema: { tags: ["companies"], params: IdParams, response: { 200: CompanyDetails, ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      const details = await companyDetails(app.db, auth.user.id, request.params.id);
      if (!details) throw notFound(COMPANY_NOT_FOUND);
      const viewed = await recordView(app.db, auth.user.id, "company", details.id);
      return { ...details, viewed_at: viewed.toISOString() };
    },
  );

  app.get(
    "/company/details/:id/stats/",
    { schema: { tags: ["companies"], summary: "Projects by role, status and sector; tenders bid and won; total value (rupees)", params: IdParams, response: { 200: CompanyStats, ...errors } } },
    async (request) => {
      await mustExist(request.params.id);
      return companyStats(app.db, request.params.id);
    },
  );

  app.get(
    "/company/details/:id/contacts/",
    {
      schema: {
        tags: ["companies"],
        summary: "The company's contacts, most senior first; phone and e-mail masked unless this user unlocked the company or the contact",
        params: IdParams,
        querystring: ContactsQuery,
        response: { 200: CompanyContactsPage, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const q = request.query;
      const filter = { query: q.query?.trim() || null, sources: parseSources(q.source_q), seniorities: parseSeniorities(q.seniority) };
      await mustExist(request.params.id);
      return companyContacts(app.db, auth.user.id, request.params.id, filter, q.page ?? 1, isStaffSession(request));
    },
  );

  app.get(
    "/company/details/:id/contacts-history",
    { schema: { tags: ["companies"], params: IdParams, response: { 200: Type.Object({ results: Type.Array(ContactHistoryRow) }), ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      await mustExist(request.params.id);
      return { results: await companyContactsHistory(app.db, auth.user.id, request.params.id, isStaffSession(request)) };
    },
  );

  app.get(
    "/company/financial_data/:companyId",
    {
      schema: {
        tags: ["companies"], summary: "Revenue, profit, net worth and borrowings by fiscal year (rupees), oldest first",
        params: Type.Object({ companyId: IdParams.properties.id }), response: { 200: CompanyFinancialData, ...errors },
      },
    },
    async (request) => {
      const company = await companyIdentity(app.db, request.params.companyId);
      if (!company) throw notFound(COMPANY_NOT_FOUND);
      return { company, results: await financials(app.db, request.params.companyId) };
    },
  );
};

export default companiesRoutes;
