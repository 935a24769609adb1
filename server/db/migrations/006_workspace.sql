-- The subscriber's workspace (issue 6): reminders, quick searches, e-mail alerts and the job
-- runner that mails due reminders and alert digests.

-- Background jobs run in one API process at a time: the holder of a lease row. Acquiring is one
-- atomic upsert (taken when free, expired or already ours), so it needs no dedicated connection
-- and works the same on PostgreSQL (any number of processes) and PGlite. A process that dies
-- holding a lease loses it when it expires.
CREATE TABLE job_leases (
  name        text PRIMARY KEY,
  holder      text NOT NULL,
  expires_at  timestamptz NOT NULL
);

-- Unsubscribe links: each digest mints a random token per alert config and stores only its
-- SHA-256 hash here, in the same transaction that records the digest, so every link ever mailed
-- keeps working (until the config is deleted) and a rolled-back digest leaves no token behind.
CREATE TABLE alert_unsubscribe_tokens (
  token_hash  text PRIMARY KEY,
  config_id   bigint NOT NULL REFERENCES email_alert_configs(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_unsubscribe_tokens_config ON alert_unsubscribe_tokens (config_id);

-- One alert per quick search, and one for the feed (saved_search_id NULL), per user.
CREATE UNIQUE INDEX email_alert_configs_one ON email_alert_configs (user_id, coalesce(saved_search_id, 0));
CREATE INDEX email_alert_configs_due ON email_alert_configs (frequency, user_id) WHERE enabled;

-- Quick search names are unique per user whatever their case.
CREATE UNIQUE INDEX saved_searches_name_ci ON saved_searches (user_id, lower(name));

-- A reminder's item, for 'is anyone reminded about this' and clean-up.
CREATE INDEX reminders_item ON reminders (item_type, item_id);
