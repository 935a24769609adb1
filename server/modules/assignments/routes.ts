// Assignments (issue 20, point 3): a team member gives a lead, tender or company to a teammate
// with a note and a due date; the assignee is told in the app and by e-mail (notifications
// module) and the team's webhooks get item.assigned (integrations module), all in the
// assignment's own transaction. Every id is looked up within the caller's team, so another
// team's assignment answers 404 exactly as a missing one does.
//   POST   /assignments/       201 the new one; 200 the same open one (same item and assignee): a double click makes one
//   GET    /assignments/       ?scope=mine|by_me|team&status=&item_type=&item_id=&overdue=&page=
//   GET    /assignments/{id}/
//   PATCH  /assignments/{id}/  status, note, due_at, assignee_id: by the assigner, the assignee or a team admin
//   DELETE /assignments/{id}/  by the assigner or a team admin
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { ASSIGNMENT_ITEM_LABELS, ASSIGNMENT_PAGE_SIZE, DUE_AT_GRACE_HOURS, type Assignment, type AssignmentItemType } from "../../../common/assignments.js";
import type { Queryable } from "../../db/client.js";
import { conflict, fieldError, forbidden, notFound } from "../../http/errors.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { auditAs } from "../audit/log.js";
import { itemUrl, queueWebhookEvent } from "../integrations/events.js";
import { tellAssignee, withdrawAssignmentNotice } from "../notifications/assignments.js";
import { membershipOf, type Membership } from "../teams/queries.js";
import { myMembership } from "../teams/routes.js";
import { deleteAssignment, findAssignment, insertAssignment, itemExists, listAssignments, openDuplicate, updateAssignment, type AssignmentChanges } from "./queries.js";
import { AssignmentList, AssignmentSchema, CreateBody, IdParams, ListQuery, UpdateBody, errors, tags } from "./schemas.js";

export const NOT_A_TEAMMATE = "Choose a member of your team.";
export const ASSIGNMENT_NOT_FOUND = "No such assignment in your team.";
export const DUE_IN_PAST = "The due date has passed: choose a date from today on.";
export const NOT_YOURS_TO_CHANGE = "Only the teammate who assigned it, its assignee or a team admin can change it.";
export const NOT_YOURS_TO_DELETE = "Only the teammate who assigned it or a team admin can delete it.";
export const ALREADY_OPEN = "That teammate already has this open.";

const config = { can: ["manage", "Team"] as ["manage", "Team"] };
const isAdmin = (m: Membership) => m.role === "owner" || m.role === "admin";

/** A due date as given: null for none; refused when it lies more than a day in the past. */
function dueDate(raw: string | null | undefined): Date | null | undefined {
  if (raw === undefined || raw === null) return raw;
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) throw fieldError("due_at", "Enter a valid date and time.");
  if (at.getTime() < Date.now() - DUE_AT_GRACE_HOURS * 3600_000) throw fieldError("due_at", DUE_IN_PAST);
  return at;
}

async function assertTeammate(db: Queryable, m: Membership, userId: number): Promise<void> {
  const theirs = await membershipOf(db, userId);
  if (!theirs || theirs.team_id !== m.team_id) throw fieldError("assignee_id", NOT_A_TEAMMATE);
}

/** item.assigned for the team's webhooks, in the assignment's transaction (queued only if it commits). */
async function queueAssigned(tx: Queryable, request: FastifyRequest, a: Assignment): Promise<void> {
  await queueWebhookEvent(tx, {
    userId: requireAuth(request).user.id,
    event: "item.assigned",
    data: {
      assignment_id: a.id,
      item: { type: a.item_type, id: a.item_id, title: a.item_title, url: itemUrl(request.server.config.publicUrl, a.item_type, a.item_id) },
      assignee: { id: a.assignee.user_id, email: a.assignee.email, name: a.assignee.name },
      note: a.note,
      due_at: a.due_at,
    },
  });
}

const assignmentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;

  app.post(
    "/assignments/",
    { config, schema: { tags, summary: "Assign a lead, tender or company to a teammate (the same open one again answers it, 200)", body: CreateBody, response: { 201: AssignmentSchema, 200: AssignmentSchema, ...errors } } },
    async (request, reply) => {
      const me = requireAuth(request).user.id;
      const m = await myMembership(request);
      const { item_type, item_id, assignee_id } = request.body;
      const note = (request.body.note ?? "").trim();
      const due = dueDate(request.body.due_at) ?? null;
      await assertTeammate(db, m, assignee_id);
      if (!(await itemExists(db, item_type, item_id))) throw notFound(`${ASSIGNMENT_ITEM_LABELS[item_type]} not found.`);
      const { created, assignment } = await db.transaction(async (tx) => {
        const { created, id } = await insertAssignment(tx, { teamId: m.team_id, itemType: item_type, itemId: item_id, assignedBy: me, assigneeId: assignee_id, note, dueAt: due });
        const assignment = (await findAssignment(tx, m.team_id, id))!;
        if (created) {
          if (assignee_id !== me) await tellAssignee(tx, id, assignee_id);
          await auditAs(request, "assignment_created", { itemType: "assignment", itemId: id, details: { item_type, item_id, assignee_id, due_at: assignment.due_at } }, tx);
          await queueAssigned(tx, request, assignment);
        }
        return { created, assignment };
      });
      return reply.code(created ? 201 : 200).send(assignment);
    },
  );

  app.get(
    "/assignments/",
    { config, schema: { tags, summary: `The team's assignments in a scope (default: assigned to me), ${ASSIGNMENT_PAGE_SIZE} a page, open ones soonest due first`, querystring: ListQuery, response: { 200: AssignmentList, ...errors } } },
    async (request) => {
      const m = await myMembership(request);
      const q = request.query;
      const page = q.page ?? 1;
      const list = await listAssignments(db, {
        teamId: m.team_id, userId: requireAuth(request).user.id, scope: q.scope ?? "mine",
        status: q.status, itemType: q.item_type as AssignmentItemType | undefined, itemId: q.item_id, overdue: q.overdue, page,
      });
      return { ...list, page, page_size: ASSIGNMENT_PAGE_SIZE };
    },
  );

  app.get(
    "/assignments/:id/",
    { config, schema: { tags, summary: "One of the team's assignments", params: IdParams, response: { 200: AssignmentSchema, ...errors } } },
    async (request) => {
      const m = await myMembership(request);
      const a = await findAssignment(db, m.team_id, request.params.id);
      if (!a) throw notFound(ASSIGNMENT_NOT_FOUND);
      return a;
    },
  );

  app.patch(
    "/assignments/:id/",
    { config, schema: { tags, summary: "Mark done or open, change the note or due date, or give it to another teammate", params: IdParams, body: UpdateBody, response: { 200: AssignmentSchema, ...errors } } },
    async (request) => {
      const me = requireAuth(request).user.id;
      const m = await myMembership(request);
      const body = request.body;
      const changes: AssignmentChanges = { status: body.status, note: body.note?.trim(), dueAt: dueDate(body.due_at), assigneeId: body.assignee_id };
      if (Object.values(changes).every((v) => v === undefined)) throw fieldError("non_field_errors", "Send what to change: status, note, due_at or assignee_id.");
      return db.transaction(async (tx) => {
        const a = await findAssignment(tx, m.team_id, request.params.id, true);
        if (!a) throw notFound(ASSIGNMENT_NOT_FOUND);
        if (a.assigned_by?.user_id !== me && a.assignee.user_id !== me && !isAdmin(m)) throw forbidden(NOT_YOURS_TO_CHANGE);
        const reassigned = changes.assigneeId !== undefined && changes.assigneeId !== a.assignee.user_id;
        if (reassigned) await assertTeammate(tx, m, changes.assigneeId!);
        const assignee = changes.assigneeId ?? a.assignee.user_id;
        const open = (changes.status ?? a.status) === "open";
        if (open && (reassigned || a.status === "done") && (await openDuplicate(tx, a, m.team_id, assignee))) throw conflict(ALREADY_OPEN);
        await updateAssignment(tx, a.id, changes);
        const after = (await findAssignment(tx, m.team_id, a.id))!;
        if (reassigned) {
          await withdrawAssignmentNotice(tx, a.id, a.assignee.user_id);
          if (assignee !== me) await tellAssignee(tx, a.id, assignee);
          await queueAssigned(tx, request, after);
        }
        const changed = Object.entries({ status: body.status, note: body.note, due_at: body.due_at, assignee_id: body.assignee_id }).filter(([, v]) => v !== undefined).map(([k]) => k);
        await auditAs(request, "assignment_updated", {
          itemType: "assignment", itemId: a.id,
          details: { fields: changed, ...(reassigned && { from_assignee_id: a.assignee.user_id, assignee_id: assignee }), ...(body.status && { status: body.status }) },
        }, tx);
        return after;
      });
    },
  );

  app.delete(
    "/assignments/:id/",
    { config, schema: { tags, summary: "Delete an assignment (the assigner or a team admin)", params: IdParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      const me = requireAuth(request).user.id;
      const m = await myMembership(request);
      await db.transaction(async (tx) => {
        const a = await findAssignment(tx, m.team_id, request.params.id, true);
        if (!a) throw notFound(ASSIGNMENT_NOT_FOUND);
        if (a.assigned_by?.user_id !== me && !isAdmin(m)) throw forbidden(NOT_YOURS_TO_DELETE);
        await deleteAssignment(tx, a.id);
        await auditAs(request, "assignment_deleted", { itemType: "assignment", itemId: a.id, details: { item_type: a.item_type, item_id: a.item_id, assignee_id: a.assignee.user_id } }, tx);
      });
      return reply.code(204).send(null);
    },
  );
};

export default assignmentsRoutes;
