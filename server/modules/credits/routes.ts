// Credits, the user's side: unlocking contacts, the unlocked list, reporting a contact wrong, the ledger.
//   POST /user-unlock-contact/                      {contact_id, impersonation_confirmed?} → {contact, remaining_credits, total_credits, charged, already_unlocked}
//   GET  /user-unlock-contact/?page=                the user's unlocked contacts, newest first
//   POST /user-unlock-contact/{contact_id}/report/  {reason} → 201 report (only a contact you unlocked; once)
//   GET  /credits/ledger/?page=                     the ledger the user may read (their team's pool, who spent each, and their own), newest first
// Staff's report queue and refunds: report-routes.ts.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { forbidden, notFound } from "../../http/errors.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { assertCanSpendCredits, SPEND_CONFIRMATION_FLAG } from "../../plugins/access.js";
import { ContactView, findContactRow, iso, toContactView } from "./contacts.js";
import { PAGE_SIZE, contactExists, contactUnlockId, ledgerPage, unlockedContacts } from "./queries.js";
import { Id, Page, ReportSchema, errors, nullableString, toReport } from "./schemas.js";
import { createReport, unlockContact } from "./unlock.js";

export const ONLY_UNLOCKED_REPORTS = "Only a contact you unlocked can be reported.";

const UnlockAnswer = Type.Object({
  contact: ContactView,
  remaining_credits: Type.Number(),
  total_credits: Type.Number(),
  charged: Type.Number({ description: "Credits spent by this call (0 when already unlocked)" }),
  already_unlocked: Type.Boolean(),
});
const UnlockedContact = Type.Object({
  unlock_id: Type.Number(),
  unlocked_at: Type.String(),
  credits: Type.Number(),
  unlocked_by: Type.Union([Type.String(), Type.Null()], { description: "The teammate who unlocked it for the team; null when it was the caller" }),
  project_ids: Type.Array(Type.Number()),
  report_status: Type.Union([Type.String(), Type.Null()], { description: "open | accepted | rejected, when reported wrong" }),
  contact: ContactView,
});
const LedgerEntry = Type.Object({
  id: Type.Number(),
  delta: Type.Number(),
  kind: Type.String({ description: "grant | unlock | refund | adjustment" }),
  note: nullableString,
  unlock_id: Type.Union([Type.Number(), Type.Null()]),
  contact_id: Type.Union([Type.Number(), Type.Null()]),
  created_at: Type.String(),
  team: Type.Boolean({ description: "A row of the team's credit pool (false: the caller's own balance)" }),
  by: Type.Union([Type.String(), Type.Null()], { description: "On a pool row: the member who spent, was refunded or brought the credits" }),
});
const pageOf = <T extends ReturnType<typeof Type.Object>>(row: T, extra = {}) =>
  Type.Object({ count: Type.Number(), page: Type.Number(), page_size: Type.Number(), ...extra, results: Type.Array(row) });

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
        response: { 200: UnlockAnswer, ...errors },
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
    { schema: { tags: ["credits"], querystring: Type.Object({ page: Page }), response: { 200: pageOf(UnlockedContact), ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      const page = request.query.page ?? 1;
      const { count, rows } = await unlockedContacts(app.db, auth.user.id, page);
      return {
        count,
        page,
        page_size: PAGE_SIZE,
        results: rows.map((r) => ({
          unlock_id: r.unlock_id,
          unlocked_at: iso(r.unlocked_at)!,
          credits: r.credits,
          unlocked_by: r.unlocked_by,
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
      if (!(await contactExists(app.db, contactId))) throw notFound("Contact not found.");
      const unlockId = await contactUnlockId(app.db, auth.user.id, contactId);
      if (unlockId === undefined) throw forbidden(ONLY_UNLOCKED_REPORTS);
      const reason = request.body.reason.trim();
      if (!reason) return reply.code(400).send({ reason: ["This field may not be blank."] });
      const report = await createReport(request, { userId: auth.user.id, contactId, unlockId, kind: "wrong_contact", phone: null, reason });
      return reply.code(201).send(toReport(report));
    },
  );

  app.get(
    "/credits/ledger/",
    {
      schema: {
        tags: ["credits"],
        querystring: Type.Object({ page: Page }),
        response: { 200: pageOf(LedgerEntry, { remaining_credits: Type.Number(), total_credits: Type.Number() }), ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const page = request.query.page ?? 1;
      const { count, balance, rows } = await ledgerPage(app.db, auth.user.id, page);
      return {
        count,
        page,
        page_size: PAGE_SIZE,
        remaining_credits: balance.remaining,
        total_credits: balance.total,
        results: rows.map((r) => ({ ...r, created_at: iso(r.created_at)! })),
      };
    },
  );
};

export default creditsRoutes;
