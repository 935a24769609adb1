// Background jobs (issue 6): due reminders and e-mail alert digests; followers told of changes
// (issue 19). See runner.ts.
export { runJobsOnce, startJobRunner, JOBS_LEASE, type JobsRun } from "./runner.js";
export { runNotificationsOnce, NOTIFICATIONS_LEASE, type NotifyRun } from "./notifications.js";
