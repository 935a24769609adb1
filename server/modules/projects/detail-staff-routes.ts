// What the research team adds to a lead, and what it reads back: status updates, keywords, the
// debug view. Writes take the lead's row lock and are one transaction with their history and audit.
//   POST /work/{id}/status-update/  staff: {new_status, note?} → 201 the update
//   GET  /work/{id}/all-keywords    the lead's keywords and those staff added
//   GET  /work/{id}/debug           staff: raw row, search vector, change log
//   GET  /keywords/?works_id=       staff-added keywords; POST staff {works_id, keyword}
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { PROJECT_STATUSES } from "../../../common/constants.js";
import { conflict, notFound } from "../../http/errors.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { auditAs } from "../audit/log.js";
import { iso } from "../credits/contacts.js";
import {
  allKeywords, ownKeywords, projectExists, projectHistory, projectRowAsStored, projectSearchChanges, staffKeywords, statusUpdates,
} from "./detail-queries.js";
import { HistoryRow, Id, Keyword, Params, S, StatusUpdate, errors, results } from "./detail-schemas.js";
import {
  addProjectHistory, appendProjectKeyword, insertStaffKeyword, insertStatusUpdate, lockProjectColumns, setProjectStatus,
} from "./edit-queries.js";
import { setChangeSource } from "../changes/source.js";

const staffRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
        await setChangeSource(tx, { kind: "staff", userId: auth.user.id }); // what this save changes says who made it
        const cur = await lockProjectColumns(tx, id, ["status"]);
        if (!cur) throw notFound("Project not found.");
        const old = cur.status as string | null;
        const insertedId = await insertStatusUpdate(tx, { projectId: id, oldStatus: old, newStatus: next, note, userId: auth.user.id });
        if (old !== next) {
          await setProjectStatus(tx, id, next);
          await addProjectHistory(tx, id, auth.user.id, { status: [old, next] });
        }
        await auditAs(request, "project_status_update", { itemType: "project", itemId: id, details: { old_status: old, new_status: next } }, tx);
        return insertedId;
      });
      const row = (await statusUpdates(app.db, id)).find((u) => u.id === updateId)!;
      return reply.code(201).send(row);
    },
  );

  app.get(
    "/work/:id/all-keywords",
    { schema: { tags: ["projects"], params: Params, response: { 200: Type.Object({ keywords: Type.Array(S) }), ...errors } } },
    async (request) => {
      const own = await ownKeywords(app.db, request.params.id);
      if (!own) throw notFound("Project not found.");
      return { keywords: await allKeywords(app.db, request.params.id, own) };
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
      const stored = await projectRowAsStored(app.db, id);
      if (!stored) throw notFound("Project not found.");
      const searchChanges = await projectSearchChanges(app.db, id);
      return { row: stored.row, search_vector: stored.search_vector, history: await projectHistory(app.db, id), search_changes: searchChanges };
    },
  );

  app.get(
    "/keywords/",
    { schema: { tags: ["projects"], querystring: Type.Object({ works_id: Id }), response: { 200: results(Keyword), ...errors } } },
    async (request) => {
      const id = request.query.works_id;
      if (!(await projectExists(app.db, id))) throw notFound("Project not found.");
      return { results: await staffKeywords(app.db, id) };
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
        await setChangeSource(tx, { kind: "staff", userId: auth.user.id }); // what this save changes says who made it
        const locked = await lockProjectColumns(tx, id, ["keywords"]);
        if (!locked) throw notFound("Project not found.");
        const added = await insertStaffKeyword(tx, id, keyword, auth.user.id);
        if (!added) throw conflict("This keyword is already on the project.");
        // The lead's own list feeds its search text: the keyword becomes searchable.
        const own = (locked.keywords as string[] | null) ?? [];
        if (!own.some((k) => k.toLowerCase() === keyword.toLowerCase())) {
          await appendProjectKeyword(tx, id, keyword);
          await addProjectHistory(tx, id, auth.user.id, { keywords: [own, [...own, keyword]] });
        }
        await auditAs(request, "add_project_keyword", { itemType: "project", itemId: id, details: { keyword } }, tx);
        return { id: added.id, works_id: id, keyword, created_by: auth.user.first_name || null, created_at: iso(added.created_at)! };
      });
      return reply.code(201).send(row);
    },
  );
};

export default staffRoutes;
