// Background jobs (issue 6): due reminders and e-mail alert digests; followers told of changes
// (issue 19); webhook deliveries (issue 20). See runner.ts.
export { runJobsOnce, startJobRunner, JOBS_LEASE, type JobsRun } from "./runner.js";
export { runNotificationsOnce, NOTIFICATIONS_LEASE, type NotifyRun } from "./notifications.js";
export { runWebhooksOnce, WEBHOOK_INTERVAL_SECONDS, type WebhooksRun } from "./webhooks.js";
