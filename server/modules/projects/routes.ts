// Project lead lists: search (all leads; the web app sends its preset as a filter —
// category:construction, category:industrial, is_ai:true), the staff review queue, the user's
// feed, each with /facets/, and the export. The search itself is server/search/.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import { notFound } from "../../http/errors.js";
import { ErrorResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { EXPORT_CONTENT_TYPES, parseSearchParams, searchEngine, type Condition, type ExportFormat, type SearchQuery } from "../../search/index.js";
import { exportLimits, sendExport } from "../../search/export-request.js";
import { projectsIndex } from "../../search/indexes/projects.js";
import { findUserRow } from "../users/queries.js";
import { feedConditions, feedPreferencesOf, matchedReasons, type FeedPreferences } from "./feed.js";

export { exportLimits } from "../../search/export-request.js";

const flag = Type.Optional(Type.String({ maxLength: 10, description: "true to enable" }));
export const SearchQuerystring = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 1000, description: "Search text ('&' and ' and ' count as spaces)" })),
  oq: Type.Optional(Type.String({ maxLength: 1000, description: "The search text as typed (logged, not searched)" })),
  page: Type.Optional(Type.String({ maxLength: 20, description: "Page from 1 (default 1); 20 rows a page" })),
  sort: Type.Optional(Type.String({ maxLength: 80, description: "relevance, newest, value desc, value asc, retrieved_on desc, arrived_date asc, …" })),
  show_unlocked: flag,
  search_all: flag,
  filter: Type.Optional(
    Type.Array(Type.String({ maxLength: 500 }), {
      maxItems: 60,
      description: "Repeated: field:value, field:[min TO max] (* = open; dates as UTC instants), field:*text*",
    }),
  ),
});
type SearchQs = Static<typeof SearchQuerystring>;
const ExportQuerystring = Type.Intersect([SearchQuerystring, Type.Object({ format: Type.Optional(Type.Union([Type.Literal("csv"), Type.Literal("xlsx")])) })]);

const nullableString = Type.Union([Type.String(), Type.Null()]);
const ProjectRow = Type.Object({
  id: Type.Number(),
  title: Type.String(),
  category: Type.String(),
  is_ai: Type.Boolean(),
  project_type: Type.Array(Type.String()),
  sector: nullableString,
  status: nullableString,
  stage: nullableString,
  value: Type.Union([Type.Number(), Type.Null()], { description: "Rupees" }),
  state: nullableString,
  district: nullableString,
  city: nullableString,
  owner_name: nullableString,
  retrieved_on: nullableString,
  arrived_date: Type.String(),
  start_date: nullableString,
  completion_date: nullableString,
  mark: Type.String({ description: "unmarked | shortlisted | tentative | rejected (this user's)" }),
});
const FeedRow = Type.Intersect([ProjectRow, Type.Object({ matched: Type.Array(Type.String(), { description: "Why the lead is in the feed" }) })]);
const listOf = (row: typeof ProjectRow | typeof FeedRow) =>
  Type.Object({ count: Type.Number(), page: Type.Number(), page_size: Type.Number(), results: Type.Array(row) });
const FacetsResponse = Type.Object({
  facets: Type.Record(Type.String(), Type.Array(Type.Object({ text: Type.String(), count: Type.Number() }))),
});
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse };

interface Lister {
  /** Conditions the endpoint imposes, and flags it forces. */
  scope(request: FastifyRequest): Promise<{ base: Condition[]; searchAll?: boolean; prefs?: FeedPreferences }>;
  defaultSort: string;
}

const projectsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const engine = searchEngine(app.db, projectsIndex, (msg, err) => (err ? app.log.error({ err }, msg) : app.log.info(msg)));
  // Load the in-memory copy as the server starts (the SQL path answers until it is ready).
  app.addHook("onReady", async () => {
    void engine.warm().catch((err) => app.log.error({ err }, "search cache load failed"));
  });

  const search: Lister = { scope: async () => ({ base: [] }), defaultSort: "retrieved_on desc" };
  // Staff review queue: leads not reviewed yet, oldest arrived first; nobody's marks hide them.
  const review: Lister = {
    scope: async () => ({ base: [{ kind: "present", field: "reviewed_date", present: false }], searchAll: true }),
    defaultSort: "arrived_date asc",
  };
  const feed: Lister = {
    scope: async (request) => {
      const row = await findUserRow(app.db, requireAuth(request).user.id);
      if (!row) throw notFound();
      const prefs = feedPreferencesOf(row);
      return { base: feedConditions(prefs), prefs };
    },
    defaultSort: "arrived_date desc",
  };

  const parse = async (lister: Lister, request: FastifyRequest) => {
    const query = parseSearchParams(projectsIndex, request.query as SearchQs, { defaultSort: lister.defaultSort });
    const scope = await lister.scope(request);
    const q: SearchQuery = { ...query, base: [...query.base, ...scope.base], searchAll: scope.searchAll ?? query.searchAll };
    if (q.q || q.oq) request.log.debug({ q: q.q, oq: q.oq }, "search");
    return { q, prefs: scope.prefs, searcher: { userId: requireAuth(request).user.id } };
  };

  const routes: [string, Lister, string, boolean][] = [
    ["/list/search/", search, "Search project leads", false],
    ["/list/review/search/", review, "Staff review queue: leads not reviewed yet, oldest arrived first", true],
    ["/list/my-feed/", feed, "Leads matching the user's preferred statuses, sectors, states and value range, newest first", false],
  ];
  for (const [url, lister, summary, staff] of routes) {
    const config = { access: staff ? ("staff" as const) : ("subscriber" as const) };
    const isFeed = lister === feed;
    app.get(
      url,
      { config, schema: { tags: ["leads"], summary, querystring: SearchQuerystring, response: { 200: listOf(isFeed ? FeedRow : ProjectRow), ...errors } } },
      async (request) => {
        const { q, prefs, searcher } = await parse(lister, request);
        const out = await engine.list(q, searcher);
        if (prefs) for (const row of out.results) row.matched = matchedReasons(prefs, row);
        return out as Static<ReturnType<typeof listOf>>;
      },
    );
    app.get(
      `${url}facets/`,
      { config, schema: { tags: ["leads"], summary: `${summary}: facet counts (each without its own filter)`, querystring: SearchQuerystring, response: { 200: FacetsResponse, ...errors } } },
      async (request) => {
        const { q, searcher } = await parse(lister, request);
        return { facets: await engine.facets(q, searcher) };
      },
    );
  }

  app.get(
    "/list/search/export/",
    {
      schema: {
        tags: ["leads"],
        summary: `Export a search as CSV or XLSX (first ${exportLimits.maxRows.toLocaleString("en-IN")} rows; ${exportLimits.dailyRows.toLocaleString("en-IN")} rows per user per 24 hours)`,
        querystring: ExportQuerystring,
        produces: [EXPORT_CONTENT_TYPES.csv, EXPORT_CONTENT_TYPES.xlsx],
        response: { 200: Type.String({ description: "The file" }), ...errors, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { q, searcher } = await parse(search, request);
      const format: ExportFormat = request.query.format ?? "csv";
      return sendExport(app, request, reply, { engine, query: q, searcher, auth: requireAuth(request), format, lister: "search", fileStem: "infrascout-leads" });
    },
  );
};

export default projectsRoutes;
