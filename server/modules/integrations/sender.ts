// Sending claimed deliveries: open the webhook's secret, send one try (delivery.ts), record it
// (queries.ts recordAttempt). The job loop (server/jobs/webhooks.ts) and the test-event route share it.
import type { WebhookDeliveryStatus } from "../../../common/webhooks.js";
import type { Queryable } from "../../db/client.js";
import { integrationsBox, type SecretsConfig } from "../../lib/secrets.js";
import { sendOnce } from "./delivery.js";
import { claimDue, recordAttempt, type AttemptResult, type ClaimedDelivery } from "./queries.js";

export interface SenderDeps {
  db: Queryable;
  config: SecretsConfig & { webhookAllowPrivate: boolean };
}

/** The context a webhook's secret is sealed under: its team (a sealed secret moved to another team does not open). */
export const secretContext = (teamId: number) => `webhook:team:${teamId}`;

/** Sends one claimed delivery and records the try; answers its status after it (null: the claim was lost meanwhile). */
export async function deliverClaimed(deps: SenderDeps, holder: string, d: ClaimedDelivery, now: () => Date, maxAttempts?: number): Promise<WebhookDeliveryStatus | null> {
  let result: AttemptResult;
  let secret: string | null = null;
  try {
    secret = integrationsBox(deps.config).open(d.secret_enc, secretContext(d.team_id));
  } catch {
    result = { ok: false, statusCode: null, error: "The webhook's secret could not be decrypted (was INTEGRATIONS_KEY changed?)", response: null };
  }
  if (secret !== null) {
    result = await sendOnce({ url: d.url, secret, event: d.event, deliveryId: d.delivery_uuid, body: d.body }, { allowPrivate: deps.config.webhookAllowPrivate });
  }
  return recordAttempt(deps.db, holder, d, result!, now(), maxAttempts);
}

/**
 * Claims and sends due deliveries, `concurrency` at a time, until none is due or `max` were tried.
 * `now` is the clock (tests pass their own); `keepGoing` false stops between batches.
 */
export async function deliverDue(
  deps: SenderDeps,
  holder: string,
  now: () => Date,
  opts: { batch?: number; concurrency?: number; max?: number; keepGoing?: () => Promise<boolean> } = {},
): Promise<{ delivered: number; retrying: number; failed: number }> {
  const out = { delivered: 0, retrying: 0, failed: 0 };
  const batch = opts.batch ?? 20;
  const concurrency = opts.concurrency ?? 4;
  const max = opts.max ?? 500;
  for (let tried = 0; tried < max; ) {
    const claimed = await claimDue(deps.db, holder, now(), Math.min(batch, max - tried));
    if (!claimed.length) break;
    tried += claimed.length;
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const status = await deliverClaimed(deps, holder, claimed[next++], now);
        if (status === "delivered") out.delivered++;
        else if (status === "pending") out.retrying++;
        else if (status === "failed") out.failed++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
    if (opts.keepGoing && !(await opts.keepGoing())) break;
  }
  return out;
}
