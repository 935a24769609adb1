// What the credits routes read: a user's unlocked contacts and ledger, one page at a time, and the
// staff's queue of wrong-contact reports. Spending and refunding (the transactions): unlock.ts.
import type { Queryable } from "../../db/client.js";
import { contactColumns, type ContactRow } from "./contacts.js";
import { balance } from "./pool.js";
import { type ReportRow, visibleUnlockId } from "./unlock.js";

export const PAGE_SIZE = 50;
const offset = (page: number) => (page - 1) * PAGE_SIZE;

export type UnlockedContactRow = ContactRow & { unlock_id: number; unlocked_at: Date; credits: number; unlocked_by: string | null; project_ids: number[]; report_status: string | null };

/** The contacts the user sees unlocked (theirs and their team's), newest first, with the leads each is on, who unlocked it and the user's report of it. */
export async function unlockedContacts(db: Queryable, userId: number, page: number): Promise<{ count: number; rows: UnlockedContactRow[] }> {
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM unlocks_visible_to($1) WHERE item_type = 'contact'`, [userId]);
  const { rows } = await db.query<UnlockedContactRow>(
    `SELECT ${contactColumns("$1")}, un.id AS unlock_id, un.created_at AS unlocked_at, un.credits,
            CASE WHEN un.user_id <> $1 THEN nullif(trim(b.first_name || ' ' || b.last_name), '') END AS unlocked_by,
            coalesce((SELECT array_agg(pc.project_id ORDER BY pc.project_id) FROM project_contacts pc WHERE pc.contact_id = c.id), '{}') AS project_ids,
            (SELECT r.status FROM contact_reports r WHERE r.user_id = $1 AND r.contact_id = c.id AND r.kind = 'wrong_contact') AS report_status
       FROM unlocks_visible_to($1) un JOIN contacts c ON c.id = un.item_id LEFT JOIN companies co ON co.id = c.company_id
       LEFT JOIN users b ON b.id = un.user_id
      WHERE un.item_type = 'contact'
      ORDER BY un.created_at DESC, un.id DESC LIMIT $2 OFFSET $3`,
    [userId, PAGE_SIZE, offset(page)],
  );
  return { count: count.rows[0].n, rows };
}

export async function contactExists(db: Queryable, contactId: number): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM contacts WHERE id = $1`, [contactId])).rows.length > 0;
}

/** The id of the unlock through which the user sees a contact (theirs or their team's), if any. */
export const contactUnlockId = (db: Queryable, userId: number, contactId: number) => visibleUnlockId(db, userId, "contact", contactId);

export interface LedgerRow {
  id: number; delta: number; kind: string; note: string | null; unlock_id: number | null; contact_id: number | null; created_at: Date;
  team: boolean; by: string | null;
}

/**
 * One page of the ledger the user may read, newest first, with the row count and the balance
 * they spend: their team's pool rows (who spent each) and their own personal rows.
 */
export async function ledgerPage(db: Queryable, userId: number, page: number) {
  const mine = `(l.team_id = (SELECT m.team_id FROM team_members m WHERE m.user_id = $1) OR (l.user_id = $1 AND l.team_id IS NULL))`;
  const [count, bal] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM credit_ledger l WHERE ${mine}`, [userId]),
    balance(db, userId),
  ]);
  const { rows } = await db.query<LedgerRow>(
    `SELECT l.id, l.delta, l.kind, l.note, l.unlock_id, u.item_id AS contact_id, l.created_at, l.team_id IS NOT NULL AS team,
            CASE WHEN l.team_id IS NOT NULL THEN nullif(trim(b.first_name || ' ' || b.last_name), '') END AS by
       FROM credit_ledger l LEFT JOIN unlocks u ON u.id = l.unlock_id AND u.item_type = 'contact' LEFT JOIN users b ON b.id = l.user_id
      WHERE ${mine} ORDER BY l.created_at DESC, l.id DESC LIMIT $2 OFFSET $3`,
    [userId, PAGE_SIZE, offset(page)],
  );
  return { count: count.rows[0].n, balance: bal, rows };
}

export type QueuedReportRow = ReportRow & { u_email: string; u_name: string; c_name: string; c_phone: string | null; c_email: string | null; c_is_wrong: boolean; credits: number | null };

/** Staff's report queue, oldest first: reports of one status, or all. */
export async function reportQueue(db: Queryable, status: "open" | "accepted" | "rejected" | "all", page: number): Promise<{ count: number; rows: QueuedReportRow[] }> {
  const where = status === "all" ? "TRUE" : "r.status = $1";
  const params = status === "all" ? [] : [status];
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM contact_reports r WHERE ${where}`, params);
  const { rows } = await db.query<QueuedReportRow>(
    `SELECT r.*, u.email AS u_email, trim(u.first_name || ' ' || u.last_name) AS u_name,
            c.name AS c_name, c.phone AS c_phone, c.email AS c_email, c.is_wrong AS c_is_wrong, un.credits
       FROM contact_reports r JOIN users u ON u.id = r.user_id JOIN contacts c ON c.id = r.contact_id
       LEFT JOIN unlocks un ON un.id = r.unlock_id
      WHERE ${where} ORDER BY r.created_at ASC, r.id ASC LIMIT ${PAGE_SIZE} OFFSET ${offset(page)}`,
    params,
  );
  return { count: count.rows[0].n, rows };
}

/** One line of a contact's history: {field: [old, new], …} with who (check_number, staff edits, reports). */
export async function addContactHistory(tx: Queryable, contactId: number, userId: number, changes: Record<string, unknown>): Promise<void> {
  await tx.query(`INSERT INTO contact_history (contact_id, changed_by, changes) VALUES ($1, $2, $3)`, [contactId, userId, JSON.stringify(changes)]);
}
