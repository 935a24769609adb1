// Credits: unlocking contacts, the user's ledger, and wrong-contact reports with refunds.
//   POST /user-unlock-contact/                      {contact_id, impersonation_confirmed?} → {contact, remaining_credits, total_credits, charged, already_unlocked}
//   GET  /user-unlock-contact/?page=                the user's unlocked contacts, newest first
//   POST /user-unlock-contact/{contact_id}/report/  {reason} → 201 report (only a contact you unlocked; once)
//   GET  /credits/ledger/?page=                     the user's own ledger rows, newest first
//   GET  /credits/reports/?status=&page=            staff: the report queue
//   POST /credits/reports/{id}/resolve/             staff: {accepted, note?} → {report, refunded}
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { forbidden, notFound } from "../../http/errors.js";
import { ErrorResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { abilityFor, assertCanSpendCredits, SPEND_CONFIRMATION_FLAG } from "../../plugins/access.js";
import { ContactView, contactColumns, findContactRow, iso, toContactView, type ContactRow } from "./contacts.js";
import { createReport, resolveReport, unlockContact, type ReportRow } from "./unlock.js";

export const PAGE_SIZE = 50;
export const ONLY_UNLOCKED_REPORTS = "Only a contact you unlocked can be reported.";

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }));
const nullableString = Type.Union([Type.String(), Type.Null()]);
const errors = { 400: ErrorResponse, 401: ErrorResponse, 402: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

export const ReportSchema = Type.Object({
  id: Type.Number(),
  contact_id: Type.Number(),
  kind: Type.String({ description: "wrong_contact | wrong_number" }),
  phone: nullableString,
  reason: Type.String(),
  status: Type.String({ description: "open | accepted | rejected" }),
  resolved_at: nullableString,
  resolution_note: nullableString,
  refunded: Type.Boolean({ description: "An accepted report whose unlock was refunded" }),
  created_at: Type.String(),
});
export const toReport = (r: ReportRow) => ({
  id: r.id,
  contact_id: r.contact_id,
  kind: r.kind,
  phone: r.phone,
  reason: r.reason,
  status: r.status,
  resolved_at: iso(r.resolved_at),
  resolution_note: r.resolution_note,
  refunded: r.refund_ledger_id !== null,
  created_at: iso(r.created_at)!,
});

/** Staff (not impersonating) see contacts in full. */
export const isStaffSession = (request: FastifyRequest) => abilityFor(request).can("manage", "Project");

const creditsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/user-unlock-contact/",
    {
      config: { auditAction: "unlock_contact" },
      schema: {
        tags: ["credits"],
        body: Type.Object(
          { contact_id: Id, [SPEND_CONFIRMATION_FLAG]: Type.Optional(Type.Boolean({ description: "Impersonated sessions must send true" })) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            contact: ContactView,
            remaining_credits: Type.Number(),
            total_credits: Type.Number(),
            charged: Type.Number({ description: "Credits spent by this call (0 when already unlocked)" }),
            already_unlocked: Type.Boolean(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      assertCanSpendCredits(request);
      const outcome = await unlockContact(request, auth.user.id, request.body.contact_id, app.config.contactUnlockCost);
      const row = await findContactRow(app.db, auth.user.id, request.body.contact_id);
      if (!row) throw notFound("Contact not found.");
      return {
        contact: toContactView(row, { staff: false }),
        remaining_credits: outcome.remaining,
        total_credits: outcome.total,
        charged: outcome.charged,
        already_unlocked: outcome.alreadyUnlocked,
      };
    },
  );

  app.get(
    "/user-unlock-contact/",
    {
      schema: {
        tags: ["credits"],
        querystring: Type.Object({ page: Page }),
        response: {
          200: Type.Object({
            count: Type.Number(),
            page: Type.Number(),
            page_size: Type.Number(),
            results: Type.Array(
              Type.Object({
                unlock_id: Type.Number(),
                unlocked_at: Type.String(),
                credits: Type.Number(),
                project_ids: Type.Array(Type.Number()),
                report_status: Type.Union([Type.String(), Type.Null()], { description: "open | accepted | rejected, when reported wrong" }),
                contact: ContactView,
              }),
            ),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const page = request.query.page ?? 1;
      const count = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM unlocks WHERE user_id = $1 AND item_type = 'contact'`, [auth.user.id]);
      const { rows } = await app.db.query<ContactRow & { unlock_id: number; unlocked_at: Date; credits: number; project_ids: number[]; report_status: string | null }>(
        `SELECT ${contactColumns("$1")}, un.id AS unlock_id, un.created_at AS unlocked_at, un.credits,
                coalesce((SELECT array_agg(pc.project_id ORDER BY pc.project_id) FROM project_contacts pc WHERE pc.contact_id = c.id), '{}') AS project_ids,
                (SELECT r.status FROM contact_reports r WHERE r.user_id = $1 AND r.contact_id = c.id AND r.kind = 'wrong_contact') AS report_status
           FROM unlocks un JOIN contacts c ON c.id = un.item_id LEFT JOIN companies co ON co.id = c.company_id
          WHERE un.user_id = $1 AND un.item_type = 'contact'
          ORDER BY un.created_at DESC, un.id DESC LIMIT $2 OFFSET $3`,
        [auth.user.id, PAGE_SIZE, (page - 1) * PAGE_SIZE],
      );
      return {
        count: count.rows[0].n,
        page,
        page_size: PAGE_SIZE,
        results: rows.map((r) => ({
          unlock_id: r.unlock_id,
          unlocked_at: iso(r.unlocked_at)!,
          credits: r.credits,
          project_ids: r.project_ids.map(Number),
          report_status: r.report_status,
          contact: toContactView(r, { staff: false }),
        })),
      };
    },
  );

  app.post(
    "/user-unlock-contact/:contact_id/report/",
    {
      schema: {
        tags: ["credits"],
        params: Type.Object({ contact_id: Id }),
        body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 1000 }) }, { additionalProperties: false }),
        response: { 201: ReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const contactId = request.params.contact_id;
      const contact = await app.db.query(`SELECT 1 FROM contacts WHERE id = $1`, [contactId]);
      if (contact.rows.length === 0) throw notFound("Contact not found.");
      const unlock = await app.db.query<{ id: number }>(
        `SELECT id FROM unlocks WHERE user_id = $1 AND item_type = 'contact' AND item_id = $2`,
        [auth.user.id, contactId],
      );
      if (!unlock.rows[0]) throw forbidden(ONLY_UNLOCKED_REPORTS);
      const reason = request.body.reason.trim();
      if (!reason) return reply.code(400).send({ reason: ["This field may not be blank."] });
      const report = await createReport(request, { userId: auth.user.id, contactId, unlockId: unlock.rows[0].id, kind: "wrong_contact", phone: null, reason });
      return reply.code(201).send(toReport(report));
    },
  );

  app.get(
    "/credits/ledger/",
    {
      schema: {
        tags: ["credits"],
        querystring: Type.Object({ page: Page }),
        response: {
          200: Type.Object({
            count: Type.Number(),
            page: Type.Number(),
            page_size: Type.Number(),
            remaining_credits: Type.Number(),
            total_credits: Type.Number(),
            results: Type.Array(
              Type.Object({
                id: Type.Number(),
                delta: Type.Number(),
                kind: Type.String({ description: "grant | unlock | refund | adjustment" }),
                note: nullableString,
                unlock_id: Type.Union([Type.Number(), Type.Null()]),
                contact_id: Type.Union([Type.Number(), Type.Null()]),
                created_at: Type.String(),
              }),
            ),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const page = request.query.page ?? 1;
      const head = await app.db.query<{ n: number; total_credits: number; spent_credits: number }>(
        `SELECT (SELECT count(*)::int FROM credit_ledger WHERE user_id = $1) AS n, total_credits, spent_credits FROM users WHERE id = $1`,
        [auth.user.id],
      );
      const { rows } = await app.db.query<{ id: number; delta: number; kind: string; note: string | null; unlock_id: number | null; contact_id: number | null; created_at: Date }>(
        `SELECT l.id, l.delta, l.kind, l.note, l.unlock_id, u.item_id AS contact_id, l.created_at
           FROM credit_ledger l LEFT JOIN unlocks u ON u.id = l.unlock_id AND u.item_type = 'contact'
          WHERE l.user_id = $1 ORDER BY l.created_at DESC, l.id DESC LIMIT $2 OFFSET $3`,
        [auth.user.id, PAGE_SIZE, (page - 1) * PAGE_SIZE],
      );
      const h = head.rows[0];
      return {
        count: h.n,
        page,
        page_size: PAGE_SIZE,
        remaining_credits: h.total_credits - h.spent_credits,
        total_credits: h.total_credits,
        results: rows.map((r) => ({ ...r, created_at: iso(r.created_at)! })),
      };
    },
  );

  const StaffReport = Type.Intersect([
    ReportSchema,
    Type.Object({
      user: Type.Object({ id: Type.Number(), email: Type.String(), name: Type.String() }),
      contact: Type.Object({ id: Type.Number(), name: Type.String(), phone: nullableString, email: nullableString, is_wrong: Type.Boolean() }),
      credits: Type.Union([Type.Number(), Type.Null()], { description: "What the reporter paid for the contact, if they unlocked it" }),
    }),
  ]);

  app.get(
    "/credits/reports/",
    {
      config: { access: "staff" },
      schema: {
        tags: ["credits"],
        querystring: Type.Object({
          status: Type.Optional(Type.Enum(["open", "accepted", "rejected", "all"], { default: "open" })),
          page: Page,
        }),
        response: { 200: Type.Object({ count: Type.Number(), page: Type.Number(), page_size: Type.Number(), results: Type.Array(StaffReport) }), ...errors },
      },
    },
    async (request) => {
      const status = request.query.status ?? "open";
      const page = request.query.page ?? 1;
      const where = status === "all" ? "TRUE" : "r.status = $1";
      const params = status === "all" ? [] : [status];
      const count = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM contact_reports r WHERE ${where}`, params);
      const { rows } = await app.db.query<ReportRow & { u_email: string; u_name: string; c_name: string; c_phone: string | null; c_email: string | null; c_is_wrong: boolean; credits: number | null }>(
        `SELECT r.*, u.email AS u_email, trim(u.first_name || ' ' || u.last_name) AS u_name,
                c.name AS c_name, c.phone AS c_phone, c.email AS c_email, c.is_wrong AS c_is_wrong, un.credits
           FROM contact_reports r JOIN users u ON u.id = r.user_id JOIN contacts c ON c.id = r.contact_id
           LEFT JOIN unlocks un ON un.id = r.unlock_id
          WHERE ${where} ORDER BY r.created_at ASC, r.id ASC LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`,
        params,
      );
      return {
        count: count.rows[0].n,
        page,
        page_size: PAGE_SIZE,
        results: rows.map((r) => ({
          ...toReport(r),
          user: { id: r.user_id, email: r.u_email, name: r.u_name },
          contact: { id: r.contact_id, name: r.c_name, phone: r.c_phone, email: r.c_email, is_wrong: r.c_is_wrong },
          credits: r.credits,
        })),
      };
    },
  );

  app.post(
    "/credits/reports/:id/resolve/",
    {
      config: { access: "staff" },
      schema: {
        tags: ["credits"],
        params: Type.Object({ id: Id }),
        body: Type.Object({ accepted: Type.Boolean(), note: Type.Optional(Type.String({ maxLength: 1000 })) }, { additionalProperties: false }),
        response: { 200: Type.Object({ report: ReportSchema, refunded: Type.Number({ description: "Credits given back by this call" }) }), ...errors },
      },
    },
    async (request) => {
      const { report, refunded } = await resolveReport(request, request.params.id, request.body.accepted, request.body.note?.trim() || null);
      return { report: toReport(report), refunded };
    },
  );
};

export default creditsRoutes;
