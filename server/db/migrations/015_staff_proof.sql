-- Staff need proof, not just an address on a staff domain (issue 13): the address verified
-- (a mailed one-time link, or a Google/Microsoft ID token that vouches for it) AND staff powers
-- granted by an existing staff member (or the make-staff command). Both facts record the very
-- address they were established for, so they never carry over to a changed address; staff_proven
-- is the one place they are combined (the staff-domain check is added by the code, from
-- STAFF_DOMAINS).
ALTER TABLE users ADD COLUMN email_verified_for text;        -- the address that was proven
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
ALTER TABLE users ADD COLUMN staff_granted_for text;         -- the address staff powers were granted to
ALTER TABLE users ADD COLUMN staff_granted_at timestamptz;
ALTER TABLE users ADD COLUMN staff_granted_by bigint REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE users ADD COLUMN staff_proven boolean NOT NULL GENERATED ALWAYS AS (
  coalesce(lower(email_verified_for) = lower(email) AND lower(staff_granted_for) = lower(email), false)
) STORED;

-- One-time e-mail verification links: only a SHA-256 hash of the secret is kept, with the
-- address it was sent to (a link for an old address proves nothing about a new one).
CREATE TABLE email_verifications (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email       text NOT NULL,
  token_hash  text NOT NULL UNIQUE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_verifications_user ON email_verifications (user_id);

-- The demo staff account seeded by an earlier start keeps working: it was created by the seed
-- (never by a signup), so it is proven here as a fresh seed proves it.
UPDATE users SET email_verified_for = email, email_verified_at = now(), staff_granted_for = email, staff_granted_at = now()
 WHERE signup_source = 'seed' AND lower(email) = 'staff@infrascout.in';
