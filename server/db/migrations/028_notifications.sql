-- Followers are told of changes (issue 19, point 2): one notification per change set (one
-- import's or one staff save's changes to one item) per user who follows the item, in the app
-- and by e-mail as the user's setting for its kind says (instant, daily digest, or off).
--
-- The job (server/jobs/notifications.ts) reads change sets not yet told (change_sets.notified_at
-- IS NULL), inserts their notifications and sets notified_at in one transaction; the unique
-- (user_id, change_set_id) keeps a second fan-out of the same set (two processes, a retry) from
-- telling anyone twice.

CREATE TABLE notifications (
  id             bigserial PRIMARY KEY,
  user_id        bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  change_set_id  bigint NOT NULL REFERENCES change_sets(id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('tender_changes','lead_changes')),
  -- why the user follows the item, strongest first: reminder, shortlisted, shared, alert, viewed
  reasons        text[] NOT NULL CHECK (cardinality(reasons) > 0),
  created_at     timestamptz NOT NULL DEFAULT now(),
  read_at        timestamptz,
  -- Its e-mail: 'instant' (due now), 'daily' (due in the next daily digest), 'none' (the user's
  -- setting was off), 'sent', or 'skipped' (when it fell due the user could not be mailed, or had
  -- already looked). A settings change moves pending ones ('instant', 'daily') to the new mode.
  email          text NOT NULL CHECK (email IN ('instant','daily','none','sent','skipped')),
  emailed_at     timestamptz,
  UNIQUE (user_id, change_set_id)
);
-- A user's list, newest first; and the unread ones (the top bar's count, the unread filter).
CREATE INDEX notifications_user ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id, id DESC) WHERE read_at IS NULL;
-- E-mails due: instant ones every few seconds, daily ones once a day by user.
CREATE INDEX notifications_mail_due ON notifications (email, user_id, created_at) WHERE email IN ('instant','daily');

-- How each kind reaches the user; no row = the default (common/notifications.ts, instant).
CREATE TABLE notification_settings (
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('tender_changes','lead_changes')),
  mode        text NOT NULL CHECK (mode IN ('instant','daily','off')),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);

-- Who follows an item, looked up by the item (the tables' own keys start with the user).
CREATE INDEX recently_viewed_item ON recently_viewed (item_type, item_id, viewed_at);
CREATE INDEX marks_shortlisted_project ON marks (project_id) WHERE mark = 'shortlisted';
CREATE INDEX share_links_item ON share_links (item_type, item_id) WHERE revoked_at IS NULL;
