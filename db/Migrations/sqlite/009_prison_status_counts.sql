-- How many of each prison's current prisoners stand at each danger status, kept by triggers in the transaction of
-- every write, so the dashboard reads a row instead of counting every current stay of the prison. A current stay is
-- one with left_on and struck_at null. PostgreSQL spreads a prison over 16 stripes so that concurrent writers rarely
-- wait on one row; SQLite has one writer at a time, so it keeps stripe 0 only. The read sums the stripes either way.
-- The foreign key takes a prison's counts away with the prison.
CREATE TABLE prison_status_count (
    prison_id INTEGER NOT NULL REFERENCES prison (id) ON DELETE CASCADE,
    stripe INTEGER NOT NULL,
    dangerous INTEGER NOT NULL DEFAULT 0,
    not_dangerous INTEGER NOT NULL DEFAULT 0,
    unknown INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (prison_id, stripe)
);

-- A prisoner's change of status moves its current stay, if it has one, from the old status to the new (the verdict
-- write changes many prisoners in one statement: these triggers run once per row). Comparisons are 0 or 1 in SQLite.
-- The WHERE clause before ON CONFLICT is required: without one, SQLite would read ON as a join's.
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
END;

-- Stays that start (+1) or stop (-1) being current count at their prisoner's status. A stay deleted with its
-- prisoner (ON DELETE CASCADE, which runs once the prisoner row is gone) finds no prisoner here: the prisoner's
-- BEFORE DELETE trigger has already taken it out.
CREATE TRIGGER prison_status_count_on_stay_insert AFTER INSERT ON imprisonment
FOR EACH ROW WHEN NEW.left_on IS NULL AND NEW.struck_at IS NULL
BEGIN
    INSERT INTO prison_status_count (prison_id, stripe, dangerous, not_dangerous, unknown)
    SELECT NEW.prison_id, 0, danger_status = 'Dangerous', danger_status = 'NotDangerous', danger_status = 'Unknown'
    FROM prisoner WHERE id = NEW.prisoner_id
    ON CONFLICT (prison_id, stripe) DO UPDATE
    SET dangerous = dangerous + excluded.dangerous, not_dangerous = not_dangerous + excluded.not_dangerous,
        unknown = unknown + excluded.unknown;
END;

-- Only the columns that decide whether and where a stay counts: a new sentence moves nothing.
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
    INSERT INTO prison_status_count (prison_id, stripe, dangerous, not_dangerous, unknown)
    SELECT NEW.prison_id, 0, danger_status = 'Dangerous', danger_status = 'NotDangerous', danger_status = 'Unknown'
    FROM prisoner WHERE id = NEW.prisoner_id AND NEW.left_on IS NULL AND NEW.struck_at IS NULL
    ON CONFLICT (prison_id, stripe) DO UPDATE
    SET dangerous = dangerous + excluded.dangerous, not_dangerous = not_dangerous + excluded.not_dangerous,
        unknown = unknown + excluded.unknown;
END;

CREATE TRIGGER prison_status_count_on_stay_delete AFTER DELETE ON imprisonment
FOR EACH ROW WHEN OLD.left_on IS NULL AND OLD.struck_at IS NULL
BEGIN
    INSERT INTO prison_status_count (prison_id, stripe, dangerous, not_dangerous, unknown)
    SELECT OLD.prison_id, 0, -(danger_status = 'Dangerous'), -(danger_status = 'NotDangerous'), -(danger_status = 'Unknown')
    FROM prisoner WHERE id = OLD.prisoner_id
    ON CONFLICT (prison_id, stripe) DO UPDATE
    SET dangerous = dangerous + excluded.dangerous, not_dangerous = not_dangerous + excluded.not_dangerous,
        unknown = unknown + excluded.unknown;
END;

-- A deleted prisoner's stays go with it, after the prisoner row, when its status can no longer be read: so its
-- current stay is taken out here, before, at the status it has.
CREATE TRIGGER prison_status_count_on_prisoner_delete BEFORE DELETE ON prisoner
FOR EACH ROW
BEGIN
    INSERT INTO prison_status_count (prison_id, stripe, dangerous, not_dangerous, unknown)
    SELECT prison_id, 0, -(OLD.danger_status = 'Dangerous'), -(OLD.danger_status = 'NotDangerous'), -(OLD.danger_status = 'Unknown')
    FROM imprisonment WHERE prisoner_id = OLD.id AND left_on IS NULL AND struck_at IS NULL
    ON CONFLICT (prison_id, stripe) DO UPDATE
    SET dangerous = dangerous + excluded.dangerous, not_dangerous = not_dangerous + excluded.not_dangerous,
        unknown = unknown + excluded.unknown;
END;

-- The stays and statuses stored before this migration (an embedded database is migrated in place).
INSERT INTO prison_status_count (prison_id, stripe, dangerous, not_dangerous, unknown)
SELECT s.prison_id, 0,
       sum(p.danger_status = 'Dangerous'), sum(p.danger_status = 'NotDangerous'), sum(p.danger_status = 'Unknown')
FROM imprisonment s
JOIN prisoner p ON p.id = s.prisoner_id
WHERE s.left_on IS NULL AND s.struck_at IS NULL
GROUP BY s.prison_id;
