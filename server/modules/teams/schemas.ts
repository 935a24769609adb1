// TypeBox schemas of the teams API (routes.ts, invitation-routes.ts), and the rows they describe.
import { Type } from "typebox";
import { ErrorResponse } from "../../http/schemas.js";
import type { InvitationRow, MemberRow, TeamRow } from "./queries.js";

export const tags = ["team"];
export const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse };
/** The join also answers 410 for a link that was used, has expired or was withdrawn. */
export const joinErrors = { ...errors, 410: ErrorResponse };
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) });

export const Role = Type.Union([Type.Literal("owner"), Type.Literal("admin"), Type.Literal("member")]);
export const InviteRoleSchema = Type.Union([Type.Literal("admin"), Type.Literal("member")]);
export const TeamName = Type.String({ minLength: 1, maxLength: 120 });
export const Email = Type.String({ format: "email", maxLength: 254 });

export const MemberSchema = Type.Object({
  id: Type.Number(),
  user_id: Type.Number(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  role: Role,
  joined_at: Type.String(),
  monthly_cap: Type.Union([Type.Integer(), Type.Null()], { description: "Credits the member may spend from the pool per calendar month (IST); null: no cap" }),
  spent_this_month: Type.Integer({ description: "Credits the member spent from the pool this month, net of refunds" }),
});
// Null first: the request coercion would otherwise read null as 0 (a cap of nothing).
export const MonthlyCap = Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 1_000_000 })]);

export const InvitationSchema = Type.Object({
  id: Type.Number(),
  email: Type.String(),
  role: InviteRoleSchema,
  created_at: Type.String(),
  expires_at: Type.String(),
  invited_by_name: Type.Union([Type.String(), Type.Null()]),
});

export const TeamSchema = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  /** The caller's role in it. */
  role: Role,
  seats: Type.Object({ used: Type.Number(), bought: Type.Number() }),
  credits: Type.Object({ remaining: Type.Number(), total: Type.Number() }),
  members: Type.Array(MemberSchema),
  created_at: Type.String(),
});

export const toMember = (m: MemberRow, spent: ReadonlyMap<number, number>) => ({
  ...m,
  joined_at: new Date(m.joined_at).toISOString(),
  spent_this_month: spent.get(Number(m.user_id)) ?? 0,
});
export const toInvitation = (i: InvitationRow) => ({
  ...i,
  created_at: new Date(i.created_at).toISOString(),
  expires_at: new Date(i.expires_at).toISOString(),
});

export function toTeam(team: TeamRow, role: MemberRow["role"], members: MemberRow[], spent: ReadonlyMap<number, number>) {
  return {
    id: team.id,
    name: team.name,
    role,
    seats: { used: team.members + team.pending, bought: team.seats_bought },
    credits: { remaining: team.total_credits - team.spent_credits, total: team.total_credits },
    members: members.map((m) => toMember(m, spent)),
    created_at: new Date(team.created_at).toISOString(),
  };
}
