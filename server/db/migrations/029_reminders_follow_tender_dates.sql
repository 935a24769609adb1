-- Reminders follow their tender's dates (issue 19, point 3).
--
-- A reminder may be set relative to a tender date ("2 days before closing"): relative_to names the
-- date, minutes_before the offset, and remind_at is that date less the offset. When the tender's
-- date moves, remind_at moves with it in the same transaction. A fixed-time reminder stays where it
-- is; both keep what moved in date_moves, so the reminder list and its e-mail can say so.
--
-- The move is a trigger on tenders, not part of the change recording (027): every write moves the
-- reminders, including writes that record no change (no infrascout.change_source), so a reminder
-- never silently disagrees with the date it follows.
ALTER TABLE reminders
  ADD COLUMN relative_to    text CHECK (relative_to IN ('closing_date', 'opening_date', 'prebid_date')),
  -- at most 90 days (common/reminders.ts MAX_MINUTES_BEFORE)
  ADD COLUMN minutes_before integer CHECK (minutes_before BETWEEN 0 AND 129600),
  -- The tender's dates that moved since the reminder was last set, by field (only its own for a
  -- relative reminder): {"closing_date": {"old": "<first value>", "new": "<current>", "at": "<when>"}},
  -- values as change_ts() writes them (UTC, to the second). A date moved back is no longer a move.
  ADD COLUMN date_moves     jsonb NOT NULL DEFAULT '{}',
  ADD CONSTRAINT reminders_relative_pair CHECK ((relative_to IS NULL) = (minutes_before IS NULL)),
  ADD CONSTRAINT reminders_relative_tender CHECK (relative_to IS NULL OR item_type = 'tender');

CREATE FUNCTION tender_dates_move_reminders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  f text;
BEGIN
  -- One statement per date field: a fixed reminder may see several of its tender's dates move in
  -- one statement, and an UPDATE … FROM applies only one joined row to each reminder.
  FOREACH f IN ARRAY ARRAY['closing_date', 'opening_date', 'prebid_date'] LOOP
    WITH moved AS (
      SELECT n.id,
             CASE f WHEN 'closing_date' THEN o.closing_date WHEN 'opening_date' THEN o.opening_date ELSE o.prebid_date END AS old_at,
             CASE f WHEN 'closing_date' THEN n.closing_date WHEN 'opening_date' THEN n.opening_date ELSE n.prebid_date END AS new_at
        FROM old_rows o JOIN new_rows n ON n.id = o.id
    ), target AS (
      SELECT r.id,
             -- the relative reminder's new time; its own time when the date was cleared
             CASE WHEN r.relative_to = f AND m.new_at IS NOT NULL THEN m.new_at - make_interval(mins => r.minutes_before) ELSE r.remind_at END AS remind_at,
             -- the date before the first move since the reminder was set
             CASE WHEN r.date_moves ? f THEN nullif(r.date_moves -> f -> 'old', 'null'::jsonb) ELSE change_ts(m.old_at) END AS first_old,
             change_ts(m.new_at) AS new_value
        FROM moved m JOIN reminders r ON r.item_type = 'tender' AND r.item_id = m.id
       WHERE m.old_at IS DISTINCT FROM m.new_at AND (r.relative_to IS NULL OR r.relative_to = f)
    )
    UPDATE reminders r SET
           remind_at   = t.remind_at,
           -- moved to a time still ahead: due again, to be mailed then (a move into the past that
           -- was mailed already is not mailed twice; one not mailed yet is mailed now)
           notified_at = CASE WHEN t.remind_at <> r.remind_at AND t.remind_at > now() THEN NULL ELSE r.notified_at END,
           date_moves  = CASE WHEN t.first_old IS NOT DISTINCT FROM t.new_value THEN r.date_moves - f
                              ELSE r.date_moves || jsonb_build_object(f, jsonb_build_object('old', t.first_old, 'new', t.new_value, 'at', change_ts(now()))) END
      FROM target t
     WHERE r.id = t.id;
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER tenders_move_reminders AFTER UPDATE ON tenders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tender_dates_move_reminders();
