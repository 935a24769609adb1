-- Signed webhooks (issue 20, point 4). A team's admins add webhooks; events the team's members
-- cause (a lead shortlisted, a contact unlocked, an item assigned, a followed item changed) are
-- queued as deliveries, which the job loop (server/jobs/webhooks.ts) POSTs, signed with the
-- webhook's secret, retrying with backoff.
--
-- The secret is stored encrypted (AES-256-GCM, INTEGRATIONS_KEY; server/lib/secrets.ts) and never
-- answered by the API: secret_hint keeps its last four characters for the admin to recognise it.
CREATE TABLE webhooks (
  id          bigserial PRIMARY KEY,
  team_id     bigint NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  url         text NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
  secret_enc  text NOT NULL,
  secret_hint text NOT NULL,
  events      text[] NOT NULL CHECK (cardinality(events) >= 1
                AND events <@ ARRAY['lead.shortlisted', 'contact.unlocked', 'item.assigned', 'item.changed']::text[]),
  active      boolean NOT NULL DEFAULT true,
  created_by  bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_team ON webhooks (team_id);

-- One delivery = one event to one webhook, tried until it is answered 2xx or its tries run out.
-- body is the exact JSON sent and signed, so every try (and a replay) sends the same bytes.
-- A replay is a new delivery (new delivery id, fresh tries) of the same body, pointing at the
-- delivery it replays.
CREATE TABLE webhook_deliveries (
  id               bigserial PRIMARY KEY,
  delivery_uuid    uuid NOT NULL UNIQUE,
  webhook_id       bigint NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  event            text NOT NULL,
  event_id         uuid NOT NULL,
  body             text NOT NULL,
  replay_of        bigint REFERENCES webhook_deliveries(id) ON DELETE SET NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  last_status_code integer,
  -- a plain one-line reason (timeout, refused address, HTTP status), never a stack
  last_error       text,
  -- the start of the peer's answer, bounded (server/modules/integrations/delivery.ts)
  last_response    text,
  last_attempt_at  timestamptz,
  -- when the next try is due (NULL once delivered or failed); a sender's claim moves it ahead
  -- while it sends, so a process that dies mid-send leaves it due again shortly
  next_attempt_at  timestamptz,
  claimed_by       text,
  delivered_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, id DESC);
