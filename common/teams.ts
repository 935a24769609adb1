// A team (issue 20) as the API answers it and the web app shows it: roles, seats, members,
// invitations. The server's TypeBox schemas (server/modules/teams/schemas.ts) describe the same.

export type TeamRole = "owner" | "admin" | "member";
export type InviteRole = Exclude<TeamRole, "owner">;

export interface TeamMember {
  id: number;
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: TeamRole;
  joined_at: string;
  /** An admin's cap on the member's spending of the pool per calendar month (IST); null: none. */
  monthly_cap: number | null;
  /** Credits the member spent from the pool this month, net of refunds. */
  spent_this_month: number;
}

export interface Team {
  id: number;
  name: string;
  role: TeamRole;
  seats: { used: number; bought: number };
  /** The team's one credit pool: every member's unlocks spend it. */
  credits: { remaining: number; total: number };
  members: TeamMember[];
  created_at: string;
}

export interface TeamInvitation {
  id: number;
  email: string;
  role: InviteRole;
  created_at: string;
  expires_at: string;
  invited_by_name: string | null;
}

export const isTeamAdmin = (team: Pick<Team, "role">) => team.role === "owner" || team.role === "admin";
