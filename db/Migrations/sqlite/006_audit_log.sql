-- The audit log: who did what and when, about which prisoner, with the values before and after a change.
-- Append-only. No foreign key to prisoner: the log outlives anything it mentions.

CREATE TABLE audit_entry (
    id TEXT NOT NULL PRIMARY KEY,
    at TEXT NOT NULL,                                -- UTC
    user_name TEXT NOT NULL,
    action TEXT NOT NULL,
    prisoner_id TEXT NULL,
    prisoner_number TEXT NULL,
    summary TEXT NOT NULL,
    before_values TEXT NULL,                         -- JSON
    after_values TEXT NULL,                          -- JSON
    remote_address TEXT NULL
);

CREATE INDEX audit_entry_newest ON audit_entry (at DESC, id DESC);
CREATE INDEX audit_entry_by_user ON audit_entry (user_name, at DESC, id DESC);
CREATE INDEX audit_entry_by_prisoner ON audit_entry (prisoner_number, at DESC, id DESC) WHERE prisoner_number IS NOT NULL;

-- SQLite has no privileges: triggers keep the log append-only.
CREATE TRIGGER audit_entry_no_update BEFORE UPDATE ON audit_entry
BEGIN
    SELECT RAISE(ABORT, 'The audit log is append-only: UPDATE on audit_entry is refused.');
END;

CREATE TRIGGER audit_entry_no_delete BEFORE DELETE ON audit_entry
BEGIN
    SELECT RAISE(ABORT, 'The audit log is append-only: DELETE on audit_entry is refused.');
END;
