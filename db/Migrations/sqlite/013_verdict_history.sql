-- The history of every prisoner's verdict: each change of the KNOWN verdict (from, to, the rules that came and
-- went), when, at which prison, and what caused it, written by triggers in the statement that stores the verdict,
-- whoever writes it. The design is the PostgreSQL script's (013_verdict_history.sql); SQLite differs in how:
-- - its BEFORE triggers cannot change the row, so the known verdict (known_status, known_reasons) follows the stored
--   one through an AFTER trigger's update, and a writer that names it otherwise is refused;
-- - it has no statement triggers, so the history row is written by a row trigger when the known verdict moves.
-- Ids are TEXT (EF Core's upper-case spelling), instants TEXT in UTC.

ALTER TABLE prisoner ADD COLUMN known_status TEXT NULL;
ALTER TABLE prisoner ADD COLUMN known_reasons TEXT NULL;
ALTER TABLE prisoner ADD COLUMN verdict_cause TEXT NULL;
ALTER TABLE prisoner ADD COLUMN verdict_cause_detail TEXT NULL;

-- from_status is the previous known verdict, NULL for a first verdict. reasons are the codes of the new verdict;
-- came and went the codes it gained and lost (all three separated by spaces).
CREATE TABLE verdict_change (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    prison_id INTEGER NULL,
    at TEXT NOT NULL,
    from_status TEXT NULL CHECK (from_status IN ('NotDangerous', 'Dangerous')),
    to_status TEXT NOT NULL CHECK (to_status IN ('NotDangerous', 'Dangerous')),
    reasons TEXT NOT NULL,
    came TEXT NOT NULL,
    went TEXT NOT NULL,
    cause TEXT NOT NULL CHECK (cause IN ('RecordedEntry', 'WindowClosed', 'RuleSetChanged', 'Import', 'Other', 'HistoryBegan')),
    cause_detail TEXT NULL,
    change_version INTEGER NOT NULL,
    rule_set TEXT NULL
);

CREATE INDEX verdict_change_by_prisoner ON verdict_change (prisoner_id, at DESC, id DESC);
CREATE INDEX verdict_change_became_dangerous ON verdict_change (prison_id, at DESC, id DESC)
    WHERE to_status = 'Dangerous' AND (from_status IS NULL OR from_status <> 'Dangerous') AND cause <> 'HistoryBegan';
CREATE INDEX verdict_change_no_longer_dangerous ON verdict_change (prison_id, at DESC, id DESC)
    WHERE from_status = 'Dangerous' AND to_status = 'NotDangerous';

-- The verdicts known before this migration: each prisoner's history begins with its verdict as it stands.
UPDATE prisoner SET known_status = danger_status, known_reasons = danger_reasons WHERE danger_status <> 'Unknown';
INSERT INTO verdict_change (prisoner_id, prison_id, at, from_status, to_status, reasons, came, went, cause, change_version, rule_set)
SELECT p.id,
       (SELECT i.prison_id FROM imprisonment i
        WHERE i.prisoner_id = p.id AND i.left_on IS NULL AND i.struck_at IS NULL ORDER BY i.arrival_date DESC LIMIT 1),
       coalesce(p.evaluated_at, strftime('%Y-%m-%d %H:%M:%f', 'now')), NULL, p.known_status, p.known_reasons, p.known_reasons, '',
       'HistoryBegan', p.change_version, p.rule_set
FROM prisoner p WHERE p.known_status IS NOT NULL;

-- Only the database moves the known verdict: to the stored verdict, when that is known.
CREATE TRIGGER prisoner_known_verdict_kept BEFORE UPDATE OF known_status, known_reasons ON prisoner
FOR EACH ROW WHEN (NEW.known_status IS NOT OLD.known_status OR NEW.known_reasons IS NOT OLD.known_reasons)
    AND NOT (NEW.danger_status <> 'Unknown' AND NEW.known_status IS NEW.danger_status AND NEW.known_reasons IS NEW.danger_reasons)
BEGIN
    SELECT RAISE(ABORT, 'prisoner_known_verdict_kept: the known verdict follows the stored verdict and nothing else');
END;

CREATE TRIGGER prisoner_known_verdict_kept_on_insert BEFORE INSERT ON prisoner
FOR EACH ROW WHEN (NEW.known_status IS NOT NULL OR NEW.known_reasons IS NOT NULL)
    AND NOT (NEW.danger_status <> 'Unknown' AND NEW.known_status IS NEW.danger_status AND NEW.known_reasons IS NEW.danger_reasons)
BEGIN
    SELECT RAISE(ABORT, 'prisoner_known_verdict_kept: the known verdict follows the stored verdict and nothing else');
END;

-- Whatever stored a known verdict unlike the last known one, the known verdict follows it (the update below then
-- writes the history row, through the trigger after it). The WHEN compares the row with itself, so that update, which
-- makes them equal, does not fire this trigger again.
CREATE TRIGGER prisoner_known_verdict_follows AFTER UPDATE ON prisoner
FOR EACH ROW WHEN NEW.danger_status <> 'Unknown'
    AND (NEW.known_status IS NOT NEW.danger_status OR NEW.known_reasons IS NOT NEW.danger_reasons)
BEGIN
    UPDATE prisoner SET known_status = NEW.danger_status, known_reasons = NEW.danger_reasons WHERE id = NEW.id;
END;

CREATE TRIGGER prisoner_known_verdict_follows_on_insert AFTER INSERT ON prisoner
FOR EACH ROW WHEN NEW.danger_status <> 'Unknown'
    AND (NEW.known_status IS NOT NEW.danger_status OR NEW.known_reasons IS NOT NEW.danger_reasons)
BEGIN
    UPDATE prisoner SET known_status = NEW.danger_status, known_reasons = NEW.danger_reasons WHERE id = NEW.id;
END;

-- One history row each time the known verdict moves. Codes are split as a JSON array, as migration 007 does (a
-- trigger body cannot use a WITH clause; codes are class names, with nothing to escape).
CREATE TRIGGER verdict_change_on_known_verdict AFTER UPDATE OF known_status, known_reasons ON prisoner
FOR EACH ROW WHEN NEW.known_status IS NOT NULL
    AND (NEW.known_status IS NOT OLD.known_status OR NEW.known_reasons IS NOT OLD.known_reasons)
BEGIN
    INSERT INTO verdict_change (prisoner_id, prison_id, at, from_status, to_status, reasons, came, went, cause, cause_detail, change_version, rule_set)
    VALUES (
        NEW.id,
        (SELECT i.prison_id FROM imprisonment i
         WHERE i.prisoner_id = NEW.id AND i.left_on IS NULL AND i.struck_at IS NULL ORDER BY i.arrival_date DESC LIMIT 1),
        coalesce(NEW.evaluated_at, strftime('%Y-%m-%d %H:%M:%f', 'now')),
        OLD.known_status, NEW.known_status, NEW.known_reasons,
        (SELECT coalesce(group_concat(n.value, ' '), '')
         FROM json_each('["' || replace(trim(NEW.known_reasons), ' ', '","') || '"]') n
         WHERE n.value <> ''
           AND n.value NOT IN (SELECT o.value FROM json_each('["' || replace(trim(coalesce(OLD.known_reasons, '')), ' ', '","') || '"]') o)),
        (SELECT coalesce(group_concat(o.value, ' '), '')
         FROM json_each('["' || replace(trim(coalesce(OLD.known_reasons, '')), ' ', '","') || '"]') o
         WHERE o.value <> ''
           AND o.value NOT IN (SELECT n.value FROM json_each('["' || replace(trim(NEW.known_reasons), ' ', '","') || '"]') n)),
        coalesce(NEW.verdict_cause, 'Other'), NEW.verdict_cause_detail, NEW.change_version, NEW.rule_set);
END;

CREATE TRIGGER verdict_change_on_known_verdict_insert AFTER INSERT ON prisoner
FOR EACH ROW WHEN NEW.known_status IS NOT NULL
BEGIN
    INSERT INTO verdict_change (prisoner_id, prison_id, at, from_status, to_status, reasons, came, went, cause, cause_detail, change_version, rule_set)
    VALUES (
        NEW.id,
        (SELECT i.prison_id FROM imprisonment i
         WHERE i.prisoner_id = NEW.id AND i.left_on IS NULL AND i.struck_at IS NULL ORDER BY i.arrival_date DESC LIMIT 1),
        coalesce(NEW.evaluated_at, strftime('%Y-%m-%d %H:%M:%f', 'now')),
        NULL, NEW.known_status, NEW.known_reasons,
        (SELECT coalesce(group_concat(n.value, ' '), '')
         FROM json_each('["' || replace(trim(NEW.known_reasons), ' ', '","') || '"]') n WHERE n.value <> ''),
        '', coalesce(NEW.verdict_cause, 'Other'), NEW.verdict_cause_detail, NEW.change_version, NEW.rule_set);
END;
