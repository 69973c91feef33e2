-- Rule settings as data, the rule set in force, and the fired rules of each stored verdict in a table that can be
-- counted per rule with an index.

-- An admin's choice for one rule; a rule without a row keeps the default (configuration key Rules:Disabled).
CREATE TABLE rule_setting (
    code TEXT NOT NULL PRIMARY KEY,
    enabled INTEGER NOT NULL,
    reason TEXT NOT NULL,
    changed_by TEXT NOT NULL,
    changed_at TEXT NOT NULL                    -- UTC
);

-- One row: the fingerprint of the rule set verdicts must be made with (the verdict write stores nothing else).
CREATE TABLE rule_set_in_force (
    id INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    rule_set TEXT NOT NULL,
    changed_at TEXT NOT NULL                    -- UTC
);

-- The codes of prisoner.danger_reasons, one row each, kept in step by the triggers below. SQLite has no arrays,
-- and a trigger body cannot use a WITH clause, so the space-separated codes are split as a JSON array (codes are
-- class names: no quotes or backslashes to escape).
CREATE TABLE verdict_rule (
    rule_code TEXT NOT NULL,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    PRIMARY KEY (rule_code, prisoner_id)
);
CREATE INDEX verdict_rule_prisoner ON verdict_rule (prisoner_id);

CREATE TRIGGER verdict_rule_on_insert AFTER INSERT ON prisoner
FOR EACH ROW WHEN NEW.danger_reasons <> ''
BEGIN
    INSERT OR IGNORE INTO verdict_rule (rule_code, prisoner_id)
    SELECT value, NEW.id FROM json_each('["' || replace(trim(NEW.danger_reasons), ' ', '","') || '"]') WHERE value <> '';
END;

CREATE TRIGGER verdict_rule_on_update AFTER UPDATE OF danger_reasons ON prisoner
FOR EACH ROW WHEN OLD.danger_reasons IS NOT NEW.danger_reasons
BEGIN
    DELETE FROM verdict_rule WHERE prisoner_id = OLD.id;
    INSERT OR IGNORE INTO verdict_rule (rule_code, prisoner_id)
    SELECT value, NEW.id FROM json_each('["' || replace(trim(NEW.danger_reasons), ' ', '","') || '"]') WHERE value <> '';
END;

-- Verdicts stored before this migration.
INSERT OR IGNORE INTO verdict_rule (rule_code, prisoner_id)
SELECT j.value, p.id FROM prisoner p, json_each('["' || replace(trim(p.danger_reasons), ' ', '","') || '"]') j
WHERE p.danger_reasons <> '' AND j.value <> '';
