-- A team's daily feed (issue 20, point 6): once a day (DIGEST_HOUR_IST), what arrived since the
-- last feed in the chosen quick searches, as one CSV or XLSX file, e-mailed to chosen members
-- and/or posted to one of the team's webhooks — for CRMs without a connector.
--
-- The quick searches are the ones of the admin who set the feed up (owner_id): quick searches are
-- private, so a feed only ever runs its own owner's. If the owner leaves the team, the feed stops
-- and says why. covered_until is the end of the window the last feed covered: the next covers
-- (covered_until, its boundary], so no item is sent twice and none is skipped.
CREATE TABLE team_feeds (
  team_id          bigint PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
  owner_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  saved_search_ids bigint[] NOT NULL CHECK (cardinality(saved_search_ids) BETWEEN 1 AND 20),
  format           text NOT NULL CHECK (format IN ('csv', 'xlsx')),
  email_to         bigint[] NOT NULL DEFAULT '{}',  -- members' user ids (their current addresses are used)
  webhook_id       bigint REFERENCES webhooks(id) ON DELETE SET NULL,
  enabled          boolean NOT NULL DEFAULT true,
  covered_until    timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- Every feed sent (or that could not be), newest first on the Team page.
CREATE TABLE team_feed_runs (
  id           bigserial PRIMARY KEY,
  team_id      bigint NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  started_at   timestamptz NOT NULL DEFAULT now(),
  covered_from timestamptz NOT NULL,
  covered_to   timestamptz NOT NULL,
  rows         integer NOT NULL DEFAULT 0,
  emailed      integer NOT NULL DEFAULT 0,
  webhook_delivery_id bigint REFERENCES webhook_deliveries(id) ON DELETE SET NULL,
  status       text NOT NULL CHECK (status IN ('sent', 'empty', 'failed')),
  -- a plain one-line reason, never a stack
  error        text,
  manual       boolean NOT NULL DEFAULT false
);
CREATE INDEX team_feed_runs_team ON team_feed_runs (team_id, started_at DESC);
