// Spending credits on a contact (or a company: unlockItem), and giving them back. Each is one transaction whose order is
// what makes it safe when two browsers, two teammates or a double click race:
//   1. Already unlocked for this user (their own, or their team's: unlocks_visible_to) → no charge.
//   2. INSERT the unlock ON CONFLICT DO NOTHING RETURNING: only one transaction can win a
//      (team or user, item) pair; the loser waits for the winner's commit and then sees a
//      conflict, so it is answered as already unlocked, without a charge.
//   3. Charge only if inserted, with one conditional UPDATE … WHERE remaining >= cost on the
//      account (the team's pool or the user's balance, pool.ts): its row lock serialises the
//      account's unlocks and the condition is re-checked on the latest row, so the balance never
//      goes below zero nor is spent twice. No row → not enough credits → throw, and the insert
//      of step 2 rolls back with it. A member's monthly cap is checked under the same lock.
//   4. The ledger row (who spent, from which account) and the audit record, in the same transaction.
import type { Queryable } from "../../db/client.js";
import type { FastifyRequest } from "fastify";
import { HttpError, conflict, notFound } from "../../http/errors.js";
import { auditAs } from "../audit/log.js";
import { queueWebhookEvent } from "../integrations/events.js";
import { type Balance, type CreditAccount, balance, charge, creditAccountOf, giveBack, spentThisMonth } from "./pool.js";

export { balance };

export const NOT_ENOUGH_CREDITS = "Not enough credits to unlock this contact.";
export const monthlyCapReached = (cap: number) =>
  `You have reached your monthly limit of ${cap} credits set by your team's admin. Ask an admin to raise it, or wait until the 1st.`;

export interface UnlockOutcome extends Balance {
  unlockId: number;
  charged: number;
  alreadyUnlocked: boolean;
}

/** What can be unlocked: the table its id lives in and the words of its answers (never user text). */
const UNLOCKABLE = {
  contact: { table: "contacts", notFound: "Contact not found.", notEnough: NOT_ENOUGH_CREDITS, audit: "unlock_contact", label: "contact" },
  company: { table: "companies", notFound: "Company not found.", notEnough: "Not enough credits to unlock this company.", audit: "unlock_company", label: "company" },
} as const;
export type UnlockItemType = keyof typeof UNLOCKABLE;

/** contact.unlocked's data: the contact as the team now sees it (unlocked, so in full). */
async function unlockedContactData(tx: Queryable, contactId: number): Promise<Record<string, unknown>> {
  const { rows } = await tx.query<{ id: number; name: string; designation: string | null; company: string | null; email: string | null; phone: string | null }>(
    `SELECT c.id, c.name, c.designation, co.name AS company, c.email, c.phone FROM contacts c LEFT JOIN companies co ON co.id = c.company_id WHERE c.id = $1`,
    [contactId],
  );
  return { contact: rows[0] };
}

export async function unlockContact(request: FastifyRequest, userId: number, contactId: number, cost: number): Promise<UnlockOutcome> {
  return unlockItem(request, userId, "contact", contactId, cost);
}

