// POST /work/{id}/contacts/ (staff): add a contact to a lead — name, designation, seniority (one
// of the seven levels), source (one of the three), phone (validated and stored as E.164 by
// libphonenumber, region IN by default) and/or e-mail, its company and its role on the lead.
// One transaction writes the contact, its link to the lead, the contact's history, the lead's
// history (who and when) and a status update, so subscribers who shortlisted the lead see it.
// The answer is the contact as staff see it (in full); subscribers see it masked until unlocked.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { CONTACT_SOURCES, SENIORITY_LEVELS } from "../../../common/constants.js";
import { conflict, fieldError, notFound } from "../../http/errors.js";
import { ErrorResponse, Nullable } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { auditAs } from "../audit/log.js";
import { companyExists } from "../companies/queries.js";
import { ContactView, findContactRow, toContactView } from "../credits/contacts.js";
import { addContactHistory } from "../credits/queries.js";
import { parseValidPhone } from "../phone/routes.js";
import { addProjectContact, lockProject, phoneOnProject, publishAddition, recordHistory } from "./edit-queries.js";
import { setChangeSource } from "../changes/source.js";

export const CONTACT_ROLES = ["owner", "architect", "contractor", "consultant"] as const;
export const CONTACT_NEEDS_REACH = "Give a phone number or an e-mail address.";
export const CONTACT_ALREADY_ON_LEAD = "A contact with this phone number is already on the project.";

const text = (max: number) => Type.Optional(Nullable(Type.String({ maxLength: max })));

export const NewContact = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    designation: text(200),
    seniority: Type.Optional(Nullable(Type.String({ enum: [...SENIORITY_LEVELS] }))),
    source: Type.String({ enum: [...CONTACT_SOURCES], description: "telephone | internet | official_govt_website" }),
    phone: text(40),
    email: Type.Optional(Nullable(Type.String({ format: "email", maxLength: 254 }))),
    company_id: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }))),
    role: Type.Optional(Nullable(Type.String({ enum: [...CONTACT_ROLES] }))),
  },
  { additionalProperties: false },
);

const blankToNull = (v: string | null | undefined) => (v && v.trim() ? v.trim().replace(/\s+/g, " ") : null);

const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/work/:id/contacts/",
    {
      config: { access: "staff" },
      schema: {
        tags: ["projects"],
        summary: "Staff: add a contact to a lead (history kept, published to subscribers)",
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }),
        body: NewContact,
        response: {
          201: Type.Intersect([ContactView, Type.Object({ role: Type.Union([Type.String(), Type.Null()]) })]),
          400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const id = request.params.id;
      const b = request.body;
      const name = blankToNull(b.name);
      if (!name) throw fieldError("name", "This field may not be blank.");
      const rawPhone = blankToNull(b.phone);
      const phone = rawPhone ? parseValidPhone(rawPhone).number : null;
      const email = blankToNull(b.email)?.toLowerCase() ?? null;
      if (!phone && !email) throw fieldError("phone", CONTACT_NEEDS_REACH);
      const designation = blankToNull(b.designation);
      const role = b.role ?? null;

      const contactId = await app.db.transaction(async (tx) => {
        await setChangeSource(tx, { kind: "staff", userId: auth.user.id }); // what this save changes says who made it
        if (!(await lockProject(tx, id))) throw notFound("Project not found.");
        if (typeof b.company_id === "number" && !(await companyExists(tx, b.company_id))) {
          throw fieldError("company_id", "Company not found.");
        }
        if (phone && (await phoneOnProject(tx, id, phone))) throw conflict(CONTACT_ALREADY_ON_LEAD);
        const fields = { name, designation, seniority: b.seniority ?? null, source: b.source, phone, email, company_id: b.company_id ?? null };
        const cid = await addProjectContact(tx, id, fields, role);
        const created = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null).map(([k, v]) => [k, [null, v]]));
        await addContactHistory(tx, cid, auth.user.id, created);
        const label = [name, designation].filter(Boolean).join(", ");
        await recordHistory(tx, id, auth.user.id, { contacts: [null, label] });
        await publishAddition(tx, id, auth.user.id, `New contact added: ${label}${role ? ` (${role})` : ""}`);
        await auditAs(request, "project.add_contact", { itemType: "project", itemId: id, details: { contact_id: cid } }, tx);
        return cid;
      });
      const row = await findContactRow(app.db, auth.user.id, contactId);
      return reply.code(201).send({ ...toContactView(row!, { staff: true }), role });
    },
  );
};

export default contactRoutes;
