-- Audit (issue 13): every end of an impersonation is recorded once, and staff read the log.
-- expires_at: when an impersonation token's hours run out (set when it is issued), so an end
-- recorded later (a revocation, the job sweep) knows whether the hours had already run out.
-- end_audited_at: when its end was written to audit_log; claiming it with
-- `WHERE end_audited_at IS NULL` is what makes every end recorded exactly once.
ALTER TABLE auth_tokens ADD COLUMN expires_at timestamptz;
ALTER TABLE auth_tokens ADD COLUMN end_audited_at timestamptz;
-- Revoked before this migration: cancels were audited then; the rest are not told apart now.
UPDATE auth_tokens SET end_audited_at = revoked_at WHERE impersonator_id IS NOT NULL AND revoked_at IS NOT NULL;
-- The sweep reads only impersonation tokens whose end is not recorded yet.
CREATE INDEX auth_tokens_impersonation_open ON auth_tokens (id) WHERE impersonator_id IS NOT NULL AND end_audited_at IS NULL;
CREATE INDEX auth_tokens_parent ON auth_tokens (parent_token_id) WHERE parent_token_id IS NOT NULL;

-- The staff audit-log page: newest first, by kind, or everything (001 has actor and as_user);
-- a user's rows include staff changes about them (item_type 'user').
CREATE INDEX audit_log_action ON audit_log (action, created_at DESC);
CREATE INDEX audit_log_created ON audit_log (created_at DESC);
CREATE INDEX audit_log_about_user ON audit_log (item_id, created_at DESC) WHERE item_type = 'user';
