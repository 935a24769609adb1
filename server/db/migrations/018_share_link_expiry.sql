-- Shared links expire (issue 13). Links issued before this migration get the default life
-- counted from their creation, so none of them works forever.
ALTER TABLE share_links ADD COLUMN expires_at timestamptz;
UPDATE share_links SET expires_at = created_at + interval '30 days' WHERE expires_at IS NULL;
ALTER TABLE share_links ALTER COLUMN expires_at SET NOT NULL;
-- A user's live links, newest first (the profile page's list).
CREATE INDEX share_links_user_created ON share_links (user_id, created_at DESC) WHERE revoked_at IS NULL;

-- Settings staff change at run time: one typed row (the CHECK keeps it one). A column per
-- setting, so each has its own type and bounds in the database too.
CREATE TABLE app_settings (
  id               boolean PRIMARY KEY DEFAULT true CHECK (id),
  share_link_days  integer NOT NULL DEFAULT 30 CHECK (share_link_days BETWEEN 1 AND 365),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  updated_by       bigint REFERENCES users(id) ON DELETE SET NULL
);
INSERT INTO app_settings (id) VALUES (true);
