-- The database stamps each audit entry's time: a role that may not alter the log (web's, the worker's, the command
-- line's, each granted by migrate) cannot date an entry, whatever its connection sends. The clock is the database
-- server's, at the statement that inserts the entry. A role that could drop this trigger (the table's owner, a
-- superuser) gains nothing from being refused, so its time is kept: a deployment with one role for everything, and
-- the tests that move the clock, still give theirs.
CREATE FUNCTION audit_entry_stamp_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT has_table_privilege(TG_RELID, 'TRIGGER') THEN
        NEW.at := statement_timestamp();
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER audit_entry_stamp_time BEFORE INSERT ON audit_entry
    FOR EACH ROW EXECUTE FUNCTION audit_entry_stamp_time();
