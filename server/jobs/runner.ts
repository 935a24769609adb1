// The job runner, inside the API process: every JOBS_INTERVAL_SECONDS (0 = off) it mails due
// reminders, alert digests and daily digests of changes; and, on a shorter interval of its own
// (NOTIFY_INTERVAL_SECONDS at most), tells followers of changes and sends the instant change
// mails, so they go within a minute whatever a digest round is doing (notifications.ts). With
// several API processes, the one holding a job's lease (lease.ts) does the work and the others
// skip that round; the claims inside each job (FOR UPDATE SKIP LOCKED) keep even an overlap after
// a lost lease from sending anything twice.
import type { FastifyInstance } from "fastify";
import { sweepImpersonationEnds } from "../modules/audit/impersonation.js";
import { isDatabaseUnavailable } from "../http/errors.js";
import { sendDailyChangeDigests } from "./change-digests.js";
import { sendDueDigests } from "./digests.js";
import { acquireLease, holderOf, releaseLease, renewLease } from "./lease.js";
import { NOTIFY_INTERVAL_SECONDS, runNotificationsOnce, type NotifyRun } from "./notifications.js";
import { sendDueReminders } from "./reminders.js";
import { sendDueTeamFeeds } from "./team-feeds.js";
import { runWebhooksOnce, WEBHOOK_INTERVAL_SECONDS, type WebhooksRun } from "./webhooks.js";
import { CRM_SYNC_INTERVAL_SECONDS, runCrmSyncOnce, type CrmSyncRun } from "./crm-sync.js";

export const JOBS_LEASE = "jobs";

export interface JobsRun {
  /** false when another process holds the lease. */
  ran: boolean;
  reminders: number;
  digests: number;
  /** Users whose due alerts were checked (mailed or nothing new). */
  digestsChecked: number;
  /** Daily digests of changes sent. */
  changeDigests: number;
  /** Teams' daily feeds sent. */
  teamFeeds: number;
  /** The round of change notifications run first (notifications.ts). */
  notify: NotifyRun;
  failures: number;
}

/** One round of every job, as of `now` (tests pass their own clock). */
export async function runJobsOnce(app: FastifyInstance, now: Date = new Date()): Promise<JobsRun> {
  const holder = holderOf(app);
  const seconds = app.config.jobsLeaseSeconds;
  // Followers told first, so the digests below list what was just found. A failure there (other
  // than the database's) does not keep the reminders and digests from going out.
  const notify = await runNotificationsOnce(app, now).catch((err): NotifyRun => {
    if (isDatabaseUnavailable(err)) throw err;
    app.log.error({ err }, "notifications failed");
    return { ran: false, changeSets: 0, notifications: 0, changeMails: 0, failures: 1 };
  });
  const out: JobsRun = { ran: false, reminders: 0, digests: 0, digestsChecked: 0, changeDigests: 0, teamFeeds: 0, notify, failures: notify.failures };
  if (!(await acquireLease(app.db, JOBS_LEASE, holder, seconds))) return out;
  out.ran = true;
  const keepGoing = () => renewLease(app.db, JOBS_LEASE, holder, seconds);
  try {
    // Impersonations whose hours ran out unused get their end recorded once (audit/impersonation.ts).
    await sweepImpersonationEnds(app.db, app.config.impersonationHours).catch((err) => app.log.error({ err }, "impersonation-end sweep failed"));
    const r = await sendDueReminders(app, now, keepGoing);
    out.reminders = r.sent;
    out.failures += r.failed;
    const d = await sendDueDigests(app, now, keepGoing);
    out.digests = d.sent;
    out.digestsChecked = d.checked;
    out.failures += d.failed;
    // After the alert digests: a user whose daily alert went out got the day's changes in it.
    const c = await sendDailyChangeDigests(app, now, keepGoing);
    out.changeDigests = c.sent;
    out.failures += c.failed;
    const f = await sendDueTeamFeeds(app, now, keepGoing);
    out.teamFeeds = f.sent;
    out.failures += f.failed;
  } finally {
    await releaseLease(app.db, JOBS_LEASE, holder).catch((err) => app.log.error({ err }, "could not release the jobs lease"));
  }
  return out;
}

/**
 * Starts the periodic runner (nothing when JOBS_INTERVAL_SECONDS is 0): the jobs' round every
 * JOBS_INTERVAL_SECONDS, the notifications' round at least every NOTIFY_INTERVAL_SECONDS. It
 * stops when the app closes.
 */
export function startJobRunner(app: FastifyInstance): { stop(): Promise<void> } {
  const seconds = app.config.jobsIntervalSeconds;
  if (!(seconds > 0)) return { stop: async () => undefined };
  const loops = [
    repeat(app, "jobs", seconds, () => runJobsOnce(app), (r) => !!(r.reminders || r.digests || r.changeDigests || r.teamFeeds || r.failures)),
    repeat(app, "notifications", Math.min(seconds, NOTIFY_INTERVAL_SECONDS), () => runNotificationsOnce(app), (r) => !!(r.notifications || r.changeMails || r.failures)),
    // Webhook deliveries due (server/jobs/webhooks.ts): every process sends, each delivery claimed once.
    repeat(app, "webhooks", Math.min(seconds, WEBHOOK_INTERVAL_SECONDS), () => runWebhooksOnce(app), (r) => !!(r.delivered || r.retrying || r.failed)),
    // CRM sends due (server/jobs/crm-sync.ts): every process sends, each send claimed once.
    repeat(app, "crm", Math.min(seconds, CRM_SYNC_INTERVAL_SECONDS), () => runCrmSyncOnce(app), (r) => !!(r.sent || r.retrying || r.failed)),
  ];
  const stop = async () => {
    await Promise.all(loops.map((l) => l.stop()));
  };
  try {
    app.addHook("onClose", stop); // before listen/ready; afterwards the caller stops it
  } catch {
    /* already booted */
  }
  return { stop };
}

/** Runs `round` every `seconds` (after the previous one ends) until stopped; logs rounds that did something. */
function repeat<T extends JobsRun | NotifyRun | WebhooksRun | CrmSyncRun>(app: FastifyInstance, name: string, seconds: number, round: () => Promise<T>, worthLogging: (r: T) => boolean): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> | null = null;
  let stopped = false;
  // A database outage is logged when it starts and when it ends, not every round; the next
  // round simply tries again.
  let paused = false;
  const tick = () => {
    current = round()
      .then((r) => {
        if (paused) app.log.info(`${name} resumed: the database answers again`);
        paused = false;
        if (worthLogging(r)) app.log.info(r as object, `${name} ran`);
      })
      .catch((err) => {
        if (!isDatabaseUnavailable(err)) return app.log.error({ err }, `${name} failed`);
        if (!paused) app.log.warn(`${name} paused: the database is unavailable (${err.message}); retrying every ${seconds} s`);
        paused = true;
      })
      .finally(() => {
        current = null;
        if (!stopped) timer = setTimeout(tick, seconds * 1000);
      });
  };
  timer = setTimeout(tick, Math.min(seconds, 5) * 1000);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
