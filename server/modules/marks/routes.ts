// Marking a lead: POST /work/{id}/mark/ {mark} → {mark, history}. Per user, never shown to others.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { MARKS } from "../../../common/constants.js";
import { notFound } from "../../http/errors.js";
import { ErrorResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { queueCrmOnShortlist } from "../crm/events.js";
import { queueLeadShortlisted } from "../integrations/events.js";
import { projectExists } from "../projects/detail-queries.js";
import { markHistory, setMark } from "./queries.js";

export const MarkHistorySchema = Type.Array(
  Type.Object({ old_mark: Type.Union([Type.String(), Type.Null()]), new_mark: Type.String(), created_at: Type.String() }),
  { description: "Newest first" },
);

const marksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/work/:id/mark/",
    {
      config: { auditAction: "mark_lead" },
      schema: {
        tags: ["marks"],
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }),
        body: Type.Object({ mark: Type.Enum([...MARKS]) }, { additionalProperties: false }),
        response: {
          200: Type.Object({ mark: Type.String(), changed: Type.Boolean(), history: MarkHistorySchema }),
          400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const id = request.params.id;
      if (!(await projectExists(app.db, id))) throw notFound("Project not found.");
      const mark = request.body.mark;
      // A lead shortlisted tells the team's webhooks (issue 20), queued in the mark's own transaction.
      const { changed } = await setMark(app.db, auth.user.id, id, mark, (tx, old) =>
        mark === "shortlisted" ? queueLeadShortlisted(tx, { userId: auth.user.id, projectId: id, previousMark: old, publicUrl: app.config.publicUrl }).then(() => queueCrmOnShortlist(tx, auth.user.id, id)) : Promise.resolve(),
      );
      return { mark: request.body.mark, changed, history: await markHistory(app.db, auth.user.id, id) };
    },
  );
};

export default marksRoutes;
