-- A prison's "Coming up" page in its own order (see the PostgreSQL script of this migration): each current prisoner
-- with a stored forecast, keyed by its prison and the forecast's instant, derived again whole by triggers whenever the
-- prisoner's forecast or number or its current stay moves. SQLite runs one writer at a time.
CREATE TABLE prison_forecast (
    prisoner_id TEXT NOT NULL PRIMARY KEY REFERENCES prisoner (id) ON DELETE CASCADE,
    prison_id INTEGER NOT NULL REFERENCES prison (id) ON DELETE CASCADE,
    forecast_at TEXT NOT NULL,
    number TEXT NOT NULL
);

CREATE INDEX prison_forecast_by_instant ON prison_forecast (prison_id, forecast_at, number);

CREATE TRIGGER prison_forecast_on_prisoner_update AFTER UPDATE OF forecast_at, number ON prisoner
FOR EACH ROW WHEN OLD.forecast_at IS NOT NEW.forecast_at OR OLD.number IS NOT NEW.number
BEGIN
    DELETE FROM prison_forecast WHERE prisoner_id = NEW.id;
    INSERT INTO prison_forecast (prisoner_id, prison_id, forecast_at, number)
    SELECT NEW.id, prison_id, NEW.forecast_at, NEW.number
    FROM imprisonment WHERE prisoner_id = NEW.id AND left_on IS NULL AND struck_at IS NULL AND NEW.forecast_at IS NOT NULL;
END;

CREATE TRIGGER prison_forecast_on_stay_insert AFTER INSERT ON imprisonment
FOR EACH ROW WHEN NEW.left_on IS NULL AND NEW.struck_at IS NULL
BEGIN
    DELETE FROM prison_forecast WHERE prisoner_id = NEW.prisoner_id;
    INSERT INTO prison_forecast (prisoner_id, prison_id, forecast_at, number)
    SELECT id, NEW.prison_id, forecast_at, number FROM prisoner WHERE id = NEW.prisoner_id AND forecast_at IS NOT NULL;
END;

CREATE TRIGGER prison_forecast_on_stay_update AFTER UPDATE OF prisoner_id, prison_id, left_on, struck_at ON imprisonment
FOR EACH ROW WHEN OLD.prisoner_id IS NOT NEW.prisoner_id OR OLD.prison_id IS NOT NEW.prison_id
    OR (OLD.left_on IS NULL AND OLD.struck_at IS NULL) <> (NEW.left_on IS NULL AND NEW.struck_at IS NULL)
BEGIN
    DELETE FROM prison_forecast WHERE prisoner_id IN (OLD.prisoner_id, NEW.prisoner_id);
    INSERT INTO prison_forecast (prisoner_id, prison_id, forecast_at, number)
    SELECT p.id, s.prison_id, p.forecast_at, p.number
    FROM prisoner p JOIN imprisonment s ON s.prisoner_id = p.id AND s.left_on IS NULL AND s.struck_at IS NULL
    WHERE p.id IN (OLD.prisoner_id, NEW.prisoner_id) AND p.forecast_at IS NOT NULL;
END;

CREATE TRIGGER prison_forecast_on_stay_delete AFTER DELETE ON imprisonment
FOR EACH ROW WHEN OLD.left_on IS NULL AND OLD.struck_at IS NULL
BEGIN
    DELETE FROM prison_forecast WHERE prisoner_id = OLD.prisoner_id;
END;

-- The forecasts stored before this migration.
INSERT INTO prison_forecast (prisoner_id, prison_id, forecast_at, number)
SELECT p.id, s.prison_id, p.forecast_at, p.number
FROM prisoner p
JOIN imprisonment s ON s.prisoner_id = p.id AND s.left_on IS NULL AND s.struck_at IS NULL
WHERE p.forecast_at IS NOT NULL;
