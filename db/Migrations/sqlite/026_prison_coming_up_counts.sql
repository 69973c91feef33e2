-- "Coming up" counted at write time (see the PostgreSQL script of this migration): how many of a prison's current
-- prisoners have a stored forecast at each instant, per rule set, so that the dashboard sums a few rows instead of
-- counting forecasts at every read. SQLite keeps stripe 0 only, as for the counts, and a row that comes down to zero
-- is deleted. A prisoner whose forecast moved also moves its prison's dashboard stamp, as on PostgreSQL.
CREATE TABLE prison_coming_up (
    prison_id INTEGER NOT NULL REFERENCES prison (id) ON DELETE CASCADE,
    rule_set TEXT NOT NULL,
    forecast_at TEXT NOT NULL,
    stripe INTEGER NOT NULL,
    prisoners INTEGER NOT NULL,
    CONSTRAINT prison_coming_up_pkey PRIMARY KEY (prison_id, rule_set, forecast_at, stripe)
);

-- A forecast that moved: out of the old instant's row, into the new one's, at the current stay's prison. The WHERE
-- clause before ON CONFLICT is required: without one, SQLite would read ON as a join's.
CREATE TRIGGER prison_coming_up_on_prisoner_update AFTER UPDATE OF forecast_at, rule_set ON prisoner
FOR EACH ROW WHEN (OLD.forecast_at IS NOT NEW.forecast_at OR OLD.rule_set IS NOT NEW.rule_set)
    AND (OLD.forecast_at IS NOT NULL OR NEW.forecast_at IS NOT NULL)
BEGIN
    INSERT INTO prison_status_count (prison_id, stripe, changes)
    SELECT prison_id, 0, 1 FROM imprisonment WHERE prisoner_id = NEW.id AND left_on IS NULL AND struck_at IS NULL
    ON CONFLICT (prison_id, stripe) DO UPDATE SET changes = changes + 1;
    INSERT INTO prison_coming_up (prison_id, rule_set, forecast_at, stripe, prisoners)
    SELECT prison_id, OLD.rule_set, OLD.forecast_at, 0, -1
    FROM imprisonment WHERE prisoner_id = OLD.id AND left_on IS NULL AND struck_at IS NULL
        AND OLD.forecast_at IS NOT NULL AND OLD.rule_set IS NOT NULL
    ON CONFLICT (prison_id, rule_set, forecast_at, stripe) DO UPDATE SET prisoners = prisoners + excluded.prisoners;
    INSERT INTO prison_coming_up (prison_id, rule_set, forecast_at, stripe, prisoners)
    SELECT prison_id, NEW.rule_set, NEW.forecast_at, 0, 1
    FROM imprisonment WHERE prisoner_id = NEW.id AND left_on IS NULL AND struck_at IS NULL
        AND NEW.forecast_at IS NOT NULL AND NEW.rule_set IS NOT NULL
    ON CONFLICT (prison_id, rule_set, forecast_at, stripe) DO UPDATE SET prisoners = prisoners + excluded.prisoners;
    DELETE FROM prison_coming_up WHERE prisoners = 0
        AND prison_id IN (SELECT prison_id FROM imprisonment WHERE prisoner_id = NEW.id AND left_on IS NULL AND struck_at IS NULL);
END;

CREATE TRIGGER prison_coming_up_on_stay_insert AFTER INSERT ON imprisonment
FOR EACH ROW WHEN NEW.left_on IS NULL AND NEW.struck_at IS NULL
BEGIN
    INSERT INTO prison_coming_up (prison_id, rule_set, forecast_at, stripe, prisoners)
    SELECT NEW.prison_id, rule_set, forecast_at, 0, 1
    FROM prisoner WHERE id = NEW.prisoner_id AND forecast_at IS NOT NULL AND rule_set IS NOT NULL
    ON CONFLICT (prison_id, rule_set, forecast_at, stripe) DO UPDATE SET prisoners = prisoners + excluded.prisoners;
END;

