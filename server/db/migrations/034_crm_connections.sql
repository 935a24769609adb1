-- HubSpot and Zoho CRM connectors (issue 20, point 5). A team's owner or admins connect one
-- account per vendor; "Send to CRM" on a lead, tender, company or contact queues a send, which the
-- job loop (server/jobs/crm-sync.ts) performs against the vendor's API with retries.
--
-- Secrets (a HubSpot private app token; Zoho's client secret, refresh token and the cached access
-- token) are sealed together as one JSON value with AES-256-GCM (INTEGRATIONS_KEY,
-- server/lib/secrets.ts) under the context `crm:<vendor>:team:<id>`, and never answered by the API.
CREATE TABLE crm_connections (
  id                bigserial PRIMARY KEY,
  team_id           bigint NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  vendor            text NOT NULL CHECK (vendor IN ('hubspot', 'zoho')),
  secrets_enc       text NOT NULL,
  -- the last four characters of the token (HubSpot) or refresh token (Zoho), for the admin to recognise
  secret_hint       text NOT NULL,
  -- Zoho only: the client id (not a secret) and the data centre (com, eu, in, com.au, jp, ca, sa, uk, com.cn)
  client_id         text,
  data_centre       text,
  -- what the vendor told us of the account, for links to records: HubSpot {portal_id, ui_domain}
  account           jsonb NOT NULL DEFAULT '{}',
  -- our field -> their property / field API name (common/crm.ts CRM_DEFAULT_MAPPING)
  field_map         jsonb NOT NULL DEFAULT '{}',
  auto_on_shortlist boolean NOT NULL DEFAULT false,
  -- set when the vendor refused the credentials: the admin must enter new ones
  needs_reauth      boolean NOT NULL DEFAULT false,
  last_error        text,
  last_error_at     timestamptz,
  connected_by      bigint REFERENCES users(id) ON DELETE SET NULL,
  connected_at      timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (team_id, vendor)
);

-- What we created or found in a team's CRM, so a second send updates the same record and never
-- duplicates it (the vendor's search index can lag behind a create by seconds).
CREATE TABLE crm_records (
  connection_id bigint NOT NULL REFERENCES crm_connections(id) ON DELETE CASCADE,
  -- company / contact / deal (HubSpot deal; Zoho deal) keyed by our id: `company:12`, `contact:7`, `project:3`, `tender:9`
  local_key     text NOT NULL,
  object_type   text NOT NULL,
  remote_id     text NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (connection_id, local_key)
);

-- One send = one item to one connection, tried until it succeeds or its tries run out. The result
-- holds the CRM's record ids and links; the team reads the log per item.
CREATE TABLE crm_sends (
  id              bigserial PRIMARY KEY,
  connection_id   bigint NOT NULL REFERENCES crm_connections(id) ON DELETE CASCADE,
  team_id         bigint NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  item_type       text NOT NULL CHECK (item_type IN ('project', 'contact', 'tender', 'company')),
  item_id         bigint NOT NULL,
  requested_by    bigint REFERENCES users(id) ON DELETE SET NULL,
  trigger         text NOT NULL DEFAULT 'manual' CHECK (trigger IN ('manual', 'shortlist')),
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  last_error      text,
  records         jsonb NOT NULL DEFAULT '[]',
  next_attempt_at timestamptz,
  claimed_by      text,
  sent_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX crm_sends_due ON crm_sends (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX crm_sends_item ON crm_sends (team_id, item_type, item_id, id DESC);
