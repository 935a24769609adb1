-- One credit pool per team (issue 20, point 2).
--
-- Credits belong to the team: a member's unlock spends teams.total_credits - spent_credits, and
-- the unlock belongs to the team (unlocks.team_id), so every member sees it and nobody pays for
-- it again. A subscriber outside any team keeps their own balance on users, as before.
-- When a team is made, the owner's remaining credits move into its pool (two ledger rows). A
-- member who joins keeps their own credits set aside on users: they are theirs again if they
-- leave, and the pool is what they spend while in the team.
ALTER TABLE teams
  ADD COLUMN total_credits integer NOT NULL DEFAULT 0 CHECK (total_credits >= 0),
  ADD COLUMN spent_credits integer NOT NULL DEFAULT 0 CHECK (spent_credits >= 0);
-- The pool can never be overspent, whatever code runs: the database refuses it.
ALTER TABLE teams ADD CONSTRAINT teams_pool_not_overspent CHECK (spent_credits <= total_credits);

-- An admin's monthly cap on one member's spending (credits per calendar month, IST); NULL: no cap.
ALTER TABLE team_members ADD COLUMN monthly_cap integer CHECK (monthly_cap IS NULL OR monthly_cap BETWEEN 0 AND 1000000);

-- A team's unlock: user_id is the member who spent, team_id the team that owns it. Unique per
-- team (a teammate's second unlock is no charge); a personal unlock stays unique per user.
ALTER TABLE unlocks ADD COLUMN team_id bigint REFERENCES teams(id) ON DELETE CASCADE;
ALTER TABLE unlocks DROP CONSTRAINT unlocks_user_id_item_type_item_id_key;
CREATE UNIQUE INDEX unlocks_personal ON unlocks (user_id, item_type, item_id) WHERE team_id IS NULL;
CREATE UNIQUE INDEX unlocks_team ON unlocks (team_id, item_type, item_id) WHERE team_id IS NOT NULL;

-- A pool's ledger row: team_id set, user_id the member who spent (or was refunded, or brought
-- credits in). A personal row has no team_id, as before.
ALTER TABLE credit_ledger ADD COLUMN team_id bigint REFERENCES teams(id) ON DELETE CASCADE;
CREATE INDEX credit_ledger_team ON credit_ledger (team_id, created_at DESC) WHERE team_id IS NOT NULL;
CREATE INDEX credit_ledger_team_member_month ON credit_ledger (team_id, user_id, created_at) WHERE team_id IS NOT NULL;

-- What a user sees as unlocked, one row per item: their team's unlocks, and their own personal
-- ones their team has not also unlocked. Every reader of unlocks goes through this (an inlined
-- SQL function), so leaving a team ends access to the team's unlocks at once.
CREATE FUNCTION unlocks_visible_to(viewer bigint) RETURNS SETOF unlocks LANGUAGE sql STABLE AS $$
  SELECT u.* FROM unlocks u WHERE u.team_id = (SELECT m.team_id FROM team_members m WHERE m.user_id = viewer)
  UNION ALL
  SELECT u.* FROM unlocks u
   WHERE u.user_id = viewer AND u.team_id IS NULL
     AND NOT EXISTS (SELECT 1 FROM unlocks t WHERE t.team_id = (SELECT m.team_id FROM team_members m WHERE m.user_id = viewer) AND t.item_type = u.item_type AND t.item_id = u.item_id)
$$;

-- Teams made before this migration: their owner's remaining credits become the pool.
INSERT INTO credit_ledger (user_id, delta, kind, note)
  SELECT o.id, -(o.total_credits - o.spent_credits), 'adjustment', 'Moved into the team''s credit pool'
    FROM teams t JOIN users o ON o.id = t.owner_id WHERE o.total_credits > o.spent_credits;
INSERT INTO credit_ledger (user_id, team_id, delta, kind, note)
  SELECT o.id, t.id, o.total_credits - o.spent_credits, 'adjustment', 'Brought into the pool by the team''s owner'
    FROM teams t JOIN users o ON o.id = t.owner_id WHERE o.total_credits > o.spent_credits;
UPDATE teams t SET total_credits = o.total_credits - o.spent_credits FROM users o WHERE o.id = t.owner_id AND o.total_credits > o.spent_credits;
UPDATE users o SET total_credits = o.spent_credits FROM teams t WHERE t.owner_id = o.id AND o.total_credits > o.spent_credits;
-- …and what the owner unlocked with those credits becomes the team's.
UPDATE unlocks u SET team_id = t.id FROM teams t WHERE u.user_id = t.owner_id AND u.team_id IS NULL;
