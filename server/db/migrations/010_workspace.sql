-- The subscriber's workspace pages (issue 6, part 2).

-- My Feed's "new since you last looked": one instant per user. A feed item is unseen when it
-- arrived after it (every item, before the first visit). The web app reads it as the feed opens
-- and moves it forward once the user has seen the first page, so the marks stay on screen for
-- that visit and are gone on the next one.
CREATE TABLE feed_seen (
  user_id  bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  seen_at  timestamptz NOT NULL
);

-- The calendar reads a user's shortlisted leads' dates.
CREATE INDEX IF NOT EXISTS reminders_user_item ON reminders (user_id, item_type, item_id);
