-- Lead detail (issue 3): reports of wrong contacts and wrong numbers, and the one refund each
-- unlock may get.
--
-- A subscriber who unlocked a contact may report it wrong once ('wrong_contact'); anyone may
-- report a wrong number from the QA tool ('wrong_number'). Staff resolve a report once: an
-- accepted report marks the contact wrong and, when the reporter paid for it, refunds that
-- unlock's credits with one 'refund' ledger row.
CREATE TABLE contact_reports (
  id               bigserial PRIMARY KEY,
  user_id          bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  contact_id       bigint NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
  unlock_id        bigint REFERENCES unlocks(id) ON DELETE SET NULL,  -- the reporter's unlock, if any
  kind             text NOT NULL CHECK (kind IN ('wrong_contact', 'wrong_number')),
  phone            text,                                              -- the number reported (E.164)
  reason           text NOT NULL,
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'rejected')),
  resolved_by      bigint REFERENCES users(id) ON DELETE SET NULL,
  resolved_at      timestamptz,
  resolution_note  text,
  refund_ledger_id bigint REFERENCES credit_ledger(id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX contact_reports_once ON contact_reports (user_id, contact_id, kind);
CREATE INDEX contact_reports_queue ON contact_reports (status, created_at);

-- An unlock is refunded at most once, whatever resolves it.
CREATE UNIQUE INDEX credit_ledger_one_refund ON credit_ledger (unlock_id) WHERE kind = 'refund';
-- The user's unlocks by contact (contact pages, search's show_unlocked).
CREATE INDEX unlocks_item ON unlocks (item_type, item_id);
CREATE INDEX contact_history_contact ON contact_history (contact_id, created_at DESC);
