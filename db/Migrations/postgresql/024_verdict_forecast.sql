-- Each verdict carries its forecast: the first instant, within the worker's horizon, at which the passing of time alone
-- changes its status (forecast_at), the status it becomes (forecast_status), and the rules that come and go then with
-- their facts (JSON, as danger_facts). The verdict write stores it in the same guarded statement as the verdict, and
-- the database holds it to the verdict's promise:
-- - a change of version clears it with the verdict (the BEFORE trigger of migration 011, now clearing it too);
-- - a CHECK refuses a forecast beside Unknown, half a forecast, or one that would not change the status.
-- Its rule set is the verdict's (rule_set, written in the same statement): reads show it only for the rule set in force.

ALTER TABLE prisoner
    ADD COLUMN forecast_at timestamptz NULL,
    ADD COLUMN forecast_status varchar(16) NULL,
    ADD COLUMN forecast_came text NOT NULL DEFAULT '',
    ADD COLUMN forecast_went text NOT NULL DEFAULT '';

ALTER TABLE prisoner ADD CONSTRAINT prisoner_forecast_of_known_verdict
    CHECK (CASE WHEN forecast_at IS NULL
                THEN forecast_status IS NULL AND forecast_came = '' AND forecast_went = ''
                ELSE danger_status <> 'Unknown' AND forecast_status IS NOT NULL AND forecast_status <> danger_status END);

CREATE OR REPLACE FUNCTION prisoner_change_clears_verdict() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.danger_status := 'Unknown';
    NEW.danger_reasons := '';
    NEW.danger_facts := '';
    NEW.forecast_at := NULL;
    NEW.forecast_status := NULL;
    NEW.forecast_came := '';
    NEW.forecast_went := '';
    RETURN NEW;
END
$$;

DROP TRIGGER prisoner_change_clears_verdict ON prisoner;
CREATE TRIGGER prisoner_change_clears_verdict BEFORE UPDATE ON prisoner
    FOR EACH ROW WHEN (NEW.change_version IS DISTINCT FROM OLD.change_version
                       AND (NEW.danger_status <> 'Unknown' OR NEW.danger_reasons <> '' OR NEW.danger_facts <> ''
                            OR NEW.forecast_at IS NOT NULL))
    EXECUTE FUNCTION prisoner_change_clears_verdict();

-- "Coming up": a prison's forecasts in the order of their instants, and the count of those within a few days, walk
-- this index from the earliest and look up each prisoner's current stay.
CREATE INDEX prisoner_forecast_at ON prisoner (forecast_at, number) WHERE forecast_at IS NOT NULL;
