// Contact verification (the lead's QA tool).
//   GET  /check_number/{phone}/?name=&reprocess=True&iw_processed=false
//        → the number validated and normalised (libphonenumber, default region IN), who in the
//          database has it (as this user may see them), and how well `name` matches each one.
//          reprocess=True (staff only) recomputes those contacts' contact_fuzz_score from `name`
//          and sets verified_at, with their history.
//   POST /check_number/{phone}/report/ {contact_id, reason} → 201 a wrong-number report
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import parsePhoneNumber, { type PhoneNumber } from "libphonenumber-js/max";
import { fieldError, forbidden, notFound } from "../../http/errors.js";
import { ErrorResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { auditAs } from "../audit/log.js";
import { ContactView, iso, isStaffSession, toContactView } from "../credits/contacts.js";
import { addContactHistory } from "../credits/queries.js";
import { ReportSchema, toReport } from "../credits/schemas.js";
import { createReport } from "../credits/unlock.js";
import { tokenSetRatio } from "./fuzz.js";
import { contactPhoneAndUnlock, contactsWithPhone, lockContactsByPhone, rescoreContact } from "./queries.js";

export const INVALID_PHONE = "Enter a valid phone number.";
export const REPROCESS_NEEDS_NAME = "A name is needed to reprocess the number.";
export const REPROCESS_STAFF_ONLY = "Only staff can reprocess a number.";
export const NOT_THIS_NUMBER = "This contact does not have that number.";
export const DEFAULT_REGION = "IN";

/** The number parsed and valid, or a 400 {phone: ['Enter a valid phone number.']}. */
export function parseValidPhone(raw: string): PhoneNumber {
  const text = raw.trim();
  // Letters are never part of a number we accept (no vanity numbers, no 'ext.').
  if (!text || text.length > 40 || /[a-z]/i.test(text)) throw fieldError("phone", INVALID_PHONE);
  const parsed = parsePhoneNumber(text, DEFAULT_REGION);
  if (!parsed || !parsed.isValid()) throw fieldError("phone", INVALID_PHONE);
  return parsed;
}

const TYPE_NAMES: Record<string, string> = {
  MOBILE: "mobile", FIXED_LINE: "fixed_line", FIXED_LINE_OR_MOBILE: "fixed_line_or_mobile", TOLL_FREE: "toll_free",
  PREMIUM_RATE: "premium_rate", SHARED_COST: "shared_cost", VOIP: "voip", PERSONAL_NUMBER: "personal_number",
  PAGER: "pager", UAN: "uan", VOICEMAIL: "voicemail",
};

const flag = (name: string) =>
  Type.Optional(Type.String({ enum: ["True", "False", "true", "false", "1", "0"], description: `${name}: True or False` }));
const truthy = (v: string | undefined) => v === "True" || v === "true" || v === "1";
const PhoneParam = Type.Object({ phone: Type.String({ minLength: 1, maxLength: 40 }) });
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

const Match = Type.Intersect([
  ContactView,
  Type.Object({
    project_ids: Type.Array(Type.Number()),
    name_score: Type.Union([Type.Number(), Type.Null()], { description: "Token-set ratio 0–100 of `name` against this contact's name" }),
  }),
]);

const phoneRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/check_number/:phone/",
    {
      schema: {
        tags: ["phone"],
        params: PhoneParam,
        querystring: Type.Object({
          name: Type.Optional(Type.String({ maxLength: 200 })),
          reprocess: flag("reprocess"),
          iw_processed: flag("iw_processed"),
        }),
        response: {
          200: Type.Object({
            input: Type.String(),
            valid: Type.Boolean(),
            e164: Type.String(),
            national: Type.String(),
            international: Type.String(),
            type: Type.Union([Type.String(), Type.Null()], { description: "mobile | fixed_line | fixed_line_or_mobile | toll_free | …" }),
            region: Type.Union([Type.String(), Type.Null()]),
            name: Type.Union([Type.String(), Type.Null()]),
            reprocessed: Type.Number({ description: "Contacts re-scored (reprocess=True)" }),
            iw_processed: Type.Boolean(),
            matches: Type.Array(Match),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const staff = isStaffSession(request);
      const reprocess = truthy(request.query.reprocess);
      if (reprocess && !staff) throw forbidden(REPROCESS_STAFF_ONLY);
      const phone = parseValidPhone(request.params.phone);
      const e164 = phone.number;
      const name = request.query.name?.trim() || null;
      if (reprocess && !name) throw fieldError("name", REPROCESS_NEEDS_NAME);

      let reprocessed = 0;
      if (reprocess && name) {
        reprocessed = await app.db.transaction(async (tx) => {
          const rows = await lockContactsByPhone(tx, e164);
          for (const c of rows) {
            const score = tokenSetRatio(name, c.name);
            const verifiedAt = await rescoreContact(tx, c.id, score);
            await addContactHistory(tx, c.id, auth.user.id, {
              contact_fuzz_score: [c.contact_fuzz_score, score], verified_at: [iso(c.verified_at), iso(verifiedAt)], verified_name: name,
            });
          }
          if (rows.length) await auditAs(request, "reprocess_number", { itemType: "contact", itemId: rows[0].id, details: { phone: e164, contacts: rows.map((r) => r.id) } }, tx);
          return rows.length;
        });
      }

      const rows = await contactsWithPhone(app.db, auth.user.id, e164);
      const type = phone.getType();
      return {
        input: request.params.phone,
        valid: true,
        e164,
        national: phone.formatNational(),
        international: phone.formatInternational(),
        type: type ? (TYPE_NAMES[type] ?? type.toLowerCase()) : null,
        region: phone.country ?? null,
        name,
        reprocessed,
        iw_processed: truthy(request.query.iw_processed),
        matches: rows.map((r) => ({
          ...toContactView(r, { staff }),
          project_ids: r.project_ids.map(Number),
          name_score: name ? tokenSetRatio(name, r.name) : null,
        })),
      };
    },
  );

  app.post(
    "/check_number/:phone/report/",
    {
      schema: {
        tags: ["phone"],
        params: PhoneParam,
        body: Type.Object(
          { contact_id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), reason: Type.String({ minLength: 1, maxLength: 1000 }) },
          { additionalProperties: false },
        ),
        response: { 201: ReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const phone = parseValidPhone(request.params.phone);
      const reason = request.body.reason.trim();
      if (!reason) throw fieldError("reason", "This field may not be blank.");
      const contact = await contactPhoneAndUnlock(app.db, request.body.contact_id, auth.user.id);
      if (!contact) throw notFound("Contact not found.");
      if (contact.phone !== phone.number) throw fieldError("contact_id", NOT_THIS_NUMBER);
      const report = await createReport(request, {
        userId: auth.user.id, contactId: request.body.contact_id, unlockId: contact.unlock_id, kind: "wrong_number", phone: phone.number, reason,
      });
      return reply.code(201).send(toReport(report));
    },
  );
};

export default phoneRoutes;
