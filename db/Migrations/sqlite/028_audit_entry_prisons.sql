-- Each audit entry about no prisoner records the prisons it concerns (see the PostgreSQL script): an admin limited to
-- prisons reads it only when every one is theirs; an entry of no prison is headquarters' alone. Append-only.

CREATE TABLE audit_entry_prison (
    audit_entry_id TEXT NOT NULL,
    prison_id INTEGER NOT NULL,
    CONSTRAINT audit_entry_prison_pkey PRIMARY KEY (audit_entry_id, prison_id)
);

CREATE TRIGGER audit_entry_prison_no_update BEFORE UPDATE ON audit_entry_prison
BEGIN
    SELECT RAISE(ABORT, 'The audit log is append-only: UPDATE on audit_entry_prison is refused.');
END;

CREATE TRIGGER audit_entry_prison_no_delete BEFORE DELETE ON audit_entry_prison
BEGIN
    SELECT RAISE(ABORT, 'The audit log is append-only: DELETE on audit_entry_prison is refused.');
END;