/** The id of the unlock through which the user sees an item (theirs or their team's), if any. */
export async function visibleUnlockId(db: Queryable, userId: number, itemType: UnlockItemType, itemId: number): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM unlocks_visible_to($1) WHERE item_type = $2 AND item_id = $3 ORDER BY team_id NULLS LAST LIMIT 1`,
    [userId, itemType, itemId],
  );
  return rows[0]?.id;
}

async function insertUnlock(tx: Queryable, userId: number, account: CreditAccount, itemType: UnlockItemType, itemId: number, cost: number) {
  const { rows } = account.teamId === null
    ? await tx.query<{ id: number }>(
        `INSERT INTO unlocks (user_id, item_type, item_id, credits) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, item_type, item_id) WHERE team_id IS NULL DO NOTHING RETURNING id`,
        [userId, itemType, itemId, cost],
      )
    : await tx.query<{ id: number }>(
        `INSERT INTO unlocks (user_id, team_id, item_type, item_id, credits) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (team_id, item_type, item_id) WHERE team_id IS NOT NULL DO NOTHING RETURNING id`,
        [userId, account.teamId, itemType, itemId, cost],
      );
  return rows[0]?.id;
}

/** Spends `cost` credits on one item once per team (or user), in the steps above, for any unlockable type. */
export async function unlockItem(request: FastifyRequest, userId: number, itemType: UnlockItemType, itemId: number, cost: number): Promise<UnlockOutcome> {
  const what = UNLOCKABLE[itemType];
  return request.server.db.transaction(async (tx) => {
    const exists = await tx.query(`SELECT 1 FROM ${what.table} WHERE id = $1`, [itemId]);
    if (exists.rows.length === 0) throw notFound(what.notFound);
    const account = await creditAccountOf(tx, userId, true);
    const already = async (): Promise<UnlockOutcome> => ({
      unlockId: (await visibleUnlockId(tx, userId, itemType, itemId))!, charged: 0, alreadyUnlocked: true, ...(await balance(tx, userId)),
    });
    if (await visibleUnlockId(tx, userId, itemType, itemId)) return already();
    const unlockId = await insertUnlock(tx, userId, account, itemType, itemId, cost);
    if (unlockId === undefined) return already();
    const after = await charge(tx, userId, account, cost);
    if (!after) throw new HttpError(402, { detail: what.notEnough });
    if (account.teamId !== null && account.monthlyCap !== null) {
      const spent = await spentThisMonth(tx, account.teamId, userId);
      if (spent + cost > account.monthlyCap) throw new HttpError(402, { detail: monthlyCapReached(account.monthlyCap) });
    }
    const actorId = request.auth?.impersonatorId ?? userId;
    await tx.query(
      `INSERT INTO credit_ledger (user_id, team_id, delta, kind, unlock_id, note, actor_id) VALUES ($1, $2, $3, 'unlock', $4, $5, $6)`,
      [userId, account.teamId, -cost, unlockId, `Unlocked ${what.label} ${itemId}`, actorId],
    );
    await auditAs(request, what.audit, { itemType, itemId, details: { cost, unlock_id: unlockId, team_id: account.teamId } }, tx);
    if (itemType === "contact") await queueWebhookEvent(tx, { userId, event: "contact.unlocked", data: () => unlockedContactData(tx, itemId) });
    return { unlockId, charged: cost, alreadyUnlocked: false, ...after };
  });
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
        const unlock = await tx.query<{ credits: number; user_id: number; team_id: number | null }>(`SELECT credits, user_id, team_id FROM unlocks WHERE id = $1`, [report.unlock_id]);
        const paid = unlock.rows[0];
        const cost = paid?.credits ?? 0;
        if (cost > 0) {
          // The partial unique index on credit_ledger (unlock_id) WHERE kind = 'refund' makes a
          // second refund of one unlock impossible, whichever report asks for it.
          // A team's unlock is refunded to the pool, on the row of the member who spent it (their
          // month's spending goes down with it); a personal one to its buyer.
          const to = paid.team_id === null ? { userId: report.user_id, teamId: null } : { userId: Number(paid.user_id), teamId: Number(paid.team_id) };
          const ledger = await tx.query<{ id: number }>(
            `INSERT INTO credit_ledger (user_id, team_id, delta, kind, unlock_id, note, actor_id)
             VALUES ($1, $2, $3, 'refund', $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
            [to.userId, to.teamId, cost, report.unlock_id, `Refund: contact ${report.contact_id} reported wrong (report ${reportId})`, staffId],
          );
          if (ledger.rows[0]) {
            refundId = ledger.rows[0].id;
            refunded = cost;
            await giveBack(tx, to.userId, to.teamId, cost);
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
