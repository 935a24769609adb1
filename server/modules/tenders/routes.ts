// The tenders API area (buildApp registers this plugin under /api):
//   lists.ts      list/tenders/search/ (+ facets/, export/), suggester_facet/
//   this file     tender/detail/{id}, tender/{id}/share/ (POST, DELETE), tender/{id}/tender-mlt/,
//                 tender/download_zip/{id}, tender/ai-detail/{id}/
// Detail, zip and brief are public routes that check their viewer themselves (viewer.ts): a
// signed-in subscriber, or a shared link (uid + tid) for that tender.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { notFound, tooManyRequests } from "../../http/errors.js";
import { recordView } from "../recently-viewed/record.js";
import { tenderBrief } from "./brief.js";
import { findTender, tenderDetail } from "./detail-queries.js";
import { IdParams, LinkQuery, ShareLink, ShareRevoked, SimilarTenders, TenderBrief, TenderDetail, errors } from "./schemas.js";
import { registerShareRoutes } from "./share-routes.js";
import { similarTenders } from "./similar.js";
import { viewerFor, type Viewer } from "./viewer.js";
import { tenderZip } from "./zip.js";

const tags = ["tenders"];
const ZIP_PER_MINUTE = 20;

const tendersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const viewed = async (viewer: Viewer, id: number) => {
    if (viewer.kind === "user") await recordView(app.db, viewer.userId, "tender", id);
  };

  app.get(
    "/tender/detail/:id",
    {
      config: { access: "public" },
      schema: { tags, summary: "A tender: every field, documents, corrigenda, its result (signed in, or a shared link's uid + tid)", params: IdParams, querystring: LinkQuery, response: { 200: TenderDetail, ...errors } },
    },
    async (request) => {
      const viewer = await viewerFor(app, request, "tender", request.params.id, request.query);
      const detail = await tenderDetail(app.db, request.params.id);
      if (!detail) throw notFound();
      await viewed(viewer, detail.id);
      return { ...detail, shared: viewer.kind === "shared" };
    },
  );

  registerShareRoutes(app, "tender", tags, async (id) => (await findTender(app.db, id)) !== null, { ShareLink, ShareRevoked });

  app.get(
    "/tender/:id/tender-mlt/",
    { config: { can: ["read", "Tender"] }, schema: { tags, summary: "Tenders like this one (shared terms, organisation, category, place, value)", params: IdParams, response: { 200: SimilarTenders, ...errors } } },
    async (request) => {
      if (!(await findTender(app.db, request.params.id))) throw notFound();
      return { results: await similarTenders(app.db, request.params.id) };
    },
  );

  app.get(
    "/tender/download_zip/:id",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "The tender's documents, a summary and its corrigenda as one zip (streamed)",
        params: IdParams,
        querystring: LinkQuery,
        produces: ["application/zip"],
        response: { 200: Type.String({ description: "application/zip" }), ...errors, 429: errors[400] },
      },
    },
    async (request, reply) => {
      const viewer = await viewerFor(app, request, "tender", request.params.id, request.query);
      const who = viewer.kind === "user" ? `user:${viewer.userId}` : `shared:${viewer.sharerId}`;
      const limit = await app.limiter.hit(`tender-zip:${who}`, ZIP_PER_MINUTE, 60);
      if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
      const tender = await findTender(app.db, request.params.id);
      if (!tender) throw notFound();
      const stream = await tenderZip(app.db, tender);
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", `attachment; filename="tender-${tender.id}.zip"`)
        .header("cache-control", "no-store")
        .send(stream as never);
    },
  );

  app.get(
    "/tender/ai-detail/:id/",
    {
      config: { access: "public" },
      schema: { tags, summary: "A structured brief of the tender (scope, eligibility, key dates, EMD and fee, value), each point cited", params: IdParams, querystring: LinkQuery, response: { 200: TenderBrief, ...errors } },
    },
    async (request) => {
      const viewer = await viewerFor(app, request, "tender", request.params.id, request.query);
      const tender = await findTender(app.db, request.params.id);
      if (!tender) throw notFound();
      const { llmBaseUrl, llmApiKey, llmModel, llmTimeoutMs } = app.config;
      const llm = llmBaseUrl && llmApiKey ? { baseUrl: llmBaseUrl, apiKey: llmApiKey, model: llmModel, timeoutMs: llmTimeoutMs } : null;
      const brief = await tenderBrief(app.db, tender, llm, (err) => request.log.warn({ err }, "LLM brief failed; extractive brief instead"));
      return { tender_id: tender.id, title: tender.title, ...brief, shared: viewer.kind === "shared" };
    },
  );
};

export default tendersRoutes;
