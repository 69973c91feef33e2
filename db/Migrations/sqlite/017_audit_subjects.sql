-- The privileged acts on users are audited with whom they were done to, beside who did them (user_name).
-- Two-factor sign-in itself needs nothing new: staff_user.two_factor_enabled and staff_user_token (005).

ALTER TABLE audit_entry ADD COLUMN subject_user_name TEXT NULL;

CREATE INDEX audit_entry_by_subject ON audit_entry (subject_user_name, at DESC, id DESC) WHERE subject_user_name IS NOT NULL;
