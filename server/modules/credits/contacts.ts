// How a contact is shown to a user: every field a subscriber may see, with the phone and e-mail
// masked until that user unlocked the contact (staff, not impersonating, see them in full).
// Every module that shows contacts (lead detail, check_number, unlocks) goes through here.
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import parsePhoneNumber from "libphonenumber-js/max";
import type { Queryable } from "../../db/client.js";
import { CONTACT_QUALITY_THRESHOLD, CONTACT_SOURCE_LABELS, type ContactSource } from "../../../common/constants.js";
import { abilityFor } from "../../plugins/access.js";

/** Staff (not impersonating) see contacts in full. */
export const isStaffSession = (request: FastifyRequest) => abilityFor(request).can("manage", "Project");

const nullableString = Type.Union([Type.String(), Type.Null()]);
export const CompanyRef = Type.Union([Type.Object({ id: Type.Number(), name: Type.String() }), Type.Null()]);

export const ContactView = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  designation: nullableString,
  seniority: nullableString,
  source: Type.String({ description: "telephone | internet | official_govt_website" }),
  source_label: Type.String({ description: "Telephone Call | Found on the Internet | Official Government Website" }),
  contact_fuzz_score: Type.Union([Type.Number(), Type.Null()]),
  is_high_quality: Type.Boolean({ description: "contact_fuzz_score > 70" }),
  verified_at: nullableString,
  is_wrong: Type.Boolean(),
  company: CompanyRef,
  phone: nullableString,
  email: nullableString,
  is_unlocked: Type.Boolean(),
});

export interface ContactRow {
  id: number;
  name: string;
  designation: string | null;
  seniority: string | null;
  source: ContactSource;
  contact_fuzz_score: number | null;
  verified_at: Date | string | null;
  is_wrong: boolean;
  company_id: number | null;
  company_name: string | null;
  phone: string | null;
  email: string | null;
  /** Whether the viewing user unlocked it (computed by the query). */
  unlocked: boolean;
}

/** The columns ContactRow needs; `c` is contacts, `co` companies, $n the viewing user's id. */
export const contactColumns = (userParam: string) => `
  c.id, c.name, c.designation, c.seniority, c.source, c.contact_fuzz_score, c.verified_at, c.is_wrong,
  c.company_id, co.name AS company_name, c.phone, c.email,
  EXISTS (SELECT 1 FROM unlocks_visible_to(${userParam}) u WHERE u.item_type = 'contact' AND u.item_id = c.id) AS unlocked`;

export const iso = (d: Date | string | null | undefined): string | null => (d == null ? null : new Date(d).toISOString());

/** '+919812345612' → '+91 98XXX XXX12'; anything unparseable keeps only its last two digits. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  const parsed = parsePhoneNumber(phone, "IN");
  const digits = parsed ? String(parsed.nationalNumber) : phone.replace(/\D/g, "");
  if (digits.length < 5) return "X".repeat(digits.length);
  const masked = digits.slice(0, 2) + "X".repeat(digits.length - 4) + digits.slice(-2);
  const grouped = masked.length === 10 ? `${masked.slice(0, 5)} ${masked.slice(5)}` : masked;
  return parsed ? `+${parsed.countryCallingCode} ${grouped}` : grouped;
}

/** 'ravi.kumar@domain.in' → 'r****@domain.in'. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf("@");
  if (at <= 0) return "****";
  return `${email[0]}****${email.slice(at)}`;
}

export function toContactView(row: ContactRow, opts: { staff: boolean }) {
  const visible = row.unlocked || opts.staff;
  return {
    id: row.id,
    name: row.name,
    designation: row.designation,
    seniority: row.seniority,
    source: row.source,
    source_label: CONTACT_SOURCE_LABELS[row.source] ?? row.source,
    contact_fuzz_score: row.contact_fuzz_score,
    is_high_quality: (row.contact_fuzz_score ?? 0) > CONTACT_QUALITY_THRESHOLD,
    verified_at: iso(row.verified_at),
    is_wrong: row.is_wrong,
    company: row.company_id != null ? { id: row.company_id, name: row.company_name ?? "" } : null,
    phone: visible ? row.phone : maskPhone(row.phone),
    email: visible ? row.email : maskEmail(row.email),
    is_unlocked: visible,
  };
}

/** One contact as userId sees it, or undefined when there is no such contact. */
export async function findContactRow(db: Queryable, userId: number, contactId: number): Promise<ContactRow | undefined> {
  const { rows } = await db.query<ContactRow>(
    `SELECT ${contactColumns("$1")} FROM contacts c LEFT JOIN companies co ON co.id = c.company_id WHERE c.id = $2`,
    [userId, contactId],
  );
  return rows[0];
}
