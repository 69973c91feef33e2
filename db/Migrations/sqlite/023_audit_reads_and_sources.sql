-- New kinds of audit entries (reads of prisoner data, sign-outs, job runs, refusals beyond the user's prisons), and
-- remote_address (006) now filled for every entry: where it came from.

CREATE INDEX audit_entry_by_action ON audit_entry (action, at DESC, id DESC);
