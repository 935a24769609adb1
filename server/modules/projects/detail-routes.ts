// Lead detail (issue 3). Every route answers 404 for an unknown lead; the user's own marks,
// unlocks and views are the only per-user data shown, and only to that user.
//   GET  /work/{id}/                    the lead, its companies, best contact score, the user's mark + history; records the view
//   GET  /work/{id}/contacts/           contacts, phone/e-mail masked until unlocked
//   GET  /work/{id}/document-contacts/  contacts extracted from documents
//   GET  /work/{id}/document-specs/     specifications extracted from documents
//   GET  /work/{id}/status-update/      status updates, newest first
//   POST /work/{id}/status-update/      staff: {new_status, note?}
//   GET  /work/{id}/all-keywords        the lead's keywords and those staff added
//   GET  /work/{id}/history             changes with who and when
//   GET  /work/{id}/contacts-history    changes of its contacts
//   GET  /work/{id}/debug               staff: raw row, search vector, change log
//   GET  /work/{id}/similar/            up to 10 similar leads
//   GET  /keywords/?works_id=           staff-added keywords; POST staff {works_id, keyword}
// Images: detail-images.ts. Marks: modules/marks. Unlocks: modules/credits.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { PROJECT_STATUSES } from "../../../common/constants.js";
import { conflict, notFound } from "../../http/errors.js";
import { ErrorResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { auditAs } from "../audit/log.js";
import { ContactView, CompanyRef, iso } from "../credits/contacts.js";
import { isStaffSession } from "../credits/routes.js";
import { getMark, markHistory } from "../marks/queries.js";
import { MarkHistorySchema } from "../marks/routes.js";
import { recordView } from "../recently-viewed/record.js";
import {
  allKeywords, contactsHistory, documentContacts, documentSpecs, findProject, projectContacts, projectDocuments,
  projectExists, projectHistory, statusUpdates, toProjectDetail,
} from "./detail-queries.js";
import imageRoutes from "./detail-images.js";
import { similarProjects } from "./detail-similar.js";

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Params = Type.Object({ id: Id });
const S = Type.String();
const NS = Type.Union([Type.String(), Type.Null()]);
const NN = Type.Union([Type.Number(), Type.Null()]);
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const results = <T extends ReturnType<typeof Type.Object>>(row: T) => Type.Object({ results: Type.Array(row) });

export const ProjectDetail = Type.Object({
  id: Type.Number(), title: S, description: S, category: S, is_ai: Type.Boolean(),
  project_type: Type.Array(S), sector: NS, ownership: NS, status: NS, stage: NS,
  value: Type.Union([Type.Number(), Type.Null()], { description: "Rupees" }),
  state: NS, district: NS, city: NS, pincode: NS, address: NS, owner_name: NS,
  owner_company: CompanyRef, architect_company: CompanyRef, contractor_company: CompanyRef,
  start_date: NS, completion_date: NS, retrieved_on: NS, reviewed_date: NS, arrived_date: S,
  keywords: Type.Array(S), source: NS, source_url: NS, area_sq_ft: NN, created_at: S, updated_at: S,
  contact_fuzz_score: Type.Union([Type.Number(), Type.Null()], { description: "The best score of its contacts" }),
  contact_count: Type.Number(),
  mark: Type.String({ description: "This user's: unmarked | shortlisted | tentative | rejected" }),
  mark_history: MarkHistorySchema,
  viewed_at: Type.String({ description: "This view, as recorded for the dashboard's recently viewed" }),
});

const StatusUpdate = Type.Object({ id: Type.Number(), old_status: NS, new_status: S, note: NS, created_by: NS, created_at: S });
const HistoryRow = Type.Object({ id: Type.Number(), changes: Type.Record(S, Type.Unknown()), changed_by: NS, created_at: S });
const Keyword = Type.Object({ id: Type.Number(), works_id: Type.Number(), keyword: S, created_by: NS, created_at: S });

const detailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const mustExist = async (id: number) => {
    if (!(await projectExists(app.db, id))) throw notFound("Project not found.");
  };

  app.get(
    "/work/:id/",
    { schema: { tags: ["projects"], params: Params, response: { 200: ProjectDetail, ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      const p = await findProject(app.db, request.params.id);
      if (!p) throw notFound("Project not found.");
      const [mark, history, viewedAt] = await Promise.all([
        getMark(app.db, auth.user.id, p.id),
        markHistory(app.db, auth.user.id, p.id),
        recordView(app.db, auth.user.id, "project", p.id),
      ]);
      return { ...toProjectDetail(p), mark, mark_history: history, viewed_at: iso(viewedAt)! };
    },
  );

  app.get(
    "/work/:id/contacts/",
    {
      schema: {
        tags: ["projects"], params: Params,
        response: { 200: Type.Object({ results: Type.Array(Type.Intersect([ContactView, Type.Object({ role: NS })])) }), ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await mustExist(request.params.id);
      return { results: await projectContacts(app.db, auth.user.id, request.params.id, isStaffSession(request)) };
    },
  );

  app.get(
    "/work/:id/document-contacts/",
    {
      schema: {
        tags: ["projects"], params: Params,
        response: {
          200: results(Type.Object({ document_id: Type.Number(), document_title: S, name: NS, designation: NS, company: NS, role: NS, phone: NS, email: NS })),
          ...errors,
        },
      },
    },
    async (request) => {
      await mustExist(request.params.id);
      return { results: documentContacts(await projectDocuments(app.db, request.params.id), isStaffSession(request)) };
    },
  );

  app.get(
    "/work/:id/document-specs/",
    {
      schema: {
        tags: ["projects"], params: Params,
        response: { 200: results(Type.Object({ document_id: Type.Number(), document_title: S, item: S, spec: S })), ...errors },
      },
    },
    async (request) => {
      await mustExist(request.params.id);
      return { results: documentSpecs(await projectDocuments(app.db, request.params.id)) };
    },
  );

  app.get(
    "/work/:id/status-update/",
    { schema: { tags: ["projects"], params: Params, response: { 200: results(StatusUpdate), ...errors } } },
    async (request) => {
      await mustExist(request.params.id);
      return { results: await statusUpdates(app.db, request.params.id) };
    },
  );

  app.post(
    "/work/:id/status-update/",
    {
      config: { access: "staff" },
      schema: {
        tags: ["projects"], params: Params,
        body: Type.Object(
          { new_status: Type.String({ enum: [...PROJECT_STATUSES] }), note: Type.Optional(Type.String({ maxLength: 2000 })) },
          { additionalProperties: false },
        ),
        response: { 201: StatusUpdate, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const id = request.params.id;
      const { new_status: next } = request.body;
      const note = request.body.note?.trim() || null;
      const updateId = await app.db.transaction(async (tx) => {
        const cur = await tx.query<{ status: string | null }>(`SELECT status FROM projects WHERE id = $1 FOR UPDATE`, [id]);
        if (!cur.rows[0]) throw notFound("Project not found.");
        const old = cur.rows[0].status;
        const ins = await tx.query<{ id: number }>(
          `INSERT INTO project_status_updates (project_id, old_status, new_status, note, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [id, old, next, note, auth.user.id],
        );
        if (old !== next) {
          await tx.query(`UPDATE projects SET status = $2, updated_at = now() WHERE id = $1`, [id, next]);
          await tx.query(`INSERT INTO project_history (project_id, changed_by, changes) VALUES ($1, $2, $3)`, [
            id, auth.user.id, JSON.stringify({ status: [old, next] }),
          ]);
        }
        await auditAs(request, "project_status_update", { itemType: "project", itemId: id, details: { old_status: old, new_status: next } }, tx);
        return ins.rows[0].id;
      });
      const row = (await statusUpdates(app.db, id)).find((u) => u.id === updateId)!;
      return reply.code(201).send(row);
    },
  );

  app.get(
    "/work/:id/all-keywords",
    { schema: { tags: ["projects"], params: Params, response: { 200: Type.Object({ keywords: Type.Array(S) }), ...errors } } },
    async (request) => {
      const p = await app.db.query<{ keywords: string[] }>(`SELECT keywords FROM projects WHERE id = $1`, [request.params.id]);
      if (!p.rows[0]) throw notFound("Project not found.");
      return { keywords: await allKeywords(app.db, request.params.id, p.rows[0].keywords ?? []) };
    },
  );

  app.get(
    "/work/:id/history",
    { schema: { tags: ["projects"], params: Params, response: { 200: results(HistoryRow), ...errors } } },
    async (request) => {
      await mustExist(request.params.id);
      return { results: await projectHistory(app.db, request.params.id) };
    },
  );

  app.get(
    "/work/:id/contacts-history",
    {
      schema: {
        tags: ["projects"], params: Params,
        response: {
          200: results(Type.Object({ id: Type.Number(), contact_id: Type.Number(), contact_name: S, changes: Type.Record(S, Type.Unknown()), changed_by: NS, created_at: S })),
          ...errors,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await mustExist(request.params.id);
      return { results: await contactsHistory(app.db, auth.user.id, request.params.id, isStaffSession(request)) };
    },
  );

  app.get(
    "/work/:id/debug",
    {
      config: { access: "staff" },
      schema: {
        tags: ["projects"], params: Params,
        response: {
          200: Type.Object({
            row: Type.Record(S, Type.Unknown(), { description: "The projects row as stored" }),
            search_vector: S,
            history: Type.Array(HistoryRow),
            search_changes: Type.Array(Type.Object({ id: Type.Number(), index_name: S, created_at: S })),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      const { rows } = await app.db.query<{ row: Record<string, unknown>; search_vector: string }>(
        `SELECT to_jsonb(p) - 'search_vector' AS row, p.search_vector::text AS search_vector FROM projects p WHERE p.id = $1`,
        [id],
      );
      if (!rows[0]) throw notFound("Project not found.");
      const changes = await app.db.query<{ id: number; index_name: string; created_at: Date }>(
        `SELECT id, index_name, created_at FROM search_changes WHERE index_name = 'projects' AND (row_ids IS NULL OR $1::bigint = ANY(row_ids))
          ORDER BY id DESC LIMIT 50`,
        [id],
      );
      return {
        row: rows[0].row,
        search_vector: rows[0].search_vector,
        history: await projectHistory(app.db, id),
        search_changes: changes.rows.map((c) => ({ ...c, created_at: iso(c.created_at)! })),
      };
    },
  );

  app.get(
    "/work/:id/similar/",
    {
      schema: {
        tags: ["projects"], params: Params,
        response: {
          200: results(Type.Object({
            id: Type.Number(), title: S, category: S, project_type: Type.Array(S), sector: NS, status: NS, state: NS, city: NS,
            value: NN, arrived_date: S, score: Type.Number(),
          })),
          ...errors,
        },
      },
    },
    async (request) => {
      await mustExist(request.params.id);
      return { results: await similarProjects(app.db, request.params.id) };
    },
  );

  app.get(
    "/keywords/",
    { schema: { tags: ["projects"], querystring: Type.Object({ works_id: Id }), response: { 200: results(Keyword), ...errors } } },
    async (request) => {
      const id = request.query.works_id;
      await mustExist(id);
      const { rows } = await app.db.query<{ id: number; works_id: number; keyword: string; created_by: string | null; created_at: Date }>(
        `SELECT k.id, k.project_id AS works_id, k.keyword, nullif(trim(u.first_name || ' ' || u.last_name), '') AS created_by, k.created_at
           FROM keywords k LEFT JOIN users u ON u.id = k.created_by WHERE k.project_id = $1 ORDER BY k.created_at, k.id`,
        [id],
      );
      return { results: rows.map((r) => ({ ...r, created_at: iso(r.created_at)! })) };
    },
  );

  app.post(
    "/keywords/",
    {
      config: { access: "staff" },
      schema: {
        tags: ["projects"],
        body: Type.Object({ works_id: Id, keyword: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
        response: { 201: Keyword, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { works_id: id } = request.body;
      const keyword = request.body.keyword.trim().replace(/\s+/g, " ");
      if (!keyword) return reply.code(400).send({ keyword: ["This field may not be blank."] });
      const row = await app.db.transaction(async (tx) => {
        const p = await tx.query<{ keywords: string[] }>(`SELECT keywords FROM projects WHERE id = $1 FOR UPDATE`, [id]);
        if (!p.rows[0]) throw notFound("Project not found.");
        const ins = await tx.query<{ id: number; created_at: Date }>(
          `INSERT INTO keywords (project_id, keyword, created_by) SELECT $1, $2, $3
            WHERE NOT EXISTS (SELECT 1 FROM keywords WHERE project_id = $1 AND lower(keyword) = lower($2))
           ON CONFLICT (project_id, keyword) DO NOTHING RETURNING id, created_at`,
          [id, keyword, auth.user.id],
        );
        if (!ins.rows[0]) throw conflict("This keyword is already on the project.");
        // The lead's own list feeds its search text: the keyword becomes searchable.
        const own = p.rows[0].keywords ?? [];
        if (!own.some((k) => k.toLowerCase() === keyword.toLowerCase())) {
          await tx.query(`UPDATE projects SET keywords = array_append(keywords, $2), updated_at = now() WHERE id = $1`, [id, keyword]);
          await tx.query(`INSERT INTO project_history (project_id, changed_by, changes) VALUES ($1, $2, $3)`, [
            id, auth.user.id, JSON.stringify({ keywords: [own, [...own, keyword]] }),
          ]);
        }
        await auditAs(request, "add_project_keyword", { itemType: "project", itemId: id, details: { keyword } }, tx);
        return { id: ins.rows[0].id, works_id: id, keyword, created_by: auth.user.first_name || null, created_at: iso(ins.rows[0].created_at)! };
      });
      return reply.code(201).send(row);
    },
  );

  await app.register(imageRoutes);
};

export default detailRoutes;
