// Team invitations: a one-time link, valid for 7 days, mailed to the invitee and stored only as a
// hash (as password reset links are). Joining spends it and puts the user in the team at once.
import type { FastifyInstance } from "fastify";
import type { Queryable } from "../../db/client.js";
import { conflict, fieldError, gone } from "../../http/errors.js";
import { hashSecret, newSecret } from "../auth/tokens.js";
import { acceptInvitation, findTeam, insertInvitation, invitationByTokenHash, membershipOf, revokeOpenInvitationTo, type InvitationByToken, type InviteRole } from "./queries.js";

export const INVITATION_DAYS = 7;
export const INVALID_INVITATION = "This invitation link is invalid. Ask your team's admin for a new one.";
export const USED_INVITATION = "This invitation has already been used. Sign in to continue.";
export const EXPIRED_INVITATION = "This invitation has expired. Ask your team's admin for a new one.";
export const REVOKED_INVITATION = "This invitation was withdrawn. Ask your team's admin for a new one.";
export const ALREADY_IN_TEAM = "You already belong to a team. Leave it before joining another.";
export const OTHER_ADDRESS = "This invitation was sent to another e-mail address. Sign in with that address, or sign out to create its account.";

export const seatsFullMessage = (bought: number) =>
  `All ${bought} seats of your team are in use. Remove a member, withdraw an invitation or add seats before inviting.`;

/** The link in the invitation mail: the web app's join page with the token as a query parameter. */
export const joinLink = (publicUrl: string, secret: string) => `${publicUrl}/team/join?token=${encodeURIComponent(secret)}`;

/**
 * Records an invitation within the team's seats (the team row is locked, so two admins cannot
 * both take the last seat) and returns its id and the link's secret, for the mail.
 */
export async function createInvitation(
  tx: Queryable,
  i: { teamId: number; email: string; role: InviteRole; invitedBy: number },
): Promise<{ id: number; secret: string; teamName: string }> {
  // Inviting the same address again replaces its open invitation (its old link stops working).
  await revokeOpenInvitationTo(tx, i.teamId, i.email);
  const team = (await findTeam(tx, i.teamId, true))!;
  if (team.members + team.pending >= team.seats_bought) throw conflict(seatsFullMessage(team.seats_bought));
  const secret = newSecret();
  const id = await insertInvitation(tx, { ...i, tokenHash: hashSecret(secret) });
  return { id, secret, teamName: team.name };
}

export async function mailInvitation(
  app: FastifyInstance,
  m: { to: string; teamName: string; inviterName: string; role: InviteRole; secret: string },
): Promise<void> {
  const link = joinLink(app.config.publicUrl, m.secret);
  await app.mailer.send({
    to: m.to,
    subject: `Join ${m.teamName} on InfraScout`,
    text:
      `Hello,\n\n${m.inviterName || "Your colleague"} invites you to the team "${m.teamName}" on InfraScout as ${m.role === "admin" ? "an admin" : "a member"}.\n` +
      `To join, open this link within ${INVITATION_DAYS} days:\n\n${link}\n\n` +
      `If you do not expect this invitation, ignore this mail.\n\n— InfraScout`,
  });
}

/** The open invitation a token names, locked; 400 for an unknown token, 410 for a spent one. */
export async function claimableInvitation(tx: Queryable, secret: string): Promise<InvitationByToken> {
  const inv = await invitationByTokenHash(tx, hashSecret(secret));
  if (!inv) throw fieldError("token", INVALID_INVITATION);
  if (inv.state === "used") throw gone(USED_INVITATION);
  if (inv.state === "expired") throw gone(EXPIRED_INVITATION);
  if (inv.state === "revoked") throw gone(REVOKED_INVITATION);
  return inv;
}

/** Puts the user in the invitation's team; 409 when they belong to a team already. */
export async function joinTeam(tx: Queryable, inv: InvitationByToken, user: { id: number; email: string }): Promise<number> {
  if (user.email.toLowerCase() !== inv.email.toLowerCase()) throw fieldError("token", OTHER_ADDRESS);
  if (await membershipOf(tx, user.id)) throw conflict(ALREADY_IN_TEAM);
  return acceptInvitation(tx, inv, user.id);
}
