-- The privileged acts on users (added, given roles, disabled, enabled, a password reset or change, two-factor sign-in
-- turned on or reset, a refused attempt) are audited with whom they were done to, beside who did them (user_name).
-- audit_entry.action gains UserAdded, UserRolesChanged, UserDisabled, UserEnabled, PasswordReset, PasswordChanged,
-- TwoFactorEnrolled, TwoFactorReset, Refused and AuditViewed: names, which its varchar(32) holds.
-- Two-factor sign-in itself needs nothing new: staff_user.two_factor_enabled (005) says whether it is on, and
-- Identity keeps the authenticator key and the recovery codes in staff_user_token (005).

ALTER TABLE audit_entry ADD COLUMN subject_user_name varchar(256) NULL;

-- The audit page's "about user" filter: everything done to one user, newest first.
CREATE INDEX audit_entry_by_subject ON audit_entry (subject_user_name, at DESC, id DESC) WHERE subject_user_name IS NOT NULL;
