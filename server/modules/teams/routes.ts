// A subscriber's team: create it, read it (name, seats, members, credit pool), rename it, move its
// seats, change members' roles and remove members. Invitations and joining: invitation-routes.ts.
// Every id is looked up within the caller's own team, so another team's ids answer 404.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { Queryable } from "../../db/client.js";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors.js";
import { requireAuth } from "../../plugins/authenticate.js";
import { auditAs } from "../audit/log.js";
import { teamSpentThisMonth } from "../credits/pool.js";
import { adminCount, createTeam, findMember, findTeam, membershipOf, removeMember, setMemberRole, setMonthlyCap, teamMembers, updateTeam, type Membership } from "./queries.js";
import { IdParams, InviteRoleSchema, MonthlyCap, TeamName, TeamSchema, errors, tags, toTeam } from "./schemas.js";

export const NOT_IN_TEAM = "You are not in a team yet.";
export const ADMINS_ONLY = "Only the team's owner and admins can do this.";
export const MEMBER_NOT_FOUND = "No such member in your team.";
export const OWNER_STAYS = "The team's owner cannot be removed or given another role.";
export const LAST_ADMIN = "The team needs at least one admin: make another member an admin first.";
export const OWNER_UNCAPPED = "The team's owner cannot be given a monthly cap.";
export const NOTHING_TO_CHANGE = "Send a role or a monthly_cap to change.";

/** The caller's membership; 404 with a plain answer when they are in no team. */
export async function myMembership(request: FastifyRequest, db: Queryable = request.server.db): Promise<Membership> {
  const m = await membershipOf(db, requireAuth(request).user.id);
  if (!m) throw notFound(NOT_IN_TEAM);
  return m;
}

export function assertTeamAdmin(m: Membership): void {
  if (m.role !== "owner" && m.role !== "admin") throw forbidden(ADMINS_ONLY);
}

const seatsMessage = (used: number) => `Seats cannot go below the ${used} in use (members and pending invitations).`;

const teamsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;

  async function teamView(m: Membership, q: Queryable = db) {
    const [team, members, spent] = await Promise.all([findTeam(q, m.team_id), teamMembers(q, m.team_id), teamSpentThisMonth(q, m.team_id)]);
    return toTeam(team!, m.role, members, spent);
  }

  app.get(
    "/team/",
    { config: { can: ["read", "Team"] }, schema: { tags, summary: "The caller's team: seats, members with roles, credit pool (404 when in no team)", response: { 200: TeamSchema, ...errors } } },
    async (request) => teamView(await myMembership(request)),
  );

  app.post(
    "/team/",
    {
      config: { can: ["create", "Team"] },
      schema: { tags, summary: "Create a team owned by the caller (one team per user)", body: Type.Object({ name: TeamName }, { additionalProperties: false }), response: { 201: TeamSchema, ...errors } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const name = request.body.name.trim();
      if (!name) throw badRequest("Give the team a name.");
      const view = await db.transaction(async (tx) => {
        const made = await createTeam(tx, auth.user.id, name);
        if (made === undefined) throw conflict("You already belong to a team.");
        await auditAs(request, "team_created", { itemType: "team", itemId: made.id, details: { name, credits_brought_into_pool: made.creditsMoved } }, tx);
        return teamView({ team_id: made.id, role: "owner" }, tx);
      });
      return reply.code(201).send(view);
    },
  );

  app.patch(
    "/team/",
    {
      config: { can: ["update", "Team"] },
      schema: {
        tags,
        summary: "Rename the team or move its seats (admins; never below the seats in use)",
        body: Type.Object({ name: Type.Optional(TeamName), seats_bought: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) }, { additionalProperties: false }),
        response: { 200: TeamSchema, ...errors },
      },
    },
    async (request) => {
      const name = request.body.name?.trim();
      if (name === "") throw badRequest("Give the team a name.");
      return db.transaction(async (tx) => {
        const m = await myMembership(request, tx);
        assertTeamAdmin(m);
        const team = (await findTeam(tx, m.team_id, true))!;
        const seats = request.body.seats_bought;
        if (seats !== undefined && seats < team.members + team.pending) throw conflict(seatsMessage(team.members + team.pending));
        await updateTeam(tx, m.team_id, { name, seats_bought: seats });
        const details = { name: name === undefined ? undefined : { old: team.name, new: name }, seats_bought: seats === undefined ? undefined : { old: team.seats_bought, new: seats } };
        await auditAs(request, "team_updated", { itemType: "team", itemId: m.team_id, details }, tx);
        return teamView(m, tx);
      });
    },
  );

  app.patch(
    "/team/members/:id/",
    {
      config: { can: ["update", "Team"] },
      schema: {
        tags,
        summary: "Change a member's role or monthly credit cap (admins; not the owner's)",
        params: IdParams,
        body: Type.Object({ role: Type.Optional(InviteRoleSchema), monthly_cap: Type.Optional(MonthlyCap) }, { additionalProperties: false }),
        response: { 200: TeamSchema, ...errors },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const m = await myMembership(request, tx);
        assertTeamAdmin(m);
        const { role, monthly_cap: cap } = request.body;
        if (role === undefined && cap === undefined) throw badRequest(NOTHING_TO_CHANGE);
        await findTeam(tx, m.team_id, true); // one change at a time per team: the last-admin rule holds
        const member = await findMember(tx, m.team_id, request.params.id);
        if (!member) throw notFound(MEMBER_NOT_FOUND);
        if (member.role === "owner") throw badRequest(role === undefined ? OWNER_UNCAPPED : OWNER_STAYS);
        if (role !== undefined && role !== member.role) {
          if (member.role === "admin" && role === "member" && (await adminCount(tx, m.team_id)) <= 1) throw badRequest(LAST_ADMIN);
          await setMemberRole(tx, member.id, role);
          await auditAs(request, "team_member_role_changed", { itemType: "team", itemId: m.team_id, details: { user_id: member.user_id, old: member.role, new: role } }, tx);
        }
        if (cap !== undefined && cap !== member.monthly_cap) {
          await setMonthlyCap(tx, member.id, cap);
          await auditAs(request, "team_member_cap_changed", { itemType: "team", itemId: m.team_id, details: { user_id: member.user_id, old: member.monthly_cap, new: cap } }, tx);
        }
        return teamView(m, tx);
      }),
  );

  app.delete(
    "/team/members/:id/",
    {
      config: { can: ["update", "Team"] },
      schema: { tags, summary: "Remove a member (admins), or leave the team (one's own membership); access ends at once", params: IdParams, response: { 204: Type.Null(), ...errors } },
    },
    async (request, reply) => {
      await db.transaction(async (tx) => {
        const m = await myMembership(request, tx);
        await findTeam(tx, m.team_id, true);
        const member = await findMember(tx, m.team_id, request.params.id);
        if (!member) throw notFound(MEMBER_NOT_FOUND);
        const leaving = member.user_id === requireAuth(request).user.id;
        if (!leaving) assertTeamAdmin(m);
        if (member.role === "owner") throw badRequest(OWNER_STAYS);
        await removeMember(tx, member);
        await auditAs(request, leaving ? "team_left" : "team_member_removed", { itemType: "team", itemId: m.team_id, details: { user_id: member.user_id, email: member.email, role: member.role } }, tx);
      });
      return reply.code(204).send(null);
    },
  );
};

export default teamsRoutes;
