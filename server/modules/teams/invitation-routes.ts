// Team invitations (admins invite by e-mail, list and withdraw pending ones) and joining with the
// link's token: a new user gives a first name and password, a signed-in user only the token.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { conflict, fieldError, notFound, tooManyRequests, unauthorized, upstreamError } from "../../http/errors.js";
import { ErrorResponse } from "../../http/schemas.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { audit, auditAs } from "../audit/log.js";
import { hashPassword } from "../auth/passwords.js";
import { passwordProblem } from "../auth/password-policy.js";
import { insertSignup } from "../auth/queries.js";
import { issueSignInToken } from "../auth/tokens.js";
import { claimableInvitation, createInvitation, joinTeam, mailInvitation } from "./invitations.js";
import { isMemberEmail, markEmailVerified, pendingInvitations, revokeInvitation } from "./queries.js";
import { assertTeamAdmin, myMembership } from "./routes.js";
import { Email, IdParams, InvitationSchema, InviteRoleSchema, Role, errors, joinErrors, tags, toInvitation } from "./schemas.js";

export const ALREADY_MEMBER = "This person is already a member of your team.";
export const MAIL_FAILED = "The invitation mail could not be sent. Try again in a moment.";
export const INVITATION_NOT_FOUND = "No such pending invitation in your team.";
export const SIGN_IN_TO_JOIN = "Sign in to join with this link, or give your first name and a password to create your account.";
export const ACCOUNT_EXISTS = "An account with this e-mail already exists. Sign in, then open the invitation link again.";
/** Invitations one admin may send per hour: a team's worth, not a mailing list. */
const INVITES_PER_HOUR = 30;

const JoinBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200 }),
    first_name: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  },
  { additionalProperties: false },
);
const JoinResponse = Type.Object({
  team_id: Type.Number(),
  team_name: Type.String(),
  role: Role,
  /** The account's e-mail (the invitation's address), to sign in with. */
  email: Type.String(),
  /** A new account's sign-in token; absent when the caller was signed in. */
  token: Type.Optional(Type.String()),
});

const invitationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, limiter, config } = app;

  async function limit(key: string, max: number, windowSeconds: number) {
    const r = await limiter.hit(key, max, windowSeconds);
    if (!r.allowed) throw tooManyRequests(r.retryAfterSeconds);
  }

  app.get(
    "/team/invitations/",
    { config: { can: ["read", "Team"] }, schema: { tags, summary: "The team's pending invitations (admins)", response: { 200: Type.Array(InvitationSchema), ...errors } } },
    async (request) => {
      const m = await myMembership(request);
      assertTeamAdmin(m);
      return (await pendingInvitations(db, m.team_id)).map(toInvitation);
    },
  );

  app.post(
    "/team/invitations/",
    {
      config: { can: ["update", "Team"] },
      schema: {
        tags,
        summary: "Invite by e-mail (admins): a one-time link valid for 7 days; 409 when every seat is taken",
        body: Type.Object({ email: Email, role: InviteRoleSchema }, { additionalProperties: false }),
        response: { 201: InvitationSchema, ...errors, 502: ErrorResponse },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const email = request.body.email.trim().toLowerCase();
      const m = await myMembership(request);
      assertTeamAdmin(m);
      await limit(`team-invite:user:${auth.user.id}`, INVITES_PER_HOUR, 3600);
      // Whether the address is in another team is not told here: the join answers that, to them.
      if (await isMemberEmail(db, m.team_id, email)) throw conflict(ALREADY_MEMBER);
      const created = await db.transaction(async (tx) => {
        const inv = await createInvitation(tx, { teamId: m.team_id, email, role: request.body.role, invitedBy: auth.user.id });
        await auditAs(request, "team_invitation_sent", { itemType: "team", itemId: m.team_id, details: { invitation_id: inv.id, email, role: request.body.role } }, tx);
        return inv;
      });
      try {
        await mailInvitation(app, { to: email, teamName: created.teamName, inviterName: auth.user.first_name, role: request.body.role, secret: created.secret });
      } catch (err) {
        // A link nobody received must not hold a seat: withdraw it and say so.
        request.log.error({ err }, "team invitation mail failed");
        await revokeInvitation(db, m.team_id, created.id);
        throw upstreamError(MAIL_FAILED);
      }
      const row = (await pendingInvitations(db, m.team_id)).find((i) => i.id === created.id)!;
      return reply.code(201).send(toInvitation(row));
    },
  );

  app.delete(
    "/team/invitations/:id/",
    { config: { can: ["update", "Team"] }, schema: { tags, summary: "Withdraw a pending invitation (admins): its link stops working", params: IdParams, response: { 204: Type.Null(), ...errors } } },
    async (request, reply) => {
      const m = await myMembership(request);
      assertTeamAdmin(m);
      await db.transaction(async (tx) => {
        const revoked = await revokeInvitation(tx, m.team_id, request.params.id);
        if (!revoked) throw notFound(INVITATION_NOT_FOUND);
        await auditAs(request, "team_invitation_revoked", { itemType: "team", itemId: m.team_id, details: { invitation_id: request.params.id, email: revoked.email } }, tx);
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/team/join/",
    {
      config: { access: "public" },
      schema: { tags, summary: "Join a team with an invitation's token: signed in, or as a new user with first name and password", body: JoinBody, response: { 200: JoinResponse, 201: JoinResponse, ...joinErrors } },
    },
    async (request, reply) => {
      await limit(`team-join:ip:${request.ip}`, config.loginMaxAttempts, config.loginWindowSeconds);
      const { token, first_name, password } = request.body;
      const newUser = first_name !== undefined || password !== undefined;
      if (!newUser && !request.auth) throw unauthorized(SIGN_IN_TO_JOIN);
      if (newUser) {
        if (!first_name?.trim()) throw fieldError("first_name", "This field is required.");
        if (password === undefined) throw fieldError("password", "This field is required.");
      }
      const passwordHash = newUser ? await hashPassword(password!) : null;
      const joined = await db.transaction(async (tx) => {
        const inv = await claimableInvitation(tx, token);
        let user = request.auth?.user;
        let signIn: string | undefined;
        if (newUser) {
          const problem = passwordProblem(password!, inv.email);
          if (problem) throw fieldError("password", problem);
          const id = await insertSignup(tx, { email: inv.email, first_name: first_name!.trim(), last_name: "", phone: null, company: null, designation: null, password_hash: passwordHash! });
          if (id === undefined) throw fieldError("email", ACCOUNT_EXISTS);
          await markEmailVerified(tx, id); // the link reached this mailbox
          await audit(tx, { actorId: id, action: "signup", details: { via: "team_invitation" }, ip: request.ip });
          user = { id, email: inv.email } as typeof user;
          signIn = await issueSignInToken(tx, id);
        }
        await joinTeam(tx, inv, user!);
        await audit(tx, { actorId: user!.id, action: "team_joined", itemType: "team", itemId: inv.team_id, details: { invitation_id: inv.id, role: inv.role }, ip: request.ip });
        return { team_id: inv.team_id, team_name: inv.team_name, role: inv.role, email: user!.email, token: signIn };
      });
      return reply.code(newUser ? 201 : 200).send(joined);
    },
  );
};

export default invitationRoutes;
