-- The audit log: who did what and when, about which prisoner, with the values before and after a change.
-- Append-only. No foreign key to prisoner: the log outlives anything it mentions.

CREATE TABLE audit_entry (
    id uuid PRIMARY KEY,                            -- UUID v7: time-ordered, the tie-breaker of "newest first"
    at timestamptz NOT NULL,
    user_name varchar(256) NOT NULL,                -- a person, or a process ("import", "worker")
    action varchar(32) NOT NULL,                    -- SignedIn, SignInFailed, PrisonerViewed, PrisonerAdded, PrisonerChanged, RuleEnabled, RuleDisabled
    prisoner_id uuid NULL,
    prisoner_number varchar(32) NULL,
    summary varchar(1000) NOT NULL,
    before_values text NULL,                        -- JSON: the changed values before the change
    after_values text NULL,                         -- JSON: the same values after it
    remote_address varchar(64) NULL                 -- sign-ins: where from
);

-- The audit page: newest first, alone or by user or by prisoner, each within an optional date range.
CREATE INDEX audit_entry_newest ON audit_entry (at DESC, id DESC);
CREATE INDEX audit_entry_by_user ON audit_entry (user_name, at DESC, id DESC);
CREATE INDEX audit_entry_by_prisoner ON audit_entry (prisoner_number, at DESC, id DESC) WHERE prisoner_number IS NOT NULL;

-- The role the application runs as (it runs the migrations, so it owns the table) may read and insert, never
-- rewrite: its own UPDATE, DELETE and TRUNCATE privileges are taken away, as are everybody else's.
REVOKE UPDATE, DELETE, TRUNCATE ON audit_entry FROM PUBLIC;
REVOKE UPDATE, DELETE, TRUNCATE ON audit_entry FROM CURRENT_USER;

-- Privileges do not bind a superuser, and an owner could grant them back: these triggers refuse the rewrite
-- whoever asks. Statement triggers, so that even a rewrite that would touch no row is refused.
CREATE FUNCTION audit_entry_refuse_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'The audit log is append-only: % on audit_entry is refused.', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_entry_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_entry
    FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_refuse_rewrite();
CREATE TRIGGER audit_entry_no_truncate BEFORE TRUNCATE ON audit_entry
    FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_refuse_rewrite();
