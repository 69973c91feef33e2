-- The Prisoner aggregate and everything the danger rules read.
-- Instants are `timestamptz` written from UTC values (never local time); calendar days are `date` in the prison's calendar.
-- Enumerations are stored by name so that rows read the same to people and to the code.

CREATE TABLE prison (
    id integer PRIMARY KEY,
    code varchar(16) NOT NULL,
    name varchar(200) NOT NULL
);
CREATE UNIQUE INDEX prison_code ON prison (code);

CREATE TABLE prisoner (
    id uuid PRIMARY KEY,
    number varchar(32) NOT NULL,
    name varchar(200) NOT NULL,
    date_of_birth date NULL,
    legal_status varchar(16) NOT NULL CHECK (legal_status IN ('Remand', 'AwaitingTrial', 'Convicted')),
    security_category varchar(1) NULL CHECK (security_category IN ('A', 'B', 'C', 'D')),
    change_version bigint NOT NULL,
    changed_at timestamptz NOT NULL,                -- UTC; when the record last changed (the sweeper's clock)
    danger_status varchar(16) NOT NULL DEFAULT 'Unknown' CHECK (danger_status IN ('Unknown', 'NotDangerous', 'Dangerous')),
    danger_reasons text NOT NULL DEFAULT '',        -- codes of the rules that fired, separated by spaces
    danger_facts text NOT NULL DEFAULT '',          -- JSON: the facts behind each fired rule, shown to staff
    evaluated_at timestamptz NULL,
    reevaluate_at timestamptz NULL,                 -- when the verdict next changes by time alone
    rule_set varchar(16) NULL
);
CREATE UNIQUE INDEX prisoner_number ON prisoner (number);

-- The due-time job and the sweeper look only at the few rows these partial indexes hold.
CREATE INDEX prisoner_reevaluate_at ON prisoner (reevaluate_at) WHERE reevaluate_at IS NOT NULL;
CREATE INDEX prisoner_unknown_since ON prisoner (changed_at) WHERE danger_status = 'Unknown';

CREATE TABLE imprisonment (
    id uuid PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    prison_id integer NOT NULL REFERENCES prison (id),
    arrival_date date NOT NULL,
    arrival_reason varchar(24) NOT NULL CHECK (arrival_reason IN ('NewReception', 'Transfer', 'DisciplinaryTransfer')),
    left_on date NULL,
    sentence_months integer NULL CHECK (sentence_months >= 0),   -- 0 for life, which has no fixed length
    life_sentence boolean NULL,
    CHECK ((sentence_months IS NULL) = (life_sentence IS NULL)),
    CHECK (left_on IS NULL OR left_on >= arrival_date)
);
CREATE INDEX imprisonment_prisoner ON imprisonment (prisoner_id);
-- The dashboard: the most recent arrivals among a prison's current imprisonments.
CREATE INDEX imprisonment_current_by_arrival ON imprisonment (prison_id, arrival_date DESC) WHERE left_on IS NULL;
CREATE UNIQUE INDEX imprisonment_one_current ON imprisonment (prisoner_id) WHERE left_on IS NULL;

CREATE TABLE disciplinary_notice (
    id uuid PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    date date NOT NULL,
    type varchar(24) NOT NULL,
    description text NOT NULL
);
CREATE INDEX disciplinary_notice_prisoner ON disciplinary_notice (prisoner_id);

CREATE TABLE charge (
    id uuid PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    offence varchar(2000) NOT NULL,
    category varchar(24) NOT NULL,
    is_violent boolean NOT NULL,
    outcome varchar(16) NOT NULL CHECK (outcome IN ('Pending', 'Convicted', 'Acquitted', 'Dropped')),
    offence_date date NULL
);
CREATE INDEX charge_prisoner ON charge (prisoner_id);

CREATE TABLE withdrawal_episode (
    id uuid PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    substance varchar(200) NOT NULL,
    start_date date NOT NULL,
    end_date date NULL CHECK (end_date >= start_date)
);
CREATE INDEX withdrawal_episode_prisoner ON withdrawal_episode (prisoner_id);

CREATE TABLE request (
    id uuid PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    type varchar(24) NOT NULL CHECK (type IN ('TemporaryLeave', 'Parole', 'Transfer', 'Visit')),
    date date NOT NULL,
    decision varchar(16) NOT NULL CHECK (decision IN ('Pending', 'Granted', 'Denied'))
);
CREATE INDEX request_prisoner ON request (prisoner_id);

CREATE TABLE court_hearing (
    id uuid PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    date date NOT NULL,
    court varchar(200) NOT NULL
);
CREATE INDEX court_hearing_prisoner ON court_hearing (prisoner_id);

CREATE TABLE detainer (
    id uuid PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    authority varchar(200) NOT NULL,
    start_date date NOT NULL,
    end_date date NULL CHECK (end_date >= start_date)
);
CREATE INDEX detainer_prisoner ON detainer (prisoner_id);

CREATE TABLE segregation_period (
    id uuid PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    reason varchar(500) NOT NULL,
    start_date date NOT NULL,
    end_date date NULL CHECK (end_date >= start_date)
);
CREATE INDEX segregation_period_prisoner ON segregation_period (prisoner_id);

CREATE TABLE escape_record (
    id uuid PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    date date NOT NULL,
    kind varchar(16) NOT NULL CHECK (kind IN ('Escape', 'AttemptedEscape', 'Absconded'))
);
CREATE INDEX escape_record_prisoner ON escape_record (prisoner_id);

CREATE TABLE threat_group_membership (
    id uuid PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    group_name varchar(200) NOT NULL,
    is_verified boolean NOT NULL,
    start_date date NOT NULL,
    end_date date NULL CHECK (end_date >= start_date)
);
CREATE INDEX threat_group_membership_prisoner ON threat_group_membership (prisoner_id);

CREATE TABLE intelligence_report (
    id uuid PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    date date NOT NULL,
    grade varchar(8) NOT NULL CHECK (grade IN ('Low', 'Medium', 'High')),
    summary text NOT NULL
);
CREATE INDEX intelligence_report_prisoner ON intelligence_report (prisoner_id);

CREATE TABLE drug_test (
    id uuid PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    date date NOT NULL,
    result varchar(16) NOT NULL CHECK (result IN ('Negative', 'Failed', 'Refused'))
);
CREATE INDEX drug_test_prisoner ON drug_test (prisoner_id);

CREATE TABLE self_harm_watch (
    id uuid PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    start_date date NOT NULL,
    end_date date NULL CHECK (end_date >= start_date)
);
CREATE INDEX self_harm_watch_prisoner ON self_harm_watch (prisoner_id);

CREATE TABLE psychiatric_episode (
    id uuid PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    date date NOT NULL,
    is_violent boolean NOT NULL,
    note text NOT NULL
);
CREATE INDEX psychiatric_episode_prisoner ON psychiatric_episode (prisoner_id);

CREATE TABLE medication_stop (
    id uuid PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    date date NOT NULL,
    medication varchar(200) NOT NULL,
    is_antipsychotic boolean NOT NULL,
    stopped_by_prisoner boolean NOT NULL
);
CREATE INDEX medication_stop_prisoner ON medication_stop (prisoner_id);

CREATE TABLE visit_ban (
    id uuid PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    reason varchar(500) NOT NULL,
    start_date date NOT NULL,
    end_date date NULL CHECK (end_date >= start_date)
);
CREATE INDEX visit_ban_prisoner ON visit_ban (prisoner_id);

CREATE TABLE contact_order_breach (
    id uuid PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    date date NOT NULL,
    description text NOT NULL
);
CREATE INDEX contact_order_breach_prisoner ON contact_order_breach (prisoner_id);
