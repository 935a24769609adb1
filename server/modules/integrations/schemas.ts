// TypeBox schemas of the webhooks API (routes.ts), and the rows they describe. No schema has a
// secret in it: what is answered cannot carry one.
import { Type } from "typebox";
import { WEBHOOK_EVENTS } from "../../../common/webhooks.js";
import { ErrorResponse } from "../../http/schemas.js";
import type { DeliveryRow, WebhookRow } from "./queries.js";
import { URL_MAX_LENGTH } from "./url-policy.js";

export const tags = ["integrations"];
export const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse };
const Id = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
export const IdParams = Type.Object({ id: Id });
export const DeliveryParams = Type.Object({ id: Id, deliveryId: Id });

export const SECRET_MIN_LENGTH = 16;
export const SECRET_MAX_LENGTH = 256;
/** A team's webhooks at most (each event is sent to each of them). */
export const MAX_WEBHOOKS_PER_TEAM = 10;
export const DELIVERIES_PAGE_SIZE = 50;

const EventSchema = Type.Enum([...WEBHOOK_EVENTS]);

export const CreateWebhookBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: URL_MAX_LENGTH, description: "https:// and public (http and private addresses only with WEBHOOK_ALLOW_PRIVATE=true)" }),
    secret: Type.String({ minLength: SECRET_MIN_LENGTH, maxLength: SECRET_MAX_LENGTH, description: "Signs every delivery (HMAC-SHA256); stored encrypted, never answered" }),
    events: Type.Array(EventSchema, { minItems: 1, maxItems: WEBHOOK_EVENTS.length, uniqueItems: true }),
  },
  { additionalProperties: false },
);

export const WebhookSchema = Type.Object({
  id: Type.Number(),
  url: Type.String(),
  events: Type.Array(EventSchema),
  secret_hint: Type.String({ description: "The secret's last four characters" }),
  active: Type.Boolean(),
  created_at: Type.String(),
  created_by_name: Type.Union([Type.String(), Type.Null()]),
});

const NullableString = Type.Union([Type.String(), Type.Null()]);
export const DeliverySchema = Type.Object({
  id: Type.Number(),
  delivery_id: Type.String({ description: "The X-InfraScout-Delivery header" }),
  event: Type.String(),
  event_id: Type.String({ description: "The body's id: the same for a delivery and its replays" }),
  status: Type.Union([Type.Literal("pending"), Type.Literal("delivered"), Type.Literal("failed")]),
  attempts: Type.Number(),
  last_status_code: Type.Union([Type.Number(), Type.Null()]),
  last_error: NullableString,
  last_attempt_at: NullableString,
  next_attempt_at: NullableString,
  delivered_at: NullableString,
  created_at: Type.String(),
  replay_of: Type.Union([Type.Number(), Type.Null()]),
});

export const DeliveriesPage = Type.Object({
  count: Type.Number(),
  page: Type.Number(),
  page_size: Type.Number(),
  results: Type.Array(DeliverySchema),
});

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

export const toWebhook = (w: WebhookRow) => ({
  id: w.id,
  url: w.url,
  events: w.events,
  secret_hint: w.secret_hint,
  active: w.active,
  created_at: new Date(w.created_at).toISOString(),
  created_by_name: w.created_by_name,
});

export const toDelivery = (d: DeliveryRow) => ({
  id: d.id,
  delivery_id: d.delivery_uuid,
  event: d.event,
  event_id: d.event_id,
  status: d.status,
  attempts: d.attempts,
  last_status_code: d.last_status_code,
  last_error: d.last_error,
  last_attempt_at: iso(d.last_attempt_at),
  next_attempt_at: iso(d.next_attempt_at),
  delivered_at: iso(d.delivered_at),
  created_at: new Date(d.created_at).toISOString(),
  replay_of: d.replay_of,
});
