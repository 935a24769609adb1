// The team's pipeline on the dashboard (issue 20, point 3), for the team's owner and admins: each
// member's leads by mark (the marks module) and their assignments open, overdue and done (the
// assignments module). A member who is not an admin is refused (403); a user in no team, 404.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { personName } from "../../../common/assignments.js";
import { assignmentCounts } from "../assignments/queries.js";
import { TeamPipelineSchema, errors } from "../assignments/schemas.js";
import { teamMarkCounts } from "../marks/queries.js";
import { findTeam, teamMembers } from "../teams/queries.js";
import { assertTeamAdmin, myMembership } from "../teams/routes.js";

const teamPipelineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/dashboard/team_pipeline/",
    {
      config: { can: ["read", "Dashboard"] },
      schema: { tags: ["dashboard"], summary: "The team's leads by mark and its assignments, per member (owner and admins)", response: { 200: TeamPipelineSchema, ...errors } },
    },
    async (request) => {
      const m = await myMembership(request);
      assertTeamAdmin(m);
      const [team, members, marks, assigned] = await Promise.all([
        findTeam(app.db, m.team_id), teamMembers(app.db, m.team_id), teamMarkCounts(app.db, m.team_id), assignmentCounts(app.db, m.team_id),
      ]);
      const rows = members.map((u) => ({
        user_id: Number(u.user_id),
        name: personName(u),
        ...(marks.get(Number(u.user_id)) ?? { shortlisted: 0, tentative: 0, rejected: 0 }),
        ...(assigned.get(Number(u.user_id)) ?? { open: 0, overdue: 0, done: 0 }),
      }));
      return { team_name: team!.name, rows };
    },
  );
};

export default teamPipelineRoutes;
