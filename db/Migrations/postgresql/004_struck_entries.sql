-- Entries made in error are struck out, not deleted: who struck them (struck_by), when (struck_at, UTC) and why.
-- The three columns are all set or all null; every rule and every read of current stays ignores a struck entry.

ALTER TABLE imprisonment ADD COLUMN struck_at timestamptz NULL;
ALTER TABLE imprisonment ADD COLUMN struck_by varchar(200) NULL;
ALTER TABLE imprisonment ADD COLUMN struck_reason varchar(2000) NULL;

ALTER TABLE disciplinary_notice ADD COLUMN struck_at timestamptz NULL;
ALTER TABLE disciplinary_notice ADD COLUMN struck_by varchar(200) NULL;
ALTER TABLE disciplinary_notice ADD COLUMN struck_reason varchar(2000) NULL;

ALTER TABLE charge ADD COLUMN struck_at timestamptz NULL;
ALTER TABLE charge ADD COLUMN struck_by varchar(200) NULL;
ALTER TABLE charge ADD COLUMN struck_reason varchar(2000) NULL;

ALTER TABLE withdrawal_episode ADD COLUMN struck_at timestamptz NULL;
ALTER TABLE withdrawal_episode ADD COLUMN struck_by varchar(200) NULL;
ALTER TABLE withdrawal_episode ADD COLUMN struck_reason varchar(2000) NULL;

ALTER TABLE request ADD COLUMN struck_at timestamptz NULL;
ALTER TABLE request ADD COLUMN struck_by varchar(200) NULL;
ALTER TABLE request ADD COLUMN struck_reason varchar(2000) NULL;

ALTER TABLE court_hearing ADD COLUMN struck_at timestamptz NULL;
ALTER TABLE court_hearing ADD COLUMN struck_by varchar(200) NULL;
ALTER TABLE court_hearing ADD COLUMN struck_reason varchar(2000) NULL;

ALTER TABLE detainer ADD COLUMN struck_at timestamptz NULL;
ALTER TABLE detainer ADD COLUMN struck_by varchar(200) NULL;
ALTER TABLE detainer ADD COLUMN struck_reason varchar(2000) NULL;

ALTER TABLE segregation_period ADD COLUMN struck_at timestamptz NULL;
ALTER TABLE segregation_period ADD COLUMN struck_by varchar(200) NULL;
ALTER TABLE segregation_period ADD COLUMN struck_reason varchar(2000) NULL;

ALTER TABLE escape_record ADD COLUMN struck_at timestamptz NULL;
ALTER TABLE escape_record ADD COLUMN struck_by varchar(200) NULL;
ALTER TABLE escape_record ADD COLUMN struck_reason varchar(2000) NULL;

ALTER TABLE threat_group_membership ADD COLUMN struck_at timestamptz NULL;
ALTER TABLE threat_group_membership ADD COLUMN struck_by varchar(200) NULL;
ALTER TABLE threat_group_membership ADD COLUMN struck_reason varchar(2000) NULL;

ALTER TABLE intelligence_report ADD COLUMN struck_at timestamptz NULL;
ALTER TABLE intelligence_report ADD COLUMN struck_by varchar(200) NULL;
ALTER TABLE intelligence_report ADD COLUMN struck_reason varchar(2000) NULL;

ALTER TABLE drug_test ADD COLUMN struck_at timestamptz NULL;
ALTER TABLE drug_test ADD COLUMN struck_by varchar(200) NULL;
ALTER TABLE drug_test ADD COLUMN struck_reason varchar(2000) NULL;

ALTER TABLE self_harm_watch ADD COLUMN struck_at timestamptz NULL;
ALTER TABLE self_harm_watch ADD COLUMN struck_by varchar(200) NULL;
ALTER TABLE self_harm_watch ADD COLUMN struck_reason varchar(2000) NULL;

ALTER TABLE psychiatric_episode ADD COLUMN struck_at timestamptz NULL;
ALTER TABLE psychiatric_episode ADD COLUMN struck_by varchar(200) NULL;
ALTER TABLE psychiatric_episode ADD COLUMN struck_reason varchar(2000) NULL;

ALTER TABLE medication_stop ADD COLUMN struck_at timestamptz NULL;
ALTER TABLE medication_stop ADD COLUMN struck_by varchar(200) NULL;
ALTER TABLE medication_stop ADD COLUMN struck_reason varchar(2000) NULL;

ALTER TABLE visit_ban ADD COLUMN struck_at timestamptz NULL;
ALTER TABLE visit_ban ADD COLUMN struck_by varchar(200) NULL;
ALTER TABLE visit_ban ADD COLUMN struck_reason varchar(2000) NULL;

ALTER TABLE contact_order_breach ADD COLUMN struck_at timestamptz NULL;
ALTER TABLE contact_order_breach ADD COLUMN struck_by varchar(200) NULL;
ALTER TABLE contact_order_breach ADD COLUMN struck_reason varchar(2000) NULL;

-- A struck stay is no stay: it neither holds the prisoner's one current place nor shows on the dashboard.
DROP INDEX imprisonment_current_by_arrival;
DROP INDEX imprisonment_one_current;
CREATE INDEX imprisonment_current_by_arrival ON imprisonment (prison_id, arrival_date DESC) WHERE left_on IS NULL AND struck_at IS NULL;
CREATE UNIQUE INDEX imprisonment_one_current ON imprisonment (prisoner_id) WHERE left_on IS NULL AND struck_at IS NULL;
