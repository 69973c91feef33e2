-- The Prisoner aggregate and everything the danger rules read.
-- SQLite has no date types: days are TEXT yyyy-MM-dd, instants TEXT ISO 8601 in UTC (never local time).
-- Enumerations are stored by name; ids are TEXT GUIDs; booleans 0 or 1.

CREATE TABLE prison (
    id INTEGER NOT NULL PRIMARY KEY,
    code TEXT NOT NULL,
    name TEXT NOT NULL
);
CREATE UNIQUE INDEX prison_code ON prison (code);

CREATE TABLE prisoner (
    id TEXT NOT NULL PRIMARY KEY,
    number TEXT NOT NULL,
    name TEXT NOT NULL,
    date_of_birth TEXT NULL,
    legal_status TEXT NOT NULL CHECK (legal_status IN ('Remand', 'AwaitingTrial', 'Convicted')),
    security_category TEXT NULL CHECK (security_category IN ('A', 'B', 'C', 'D')),
    change_version INTEGER NOT NULL,
    changed_at TEXT NOT NULL,                  -- UTC; when the record last changed (the sweeper's clock)
    danger_status TEXT NOT NULL DEFAULT 'Unknown' CHECK (danger_status IN ('Unknown', 'NotDangerous', 'Dangerous')),
    danger_reasons TEXT NOT NULL DEFAULT '',        -- codes of the rules that fired, separated by spaces
    danger_facts TEXT NOT NULL DEFAULT '',          -- JSON: the facts behind each fired rule, shown to staff
    evaluated_at TEXT NULL,                    -- UTC
    reevaluate_at TEXT NULL,                   -- UTC; when the verdict next changes by time alone
    rule_set TEXT NULL
);
CREATE UNIQUE INDEX prisoner_number ON prisoner (number);

-- The due-time job and the sweeper look only at the few rows these partial indexes hold.
CREATE INDEX prisoner_reevaluate_at ON prisoner (reevaluate_at) WHERE reevaluate_at IS NOT NULL;
CREATE INDEX prisoner_unknown_since ON prisoner (changed_at) WHERE danger_status = 'Unknown';

CREATE TABLE imprisonment (
    id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    prison_id INTEGER NOT NULL REFERENCES prison (id),
    arrival_date TEXT NOT NULL,
    arrival_reason TEXT NOT NULL CHECK (arrival_reason IN ('NewReception', 'Transfer', 'DisciplinaryTransfer')),
    left_on TEXT NULL,
    sentence_months INTEGER NULL CHECK (sentence_months >= 0),   -- 0 for life, which has no fixed length
    life_sentence INTEGER NULL,
    CHECK ((sentence_months IS NULL) = (life_sentence IS NULL)),
    CHECK (left_on IS NULL OR left_on >= arrival_date)
);
CREATE INDEX imprisonment_prisoner ON imprisonment (prisoner_id);
-- The dashboard: the most recent arrivals among a prison's current imprisonments.
CREATE INDEX imprisonment_current_by_arrival ON imprisonment (prison_id, arrival_date DESC) WHERE left_on IS NULL;
CREATE UNIQUE INDEX imprisonment_one_current ON imprisonment (prisoner_id) WHERE left_on IS NULL;

CREATE TABLE disciplinary_notice (
    id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    date TEXT NOT NULL,
    type TEXT NOT NULL,
    description TEXT NOT NULL
);
CREATE INDEX disciplinary_notice_prisoner ON disciplinary_notice (prisoner_id);

CREATE TABLE charge (
    id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    offence TEXT NOT NULL,
    category TEXT NOT NULL,
    is_violent INTEGER NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('Pending', 'Convicted', 'Acquitted', 'Dropped')),
    offence_date TEXT NULL
);
CREATE INDEX charge_prisoner ON charge (prisoner_id);

CREATE TABLE withdrawal_episode (
    id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    substance TEXT NOT NULL,
    start_date TEXT NOT NULL,
    end_date TEXT NULL CHECK (end_date >= start_date)
);
CREATE INDEX withdrawal_episode_prisoner ON withdrawal_episode (prisoner_id);

CREATE TABLE request (
    id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    type TEXT NOT NULL CHECK (type IN ('TemporaryLeave', 'Parole', 'Transfer', 'Visit')),
    date TEXT NOT NULL,
    decision TEXT NOT NULL CHECK (decision IN ('Pending', 'Granted', 'Denied'))
);
CREATE INDEX request_prisoner ON request (prisoner_id);

CREATE TABLE court_hearing (
    id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    date TEXT NOT NULL,
    court TEXT NOT NULL
);
CREATE INDEX court_hearing_prisoner ON court_hearing (prisoner_id);

CREATE TABLE detainer (
    id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    authority TEXT NOT NULL,
    start_date TEXT NOT NULL,
    end_date TEXT NULL CHECK (end_date >= start_date)
);
CREATE INDEX detainer_prisoner ON detainer (prisoner_id);

CREATE TABLE segregation_period (
    id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    reason TEXT NOT NULL,
    start_date TEXT NOT NULL,
    end_date TEXT NULL CHECK (end_date >= start_date)
);
CREATE INDEX segregation_period_prisoner ON segregation_period (prisoner_id);

CREATE TABLE escape_record (
    id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    date TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('Escape', 'AttemptedEscape', 'Absconded'))
);
CREATE INDEX escape_record_prisoner ON escape_record (prisoner_id);

CREATE TABLE threat_group_membership (
    id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    group_name TEXT NOT NULL,
    is_verified INTEGER NOT NULL,
    start_date TEXT NOT NULL,
    end_date TEXT NULL CHECK (end_date >= start_date)
);
CREATE INDEX threat_group_membership_prisoner ON threat_group_membership (prisoner_id);

CREATE TABLE intelligence_report (
    id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    date TEXT NOT NULL,
    grade TEXT NOT NULL CHECK (grade IN ('Low', 'Medium', 'High')),
    summary TEXT NOT NULL
);
CREATE INDEX intelligence_report_prisoner ON intelligence_report (prisoner_id);

CREATE TABLE drug_test (
    id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    date TEXT NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('Negative', 'Failed', 'Refused'))
);
CREATE INDEX drug_test_prisoner ON drug_test (prisoner_id);

CREATE TABLE self_harm_watch (
    id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    start_date TEXT NOT NULL,
    end_date TEXT NULL CHECK (end_date >= start_date)
);
CREATE INDEX self_harm_watch_prisoner ON self_harm_watch (prisoner_id);

CREATE TABLE psychiatric_episode (
    id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    date TEXT NOT NULL,
    is_violent INTEGER NOT NULL,
    note TEXT NOT NULL
);
CREATE INDEX psychiatric_episode_prisoner ON psychiatric_episode (prisoner_id);

CREATE TABLE medication_stop (
    id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    date TEXT NOT NULL,
    medication TEXT NOT NULL,
    is_antipsychotic INTEGER NOT NULL,
    stopped_by_prisoner INTEGER NOT NULL
);
CREATE INDEX medication_stop_prisoner ON medication_stop (prisoner_id);

CREATE TABLE visit_ban (
    id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    reason TEXT NOT NULL,
    start_date TEXT NOT NULL,
    end_date TEXT NULL CHECK (end_date >= start_date)
);
CREATE INDEX visit_ban_prisoner ON visit_ban (prisoner_id);

CREATE TABLE contact_order_breach (
    id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    date TEXT NOT NULL,
    description TEXT NOT NULL
);
CREATE INDEX contact_order_breach_prisoner ON contact_order_breach (prisoner_id);
