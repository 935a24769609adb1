// Spending credits on a contact (or a company: unlockItem), and giving them back. Each is one transaction whose order is
// what makes it safe when two browsers (or a double click) race:
//   1. INSERT the unlock ON CONFLICT DO NOTHING RETURNING: only one transaction can win a
//      (user, contact) pair; the loser waits for the winner's commit and then sees a conflict,
//      so an already unlocked contact is answered without a charge.
//   2. Charge only if inserted, with one conditional UPDATE … WHERE remaining >= cost
//      RETURNING: the row lock serialises a user's unlocks and the condition is re-checked on
//      the latest row, so the balance can never go below zero nor be spent twice. No row →
//      not enough credits → throw, and the insert of step 1 rolls back with it.
//   3. The ledger row and the audit record, in the same transaction.
import type { Queryable } from "../../db/client.js";
import type { FastifyRequest } from "fastify";
import { HttpError, conflict, notFound } from "../../http/errors.js";
import { auditAs } from "../audit/log.js";

export const NOT_ENOUGH_CREDITS = "Not enough credits to unlock this contact.";

export interface UnlockOutcome {
  unlockId: number;
  charged: number;
  alreadyUnlocked: boolean;
  remaining: number;
  total: number;
}

/** What can be unlocked: the table its id lives in and the words of its answers (never user text). */
const UNLOCKABLE = {
  contact: { table: "contacts", notFound: "Contact not found.", notEnough: NOT_ENOUGH_CREDITS, audit: "unlock_contact", label: "contact" },
  company: { table: "companies", notFound: "Company not found.", notEnough: "Not enough credits to unlock this company.", audit: "unlock_company", label: "company" },
} as const;
export type UnlockItemType = keyof typeof UNLOCKABLE;

export async function unlockContact(request: FastifyRequest, userId: number, contactId: number, cost: number): Promise<UnlockOutcome> {
  return unlockItem(request, userId, "contact", contactId, cost);
}

