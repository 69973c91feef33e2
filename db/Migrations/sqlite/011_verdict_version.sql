-- A stored verdict describes one version of a prisoner's record. Until this migration only the verdict write was
-- guarded by the version: a change that loaded a prisoner already Unknown, saved after a worker had stored the verdict
-- of the previous version, left that verdict standing for the new record (EF Core writes only the columns that changed
-- in memory, and the status had not). Now the database itself keeps the promise, whoever writes:
-- - every verdict records the version it was computed for (evaluated_version);
-- - a change of version clears the verdict in the same statement (SQLite's BEFORE triggers cannot change the row, so
--   an AFTER trigger does, before the statement returns);
-- - a known status that is not for the current version is refused (PostgreSQL's CHECK; a CHECK cannot be added to an
--   existing SQLite table, so a trigger refuses it).

ALTER TABLE prisoner ADD COLUMN evaluated_version INTEGER;

-- Verdicts older than their record's last change, as the bug above left them: Unknown again, so the sweeper publishes
-- them and the worker gives them their own verdict. Every other stored verdict was stored for the version it stands beside.
UPDATE prisoner SET danger_status = 'Unknown', danger_reasons = '', danger_facts = ''
WHERE danger_status <> 'Unknown' AND (evaluated_at IS NULL OR evaluated_at < changed_at);
UPDATE prisoner SET evaluated_version = change_version WHERE danger_status <> 'Unknown';

CREATE TRIGGER prisoner_change_clears_verdict AFTER UPDATE OF change_version ON prisoner
FOR EACH ROW WHEN NEW.change_version IS NOT OLD.change_version
    AND (NEW.danger_status <> 'Unknown' OR NEW.danger_reasons <> '' OR NEW.danger_facts <> '')
BEGIN
    UPDATE prisoner SET danger_status = 'Unknown', danger_reasons = '', danger_facts = '' WHERE id = NEW.id;
END;

-- A version that moves is the trigger above's to clear; any other known status must be for the row's own version.
CREATE TRIGGER prisoner_verdict_of_current_version BEFORE UPDATE ON prisoner
FOR EACH ROW WHEN NEW.change_version IS OLD.change_version AND NEW.danger_status <> 'Unknown'
    AND NEW.evaluated_version IS NOT NEW.change_version
BEGIN
    SELECT RAISE(ABORT, 'prisoner_verdict_of_current_version: a verdict may only be stored for the current change version');
END;

CREATE TRIGGER prisoner_verdict_of_current_version_on_insert BEFORE INSERT ON prisoner
FOR EACH ROW WHEN NEW.danger_status <> 'Unknown' AND NEW.evaluated_version IS NOT NEW.change_version
BEGIN
    SELECT RAISE(ABORT, 'prisoner_verdict_of_current_version: a verdict may only be stored for the current change version');
END;
