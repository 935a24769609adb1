// Whose credits a user spends: their team's pool while they are in a team (migration 031), their
// own balance otherwise. The SQL of the pool lives here; spending it is unlock.ts.
import type { Queryable } from "../../db/client.js";
import { istDate, istDayStart } from "../../jobs/ist.js";

/** The first instant of the calendar month in India holding `at` (caps reset at midnight IST on the 1st). */
export const istMonthStart = (at: Date): Date => istDayStart(`${istDate(at).slice(0, 8)}01`);

export interface Balance {
  remaining: number;
  total: number;
}

/** The account a user's unlocks charge: a team (with the member's monthly cap) or the user alone. */
export interface CreditAccount {
  teamId: number | null;
  monthlyCap: number | null;
}

export async function creditAccountOf(db: Queryable, userId: number, lock = false): Promise<CreditAccount> {
  // FOR SHARE: a member's removal waits for an unlock already charging the pool, and vice versa.
  const { rows } = await db.query<{ team_id: number; monthly_cap: number | null }>(
    `SELECT team_id, monthly_cap FROM team_members WHERE user_id = $1${lock ? " FOR SHARE" : ""}`,
    [userId],
  );
  const row = rows[0];
  return row ? { teamId: Number(row.team_id), monthlyCap: row.monthly_cap } : { teamId: null, monthlyCap: null };
}

/** The balance a user spends: the pool of their team, or their own. */
export async function balance(db: Queryable, userId: number): Promise<Balance> {
  const { rows } = await db.query<{ total: number; spent: number }>(
    `SELECT COALESCE(t.total_credits, u.total_credits) AS total, COALESCE(t.spent_credits, u.spent_credits) AS spent
       FROM users u LEFT JOIN team_members m ON m.user_id = u.id LEFT JOIN teams t ON t.id = m.team_id WHERE u.id = $1`,
    [userId],
  );
  return { remaining: rows[0].total - rows[0].spent, total: rows[0].total };
}

/**
 * Charges an account `cost` credits if it has them: one conditional UPDATE whose row lock
 * serialises every unlock of the account, re-checked on the latest row. Undefined: not enough.
 */
export async function charge(tx: Queryable, userId: number, account: CreditAccount, cost: number): Promise<Balance | undefined> {
  const sql = account.teamId === null
    ? `UPDATE users SET spent_credits = spent_credits + $2, updated_at = now() WHERE id = $1 AND total_credits - spent_credits >= $2 RETURNING total_credits, spent_credits`
    : `UPDATE teams SET spent_credits = spent_credits + $2 WHERE id = $1 AND total_credits - spent_credits >= $2 RETURNING total_credits, spent_credits`;
  const { rows } = await tx.query<{ total_credits: number; spent_credits: number }>(sql, [account.teamId ?? userId, cost]);
  const row = rows[0];
  return row && { remaining: row.total_credits - row.spent_credits, total: row.total_credits };
}

/** Gives credits back to whichever account paid for an unlock (a refund). */
export async function giveBack(tx: Queryable, userId: number, teamId: number | null, amount: number): Promise<void> {
  if (teamId === null) await tx.query(`UPDATE users SET spent_credits = greatest(0, spent_credits - $2), updated_at = now() WHERE id = $1`, [userId, amount]);
  else await tx.query(`UPDATE teams SET spent_credits = greatest(0, spent_credits - $2) WHERE id = $1`, [teamId, amount]);
}

/** Adds credits to an account: the total and one ledger row together. */
export async function addCredits(
  tx: Queryable,
  to: { userId: number; teamId: number | null },
  amount: number,
  row: { kind: "grant" | "adjustment"; note: string | null; actorId: number | null },
): Promise<void> {
  if (to.teamId === null) await tx.query(`UPDATE users SET total_credits = total_credits + $2, updated_at = now() WHERE id = $1`, [to.userId, amount]);
  else await tx.query(`UPDATE teams SET total_credits = total_credits + $2 WHERE id = $1`, [to.teamId, amount]);
  await tx.query(`INSERT INTO credit_ledger (user_id, team_id, delta, kind, note, actor_id) VALUES ($1, $2, $3, $4, $5, $6)`, [
    to.userId, to.teamId, amount, row.kind, row.note, row.actorId,
  ]);
}

/**
 * A new team's pool starts with its owner's remaining credits, and what the owner unlocked with
 * them becomes the team's: one row leaving the owner's balance, one entering the pool.
 */
export async function bringOwnerIntoPool(tx: Queryable, teamId: number, ownerId: number): Promise<number> {
  const { rows } = await tx.query<{ moved: number }>(
    `UPDATE users u SET total_credits = u.spent_credits, updated_at = now()
       FROM (SELECT id, total_credits - spent_credits AS moved FROM users WHERE id = $1 FOR UPDATE) b
      WHERE u.id = b.id RETURNING b.moved`,
    [ownerId],
  );
  const moved = rows[0]?.moved ?? 0;
  if (moved > 0) {
    await tx.query(`INSERT INTO credit_ledger (user_id, delta, kind, note, actor_id) VALUES ($1, $2, 'adjustment', 'Moved into the team''s credit pool', $1)`, [ownerId, -moved]);
    await addCredits(tx, { userId: ownerId, teamId }, moved, { kind: "adjustment", note: "Brought into the pool by the team's owner", actorId: ownerId });
  }
  await tx.query(`UPDATE unlocks SET team_id = $1 WHERE user_id = $2 AND team_id IS NULL`, [teamId, ownerId]);
  return moved;
}

/** A member's net spending of the pool this calendar month in IST (unlocks less refunds). */
export async function spentThisMonth(db: Queryable, teamId: number, userId: number): Promise<number> {
  const { rows } = await db.query<{ spent: number }>(
    `SELECT COALESCE(-sum(delta), 0)::int AS spent FROM credit_ledger
      WHERE team_id = $1 AND user_id = $2 AND kind IN ('unlock', 'refund') AND created_at >= $3`,
    [teamId, userId, istMonthStart(new Date())],
  );
  return rows[0].spent;
}

/** Every member's net spending this month, by user id (for the team page). */
export async function teamSpentThisMonth(db: Queryable, teamId: number): Promise<Map<number, number>> {
  const { rows } = await db.query<{ user_id: number; spent: number }>(
    `SELECT user_id, COALESCE(-sum(delta), 0)::int AS spent FROM credit_ledger
      WHERE team_id = $1 AND kind IN ('unlock', 'refund') AND created_at >= $2 GROUP BY user_id`,
    [teamId, istMonthStart(new Date())],
  );
  return new Map(rows.map((r) => [Number(r.user_id), r.spent]));
}