/** Spends `cost` credits on one item once per user (the steps above), for any unlockable type. */
export async function unlockItem(request: FastifyRequest, userId: number, itemType: UnlockItemType, itemId: number, cost: number): Promise<UnlockOutcome> {
  const what = UNLOCKABLE[itemType];
  const db = request.server.db;
  return db.transaction(async (tx) => {
    const exists = await tx.query(`SELECT 1 FROM ${what.table} WHERE id = $1`, [itemId]);
    if (exists.rows.length === 0) throw notFound(what.notFound);
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO unlocks (user_id, item_type, item_id, credits) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, item_type, item_id) DO NOTHING RETURNING id`,
      [userId, itemType, itemId, cost],
    );
    if (inserted.rows.length === 0) {
      const prior = await tx.query<{ id: number }>(`SELECT id FROM unlocks WHERE user_id = $1 AND item_type = $2 AND item_id = $3`, [userId, itemType, itemId]);
      const bal = await balance(tx, userId);
      return { unlockId: prior.rows[0].id, charged: 0, alreadyUnlocked: true, ...bal };
    }
    const unlockId = inserted.rows[0].id;
    const charged = await tx.query<{ total_credits: number; spent_credits: number }>(
      `UPDATE users SET spent_credits = spent_credits + $2, updated_at = now()
        WHERE id = $1 AND total_credits - spent_credits >= $2
        RETURNING total_credits, spent_credits`,
      [userId, cost],
    );
    if (charged.rows.length === 0) throw new HttpError(402, { detail: what.notEnough });
    const actorId = request.auth?.impersonatorId ?? userId;
    await tx.query(
      `INSERT INTO credit_ledger (user_id, delta, kind, unlock_id, note, actor_id) VALUES ($1, $2, 'unlock', $3, $4, $5)`,
      [userId, -cost, unlockId, `Unlocked ${what.label} ${itemId}`, actorId],
    );
    await auditAs(request, what.audit, { itemType, itemId, details: { cost, unlock_id: unlockId } }, tx);
    const row = charged.rows[0];
    return { unlockId, charged: cost, alreadyUnlocked: false, remaining: row.total_credits - row.spent_credits, total: row.total_credits };
  });
}

export async function balance(db: Queryable, userId: number): Promise<{ remaining: number; total: number }> {
  const { rows } = await db.query<{ total_credits: number; spent_credits: number }>(`SELECT total_credits, spent_credits FROM users WHERE id = $1`, [userId]);
  return { remaining: rows[0].total_credits - rows[0].spent_credits, total: rows[0].total_credits };
}

export interface ReportRow {
  id: number;
  user_id: number;
  contact_id: number;
  unlock_id: number | null;
  kind: "wrong_contact" | "wrong_number";
  phone: string | null;
  reason: string;
  status: "open" | "accepted" | "rejected";
  resolved_by: number | null;
  resolved_at: Date | null;
  resolution_note: string | null;
  refund_ledger_id: number | null;
  created_at: Date;
}

export const ALREADY_REPORTED = "You have already reported this contact.";
export const ALREADY_RESOLVED = "This report has already been resolved.";

/** Records a report once per user, contact and kind (409 on a second one). */
export async function createReport(
  request: FastifyRequest,
  r: { userId: number; contactId: number; unlockId: number | null; kind: ReportRow["kind"]; phone: string | null; reason: string },
): Promise<ReportRow> {
  return request.server.db.transaction(async (tx) => {
    const { rows } = await tx.query<ReportRow>(
      `INSERT INTO contact_reports (user_id, contact_id, unlock_id, kind, phone, reason) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, contact_id, kind) DO NOTHING RETURNING *`,
      [r.userId, r.contactId, r.unlockId, r.kind, r.phone, r.reason],
    );
    if (!rows[0]) throw conflict(ALREADY_REPORTED);
    await auditAs(request, `report_${r.kind}`, { itemType: "contact", itemId: r.contactId, details: { report_id: rows[0].id } }, tx);
    return rows[0];
  });
}

/**
 * Staff decide a report, once. Accepted: the contact is marked wrong (with its history) and the
 * reporter's unlock, if any, is refunded with one 'refund' ledger row. Deciding the same way
 * again answers the report unchanged; deciding differently is a 409.
 */
export async function resolveReport(
  request: FastifyRequest,
  reportId: number,
  accepted: boolean,
  note: string | null,
): Promise<{ report: ReportRow; refunded: number }> {
  const staffId = request.auth!.user.id;
  return request.server.db.transaction(async (tx) => {
    const current = await tx.query<ReportRow>(`SELECT * FROM contact_reports WHERE id = $1 FOR UPDATE`, [reportId]);
    const report = current.rows[0];
    if (!report) throw notFound("Report not found.");
    const status = accepted ? "accepted" : "rejected";
    if (report.status !== "open") {
      if (report.status === status) return { report, refunded: 0 };
      throw conflict(ALREADY_RESOLVED);
    }
    let refundId: number | null = null;
    let refunded = 0;
    if (accepted) {
      const contact = await tx.query<{ is_wrong: boolean }>(`SELECT is_wrong FROM contacts WHERE id = $1 FOR UPDATE`, [report.contact_id]);
      if (contact.rows[0] && !contact.rows[0].is_wrong) {
        await tx.query(`UPDATE contacts SET is_wrong = true, updated_at = now() WHERE id = $1`, [report.contact_id]);
        await tx.query(`INSERT INTO contact_history (contact_id, changed_by, changes) VALUES ($1, $2, $3)`, [
          report.contact_id, staffId, JSON.stringify({ is_wrong: [false, true], report_id: reportId }),
        ]);
      }
      if (report.unlock_id !== null) {
        const unlock = await tx.query<{ credits: number; user_id: number }>(`SELECT credits, user_id FROM unlocks WHERE id = $1`, [report.unlock_id]);
        const cost = unlock.rows[0]?.credits ?? 0;
        if (cost > 0) {
          // The partial unique index on credit_ledger (unlock_id) WHERE kind = 'refund' makes a
          // second refund of one unlock impossible, whichever report asks for it.
          const ledger = await tx.query<{ id: number }>(
            `INSERT INTO credit_ledger (user_id, delta, kind, unlock_id, note, actor_id)
             VALUES ($1, $2, 'refund', $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
            [report.user_id, cost, report.unlock_id, `Refund: contact ${report.contact_id} reported wrong (report ${reportId})`, staffId],
          );
          if (ledger.rows[0]) {
            refundId = ledger.rows[0].id;
            refunded = cost;
            await tx.query(`UPDATE users SET spent_credits = greatest(0, spent_credits - $2), updated_at = now() WHERE id = $1`, [report.user_id, cost]);
          }
        }
      }
    }
    const { rows } = await tx.query<ReportRow>(
      `UPDATE contact_reports SET status = $2, resolved_by = $3, resolved_at = now(), resolution_note = $4, refund_ledger_id = $5
        WHERE id = $1 RETURNING *`,
      [reportId, status, staffId, note, refundId],
    );
    await auditAs(request, "resolve_contact_report", { itemType: "contact", itemId: report.contact_id, details: { report_id: reportId, status, refunded } }, tx);
    return { report: rows[0], refunded };
  });
}
