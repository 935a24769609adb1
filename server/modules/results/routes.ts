// The results API area (buildApp registers this plugin under /api):
//   list/results/search/ (+ facets/): awarded tenders (filter=item_type:result is what they all are)
//   result/detail/{id}: the award, every winner with its own value, the contract apart from the
//                       winning bid, implausible amounts flagged, every bidder with bid and rank,
//                       spreads (signed in, or a shared link's uid + tid)
//   result/{id}/share/ (POST, DELETE), result/{id}/result-mlt/
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import type { Static } from "typebox";
import { notFound } from "../../http/errors.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { parseSearchParams, searchEngine } from "../../search/index.js";
import { resultsIndex } from "../../search/indexes/results.js";
import { SearchQuerystring } from "../projects/routes.js";
import { recordView } from "../recently-viewed/record.js";
import { FacetsResponse, IdParams, LinkQuery, ResultDetail, ResultListRow, ShareLink, ShareRevoked, SimilarResults, errors, listOf } from "../tenders/schemas.js";
import { registerShareRoutes } from "../tenders/share-routes.js";
import { similarResults } from "../tenders/similar.js";
import { viewerFor } from "../tenders/viewer.js";
import { resultDetail, resultExists } from "./detail-queries.js";

const tags = ["results"];

const resultsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const engine = searchEngine(app.db, resultsIndex, (msg, err) => (err ? app.log.error({ err }, msg) : app.log.info(msg)));
  app.addHook("onReady", async () => {
    void engine.warm().catch((err) => app.log.error({ err }, "results search cache load failed"));
  });
  const parse = (request: FastifyRequest) => ({
    q: parseSearchParams(resultsIndex, request.query as Static<typeof SearchQuerystring>, { defaultSort: "result_date desc" }),
    searcher: { userId: requireAuth(request).user.id },
  });
  const config = { can: ["read", "Result"] as ["read", "Result"] };

  app.get(
    "/list/results/search/",
    { config, schema: { tags, summary: "Search tender results (awards)", querystring: SearchQuerystring, response: { 200: listOf(ResultListRow), ...errors } } },
    async (request) => {
      const { q, searcher } = parse(request);
      return (await engine.list(q, searcher)) as Static<ReturnType<typeof listOf<typeof ResultListRow>>>;
    },
  );
  app.get(
    "/list/results/search/facets/",
    { config, schema: { tags, summary: "Result facet counts (each without its own filter)", querystring: SearchQuerystring, response: { 200: FacetsResponse, ...errors } } },
    async (request) => {
      const { q, searcher } = parse(request);
      return { facets: await engine.facets(q, searcher) };
    },
  );

  app.get(
    "/result/detail/:id",
    {
      config: { access: "public" },
      schema: { tags, summary: "A result: award, every winner, contract, bidders with bids and ranks, spreads, implausible amounts flagged", params: IdParams, querystring: LinkQuery, response: { 200: ResultDetail, ...errors } },
    },
    async (request) => {
      const viewer = await viewerFor(app, request, "result", request.params.id, request.query);
      const detail = await resultDetail(app.db, request.params.id);
      if (!detail) throw notFound();
      if (viewer.kind === "user") await recordView(app.db, viewer.userId, "result", detail.id);
      return { ...detail, shared: viewer.kind === "shared" };
    },
  );

  registerShareRoutes(app, "result", tags, (id) => resultExists(app.db, id), { ShareLink, ShareRevoked });

  app.get(
    "/result/:id/result-mlt/",
    { config, schema: { tags, summary: "Results like this one (shared terms, organisation, category, place, value)", params: IdParams, response: { 200: SimilarResults, ...errors } } },
    async (request) => {
      if (!(await resultExists(app.db, request.params.id))) throw notFound();
      return { results: await similarResults(app.db, request.params.id) };
    },
  );
};

export default resultsRoutes;
