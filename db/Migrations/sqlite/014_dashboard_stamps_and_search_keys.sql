-- What keeps an open dashboard true (a stamp per prison that moves with every change of what its dashboard shows)
-- and what puts every prisoner within reach (search keys by number and name, prefix and accent-insensitive).

-- 1. The dashboard's stamp: the changes a prison's counts row has seen (SQLite keeps one row a prison, stripe 0). It
-- grows by one in the transaction of every write that changes a row the dashboard shows or a count; the read sums the
-- stripes as PostgreSQL's does. SQLite has one writer at a time, so these triggers sit beside migration 009's rather
-- than inside them.
ALTER TABLE prison_status_count ADD COLUMN changes INTEGER NOT NULL DEFAULT 0;

-- A prisoner whose row on the dashboard changes: its status, the reasons or rule set of its verdict, its name, number
-- or legal status. A re-evaluation that stores the verdict a prisoner had already touches nothing.
-- The WHERE clause before ON CONFLICT is required: without one, SQLite would read ON as a join's.
CREATE TRIGGER prison_stamp_on_prisoner_update AFTER UPDATE OF danger_status, danger_reasons, rule_set, name, number, legal_status ON prisoner
FOR EACH ROW WHEN OLD.danger_status IS NOT NEW.danger_status OR OLD.danger_reasons IS NOT NEW.danger_reasons
    OR OLD.rule_set IS NOT NEW.rule_set OR OLD.name IS NOT NEW.name OR OLD.number IS NOT NEW.number
    OR OLD.legal_status IS NOT NEW.legal_status
BEGIN
    INSERT INTO prison_status_count (prison_id, stripe, changes)
    SELECT prison_id, 0, 1 FROM imprisonment WHERE prisoner_id = NEW.id AND left_on IS NULL AND struck_at IS NULL
    ON CONFLICT (prison_id, stripe) DO UPDATE SET changes = changes + 1;
END;

-- A stay that starts or stops being current: an arrival, a release, a transfer out and in, a stay struck out.
CREATE TRIGGER prison_stamp_on_stay_insert AFTER INSERT ON imprisonment
FOR EACH ROW WHEN NEW.left_on IS NULL AND NEW.struck_at IS NULL
BEGIN
    INSERT INTO prison_status_count (prison_id, stripe, changes) VALUES (NEW.prison_id, 0, 1)
    ON CONFLICT (prison_id, stripe) DO UPDATE SET changes = changes + 1;
END;

CREATE TRIGGER prison_stamp_on_stay_update AFTER UPDATE OF prisoner_id, prison_id, left_on, struck_at ON imprisonment
FOR EACH ROW WHEN OLD.prisoner_id IS NOT NEW.prisoner_id OR OLD.prison_id IS NOT NEW.prison_id
    OR (OLD.left_on IS NULL AND OLD.struck_at IS NULL) <> (NEW.left_on IS NULL AND NEW.struck_at IS NULL)
BEGIN
    INSERT INTO prison_status_count (prison_id, stripe, changes)
    SELECT OLD.prison_id, 0, 1 WHERE OLD.left_on IS NULL AND OLD.struck_at IS NULL
    ON CONFLICT (prison_id, stripe) DO UPDATE SET changes = changes + 1;
    INSERT INTO prison_status_count (prison_id, stripe, changes)
    SELECT NEW.prison_id, 0, 1 WHERE NEW.left_on IS NULL AND NEW.struck_at IS NULL
    ON CONFLICT (prison_id, stripe) DO UPDATE SET changes = changes + 1;
END;

CREATE TRIGGER prison_stamp_on_stay_delete AFTER DELETE ON imprisonment
FOR EACH ROW WHEN OLD.left_on IS NULL AND OLD.struck_at IS NULL
BEGIN
    INSERT INTO prison_status_count (prison_id, stripe, changes)
    SELECT OLD.prison_id, 0, 1 WHERE EXISTS (SELECT 1 FROM prison WHERE id = OLD.prison_id)
    ON CONFLICT (prison_id, stripe) DO UPDATE SET changes = changes + 1;
END;

-- 2. Search keys: a prisoner's number and name as staff may type them, lower-cased, without accents, punctuation as
-- spaces (db/Search/SearchKey.cs: SQLite has no Unicode normalisation of its own), written by the save path whenever
-- a prisoner is added or renamed. The name twice: as written (a prefix of the first name) and from the last word (a
-- prefix of the last name). TEXT compares as bytes (BINARY), so a prefix is a range of each index.
CREATE TABLE prisoner_search_key (
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    number_key TEXT NOT NULL,
    name_key TEXT NOT NULL,
    surname_key TEXT NOT NULL,
    CONSTRAINT prisoner_search_key_pkey PRIMARY KEY (prisoner_id)
);

CREATE INDEX prisoner_search_by_number ON prisoner_search_key (number_key);
CREATE INDEX prisoner_search_by_name ON prisoner_search_key (name_key);
CREATE INDEX prisoner_search_by_surname ON prisoner_search_key (surname_key);

-- The prisoners stored before this migration get their keys from the process that migrates, once the scripts have run
-- (PrisonerSearchKeys.AddMissingSearchKeysAsync): the normalisation is .NET's.
