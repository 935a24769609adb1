// The tenders half of the user's feed (list/my-feed/ serves the leads; server/modules/projects):
//   GET list/my-feed/tenders/          live tenders in the user's preferred states and value
//                                      range, newest arrived first, each with `matched` reasons
//   GET list/my-feed/tenders/facets/   their facet counts
// Statuses and sectors are lead preferences (a tender has neither), so they do not narrow this
// list. The 'New' mark uses the feed's one seen time (list/my-feed/seen/).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import { notFound } from "../../http/errors.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { parseSearchParams, searchEngine, type SearchQuery } from "../../search/index.js";
import { tendersIndex } from "../../search/indexes/tenders.js";
import { feedPreferencesOf, tenderFeedConditions, tenderMatchedReasons } from "../projects/feed.js";
import { SearchQuerystring } from "../projects/routes.js";
import { findUserRow } from "../users/queries.js";
import { liveCondition } from "./lists.js";
import { FacetsResponse, TenderListRow, errors } from "./schemas.js";

const FeedTenderRow = Type.Intersect([
  TenderListRow,
  Type.Object({ matched: Type.Array(Type.String(), { description: "Why the tender is in the feed: 'state: …', 'value: …'" }) }),
]);
const FeedTenders = Type.Object({ count: Type.Number(), page: Type.Number(), page_size: Type.Number(), results: Type.Array(FeedTenderRow) });
type FeedTendersBody = Static<typeof FeedTenders>;

const tags = ["tenders"];
const summary = "Live tenders in the user's preferred states and value range, newest arrived first (preferred statuses and sectors are for leads and do not apply)";

const tenderFeed: FastifyPluginAsyncTypebox = async (app) => {
  // The same engine (and in-memory copy) as list/tenders/search/: searchEngine keeps one per index.
  const engine = searchEngine(app.db, tendersIndex, (msg, err) => (err ? app.log.error({ err }, msg) : app.log.info(msg)));

  const parse = async (request: FastifyRequest) => {
    const userId = requireAuth(request).user.id;
    const query = parseSearchParams(tendersIndex, request.query as Static<typeof SearchQuerystring>, { defaultSort: "arrived_date desc" });
    const row = await findUserRow(app.db, userId);
    if (!row) throw notFound();
    const prefs = feedPreferencesOf(row);
    const q: SearchQuery = { ...query, base: [...query.base, ...tenderFeedConditions(prefs), liveCondition()] };
    return { q, prefs, searcher: { userId } };
  };
  const config = { can: ["read", "Tender"] as ["read", "Tender"] };

  app.get(
    "/list/my-feed/tenders/",
    { config, schema: { tags, summary, querystring: SearchQuerystring, response: { 200: FeedTenders, ...errors } } },
    async (request) => {
      const { q, prefs, searcher } = await parse(request);
      const out = await engine.list(q, searcher);
      for (const row of out.results) row.matched = tenderMatchedReasons(prefs, row);
      return out as FeedTendersBody;
    },
  );
  app.get(
    "/list/my-feed/tenders/facets/",
    { config, schema: { tags, summary: `${summary}: facet counts (each without its own filter)`, querystring: SearchQuerystring, response: { 200: FacetsResponse, ...errors } } },
    async (request) => {
      const { q, searcher } = await parse(request);
      return { facets: await engine.facets(q, searcher) };
    },
  );
};

export default tenderFeed;
