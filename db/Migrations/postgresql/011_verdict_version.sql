-- A stored verdict describes one version of a prisoner's record. Until this migration only the verdict write was
-- guarded by the version: a change that loaded a prisoner already Unknown, saved after a worker had stored the verdict
-- of the previous version, left that verdict standing for the new record (EF Core writes only the columns that changed
-- in memory, and the status had not). Now the database itself keeps the promise, whoever writes:
-- - every verdict records the version it was computed for (evaluated_version);
-- - a change of version clears the verdict in the same row write (a BEFORE trigger: nothing can store a new version
--   beside an old verdict);
-- - a CHECK refuses any known status that is not for the current version.

ALTER TABLE prisoner ADD COLUMN evaluated_version bigint;

-- Verdicts older than their record's last change, as the bug above left them: Unknown again, so the sweeper publishes
-- them and the worker gives them their own verdict. Every other stored verdict was stored for the version it stands beside.
UPDATE prisoner SET danger_status = 'Unknown', danger_reasons = '', danger_facts = ''
WHERE danger_status <> 'Unknown' AND (evaluated_at IS NULL OR evaluated_at < changed_at);
UPDATE prisoner SET evaluated_version = change_version WHERE danger_status <> 'Unknown';

ALTER TABLE prisoner ADD CONSTRAINT prisoner_verdict_of_current_version
    CHECK (danger_status = 'Unknown' OR (evaluated_version IS NOT NULL AND evaluated_version = change_version));

CREATE FUNCTION prisoner_change_clears_verdict() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.danger_status := 'Unknown';
    NEW.danger_reasons := '';
    NEW.danger_facts := '';
    RETURN NEW;
END
$$;

-- Only rows whose version moves call the function: a verdict write, which never moves it, pays one comparison a row.
CREATE TRIGGER prisoner_change_clears_verdict BEFORE UPDATE ON prisoner
    FOR EACH ROW WHEN (NEW.change_version IS DISTINCT FROM OLD.change_version
                       AND (NEW.danger_status <> 'Unknown' OR NEW.danger_reasons <> '' OR NEW.danger_facts <> ''))
    EXECUTE FUNCTION prisoner_change_clears_verdict();

-- A column-specific trigger (UPDATE OF danger_reasons) does not fire when only a BEFORE trigger changed the column,
-- so verdict_rule follows every update whose reasons differ, whichever columns the statement named.
DROP TRIGGER verdict_rule_on_update ON prisoner;
CREATE TRIGGER verdict_rule_on_update AFTER UPDATE ON prisoner
    FOR EACH ROW WHEN (OLD.danger_reasons IS DISTINCT FROM NEW.danger_reasons) EXECUTE FUNCTION verdict_rule_follow();

-- Taken first by a save that changes several prisoners, or moves stays between prisons (PrisonDb.SaveRecordChangesAsync),
-- so that it locks what it will write in the one order every verdict write locks it: its prisoners by id, then the
-- status counts of its prisons by (prison, stripe). Otherwise EF Core's statements lock the prisoners in the order
-- of the entries they insert, and each statement's trigger takes a count row: a verdict write over the same
-- prisoners or counts, taking them in id order, then deadlocks with it. The no-op update locks a count row, creating
-- it when missing as the count triggers would; a prison the same save adds has no counts yet for anyone to hold.
CREATE FUNCTION lock_for_change(prisoner_ids uuid[], stay_prisoner_ids uuid[], stay_prison_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM prisoner WHERE id = ANY (prisoner_ids) ORDER BY id FOR NO KEY UPDATE;
    INSERT INTO prison_status_count AS c (prison_id, stripe)
    SELECT DISTINCT s.prison_id, uuid_hash(s.prisoner_id) & 15
    FROM unnest(stay_prisoner_ids, stay_prison_ids) AS s (prisoner_id, prison_id)
    WHERE EXISTS (SELECT FROM prison WHERE prison.id = s.prison_id)
    ORDER BY 1, 2
    ON CONFLICT (prison_id, stripe) DO UPDATE SET dangerous = c.dangerous;
END
$$;