CREATE TRIGGER prison_coming_up_on_stay_update AFTER UPDATE OF prisoner_id, prison_id, left_on, struck_at ON imprisonment
FOR EACH ROW WHEN OLD.prisoner_id IS NOT NEW.prisoner_id OR OLD.prison_id IS NOT NEW.prison_id
    OR (OLD.left_on IS NULL AND OLD.struck_at IS NULL) <> (NEW.left_on IS NULL AND NEW.struck_at IS NULL)
BEGIN
    INSERT INTO prison_coming_up (prison_id, rule_set, forecast_at, stripe, prisoners)
    SELECT OLD.prison_id, rule_set, forecast_at, 0, -1
    FROM prisoner WHERE id = OLD.prisoner_id AND OLD.left_on IS NULL AND OLD.struck_at IS NULL
        AND forecast_at IS NOT NULL AND rule_set IS NOT NULL
    ON CONFLICT (prison_id, rule_set, forecast_at, stripe) DO UPDATE SET prisoners = prisoners + excluded.prisoners;
    INSERT INTO prison_coming_up (prison_id, rule_set, forecast_at, stripe, prisoners)
    SELECT NEW.prison_id, rule_set, forecast_at, 0, 1
    FROM prisoner WHERE id = NEW.prisoner_id AND NEW.left_on IS NULL AND NEW.struck_at IS NULL
        AND forecast_at IS NOT NULL AND rule_set IS NOT NULL
    ON CONFLICT (prison_id, rule_set, forecast_at, stripe) DO UPDATE SET prisoners = prisoners + excluded.prisoners;
    DELETE FROM prison_coming_up WHERE prisoners = 0 AND prison_id IN (OLD.prison_id, NEW.prison_id);
END;

CREATE TRIGGER prison_coming_up_on_stay_delete AFTER DELETE ON imprisonment
FOR EACH ROW WHEN OLD.left_on IS NULL AND OLD.struck_at IS NULL
BEGIN
    INSERT INTO prison_coming_up (prison_id, rule_set, forecast_at, stripe, prisoners)
    SELECT OLD.prison_id, rule_set, forecast_at, 0, -1
    FROM prisoner WHERE id = OLD.prisoner_id AND forecast_at IS NOT NULL AND rule_set IS NOT NULL
    ON CONFLICT (prison_id, rule_set, forecast_at, stripe) DO UPDATE SET prisoners = prisoners + excluded.prisoners;
    DELETE FROM prison_coming_up WHERE prisoners = 0 AND prison_id = OLD.prison_id;
END;

-- Before the prisoner goes: its stays go after it (ON DELETE CASCADE), when its forecast can no longer be read.
CREATE TRIGGER prison_coming_up_on_prisoner_delete BEFORE DELETE ON prisoner
FOR EACH ROW WHEN OLD.forecast_at IS NOT NULL AND OLD.rule_set IS NOT NULL
BEGIN
    INSERT INTO prison_coming_up (prison_id, rule_set, forecast_at, stripe, prisoners)
    SELECT prison_id, OLD.rule_set, OLD.forecast_at, 0, -1
    FROM imprisonment WHERE prisoner_id = OLD.id AND left_on IS NULL AND struck_at IS NULL
    ON CONFLICT (prison_id, rule_set, forecast_at, stripe) DO UPDATE SET prisoners = prisoners + excluded.prisoners;
    DELETE FROM prison_coming_up WHERE prisoners = 0
        AND prison_id IN (SELECT prison_id FROM imprisonment WHERE prisoner_id = OLD.id AND left_on IS NULL AND struck_at IS NULL);
END;

-- The forecasts stored before this migration.
INSERT INTO prison_coming_up (prison_id, rule_set, forecast_at, stripe, prisoners)
SELECT s.prison_id, p.rule_set, p.forecast_at, 0, count(*)
FROM prisoner p
JOIN imprisonment s ON s.prisoner_id = p.id AND s.left_on IS NULL AND s.struck_at IS NULL
WHERE p.forecast_at IS NOT NULL AND p.rule_set IS NOT NULL
GROUP BY 1, 2, 3;
