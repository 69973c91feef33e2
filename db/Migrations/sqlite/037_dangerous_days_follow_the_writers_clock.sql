-- The day a change of a prison's Dangerous count is kept for (prison_dangerous_day, migration 025) becomes the day of
-- the instant its writer stamped, rather than the day of the database's clock: a record change's changed_at, a verdict's
-- evaluated_at (the verdict history takes its instant from the same column), and a stay's new changed_at, which the
-- save of a record change stamps with the same instant as the prisoner's. The product reads the time from one clock
-- (its TimeProvider), so its figures, history and forecasts agree on the day, and a clock moved through past days (the
-- demo's replay, a test) keeps each change on its day. A write that stamps nothing (an UPDATE by hand, a deletion)
-- still counts for the database's day. What is kept does not change: the rows still sum to the counts. Instants are
-- stored as UTC text, so their first ten characters are their UTC day.

ALTER TABLE imprisonment ADD COLUMN changed_at TEXT;

-- Migration 025's triggers again, each taking the day as above.
DROP TRIGGER prison_status_count_on_prisoner_update;
CREATE TRIGGER prison_status_count_on_prisoner_update AFTER UPDATE OF danger_status ON prisoner
FOR EACH ROW WHEN OLD.danger_status IS NOT NEW.danger_status
BEGIN
    INSERT INTO prison_status_count (prison_id, stripe, dangerous, not_dangerous, unknown)
    SELECT prison_id, 0,
           (NEW.danger_status = 'Dangerous') - (OLD.danger_status = 'Dangerous'),
           (NEW.danger_status = 'NotDangerous') - (OLD.danger_status = 'NotDangerous'),
           (NEW.danger_status = 'Unknown') - (OLD.danger_status = 'Unknown')
    FROM imprisonment WHERE prisoner_id = NEW.id AND left_on IS NULL AND struck_at IS NULL
    ON CONFLICT (prison_id, stripe) DO UPDATE
    SET dangerous = dangerous + excluded.dangerous, not_dangerous = not_dangerous + excluded.not_dangerous,
        unknown = unknown + excluded.unknown;
    INSERT INTO prison_dangerous_day (prison_id, day, stripe, dangerous_change)
    SELECT prison_id, CASE WHEN NEW.changed_at IS NOT OLD.changed_at THEN substr(NEW.changed_at, 1, 10) WHEN NEW.evaluated_at IS NOT OLD.evaluated_at AND NEW.evaluated_at IS NOT NULL THEN substr(NEW.evaluated_at, 1, 10) ELSE date('now') END, 0, (NEW.danger_status = 'Dangerous') - (OLD.danger_status = 'Dangerous')
    FROM imprisonment WHERE prisoner_id = NEW.id AND left_on IS NULL AND struck_at IS NULL
        AND (NEW.danger_status = 'Dangerous') <> (OLD.danger_status = 'Dangerous')
    ON CONFLICT (prison_id, day, stripe) DO UPDATE SET dangerous_change = dangerous_change + excluded.dangerous_change;
END;

DROP TRIGGER prison_status_count_on_stay_insert;
CREATE TRIGGER prison_status_count_on_stay_insert AFTER INSERT ON imprisonment
FOR EACH ROW WHEN NEW.left_on IS NULL AND NEW.struck_at IS NULL
BEGIN
    INSERT INTO prison_status_count (prison_id, stripe, dangerous, not_dangerous, unknown)
    SELECT NEW.prison_id, 0, danger_status = 'Dangerous', danger_status = 'NotDangerous', danger_status = 'Unknown'
    FROM prisoner WHERE id = NEW.prisoner_id
    ON CONFLICT (prison_id, stripe) DO UPDATE
    SET dangerous = dangerous + excluded.dangerous, not_dangerous = not_dangerous + excluded.not_dangerous,
        unknown = unknown + excluded.unknown;
    INSERT INTO prison_dangerous_day (prison_id, day, stripe, dangerous_change)
    SELECT NEW.prison_id, coalesce(substr(NEW.changed_at, 1, 10), date('now')), 0, 1
    FROM prisoner WHERE id = NEW.prisoner_id AND danger_status = 'Dangerous'
    ON CONFLICT (prison_id, day, stripe) DO UPDATE SET dangerous_change = dangerous_change + excluded.dangerous_change;
END;

DROP TRIGGER prison_status_count_on_stay_update;
CREATE TRIGGER prison_status_count_on_stay_update AFTER UPDATE OF prisoner_id, prison_id, left_on, struck_at ON imprisonment
FOR EACH ROW WHEN OLD.prisoner_id IS NOT NEW.prisoner_id OR OLD.prison_id IS NOT NEW.prison_id
    OR (OLD.left_on IS NULL AND OLD.struck_at IS NULL) <> (NEW.left_on IS NULL AND NEW.struck_at IS NULL)
BEGIN
    INSERT INTO prison_status_count (prison_id, stripe, dangerous, not_dangerous, unknown)
    SELECT OLD.prison_id, 0, -(danger_status = 'Dangerous'), -(danger_status = 'NotDangerous'), -(danger_status = 'Unknown')
    FROM prisoner WHERE id = OLD.prisoner_id AND OLD.left_on IS NULL AND OLD.struck_at IS NULL
    ON CONFLICT (prison_id, stripe) DO UPDATE
    SET dangerous = dangerous + excluded.dangerous, not_dangerous = not_dangerous + excluded.not_dangerous,
        unknown = unknown + excluded.unknown;
    INSERT INTO prison_dangerous_day (prison_id, day, stripe, dangerous_change)
    SELECT OLD.prison_id, CASE WHEN NEW.changed_at IS NOT OLD.changed_at AND NEW.changed_at IS NOT NULL THEN substr(NEW.changed_at, 1, 10) ELSE date('now') END, 0, -1
    FROM prisoner WHERE id = OLD.prisoner_id AND OLD.left_on IS NULL AND OLD.struck_at IS NULL AND danger_status = 'Dangerous'
    ON CONFLICT (prison_id, day, stripe) DO UPDATE SET dangerous_change = dangerous_change + excluded.dangerous_change;
    INSERT INTO prison_status_count (prison_id, stripe, dangerous, not_dangerous, unknown)
    SELECT NEW.prison_id, 0, danger_status = 'Dangerous', danger_status = 'NotDangerous', danger_status = 'Unknown'
    FROM prisoner WHERE id = NEW.prisoner_id AND NEW.left_on IS NULL AND NEW.struck_at IS NULL
    ON CONFLICT (prison_id, stripe) DO UPDATE
    SET dangerous = dangerous + excluded.dangerous, not_dangerous = not_dangerous + excluded.not_dangerous,
        unknown = unknown + excluded.unknown;
    INSERT INTO prison_dangerous_day (prison_id, day, stripe, dangerous_change)
    SELECT NEW.prison_id, CASE WHEN NEW.changed_at IS NOT OLD.changed_at AND NEW.changed_at IS NOT NULL THEN substr(NEW.changed_at, 1, 10) ELSE date('now') END, 0, 1
    FROM prisoner WHERE id = NEW.prisoner_id AND NEW.left_on IS NULL AND NEW.struck_at IS NULL AND danger_status = 'Dangerous'
    ON CONFLICT (prison_id, day, stripe) DO UPDATE SET dangerous_change = dangerous_change + excluded.dangerous_change;
END;

DROP TRIGGER prison_status_count_on_stay_delete;
CREATE TRIGGER prison_status_count_on_stay_delete AFTER DELETE ON imprisonment
FOR EACH ROW WHEN OLD.left_on IS NULL AND OLD.struck_at IS NULL
BEGIN
    INSERT INTO prison_status_count (prison_id, stripe, dangerous, not_dangerous, unknown)
    SELECT OLD.prison_id, 0, -(danger_status = 'Dangerous'), -(danger_status = 'NotDangerous'), -(danger_status = 'Unknown')
    FROM prisoner WHERE id = OLD.prisoner_id
    ON CONFLICT (prison_id, stripe) DO UPDATE
    SET dangerous = dangerous + excluded.dangerous, not_dangerous = not_dangerous + excluded.not_dangerous,
        unknown = unknown + excluded.unknown;
    INSERT INTO prison_dangerous_day (prison_id, day, stripe, dangerous_change)
    SELECT OLD.prison_id, date('now'), 0, -1
    FROM prisoner WHERE id = OLD.prisoner_id AND danger_status = 'Dangerous'
    ON CONFLICT (prison_id, day, stripe) DO UPDATE SET dangerous_change = dangerous_change + excluded.dangerous_change;
END;

DROP TRIGGER prison_status_count_on_prisoner_delete;
CREATE TRIGGER prison_status_count_on_prisoner_delete BEFORE DELETE ON prisoner
FOR EACH ROW
BEGIN
    INSERT INTO prison_status_count (prison_id, stripe, dangerous, not_dangerous, unknown)
    SELECT prison_id, 0, -(OLD.danger_status = 'Dangerous'), -(OLD.danger_status = 'NotDangerous'), -(OLD.danger_status = 'Unknown')
    FROM imprisonment WHERE prisoner_id = OLD.id AND left_on IS NULL AND struck_at IS NULL
    ON CONFLICT (prison_id, stripe) DO UPDATE
    SET dangerous = dangerous + excluded.dangerous, not_dangerous = not_dangerous + excluded.not_dangerous,
        unknown = unknown + excluded.unknown;
    INSERT INTO prison_dangerous_day (prison_id, day, stripe, dangerous_change)
    SELECT prison_id, date('now'), 0, -1
    FROM imprisonment WHERE prisoner_id = OLD.id AND left_on IS NULL AND struck_at IS NULL AND OLD.danger_status = 'Dangerous'
    ON CONFLICT (prison_id, day, stripe) DO UPDATE SET dangerous_change = dangerous_change + excluded.dangerous_change;
END;
