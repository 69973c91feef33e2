-- Each audit entry about no prisoner records the prisons it concerns: the prison of a list, a dashboard or a download,
-- the prisons of the user who searched, was refused or signed in, of the user an act was about. An admin limited to
-- prisons reads such an entry only when it concerns at least one prison and every one is theirs; an entry of no
-- prison (headquarters' acts, processes, and every entry written before this step) is headquarters' alone.
-- Append-only as audit_entry (006): its rows are written with their entry, never changed. No foreign key to
-- audit_entry either, so that a TRUNCATE of the log meets the log's own refusal, whoever asks.

CREATE TABLE audit_entry_prison (
    audit_entry_id uuid NOT NULL,                   -- written with its entry, in the same statement batch
    prison_id integer NOT NULL,                     -- no foreign key to prison: the log outlives anything it mentions
    CONSTRAINT audit_entry_prison_pkey PRIMARY KEY (audit_entry_id, prison_id)
);

REVOKE UPDATE, DELETE, TRUNCATE ON audit_entry_prison FROM PUBLIC;
REVOKE UPDATE, DELETE, TRUNCATE ON audit_entry_prison FROM CURRENT_USER;

CREATE FUNCTION audit_entry_prison_refuse_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'The audit log is append-only: % on audit_entry_prison is refused.', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_entry_prison_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_entry_prison
    FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_prison_refuse_rewrite();
CREATE TRIGGER audit_entry_prison_no_truncate BEFORE TRUNCATE ON audit_entry_prison
    FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_prison_refuse_rewrite();
