-- Teams and seats (issue 20, point 1).
--
-- A subscriber owns or belongs to at most one team (team_members.user_id is unique). A member's
-- subscription is the team's: authenticate reads the owner's end_date for every other member, so
-- the owner's renewal reaches the whole team at once and a removed member loses it at once.
-- Seats: used = members + pending invitations, never more than seats_bought.
-- The credit pool (point 2) will hang off teams(id); until then the owner's balance is the pool.
CREATE TABLE teams (
  id           bigserial PRIMARY KEY,
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  owner_id     bigint NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  -- A new team starts with 5 seats: the owner and four teammates, a usual business-development
  -- desk; an admin moves the number afterwards (never below the seats in use).
  seats_bought integer NOT NULL DEFAULT 5 CHECK (seats_bought BETWEEN 1 AND 1000),
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE team_members (
  id        bigserial PRIMARY KEY,
  team_id   bigint NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id   bigint NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  role      text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
  joined_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX team_members_team ON team_members (team_id);
-- One owner per team, and it is the team's owner_id (kept by the code that creates the team).
CREATE UNIQUE INDEX team_members_one_owner ON team_members (team_id) WHERE role = 'owner';

CREATE TABLE team_invitations (
  id          bigserial PRIMARY KEY,
  team_id     bigint NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  email       text NOT NULL,
  role        text NOT NULL CHECK (role IN ('admin', 'member')),
  token_hash  text NOT NULL UNIQUE, -- sha256 of the link's token; the token itself is never stored
  invited_by  bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL DEFAULT now() + interval '7 days',
  accepted_at timestamptz,
  accepted_by bigint REFERENCES users(id) ON DELETE SET NULL,
  revoked_at  timestamptz
);
CREATE INDEX team_invitations_team ON team_invitations (team_id) WHERE accepted_at IS NULL AND revoked_at IS NULL;
-- One open invitation per address and team: inviting again replaces it (revokes the old link).
CREATE UNIQUE INDEX team_invitations_open_email ON team_invitations (team_id, lower(email)) WHERE accepted_at IS NULL AND revoked_at IS NULL;
