// Sending a lead to the team's CRMs when a member shortlists it (marks/routes.ts calls this in the
// mark's own transaction): one send per connection switched on for shortlists; none otherwise.
import type { Queryable } from "../../db/client.js";
import { membershipOf } from "../teams/queries.js";
import { queueSends } from "./queries.js";

export async function queueCrmOnShortlist(tx: Queryable, userId: number, projectId: number): Promise<number> {
  const m = await membershipOf(tx, userId);
  if (!m) return 0;
  return (await queueSends(tx, { teamId: m.team_id, itemType: "project", itemId: projectId, userId, trigger: "shortlist", at: new Date() })).length;
}
