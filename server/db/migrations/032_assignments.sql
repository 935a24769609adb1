-- Shared work (issue 20, point 3): a team member assigns a lead, tender or company to a teammate
-- with a note and a due date; the assignee is told in the app and by e-mail.
--
-- An assignment belongs to the team it was made in (team_id): every read and change is by the
-- caller's team, so another team's assignment id reads as not found. One open assignment per
-- item and assignee in a team (assignments_one_open): posting the same one twice — a double
-- click, a retry — answers the open one instead of making a second.
CREATE TABLE assignments (
  id          bigserial PRIMARY KEY,
  team_id     bigint NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  item_type   text NOT NULL CHECK (item_type IN ('project','tender','company')),
  item_id     bigint NOT NULL,
  assigned_by bigint REFERENCES users(id) ON DELETE SET NULL,
  assignee_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  note        text NOT NULL DEFAULT '' CHECK (length(note) <= 1000),
  due_at      timestamptz,
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open','done')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  done_at     timestamptz,
  CHECK ((status = 'done') = (done_at IS NOT NULL))
);
CREATE UNIQUE INDEX assignments_one_open ON assignments (team_id, item_type, item_id, assignee_id) WHERE status = 'open';
-- "Assigned to me", "Assigned by me" and the team's list, newest first.
CREATE INDEX assignments_assignee ON assignments (assignee_id, status, id DESC);
CREATE INDEX assignments_assigner ON assignments (assigned_by, status, id DESC);
CREATE INDEX assignments_team ON assignments (team_id, status, id DESC);
CREATE INDEX assignments_item ON assignments (item_type, item_id);

-- A notification is now a change set told to a follower (tender_changes, lead_changes) or an
-- assignment told to its assignee (assignment): exactly one of change_set_id and assignment_id.
-- An assignment's notification has no follow reasons (it is not followed, it is given).
ALTER TABLE notifications ALTER COLUMN change_set_id DROP NOT NULL;
ALTER TABLE notifications ADD COLUMN assignment_id bigint REFERENCES assignments(id) ON DELETE CASCADE;
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('tender_changes','lead_changes','assignment'));
ALTER TABLE notifications DROP CONSTRAINT notifications_reasons_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_reasons_check CHECK (kind = 'assignment' OR cardinality(reasons) > 0);
ALTER TABLE notifications ADD CONSTRAINT notifications_source_check CHECK (
  CASE WHEN kind = 'assignment' THEN assignment_id IS NOT NULL AND change_set_id IS NULL
       ELSE change_set_id IS NOT NULL AND assignment_id IS NULL END);
-- An assignee is told of an assignment once (given back to them later, the same row is told again).
ALTER TABLE notifications ADD CONSTRAINT notifications_user_assignment UNIQUE (user_id, assignment_id);

ALTER TABLE notification_settings DROP CONSTRAINT notification_settings_kind_check;
ALTER TABLE notification_settings ADD CONSTRAINT notification_settings_kind_check CHECK (kind IN ('tender_changes','lead_changes','assignment'));
