-- Rule settings as data, the rule set in force, and the fired rules of each stored verdict in a table that can be
-- counted per rule with an index.

-- An admin's choice for one rule; a rule without a row keeps the default (configuration key Rules:Disabled).
CREATE TABLE rule_setting (
    code varchar(200) PRIMARY KEY,
    enabled boolean NOT NULL,
    reason varchar(1000) NOT NULL,
    changed_by varchar(200) NOT NULL,
    changed_at timestamptz NOT NULL
);

-- One row: the fingerprint of the rule set verdicts must be made with. The verdict write locks it FOR SHARE and
-- stores nothing made with another rule set, so a worker still holding the previous rule set cannot overwrite a
-- verdict of the run that applies the new one.
CREATE TABLE rule_set_in_force (
    id integer PRIMARY KEY CHECK (id = 1),
    rule_set varchar(16) NOT NULL,
    changed_at timestamptz NOT NULL
);

-- The codes of prisoner.danger_reasons, one row each, kept in step by the trigger below whatever writes the
-- column (the verdict write, a change clearing the verdict, the demo seed).
CREATE TABLE verdict_rule (
    rule_code varchar(200) NOT NULL,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    PRIMARY KEY (rule_code, prisoner_id)
);
CREATE INDEX verdict_rule_prisoner ON verdict_rule (prisoner_id);

CREATE FUNCTION verdict_rule_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        DELETE FROM verdict_rule WHERE prisoner_id = OLD.id;
    END IF;
    INSERT INTO verdict_rule (rule_code, prisoner_id)
    SELECT DISTINCT code, NEW.id FROM unnest(string_to_array(NEW.danger_reasons, ' ')) AS code WHERE code <> '';
    RETURN NULL;
END
$$;

CREATE TRIGGER verdict_rule_on_insert AFTER INSERT ON prisoner
    FOR EACH ROW WHEN (NEW.danger_reasons <> '') EXECUTE FUNCTION verdict_rule_follow();
CREATE TRIGGER verdict_rule_on_update AFTER UPDATE OF danger_reasons ON prisoner
    FOR EACH ROW WHEN (OLD.danger_reasons IS DISTINCT FROM NEW.danger_reasons) EXECUTE FUNCTION verdict_rule_follow();

-- Verdicts stored before this migration.
INSERT INTO verdict_rule (rule_code, prisoner_id)
SELECT DISTINCT code, p.id FROM prisoner p CROSS JOIN LATERAL unnest(string_to_array(p.danger_reasons, ' ')) AS code WHERE code <> '';
