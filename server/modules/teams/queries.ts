// The SQL of teams, their members and invitations (migration 030). Routes: routes.ts.
import type { InviteRole, TeamMember, TeamRole } from "../../../common/teams.js";
import type { Queryable } from "../../db/client.js";
import { bringOwnerIntoPool } from "../credits/pool.js";

export type { InviteRole, TeamRole };

export interface Membership {
  team_id: number;
  role: TeamRole;
}

/** An invitation counts against the seats while it can still be accepted. */
const PENDING = `i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()`;

export async function membershipOf(db: Queryable, userId: number): Promise<Membership | undefined> {
  const { rows } = await db.query<Membership>(`SELECT team_id, role FROM team_members WHERE user_id = $1`, [userId]);
  return rows[0];
}

/** A new team owned by the user, its pool starting with their remaining credits; undefined when they are in one. */
export async function createTeam(tx: Queryable, ownerId: number, name: string): Promise<{ id: number; creditsMoved: number } | undefined> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO teams (name, owner_id) SELECT $2, $1 WHERE NOT EXISTS (SELECT 1 FROM team_members WHERE user_id = $1)
     ON CONFLICT (owner_id) DO NOTHING RETURNING id`,
    [ownerId, name],
  );
  const id = rows[0]?.id;
  if (id === undefined) return undefined;
  await tx.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'owner')`, [id, ownerId]);
  return { id: Number(id), creditsMoved: await bringOwnerIntoPool(tx, Number(id), ownerId) };
}

export interface TeamRow {
  id: number;
  name: string;
  owner_id: number;
  seats_bought: number;
  created_at: Date;
  members: number;
  pending: number;
  // The team's credit pool (migration 031).
  total_credits: number;
  spent_credits: number;
}

/** The team with its seat counts; FOR UPDATE in a transaction that changes seats. */
export async function findTeam(db: Queryable, teamId: number, lock = false): Promise<TeamRow | undefined> {
  if (lock) await db.query(`SELECT id FROM teams WHERE id = $1 FOR UPDATE`, [teamId]);
  const { rows } = await db.query<TeamRow>(
    `SELECT t.id, t.name, t.owner_id, t.seats_bought, t.created_at, t.total_credits, t.spent_credits,
            (SELECT count(*)::int FROM team_members m WHERE m.team_id = t.id) AS members,
            (SELECT count(*)::int FROM team_invitations i WHERE i.team_id = t.id AND ${PENDING}) AS pending
       FROM teams t WHERE t.id = $1`,
    [teamId],
  );
  return rows[0];
}

/** A member as the API answers it (common/teams.ts), as the database gives it: joined_at a Date. */
export type MemberRow = Omit<TeamMember, "joined_at" | "spent_this_month"> & { joined_at: Date };

export async function teamMembers(db: Queryable, teamId: number): Promise<MemberRow[]> {
  const { rows } = await db.query<MemberRow>(
    `SELECT m.id, m.user_id, u.email, u.first_name, u.last_name, m.role, m.joined_at, m.monthly_cap
       FROM team_members m JOIN users u ON u.id = m.user_id
      WHERE m.team_id = $1 ORDER BY (m.role = 'owner') DESC, (m.role = 'admin') DESC, lower(u.first_name), m.id`,
    [teamId],
  );
  return rows;
}

/** A member of this team only: another team's member id reads as not found. */
export async function findMember(db: Queryable, teamId: number, memberId: number): Promise<MemberRow | undefined> {
  const { rows } = await db.query<MemberRow>(
    `SELECT m.id, m.user_id, u.email, u.first_name, u.last_name, m.role, m.joined_at, m.monthly_cap
       FROM team_members m JOIN users u ON u.id = m.user_id WHERE m.team_id = $1 AND m.id = $2`,
    [teamId, memberId],
  );
  return rows[0];
}

