-- Each prison's Dangerous count day by day (the headquarters overview's chart), kept at write time by the triggers
-- that keep prison_status_count (migration 009), in the same trigger bodies, from the same deltas.
--
-- What is kept: the net change of a prison's Dangerous count on a day (SQLite keeps stripe 0 only, as for the
-- counts). The count at the end of day D is the prison's kept count now minus the changes of the days after D; a day
-- without a row changed nothing. Which day: the UTC day of the database's clock when the statement ran (SQLite has no
-- zone database; the page names each day's end in the prison's zone). prison_dangerous_day_kept says from which day
-- the figures are exact (the days before this migration were never kept).
CREATE TABLE prison_dangerous_day (
    prison_id INTEGER NOT NULL REFERENCES prison (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    stripe INTEGER NOT NULL,
    dangerous_change INTEGER NOT NULL,
    CONSTRAINT prison_dangerous_day_pkey PRIMARY KEY (prison_id, day, stripe)
);

CREATE TABLE prison_dangerous_day_kept (
    id INTEGER NOT NULL CHECK (id = 1),
    since TEXT NOT NULL,
    CONSTRAINT prison_dangerous_day_kept_pkey PRIMARY KEY (id)
);

INSERT INTO prison_dangerous_day_kept (id, since) VALUES (1, date('now'));

-- Migration 009's triggers again, each with the Dangerous delta of its change added to today's row. The WHERE clause
-- before ON CONFLICT is required: without one, SQLite would read ON as a join's.
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
    SELECT prison_id, date('now'), 0, (NEW.danger_status = 'Dangerous') - (OLD.danger_status = 'Dangerous')
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
    SELECT NEW.prison_id, date('now'), 0, 1
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
    SELECT OLD.prison_id, date('now'), 0, -1
    FROM prisoner WHERE id = OLD.prisoner_id AND OLD.left_on IS NULL AND OLD.struck_at IS NULL AND danger_status = 'Dangerous'
    ON CONFLICT (prison_id, day, stripe) DO UPDATE SET dangerous_change = dangerous_change + excluded.dangerous_change;
    INSERT INTO prison_status_count (prison_id, stripe, dangerous, not_dangerous, unknown)
    SELECT NEW.prison_id, 0, danger_status = 'Dangerous', danger_status = 'NotDangerous', danger_status = 'Unknown'
    FROM prisoner WHERE id = NEW.prisoner_id AND NEW.left_on IS NULL AND NEW.struck_at IS NULL
    ON CONFLICT (prison_id, stripe) DO UPDATE
    SET dangerous = dangerous + excluded.dangerous, not_dangerous = not_dangerous + excluded.not_dangerous,
        unknown = unknown + excluded.unknown;
    INSERT INTO prison_dangerous_day (prison_id, day, stripe, dangerous_change)
    SELECT NEW.prison_id, date('now'), 0, 1
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
