// Sending a team's daily feed once for a window (covered_until, until]:
//   1. read the feed and run its searches into the file (outside any transaction: the search
//      module reads through the pool);
//   2. one transaction: lock the feed row; if another run covered the window meanwhile, stop;
//      queue the webhook delivery, mail the file to each recipient, move covered_until, record
//      the run — a failed mail rolls all of it back, and the failure is recorded instead, so the
//      next run sends the same window again and no item is lost or sent twice.
// The daily run (server/jobs/team-feeds.ts) and "Send now" (routes.ts) both call sendFeed.
import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { countOf, formatIstMoment } from "../../../common/format.js";
import { FEED_WEBHOOK_EVENT } from "../../../common/team-feed.js";
import type { Queryable } from "../../db/client.js";
import { istDate } from "../../jobs/ist.js";
import type { MailMessage } from "../../mail/mailer.js";
import { eventBody } from "../integrations/events.js";
import { insertDelivery } from "../integrations/queries.js";
import { membershipOf } from "../teams/queries.js";
import { feedFile, feedSections, type FeedFile } from "./build.js";
import { type FeedRow, findFeed, markCovered, ownSavedSearches, recordRun, teamRecipients } from "./queries.js";

const DAY_MS = 86_400_000;

export interface FeedOutcome {
  status: "sent" | "empty" | "failed" | "skipped";
  rows: number;
  emailed: number;
  posted: boolean;
  error: string | null;
}

/** Sends what arrived since the feed's last window up to `until`; 'skipped' when there is no feed or another run covered it. */
export async function sendFeed(app: FastifyInstance, teamId: number, until: Date, manual: boolean): Promise<FeedOutcome> {
  const feed = await findFeed(app.db, teamId);
  if (!feed || (!manual && !feed.enabled)) return skipped;
  const from = feed.covered_until ?? new Date(until.getTime() - DAY_MS);
  if (from >= until) return skipped;
  const refusal = await whyNot(app.db, teamId, feed);
  if (refusal) return failed(app, { teamId, from, until, manual }, refusal);
  const searches = await ownSavedSearches(app.db, feed.owner_id, feed.saved_search_ids);
  const { sections, broken } = await feedSections(app, feed.owner_id, searches, from, until);
  const file = await feedFile(feed.format, `infrascout-feed-${istDate(until)}`, sections, broken);
  const recipients = await teamRecipients(app.db, teamId, feed.email_to);
  try {
    return await app.db.transaction(async (tx) => {
      const now = await findFeed(tx, teamId, true);
      if (!now || now.covered_until?.getTime() !== feed.covered_until?.getTime()) return skipped;
      const deliveryId = feed.webhook_id !== null && file.rows > 0 ? await post(tx, teamId, feed.webhook_id, file, from, until) : null;
      if (file.rows > 0) for (const r of recipients) await app.mailer.send(feedMail(r, file, from, until, app.config.publicUrl));
      await markCovered(tx, teamId, until);
      const status = file.rows > 0 ? "sent" : "empty";
      const error = broken.length ? `Could not run ${broken.map((b) => `“${b}”`).join(", ")}: save them again.` : null;
      const emailed = file.rows > 0 ? recipients.length : 0;
      await recordRun(tx, { teamId, from, to: until, rows: file.rows, emailed, deliveryId, status, error, manual });
      return { status, rows: file.rows, emailed, posted: deliveryId !== null, error };
    });
  } catch (err) {
    app.log.error({ err, teamId }, "team feed could not be sent");
    return failed(app, { teamId, from, until, manual }, "The feed could not be mailed; it will be sent again on the next run.");
  }
}

const skipped: FeedOutcome = { status: "skipped", rows: 0, emailed: 0, posted: false, error: null };

async function failed(app: FastifyInstance, w: { teamId: number; from: Date; until: Date; manual: boolean }, error: string): Promise<FeedOutcome> {
  await recordRun(app.db, { teamId: w.teamId, from: w.from, to: w.until, rows: 0, emailed: 0, deliveryId: null, status: "failed", error, manual: w.manual });
  return { status: "failed", rows: 0, emailed: 0, posted: false, error };
}

/** A feed whose owner left the team runs no more: their quick searches are theirs, not the team's. */
async function whyNot(db: Queryable, teamId: number, feed: FeedRow): Promise<string | null> {
  const m = await membershipOf(db, feed.owner_id);
  if (m?.team_id !== teamId) return `${feed.owner_name || "The feed's owner"} is no longer in the team: an admin should set the feed up with their own quick searches.`;
  return null;
}

/** The file to the team's webhook as one 'feed.daily' delivery (signed and retried like every other). */
async function post(tx: Queryable, teamId: number, webhookId: number, file: FeedFile, from: Date, until: Date): Promise<number> {
  const eventId = crypto.randomUUID();
  const data = {
    covered_from: from.toISOString(),
    covered_to: until.toISOString(),
    rows: file.rows,
    searches: file.sections.map((s) => ({ name: s.search, item_type: s.itemType, rows: s.rows.length, more: s.more })),
    file: { name: file.filename, content_type: file.contentType, encoding: "base64", content: file.content.toString("base64") },
  };
  const delivery = await insertDelivery(tx, { webhookId, event: FEED_WEBHOOK_EVENT, eventId, body: eventBody(eventId, FEED_WEBHOOK_EVENT, until, teamId, data), at: until });
  return Number(delivery.id);
}

function feedMail(to: { email: string; first_name: string }, file: FeedFile, from: Date, until: Date, publicUrl: string): MailMessage {
  const lines = file.sections.map((s) => `- ${s.search}: ${countOf(s.rows.length, "new item")}${s.more ? " (more arrived: narrow the search)" : ""}`);
  return {
    to: to.email,
    subject: `InfraScout daily feed: ${countOf(file.rows, "new item")}`,
    text: [
      `Hello ${to.first_name},`,
      "",
      `Attached is what arrived in your team's quick searches from ${formatIstMoment(from)} to ${formatIstMoment(until)}:`,
      "",
      ...lines,
      ...(file.broken.length ? ["", `Could not run: ${file.broken.join(", ")} (save these quick searches again).`] : []),
      "",
      `Change the feed on the Team page: ${publicUrl}/team`,
    ].join("\n"),
    attachments: [{ filename: file.filename, content: file.content, contentType: file.contentType }],
  };
}
