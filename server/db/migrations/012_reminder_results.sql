-- Reminders on tender results too (a result's award, /result/detail/{id}): the item types are
-- common/reminders.ts REMINDER_ITEM_TYPES.
ALTER TABLE reminders DROP CONSTRAINT reminders_item_type_check;
ALTER TABLE reminders ADD CONSTRAINT reminders_item_type_check CHECK (item_type IN ('project','tender','result','company'));
