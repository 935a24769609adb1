// GET tender/{id}/changes/ and work/{id}/changes/: what imports and staff changed on a tender or
// a lead, newest first (issue 19). Staff are told the import run and file, or the staff member;
// subscribers, only whether it was an import or the research team.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { notFound } from "../../http/errors.js";
import { ErrorResponse, Nullable } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { isStaffSession } from "../credits/contacts.js";
import { projectExists } from "../projects/detail-queries.js";
import { findTender } from "../tenders/detail-queries.js";
import { itemChanges } from "./queries.js";

const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: "Id" }) });
const Value = Nullable(Type.Union([Type.String(), Type.Number()]));
const ChangeSets = Type.Object({
  results: Type.Array(
    Type.Object({
      id: Type.Integer(),
      item_type: Type.Union([Type.Literal("tender"), Type.Literal("project")]),
      item_id: Type.Integer(),
      detected_at: Type.String({ format: "date-time", description: "When the change was found (UTC)" }),
      source: Type.Object({
        kind: Type.Union([Type.Literal("import"), Type.Literal("staff")]),
        import_run_id: Type.Optional(Nullable(Type.Integer())),
        file: Type.Optional(Nullable(Type.String())),
        staff_name: Type.Optional(Nullable(Type.String())),
      }),
      changes: Type.Array(Type.Object({ field: Type.String(), old: Value, new: Value })),
    }),
  ),
});
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ["changes"];

const changesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/tender/:id/changes/",
    { config: { can: ["read", "Tender"] }, schema: { tags, summary: "What changed on a tender (dates, value, EMD, fee, status, title, documents, corrigenda), newest first", params: Params, response: { 200: ChangeSets, ...errors } } },
    async (request) => {
      requireAuth(request);
      if (!(await findTender(app.db, request.params.id))) throw notFound();
      return { results: await itemChanges(app.db, "tender", request.params.id, isStaffSession(request)) };
    },
  );

  app.get(
    "/work/:id/changes/",
    { schema: { tags, summary: "What changed on a lead (status, stage, value, dates, contacts, documents), newest first", params: Params, response: { 200: ChangeSets, ...errors } } },
    async (request) => {
      requireAuth(request);
      if (!(await projectExists(app.db, request.params.id))) throw notFound("Project not found.");
      return { results: await itemChanges(app.db, "project", request.params.id, isStaffSession(request)) };
    },
  );
};

export default changesRoutes;
