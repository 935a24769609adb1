// What check_number reads and writes: the contacts holding a number (as one user may see them),
// their re-scoring with its history, and a contact's number with the user's unlock of it.
import type { Queryable } from "../../db/client.js";
import { contactColumns, type ContactRow } from "../credits/contacts.js";

export interface ScoredContact { id: number; name: string; contact_fuzz_score: number | null; verified_at: Date | null }

/** The contacts with this number, locked for re-scoring (inside a transaction). */
export async function lockContactsByPhone(tx: Queryable, e164: string): Promise<ScoredContact[]> {
  const { rows } = await tx.query<ScoredContact>(`SELECT id, name, contact_fuzz_score, verified_at FROM contacts WHERE phone = $1 ORDER BY id FOR UPDATE`, [e164]);
  return rows;
}

/** Sets a contact's name score and marks it verified now; answers when. */
export async function rescoreContact(tx: Queryable, contactId: number, score: number): Promise<Date> {
  const { rows } = await tx.query<{ verified_at: Date }>(
    `UPDATE contacts SET contact_fuzz_score = $2, verified_at = now(), updated_at = now() WHERE id = $1 RETURNING verified_at`,
    [contactId, score],
  );
  return rows[0].verified_at;
}

/** Up to 100 contacts with this number, best score first, with the leads each is on. */
export async function contactsWithPhone(db: Queryable, userId: number, e164: string): Promise<(ContactRow & { project_ids: number[] })[]> {
  const { rows } = await db.query<ContactRow & { project_ids: number[] }>(
    `SELECT ${contactColumns("$1")},
            coalesce((SELECT array_agg(pc.project_id ORDER BY pc.project_id) FROM project_contacts pc WHERE pc.contact_id = c.id), '{}') AS project_ids
       FROM contacts c LEFT JOIN companies co ON co.id = c.company_id
      WHERE c.phone = $2 ORDER BY c.contact_fuzz_score DESC NULLS LAST, c.id LIMIT 100`,
    [userId, e164],
  );
  return rows;
}

/** A contact's number and the user's unlock of it, or undefined when there is no such contact. */
export async function contactPhoneAndUnlock(db: Queryable, contactId: number, userId: number) {
  const { rows } = await db.query<{ phone: string | null; unlock_id: number | null }>(
    `SELECT c.phone, (SELECT u.id FROM unlocks_visible_to($2) u WHERE u.item_type = 'contact' AND u.item_id = c.id ORDER BY u.team_id NULLS LAST LIMIT 1) AS unlock_id
       FROM contacts c WHERE c.id = $1`,
    [contactId, userId],
  );
  return rows[0];
}
