// POST /rag/ {works_id, question} → {answer, citations: [{source, title, passage, start, end}], mode}
// Extractive by default; with LLM_BASE_URL and LLM_API_KEY set, an OpenAI-compatible model
// writes the answer from the same top passages, and any failure falls back to extraction.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { fieldError, notFound } from "../../http/errors.js";
import { ErrorResponse } from "../../http/schemas.js";
import { findProject, projectDocuments } from "../projects/detail-queries.js";
import { llmAnswer } from "./llm.js";
import { documentPassages, extractAnswer, fieldPassages, rankPassages } from "./rag.js";

export const LLM_PASSAGES = 6;

const Citation = Type.Object({
  source: Type.String({ description: "document | field" }),
  title: Type.String({ description: "The document's title, or the field's name" }),
  passage: Type.String(),
  start: Type.Number({ description: "Offset of the passage in its document body, specification list, description or field summary" }),
  end: Type.Number(),
});

const aiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/rag/",
    {
      schema: {
        tags: ["ai"],
        body: Type.Object(
          { works_id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), question: Type.String({ minLength: 1, maxLength: 500 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ answer: Type.String(), citations: Type.Array(Citation), mode: Type.String({ description: "extractive | llm" }) }),
          400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse,
        },
      },
    },
    async (request) => {
      const question = request.body.question.trim();
      if (!question) throw fieldError("question", "This field may not be blank.");
      const project = await findProject(app.db, request.body.works_id);
      if (!project) throw notFound("Project not found.");
      const docs = await projectDocuments(app.db, project.id);
      const passages = [...documentPassages(docs), ...fieldPassages(project)];
      const ranked = await rankPassages(app.db, question, passages);
      const { llmBaseUrl, llmApiKey, llmModel, llmTimeoutMs } = app.config;
      if (llmBaseUrl && llmApiKey) {
        // The best passages, or the field summary when no passage shares a word with the question.
        const context = ranked.length
          ? ranked.slice(0, LLM_PASSAGES).map((r) => passages[r.index])
          : passages.filter((p) => p.source === "field").slice(0, 12);
        try {
          const out = await llmAnswer({ baseUrl: llmBaseUrl, apiKey: llmApiKey, model: llmModel, timeoutMs: llmTimeoutMs }, question, context);
          return { ...out, mode: "llm" };
        } catch (err) {
          request.log.warn({ err }, "LLM answer failed; answering by extraction");
        }
      }
      return { ...extractAnswer(passages, ranked), mode: "extractive" };
    },
  );
};

export default aiRoutes;
