// Followers told of changes (issue 19, point 2), within a minute of the import or staff save that
// made them: new change sets become notifications (modules/notifications/fan-out.ts), then the
// instant ones are mailed, one e-mail per notification (one item's changes from one import, or one
// assignment told to its assignee: modules/notifications/assignments.ts).
//
// It runs on a short interval of its own (runner.ts: every NOTIFY_INTERVAL_SECONDS at most) under
// its own lease, so a long digest round never holds it up, and asks first — with two reads of
// partial indexes — whether there is anything to do, so an idle round writes nothing. Each mail is
// its own transaction, as the reminders' are: the claim (FOR UPDATE SKIP LOCKED, so two processes
// never take the same one) sets it sent, the mail goes, the commit makes it final; a failed send
// rolls it back for the next round.
import type { FastifyInstance } from "fastify";
import { sendAssignmentMail } from "../modules/notifications/assignments.js";
import { notificationMailFacts } from "../modules/notifications/changed-items.js";
import { tellFollowersOfBatch } from "../modules/notifications/fan-out.js";
import { readableItemTypes } from "../modules/notifications/followers.js";
import { changeMail } from "../modules/notifications/mail.js";
import { acquireLease, holderOf, releaseLease, renewLease } from "./lease.js";

export const NOTIFICATIONS_LEASE = "notifications";
/** The notifications' round comes at least this often (JOBS_INTERVAL_SECONDS when shorter), so mail goes within a minute. */
export const NOTIFY_INTERVAL_SECONDS = 15;

export interface NotifyRun {
  /** false: nothing to do, another process holds the lease, or a round of this process is running. */
  ran: boolean;
  /** Change sets told (to their followers, or to no one). */
  changeSets: number;
  notifications: number;
  /** Instant change e-mails sent. */
  changeMails: number;
  failures: number;
}

const running = new WeakSet<FastifyInstance>();

/** One round: tell followers of new change sets, then send the instant mails due. */
export async function runNotificationsOnce(app: FastifyInstance, now: Date = new Date()): Promise<NotifyRun> {
  const out: NotifyRun = { ran: false, changeSets: 0, notifications: 0, changeMails: 0, failures: 0 };
  if (running.has(app) || !(await anythingToDo(app))) return out;
  const holder = holderOf(app);
  const seconds = app.config.jobsLeaseSeconds;
  running.add(app);
  try {
    if (!(await acquireLease(app.db, NOTIFICATIONS_LEASE, holder, seconds))) return out;
    out.ran = true;
    const keepGoing = () => renewLease(app.db, NOTIFICATIONS_LEASE, holder, seconds);
    try {
      // (publicUrl: the links in the item.changed webhook events queued with the notifications.)
      const tell = () => tellFollowersOfBatch(app.db, app.config.staffDomains, now, undefined, app.config.publicUrl);
      for (let told = await tell(); told; told = await tell()) {
        out.changeSets += told.sets;
        out.notifications += told.notifications;
        if (!(await keepGoing())) return out;
      }
      const mails = await sendInstantChangeMails(app, now, keepGoing);
      out.changeMails = mails.sent;
      out.failures = mails.failed;
    } finally {
      await releaseLease(app.db, NOTIFICATIONS_LEASE, holder).catch((err) => app.log.error({ err }, "could not release the notifications lease"));
    }
  } finally {
    running.delete(app);
  }
  return out;
}

async function anythingToDo(app: FastifyInstance): Promise<boolean> {
  const { rows } = await app.db.query<{ todo: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM change_sets WHERE notified_at IS NULL) OR EXISTS (SELECT 1 FROM notifications WHERE email = 'instant') AS todo`,
  );
  return rows[0].todo;
}

type Outcome = "sent" | "skipped" | null;

/** Mails the instant notifications waiting; one that may no longer be mailed is skipped. */
export async function sendInstantChangeMails(app: FastifyInstance, now: Date, keepGoing: () => Promise<boolean>, max = 1000): Promise<{ sent: number; failed: number }> {
  const failed: number[] = [];
  let sent = 0;
  for (let round = 0; round < max; round++) {
    if (round % 50 === 49 && !(await keepGoing())) break;
    let claimedId: number | null = null;
    try {
      const outcome = await app.db.transaction(async (tx): Promise<Outcome> => {
        const { rows } = await tx.query<{ id: number; kind: string }>(
          `SELECT id, kind FROM notifications WHERE email = 'instant' AND id <> ALL($1::bigint[]) ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [failed],
        );
        if (!rows[0]) return null;
        const id = (claimedId = Number(rows[0].id));
        if (rows[0].kind === "assignment") {
          return sendAssignmentMail(tx, id, { mailer: app.mailer, publicUrl: app.config.publicUrl, staffDomains: app.config.staffDomains, now });
        }
        const n = (await notificationMailFacts(tx, id))!;
        // Not mailed: the item is gone, the user read it in the app already, or may not read it now (lapsed, inactive).
        const mailable = n.item_title !== null && n.read_at === null && (await readableItemTypes(tx, n.user_id, app.config.staffDomains, now)).has(n.item_type);
        await tx.query(`UPDATE notifications SET email = $2, emailed_at = $3 WHERE id = $1`, [id, mailable ? "sent" : "skipped", mailable ? now : null]);
        if (!mailable) return "skipped";
        await app.mailer.send(changeMail({ email: n.user_email, firstName: n.first_name }, { ...n, item_title: n.item_title! }, app.config.publicUrl));
        return "sent";
      });
      if (outcome === null) break;
      if (outcome === "sent") sent++;
    } catch (err) {
      if (claimedId === null) throw err; // the database failed, not one mail
      app.log.error({ err, notification: claimedId }, "change mail failed; it will be retried");
      failed.push(claimedId);
    }
  }
  return { sent, failed: failed.length };
}
