// Webhook deliveries (issue 20, point 4): every WEBHOOK_INTERVAL_SECONDS (or JOBS_INTERVAL_SECONDS
// when shorter) each API process sends the deliveries that are due (modules/integrations/sender.ts).
//
// No lease: every process may send, because each delivery is claimed on its own — FOR UPDATE SKIP
// LOCKED in one UPDATE that moves its next try ahead while it is sent (queries.ts claimDue) — so
// two processes never send one delivery at once, and a slow endpoint in one process does not hold
// up the others. A process that dies mid-send leaves its claims due again after CLAIM_SECONDS: a
// delivery is sent at least once, and receivers de-duplicate by the body's id / the delivery id.
// Once an hour a round also removes finished deliveries older than DELIVERY_RETENTION_DAYS.
import type { FastifyInstance } from "fastify";
import { isDatabaseUnavailable } from "../http/errors.js";
import { anyDue, pruneDeliveries } from "../modules/integrations/queries.js";
import { deliverDue } from "../modules/integrations/sender.js";
import { holderOf } from "./lease.js";

/** Deliveries go out within this many seconds of being queued (at most). */
export const WEBHOOK_INTERVAL_SECONDS = 5;

export interface WebhooksRun {
  /** false: nothing was due, or a round of this process was already running. */
  ran: boolean;
  delivered: number;
  /** Tries that failed and will be tried again. */
  retrying: number;
  /** Deliveries whose last try failed. */
  failed: number;
}

const running = new WeakSet<FastifyInstance>();
/** When each app last removed old deliveries: at most once an hour (DELIVERY_RETENTION_DAYS). */
const pruned = new WeakMap<FastifyInstance, number>();
const PRUNE_EVERY_MS = 3600_000;

/** One round: sends what is due as of `now` (tests pass their own clock). */
export async function runWebhooksOnce(app: FastifyInstance, now?: Date): Promise<WebhooksRun> {
  const out: WebhooksRun = { ran: false, delivered: 0, retrying: 0, failed: 0 };
  const clock = () => now ?? new Date();
  if (running.has(app)) return out;
  if (clock().getTime() - (pruned.get(app) ?? 0) >= PRUNE_EVERY_MS) {
    // A database outage is the runner's to report (once, "paused"), not a failure of this round.
    await pruneDeliveries(app.db, clock()).catch((err) => {
      if (isDatabaseUnavailable(err)) throw err;
      app.log.error({ err }, "could not remove old webhook deliveries");
    });
    pruned.set(app, clock().getTime());
  }
  if (!(await anyDue(app.db, clock()))) return out;
  running.add(app);
  try {
    out.ran = true;
    Object.assign(out, await deliverDue({ db: app.db, config: app.config }, `${holderOf(app)}:webhooks`, clock));
  } finally {
    running.delete(app);
  }
  return out;
}
