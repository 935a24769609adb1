// Teams' daily feeds (issue 20, point 6): once a day at DIGEST_HOUR_IST, each enabled feed sends
// what arrived since its last window up to that hour (modules/team-feed/send.ts). A feed missed
// while the server was down is caught up on the next round, covering the whole gap once.
import type { FastifyInstance } from "fastify";
import { dueFeeds } from "../modules/team-feed/queries.js";
import { sendFeed } from "../modules/team-feed/send.js";
import { digestBoundary } from "./ist.js";

export async function sendDueTeamFeeds(app: FastifyInstance, now: Date, keepGoing: () => Promise<boolean>): Promise<{ sent: number; failed: number }> {
  const boundary = digestBoundary(now, "daily", app.config.digestHourIst);
  let sent = 0;
  let failed = 0;
  for (const teamId of await dueFeeds(app.db, boundary)) {
    if (!(await keepGoing())) break;
    const outcome = await sendFeed(app, teamId, boundary, false).catch((err) => {
      app.log.error({ err, teamId }, "team feed failed");
      return { status: "failed" as const };
    });
    if (outcome.status === "sent") sent++;
    if (outcome.status === "failed") failed++;
  }
  return { sent, failed };
}