export async function adminCount(db: Queryable, teamId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM team_members WHERE team_id = $1 AND role IN ('owner', 'admin')`, [teamId]);
  return rows[0].n;
}

export async function setMemberRole(tx: Queryable, memberId: number, role: InviteRole): Promise<void> {
  await tx.query(`UPDATE team_members SET role = $2 WHERE id = $1`, [memberId, role]);
}

export async function setMonthlyCap(tx: Queryable, memberId: number, cap: number | null): Promise<void> {
  await tx.query(`UPDATE team_members SET monthly_cap = $2 WHERE id = $1`, [memberId, cap]);
}

/**
 * Removes a member; their access ends at once: their own end_date (the team's, copied at join)
 * becomes yesterday, so the next call answers 'User Subscription Expired'.
 */
export async function removeMember(tx: Queryable, member: MemberRow): Promise<void> {
  await tx.query(`DELETE FROM team_members WHERE id = $1`, [member.id]);
  await tx.query(`UPDATE users SET end_date = LEAST(end_date, current_date - 1), updated_at = now() WHERE id = $1`, [member.user_id]);
}

export async function updateTeam(tx: Queryable, teamId: number, changes: { name?: string; seats_bought?: number }): Promise<void> {
  await tx.query(`UPDATE teams SET name = COALESCE($2, name), seats_bought = COALESCE($3, seats_bought) WHERE id = $1`, [
    teamId, changes.name ?? null, changes.seats_bought ?? null,
  ]);
}

export interface InvitationRow {
  id: number;
  email: string;
  role: InviteRole;
  created_at: Date;
  expires_at: Date;
  invited_by_name: string | null;
}

export async function pendingInvitations(db: Queryable, teamId: number): Promise<InvitationRow[]> {
  const { rows } = await db.query<InvitationRow>(
    `SELECT i.id, i.email, i.role, i.created_at, i.expires_at, u.first_name AS invited_by_name
       FROM team_invitations i LEFT JOIN users u ON u.id = i.invited_by
      WHERE i.team_id = $1 AND ${PENDING} ORDER BY i.created_at DESC, i.id DESC`,
    [teamId],
  );
  return rows;
}

/** Whether the address's account is a member of this team. */
export async function isMemberEmail(db: Queryable, teamId: number, email: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM team_members m JOIN users u ON u.id = m.user_id WHERE m.team_id = $1 AND lower(u.email) = lower($2)`,
    [teamId, email],
  );
  return rows.length > 0;
}

/** A new account made from an invitation link: the link reached its mailbox, so the address is verified. */
export async function markEmailVerified(tx: Queryable, userId: number): Promise<void> {
  await tx.query(`UPDATE users SET email_verified_for = email, email_verified_at = now() WHERE id = $1`, [userId]);
}

export async function revokeOpenInvitationTo(tx: Queryable, teamId: number, email: string): Promise<void> {
  await tx.query(
    `UPDATE team_invitations SET revoked_at = now() WHERE team_id = $1 AND lower(email) = lower($2) AND accepted_at IS NULL AND revoked_at IS NULL`,
    [teamId, email],
  );
}

/** Records an invitation (the caller has revoked an open one to the same address). */
export async function insertInvitation(
  tx: Queryable,
  i: { teamId: number; email: string; role: InviteRole; tokenHash: string; invitedBy: number },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO team_invitations (team_id, email, role, token_hash, invited_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [i.teamId, i.email, i.role, i.tokenHash, i.invitedBy],
  );
  return rows[0].id;
}

/** Revokes an open invitation of this team; false when there is none with that id (or another team's). */
export async function revokeInvitation(tx: Queryable, teamId: number, invitationId: number): Promise<{ email: string } | undefined> {
  const { rows } = await tx.query<{ email: string }>(
    `UPDATE team_invitations SET revoked_at = now() WHERE id = $2 AND team_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL RETURNING email`,
    [teamId, invitationId],
  );
  return rows[0];
}

export type InvitationState = "open" | "expired" | "used" | "revoked";
export interface InvitationByToken {
  id: number;
  team_id: number;
  team_name: string;
  email: string;
  role: InviteRole;
  state: InvitationState;
}

/** The invitation a link's token names, locked for the join's transaction. */
export async function invitationByTokenHash(tx: Queryable, tokenHash: string): Promise<InvitationByToken | undefined> {
  const { rows } = await tx.query<InvitationByToken>(
    `SELECT i.id, i.team_id, t.name AS team_name, i.email, i.role,
            CASE WHEN i.accepted_at IS NOT NULL THEN 'used' WHEN i.revoked_at IS NOT NULL THEN 'revoked'
                 WHEN i.expires_at <= now() THEN 'expired' ELSE 'open' END AS state
       FROM team_invitations i JOIN teams t ON t.id = i.team_id WHERE i.token_hash = $1 FOR UPDATE OF i`,
    [tokenHash],
  );
  return rows[0];
}

/**
 * Adds the user to the team and makes their subscription the team's (the owner's end_date,
 * copied for the profile's sake; authenticate reads the owner's own while they are a member).
 */
export async function acceptInvitation(tx: Queryable, inv: InvitationByToken, userId: number): Promise<number> {
  await tx.query(`UPDATE team_invitations SET accepted_at = now(), accepted_by = $2 WHERE id = $1`, [inv.id, userId]);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, $3) RETURNING id`,
    [inv.team_id, userId, inv.role],
  );
  await tx.query(
    `UPDATE users u SET end_date = o.end_date, updated_at = now() FROM teams t JOIN users o ON o.id = t.owner_id WHERE t.id = $1 AND u.id = $2`,
    [inv.team_id, userId],
  );
  return rows[0].id;
}
