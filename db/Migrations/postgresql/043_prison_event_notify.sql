-- The relay wakes when events are written rather than at its next poll: each statement that writes rows to the outbox
-- (migration 035) notifies the channel prison_event. PostgreSQL delivers a notification when its transaction commits,
-- once per transaction however many statements sent it, and never for a rolled-back one. The relay still polls, in
-- case a notification is missed (its listening connection lost and made again).
CREATE FUNCTION prison_event_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM written) THEN
        PERFORM pg_notify('prison_event', '');
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER prison_event_notify_on_insert AFTER INSERT ON prison_event
    REFERENCING NEW TABLE AS written
    FOR EACH STATEMENT EXECUTE FUNCTION prison_event_notify();
