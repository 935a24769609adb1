// Documents of a lead: staff add one by hand (a title with its text, its web address, or both);
// everyone with access to the lead lists them.
//   GET  /work/{id}/documents/   → {results: [document]} oldest first, the text cut to an excerpt
//   POST /work/{id}/documents/   staff: {title, body?, url?} → 201 document
// The addition is written with the lead's history (who and when) and published as a status
// update, so subscribers who shortlisted the lead see it, in one transaction.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { fieldError, notFound } from "../../http/errors.js";
import { ErrorResponse, Nullable, WebUrl } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { auditAs } from "../audit/log.js";
import { iso } from "../credits/contacts.js";
import { projectExists } from "./detail-queries.js";
import { EXCERPT_CHARS, insertDocument, listDocuments, type DocumentRow } from "./attachment-queries.js";
import { lockProject, publishAddition, recordHistory } from "./edit-queries.js";
import { setChangeSource } from "../changes/source.js";

export const DOCUMENT_NEEDS_CONTENT = "Give the document's text or its web address.";

const NS = Type.Union([Type.String(), Type.Null()]);
const Document = Type.Object({
  id: Type.Number(),
  title: Type.String(),
  url: NS,
  excerpt: Type.String({ description: `The first ${EXCERPT_CHARS} characters of the text` }),
  text_length: Type.Number(),
  created_by: NS,
  created_at: Type.String(),
});
const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

const toDocument = (r: DocumentRow) => ({ ...r, text_length: Number(r.text_length), created_at: iso(r.created_at)! });

const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/work/:id/documents/",
    { schema: { tags: ["projects"], summary: "The lead's documents", params: Params, response: { 200: Type.Object({ results: Type.Array(Document) }), ...errors } } },
    async (request) => {
      if (!(await projectExists(app.db, request.params.id))) throw notFound("Project not found.");
      return { results: (await listDocuments(app.db, request.params.id)).map(toDocument) };
    },
  );

  app.post(
    "/work/:id/documents/",
    {
      config: { access: "staff" },
      schema: {
        tags: ["projects"],
        summary: "Staff: add a document to a lead (history kept, published to subscribers)",
        params: Params,
        body: Type.Object(
          {
            title: Type.String({ minLength: 1, maxLength: 300 }),
            body: Type.Optional(Nullable(Type.String({ maxLength: 200_000 }))),
            url: Type.Optional(Nullable(WebUrl())),
          },
          { additionalProperties: false },
        ),
        response: { 201: Document, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const id = request.params.id;
      const title = request.body.title.trim().replace(/\s+/g, " ");
      if (!title) throw fieldError("title", "This field may not be blank.");
      const body = request.body.body?.trim() ?? "";
      const url = request.body.url?.trim() || null;
      if (!body && !url) throw fieldError("body", DOCUMENT_NEEDS_CONTENT);
      const row = await app.db.transaction(async (tx) => {
        await setChangeSource(tx, { kind: "staff", userId: auth.user.id }); // what this save changes says who made it
        if (!(await lockProject(tx, id))) throw notFound("Project not found.");
        const document = await insertDocument(tx, id, { title, body, url }, auth.user.id);
        await recordHistory(tx, id, auth.user.id, { documents: [null, title] });
        await publishAddition(tx, id, auth.user.id, `New document added: ${title}`);
        await auditAs(request, "project.add_document", { itemType: "project", itemId: id, details: { document_id: document.id } }, tx);
        return document;
      });
      return reply.code(201).send(toDocument(row));
    },
  );
};

export default documentRoutes;
