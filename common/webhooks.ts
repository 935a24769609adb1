// A team's signed webhooks (issue 20, point 4) as the API answers them and the web app shows them.
// The server's TypeBox schemas (server/modules/integrations/schemas.ts) describe the same.

export const WEBHOOK_EVENTS = ["lead.shortlisted", "contact.unlocked", "item.assigned", "item.changed"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event is, as the web app's form describes it. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "lead.shortlisted": "A teammate shortlists a lead",
  "contact.unlocked": "A teammate unlocks a contact",
  "item.assigned": "A lead, tender or company is assigned to a teammate",
  "item.changed": "A lead or tender the team follows changes",
};

/** The headers every delivery carries. */
export const WEBHOOK_HEADERS = {
  event: "X-InfraScout-Event",
  delivery: "X-InfraScout-Delivery",
  signature: "X-InfraScout-Signature",
} as const;
export const WEBHOOK_USER_AGENT = "InfraScout-Webhooks";

/**
 * The wait before each retry after a failed try: 1 min, 5 min, 30 min, 2 h, 6 h, 24 h. So one
 * delivery is tried up to seven times over about 33 hours before it is marked failed.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600, 24 * 3600] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;

export interface Webhook {
  id: number;
  url: string;
  events: WebhookEvent[];
  /** The secret's last four characters ('…abcd'); the secret itself is never answered. */
  secret_hint: string;
  active: boolean;
  created_at: string;
  created_by_name: string | null;
}

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

export interface WebhookDelivery {
  id: number;
  /** The X-InfraScout-Delivery header's value. */
  delivery_id: string;
  /** 'ping': the test event (one try, no retries). */
  event: WebhookEvent | "ping";
  /** The payload's id: the same for a delivery and its replays. */
  event_id: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  replay_of: number | null;
}
