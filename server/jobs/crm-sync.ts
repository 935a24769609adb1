// CRM sends (issue 20, point 5): every CRM_SYNC_INTERVAL_SECONDS (or JOBS_INTERVAL_SECONDS when
// shorter) each API process performs the sends that are due (modules/crm/sender.ts). As with
// webhooks, no lease: each send is claimed on its own (FOR UPDATE SKIP LOCKED), so two processes
// never perform one send at once.
import type { FastifyInstance } from "fastify";
import { anySendDue, connectionById } from "../modules/crm/queries.js";
import { sendDue } from "../modules/crm/sender.js";
import { holderOf } from "./lease.js";

export const CRM_SYNC_INTERVAL_SECONDS = 5;

export interface CrmSyncRun {
  ran: boolean;
  sent: number;
  retrying: number;
  failed: number;
}

const running = new WeakSet<FastifyInstance>();

/** One round: performs what is due as of `now` (tests pass their own clock). */
export async function runCrmSyncOnce(app: FastifyInstance, now?: Date): Promise<CrmSyncRun> {
  const out: CrmSyncRun = { ran: false, sent: 0, retrying: 0, failed: 0 };
  const clock = () => now ?? new Date();
  if (running.has(app) || !(await anySendDue(app.db, clock()))) return out;
  running.add(app);
  try {
    out.ran = true;
    Object.assign(out, await sendDue({ db: app.db, config: app.config }, `${holderOf(app)}:crm`, clock, (id) => connectionById(app.db, id)));
  } finally {
    running.delete(app);
  }
  return out;
}
