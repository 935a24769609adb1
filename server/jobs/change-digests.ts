// The daily digest of change notifications (issue 19) for users whose setting for a kind is
// "daily"; the alert digests' "Changed since you last looked" section is digests.ts's, through
// alertDigestChanges (modules/notifications/changed-items.ts).
//
// A daily digest of changes covers the notifications told before the day's digest hour
// (DIGEST_HOUR_IST) still waiting. A user whose daily alert digest goes out gets them in its
// section instead (that digest settles them, and it runs first), so nobody gets two mails at the
// digest hour. Exactly once per notification: the user's daily digest lock (the alert digests'
// own) and the rows' locks are taken in the transaction that settles them and sends the mail; a
// failed send rolls all of it back for the next round.
import type { FastifyInstance } from "fastify";
import { digestChanges, settleDaily } from "../modules/notifications/changed-items.js";
import { readableItemTypes } from "../modules/notifications/followers.js";
import { changeDigestMail } from "../modules/notifications/mail.js";
import { takeDigestLock } from "./digests.js";
import { digestBoundary } from "./ist.js";

/** Sends the daily digests of changes due at `now`. */
export async function sendDailyChangeDigests(app: FastifyInstance, now: Date, keepGoing: () => Promise<boolean>): Promise<{ sent: number; failed: number }> {
  const boundary = digestBoundary(now, "daily", app.config.digestHourIst);
  const { rows } = await app.db.query<{ user_id: number }>(
    `SELECT DISTINCT user_id FROM notifications WHERE email = 'daily' AND created_at < $1 ORDER BY user_id`,
    [boundary],
  );
  let sent = 0, failed = 0;
  for (const { user_id } of rows) {
    if (!(await keepGoing())) break;
    try {
      if (await changeDigestFor(app, Number(user_id), now, boundary)) sent++;
    } catch (err) {
      failed++;
      app.log.error({ err, user: user_id }, "daily change digest failed; it will be retried");
    }
  }
  return { sent, failed };
}

/** One user's daily digest of changes: true = mailed; false = nothing to mail (settled) or not ours. */
async function changeDigestFor(app: FastifyInstance, userId: number, now: Date, boundary: Date): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    if (!(await takeDigestLock(tx, userId, "daily"))) return false;
    const readable = await readableItemTypes(tx, userId, app.config.staffDomains, now);
    const changes = await digestChanges(tx, userId, { since: null, pendingDaily: true, until: boundary, readable });
    // Nothing listed (looked at since, or the user may not be mailed now): settled unsent.
    await settleDaily(tx, changes.pendingDaily, changes.items.length ? now : null);
    if (!changes.items.length) return false;
    const { rows } = await tx.query<{ email: string; first_name: string }>(`SELECT email, first_name FROM users WHERE id = $1`, [userId]);
    await app.mailer.send(changeDigestMail({ email: rows[0].email, firstName: rows[0].first_name }, changes.items, app.config.publicUrl));
    return true;
  });
}
