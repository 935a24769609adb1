// The tenders lister: list/tenders/search/, its facets and export, and the organisation
// suggester (suggester_facet/). By default only live tenders: a live status and a closing date
// not past (live_until ≥ now; 007_tenders.sql); search_all_tenders=true lists every tender.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import { ErrorResponse } from "../../http/schemas.js";
import { fieldError } from "../../http/errors.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { EXPORT_CONTENT_TYPES, parseSearchParams, searchEngine, type Condition, type ExportFormat, type SearchQuery } from "../../search/index.js";
import { parseFlag } from "../../search/parse.js";
import { exportLimits, sendExport } from "../../search/export-request.js";
import { tendersIndex } from "../../search/indexes/tenders.js";
import { SearchQuerystring } from "../projects/routes.js";
import { FacetsResponse, SuggesterQuery, SuggesterResponse, TenderListRow, errors, listOf } from "./schemas.js";
import { suggestOrganisations } from "./suggest.js";

export const TenderSearchQuerystring = Type.Intersect([
  SearchQuerystring,
  Type.Object({ search_all_tenders: Type.Optional(Type.String({ maxLength: 10, description: "true: every tender, not only live ones" })) }),
]);
type TenderQs = Static<typeof TenderSearchQuerystring>;
const ExportQuerystring = Type.Intersect([TenderSearchQuerystring, Type.Object({ format: Type.Optional(Type.Union([Type.Literal("csv"), Type.Literal("xlsx")])) })]);

/** Live now: the tender's live_until is not past (µs; to the second, so a burst of requests shares one evaluation). */
export function liveCondition(now = Date.now()): Condition {
  return { kind: "range", field: "live_until", min: Math.floor(now / 1000) * 1_000_000, max: null };
}

const tags = ["tenders"];

const tenderLists: FastifyPluginAsyncTypebox = async (app) => {
  const engine = searchEngine(app.db, tendersIndex, (msg, err) => (err ? app.log.error({ err }, msg) : app.log.info(msg)));
  app.addHook("onReady", async () => {
    void engine.warm().catch((err) => app.log.error({ err }, "tenders search cache load failed"));
  });

  const parse = (request: FastifyRequest) => {
    const raw = request.query as TenderQs;
    const all = parseFlag("search_all_tenders", raw.search_all_tenders);
    const { search_all_tenders: _ignored, ...rest } = raw;
    const query = parseSearchParams(tendersIndex, rest, { defaultSort: all ? "status_update_date desc" : "closing_date asc" });
    const q: SearchQuery = { ...query, base: all ? query.base : [...query.base, liveCondition()] };
    return { q, searcher: { userId: requireAuth(request).user.id } };
  };
  const config = { can: ["read", "Tender"] as ["read", "Tender"] };

  app.get(
    "/list/tenders/search/",
    { config, schema: { tags, summary: "Search tenders (live ones unless search_all_tenders=true)", querystring: TenderSearchQuerystring, response: { 200: listOf(TenderListRow), ...errors } } },
    async (request) => {
      const { q, searcher } = parse(request);
      return (await engine.list(q, searcher)) as Static<ReturnType<typeof listOf<typeof TenderListRow>>>;
    },
  );
  app.get(
    "/list/tenders/search/facets/",
    { config, schema: { tags, summary: "Tender facet counts (each without its own filter)", querystring: TenderSearchQuerystring, response: { 200: FacetsResponse, ...errors } } },
    async (request) => {
      const { q, searcher } = parse(request);
      return { facets: await engine.facets(q, searcher) };
    },
  );
  app.get(
    "/list/tenders/search/export/",
    {
      config: { can: ["create", "Export"] as ["create", "Export"] },
      schema: {
        tags,
        summary: `Export a tender search as CSV or XLSX (first ${exportLimits.maxRows.toLocaleString("en-IN")} rows; ${exportLimits.dailyRows.toLocaleString("en-IN")} rows per user per 24 hours, with lead exports)`,
        querystring: ExportQuerystring,
        produces: [EXPORT_CONTENT_TYPES.csv, EXPORT_CONTENT_TYPES.xlsx],
        response: { 200: Type.String({ description: "The file" }), ...errors, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { q, searcher } = parse(request);
      const format: ExportFormat = request.query.format ?? "csv";
      return sendExport(app, request, reply, { engine, query: q, searcher, auth: requireAuth(request), format, lister: "tenders", fileStem: "infrascout-tenders" });
    },
  );

  app.get(
    "/suggester_facet/",
    { config, schema: { tags, summary: "Organisation names for a prefix, typos forgiven, with tender counts", querystring: SuggesterQuery, response: { 200: SuggesterResponse, ...errors } } },
    async (request) => {
      const field = request.query.suggest_field ?? "org_name_exact";
      if (field !== "org_name_exact") throw fieldError("suggest_field", `Suggestions are for org_name_exact only, not '${field.slice(0, 60)}'.`);
      const text = (request.query.suggest_query ?? "").trim();
      return { field: "org_name_exact" as const, suggestions: text ? await suggestOrganisations(app.db, text) : [] };
    },
  );
};

export default tenderLists;
