// The tenders lister: list/tenders/search/, its facets and export, and the organisation
// suggester (suggester_facet/). By default only live tenders: a live status and a closing date
// not past (live_until ≥ now; 007_tenders.sql); search_all_tenders=true lists every tender.
//
// A person who types a tender's number wants that tender, live or not. So when the search text
// is a Tender ID or reference (identifiers.ts) and the live-only default hides tenders it
// matches, the list says how many (`not_live_matches`: the count and the best of them, exact
// before prefix) under the same filters, i.e. exactly what search_all_tenders=true would add.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import { ErrorResponse } from "../../http/schemas.js";
import { fieldError } from "../../http/errors.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { EXPORT_CONTENT_TYPES, fetchRows, parseSearchParams, searchEngine, type Condition, type ExportFormat, type FilterGroup, type SearchQuery, type Searcher } from "../../search/index.js";
import { parseFlag } from "../../search/parse.js";
import { exportLimits, sendExport } from "../../search/export-request.js";
import { tendersIndex } from "../../search/indexes/tenders.js";
import { SearchQuerystring } from "../projects/routes.js";
import { FacetsResponse, SuggesterQuery, SuggesterResponse, TenderListResponse, errors } from "./schemas.js";
import { suggestOrganisations } from "./suggest.js";

export const TenderSearchQuerystring = Type.Intersect([
  SearchQuerystring,
  Type.Object({ search_all_tenders: Type.Optional(Type.String({ maxLength: 10, description: "true: every tender, not only live ones" })) }),
]);
type TenderQs = Static<typeof TenderSearchQuerystring>;
const ExportQuerystring = Type.Intersect([TenderSearchQuerystring, Type.Object({ format: Type.Optional(Type.Union([Type.Literal("csv"), Type.Literal("xlsx")])) })]);

/** Live now: the tender's live_until is not past (µs; to the second, so a burst of requests shares one evaluation). */
const liveFrom = (now: number) => Math.floor(now / 1000) * 1_000_000;
export function liveCondition(now = Date.now()): Condition {
  return { kind: "range", field: "live_until", min: liveFrom(now), max: null };
}

/** Not live now: no live_until (a closed status) or one already past — liveCondition's complement. */
export function notLiveGroup(now = Date.now()): FilterGroup {
  return {
    field: "live_until",
    conditions: [
      { kind: "present", field: "live_until", present: false },
      { kind: "range", field: "live_until", min: null, max: liveFrom(now) - 1 },
    ],
  };
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
    const now = Date.now();
    const q: SearchQuery = { ...query, base: all ? query.base : [...query.base, liveCondition(now)] };
    // What search_all_tenders=true would add: the same search, among the tenders not live now.
    const notLive: SearchQuery | null = all ? null : { ...query, groups: [...query.groups, notLiveGroup(now)] };
    return { q, notLive, searcher: { userId: requireAuth(request).user.id } };
  };
  /** The tenders the search text finds by Tender ID or reference that the live-only list leaves out. */
  const notLiveMatches = async (query: SearchQuery, searcher: Searcher) => {
    const { count, ids } = await engine.identifierMatches(query, searcher, 1);
    if (!count) return null;
    const [first] = await fetchRows(app.db, tendersIndex, ids, searcher);
    return first ? { count, first } : null;
  };
  const config = { can: ["read", "Tender"] as ["read", "Tender"] };

  app.get(
    "/list/tenders/search/",
    { config, schema: { tags, summary: "Search tenders (live ones unless search_all_tenders=true)", querystring: TenderSearchQuerystring, response: { 200: TenderListResponse, ...errors } } },
    async (request) => {
      const { q, notLive, searcher } = parse(request);
      // After the list, whose identifier lookup it reuses (cached until the table changes).
      const list = await engine.list(q, searcher);
      const not_live_matches = notLive ? await notLiveMatches(notLive, searcher) : null;
      return { ...list, not_live_matches } as Static<typeof TenderListResponse>;
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
