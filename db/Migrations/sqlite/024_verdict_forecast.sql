-- Each verdict carries its forecast: the first instant, within the worker's horizon, at which the passing of time alone
-- changes its status (forecast_at), the status it becomes (forecast_status), and the rules that come and go then with
-- their facts (JSON, as danger_facts). The verdict write stores it in the same guarded statement as the verdict, and
-- the database holds it to the verdict's promise:
-- - a change of version clears it with the verdict (the AFTER trigger of migration 011, now clearing it too);
-- - a forecast beside Unknown, half a forecast, or one that would not change the status is refused (PostgreSQL's
--   CHECK; a CHECK cannot be added to an existing SQLite table, so triggers refuse it).
-- Its rule set is the verdict's (rule_set, written in the same statement): reads show it only for the rule set in force.

ALTER TABLE prisoner ADD COLUMN forecast_at TEXT NULL;
ALTER TABLE prisoner ADD COLUMN forecast_status TEXT NULL;
ALTER TABLE prisoner ADD COLUMN forecast_came TEXT NOT NULL DEFAULT '';
ALTER TABLE prisoner ADD COLUMN forecast_went TEXT NOT NULL DEFAULT '';

DROP TRIGGER prisoner_change_clears_verdict;
CREATE TRIGGER prisoner_change_clears_verdict AFTER UPDATE OF change_version ON prisoner
FOR EACH ROW WHEN NEW.change_version IS NOT OLD.change_version
    AND (NEW.danger_status <> 'Unknown' OR NEW.danger_reasons <> '' OR NEW.danger_facts <> '' OR NEW.forecast_at IS NOT NULL)
BEGIN
    UPDATE prisoner SET danger_status = 'Unknown', danger_reasons = '', danger_facts = '',
        forecast_at = NULL, forecast_status = NULL, forecast_came = '', forecast_went = ''
    WHERE id = NEW.id;
END;

-- A version that moves is the trigger above's to clear; any other write must leave a forecast that belongs.
CREATE TRIGGER prisoner_forecast_of_known_verdict BEFORE UPDATE ON prisoner
FOR EACH ROW WHEN NEW.change_version IS OLD.change_version
    AND CASE WHEN NEW.forecast_at IS NULL
             THEN NEW.forecast_status IS NOT NULL OR NEW.forecast_came <> '' OR NEW.forecast_went <> ''
             ELSE NEW.danger_status = 'Unknown' OR NEW.forecast_status IS NULL OR NEW.forecast_status = NEW.danger_status END
BEGIN
    SELECT RAISE(ABORT, 'prisoner_forecast_of_known_verdict: a forecast may only stand beside the known verdict it changes');
END;

CREATE TRIGGER prisoner_forecast_of_known_verdict_on_insert BEFORE INSERT ON prisoner
FOR EACH ROW WHEN CASE WHEN NEW.forecast_at IS NULL
                       THEN NEW.forecast_status IS NOT NULL OR NEW.forecast_came <> '' OR NEW.forecast_went <> ''
                       ELSE NEW.danger_status = 'Unknown' OR NEW.forecast_status IS NULL OR NEW.forecast_status = NEW.danger_status END
BEGIN
    SELECT RAISE(ABORT, 'prisoner_forecast_of_known_verdict: a forecast may only stand beside the known verdict it changes');
END;

CREATE INDEX prisoner_forecast_at ON prisoner (forecast_at, number) WHERE forecast_at IS NOT NULL;
