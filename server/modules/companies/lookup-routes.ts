// Company lookups: typo-tolerant name / CIN search for every company picker, and director info.
//   GET company/search_company_name_cin/?search_term=   up to 20 matches
//   GET company/suggest_company/?q=                     up to 10 matches, as the user types
//   GET company/get_company_director_info/?cin=|din=    directors with their other companies
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { CIN_PATTERN, DIN_PATTERN } from "../../../common/companies.js";
import { fieldError, notFound } from "../../http/errors.js";
import { directorByDin, directorsByCin } from "./queries.js";
import { CompanySuggestion, DirectorInfoResponse, errors } from "./schemas.js";
import { suggestCompanies } from "./suggest.js";

export const CIN_MESSAGE = "Enter a valid CIN: 21 characters such as U45200MH2007PTC123456.";
export const DIN_MESSAGE = "Enter a valid DIN: 8 digits.";
export const CIN_OR_DIN = "Give a CIN or a DIN.";

const Term = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });

const lookupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const results = Type.Object({ results: Type.Array(CompanySuggestion) });
  const blank = (field: string, v: string) => {
    if (!v.trim()) throw fieldError(field, "This field may not be blank.");
    return v.trim();
  };

  app.get(
    "/company/search_company_name_cin/",
    { schema: { tags: ["companies"], summary: "Find companies by name (typo tolerant) or CIN", querystring: Type.Object({ search_term: Term("A company name or CIN") }), response: { 200: results, ...errors } } },
    async (request) => ({ results: await suggestCompanies(app.db, blank("search_term", request.query.search_term), 20) }),
  );

  app.get(
    "/company/suggest_company/",
    { schema: { tags: ["companies"], summary: "Company suggestions as the user types (name, typo tolerant, or CIN)", querystring: Type.Object({ q: Term("What the user typed") }), response: { 200: results, ...errors } } },
    async (request) => ({ results: await suggestCompanies(app.db, blank("q", request.query.q), 10) }),
  );

  app.get(
    "/company/get_company_director_info/",
    {
      schema: {
        tags: ["companies"],
        summary: "Directors of a company (by CIN) with their other companies, or one director's companies (by DIN)",
        querystring: Type.Object({ cin: Type.Optional(Type.String({ maxLength: 50 })), din: Type.Optional(Type.String({ maxLength: 50 })) }),
        response: { 200: DirectorInfoResponse, ...errors },
      },
    },
    async (request) => {
      const cin = request.query.cin?.trim().toUpperCase() || null;
      const din = request.query.din?.trim() || null;
      if (!cin && !din) throw fieldError("cin", CIN_OR_DIN);
      if (cin && din) throw fieldError("din", "Give either a CIN or a DIN, not both.");
      if (cin) {
        if (!CIN_PATTERN.test(cin)) throw fieldError("cin", CIN_MESSAGE);
        const found = await directorsByCin(app.db, cin);
        if (!found) throw notFound("No company with this CIN.");
        return { cin, din: null, ...found };
      }
      if (!DIN_PATTERN.test(din!)) throw fieldError("din", DIN_MESSAGE);
      const found = await directorByDin(app.db, din!);
      if (!found) throw notFound("No director with this DIN.");
      return { cin: null, din, ...found };
    },
  );
};

export default lookupRoutes;
