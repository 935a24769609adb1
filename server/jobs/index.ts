// Background jobs (issue 6): due reminders and e-mail alert digests. See runner.ts.
export { runJobsOnce, startJobRunner, JOBS_LEASE, type JobsRun } from "./runner.js";
