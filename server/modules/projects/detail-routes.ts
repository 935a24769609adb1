// Lead detail, what every user reads (issue 3). Every route answers 404 for an unknown lead; the
// user's own marks, unlocks and views are the only per-user data shown, and only to that user —
// but for the marks of the user's teammates (issue 20), never another team's.
//   GET  /work/{id}/                    the lead, its companies, best contact score, the user's mark + history, teammates' marks; records the view
//   GET  /work/{id}/contacts/           contacts, phone/e-mail masked until unlocked
//   GET  /work/{id}/document-contacts/  contacts extracted from documents
//   GET  /work/{id}/document-specs/     specifications extracted from documents
//   GET  /work/{id}/status-update/      status updates, newest first
//   GET  /work/{id}/history             changes with who and when
//   GET  /work/{id}/contacts-history    changes of its contacts
//   GET  /work/{id}/similar/            up to 10 similar leads
// Status updates and keywords staff add, and the debug view: detail-staff-routes.ts. Staff edits:
// detail-edit*.ts. Images: detail-images.ts. Marks: modules/marks. Unlocks: modules/credits.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { notFound } from "../../http/errors.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { ContactView, iso, isStaffSession } from "../credits/contacts.js";
import { getMark, markHistory, teamMarks } from "../marks/queries.js";
import { recordView } from "../recently-viewed/record.js";
import {
  contactsHistory, documentContacts, documentSpecs, findProject, projectContacts, projectDocuments,
  projectExists, projectHistory, statusUpdates, toProjectDetail,
} from "./detail-queries.js";
import { HistoryRow, NN, NS, Params, ProjectDetail, S, StatusUpdate, errors, results } from "./detail-schemas.js";
import { similarProjects } from "./detail-similar.js";

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
      const [mark, history, viewedAt, team] = await Promise.all([
        getMark(app.db, auth.user.id, p.id),
        markHistory(app.db, auth.user.id, p.id),
        recordView(app.db, auth.user.id, "project", p.id),
        teamMarks(app.db, auth.user.id, p.id),
      ]);
      return { ...toProjectDetail(p), mark, mark_history: history, viewed_at: iso(viewedAt)!, team_marks: team };
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
};

export default detailRoutes;
