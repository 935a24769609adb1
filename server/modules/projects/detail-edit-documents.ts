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
import { publishAddition, recordHistory } from "./detail-edit-notice.js";

export const DOCUMENT_NEEDS_CONTENT = "Give the document's text or its web address.";
export const EXCERPT_CHARS = 400;

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

interface DocumentRow { id: number; title: string; url: string | null; excerpt: string; text_length: number; created_by: string | null; created_at: Date }
const COLUMNS = `d.id, d.title, d.url, left(d.body, ${EXCERPT_CHARS}) AS excerpt, length(d.body) AS text_length,
  nullif(trim(u.first_name || ' ' || u.last_name), '') AS created_by, d.created_at`;
const toDocument = (r: DocumentRow) => ({ ...r, text_length: Number(r.text_length), created_at: iso(r.created_at)! });

const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/work/:id/documents/",
    { schema: { tags: ["projects"], summary: "The lead's documents", params: Params, response: { 200: Type.Object({ results: Type.Array(Document) }), ...errors } } },
    async (request) => {
      if (!(await projectExists(app.db, request.params.id))) throw notFound("Project not found.");
      const { rows } = await app.db.query<DocumentRow>(
        `SELECT ${COLUMNS} FROM project_documents d LEFT JOIN users u ON u.id = d.created_by WHERE d.project_id = $1 ORDER BY d.created_at, d.id`,
        [request.params.id],
      );
      return { results: rows.map(toDocument) };
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
        const p = await tx.query(`SELECT 1 FROM projects WHERE id = $1 FOR UPDATE`, [id]);
        if (!p.rows[0]) throw notFound("Project not found.");
        const ins = await tx.query<{ id: number }>(
          `INSERT INTO project_documents (project_id, title, body, url, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [id, title, body, url, auth.user.id],
        );
        await recordHistory(tx, id, auth.user.id, { documents: [null, title] });
        await publishAddition(tx, id, auth.user.id, `New document added: ${title}`);
        await auditAs(request, "project.add_document", { itemType: "project", itemId: id, details: { document_id: ins.rows[0].id } }, tx);
        const out = await tx.query<DocumentRow>(`SELECT ${COLUMNS} FROM project_documents d LEFT JOIN users u ON u.id = d.created_by WHERE d.id = $1`, [ins.rows[0].id]);
        return out.rows[0];
      });
      return reply.code(201).send(toDocument(row));
    },
  );
};

export default documentRoutes;
