// The job runner, inside the API process: every JOBS_INTERVAL_SECONDS (0 = off) it mails due
// reminders and alert digests. With several API processes, the one holding the 'jobs' lease
// (lease.ts) does the work and the others skip that round; the claims inside each job
// (FOR UPDATE SKIP LOCKED) keep even an overlap after a lost lease from sending anything twice.
import crypto from "node:crypto";
import os from "node:os";
import type { FastifyInstance } from "fastify";
import { sweepImpersonationEnds } from "../modules/audit/impersonation.js";
import { isDatabaseUnavailable } from "../http/errors.js";
import { sendDueDigests } from "./digests.js";
import { acquireLease, releaseLease, renewLease } from "./lease.js";
import { sendDueReminders } from "./reminders.js";

export const JOBS_LEASE = "jobs";

export interface JobsRun {
  /** false when another process holds the lease. */
  ran: boolean;
  reminders: number;
  digests: number;
  /** Users whose due alerts were checked (mailed or nothing new). */
  digestsChecked: number;
  failures: number;
}

const holders = new WeakMap<FastifyInstance, string>();
/** This app instance's name on the lease. */
export function holderOf(app: FastifyInstance): string {
  let h = holders.get(app);
  if (!h) holders.set(app, (h = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`));
  return h;
}

/** One round of every job, as of `now` (tests pass their own clock). */
export async function runJobsOnce(app: FastifyInstance, now: Date = new Date()): Promise<JobsRun> {
  const holder = holderOf(app);
  const seconds = app.config.jobsLeaseSeconds;
  const out: JobsRun = { ran: false, reminders: 0, digests: 0, digestsChecked: 0, failures: 0 };
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
  } finally {
    await releaseLease(app.db, JOBS_LEASE, holder).catch((err) => app.log.error({ err }, "could not release the jobs lease"));
  }
  return out;
}

/** Starts the periodic runner (nothing when JOBS_INTERVAL_SECONDS is 0); it stops when the app closes. */
export function startJobRunner(app: FastifyInstance): { stop(): Promise<void> } {
  const seconds = app.config.jobsIntervalSeconds;
  if (!(seconds > 0)) return { stop: async () => undefined };
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> | null = null;
  let stopped = false;
  // A database outage is logged when it starts and when it ends, not every round; the next
  // round simply tries again.
  let paused = false;
  const tick = () => {
    current = runJobsOnce(app)
      .then((r) => {
        if (paused) app.log.info("jobs resumed: the database answers again");
        paused = false;
        if (r.reminders || r.digests || r.failures) app.log.info(r, "jobs ran");
      })
      .catch((err) => {
        if (!isDatabaseUnavailable(err)) return app.log.error({ err }, "jobs failed");
        if (!paused) app.log.warn(`jobs paused: the database is unavailable (${err.message}); retrying every ${seconds} s`);
        paused = true;
      })
      .finally(() => {
        current = null;
        if (!stopped) timer = setTimeout(tick, seconds * 1000);
      });
  };
  timer = setTimeout(tick, Math.min(seconds, 5) * 1000);
  const stop = async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await current;
  };
  try {
    app.addHook("onClose", stop); // before listen/ready; afterwards the caller stops it
  } catch {
    /* already booted */
  }
  return { stop };
}
