-- Which collections of each prisoner's record hold entries, one bit per collection, so that loading an aggregate reads
-- the prisoner's row and then only those collections. The bits and their rules are those of the PostgreSQL script
-- 010_record_parts.sql: the position each mapping declares (RecordPart), only ever set, by the database.
ALTER TABLE prisoner ADD COLUMN record_parts INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER record_parts_on_imprisonment_insert AFTER INSERT ON imprisonment FOR EACH ROW
BEGIN
    UPDATE prisoner SET record_parts = record_parts | 1 WHERE id = NEW.prisoner_id AND (record_parts & 1) = 0;
END;

CREATE TRIGGER record_parts_on_disciplinary_notice_insert AFTER INSERT ON disciplinary_notice FOR EACH ROW
BEGIN
    UPDATE prisoner SET record_parts = record_parts | 2 WHERE id = NEW.prisoner_id AND (record_parts & 2) = 0;
END;

CREATE TRIGGER record_parts_on_charge_insert AFTER INSERT ON charge FOR EACH ROW
BEGIN
    UPDATE prisoner SET record_parts = record_parts | 4 WHERE id = NEW.prisoner_id AND (record_parts & 4) = 0;
END;

CREATE TRIGGER record_parts_on_withdrawal_episode_insert AFTER INSERT ON withdrawal_episode FOR EACH ROW
BEGIN
    UPDATE prisoner SET record_parts = record_parts | 8 WHERE id = NEW.prisoner_id AND (record_parts & 8) = 0;
END;

CREATE TRIGGER record_parts_on_request_insert AFTER INSERT ON request FOR EACH ROW
BEGIN
    UPDATE prisoner SET record_parts = record_parts | 16 WHERE id = NEW.prisoner_id AND (record_parts & 16) = 0;
END;

CREATE TRIGGER record_parts_on_court_hearing_insert AFTER INSERT ON court_hearing FOR EACH ROW
BEGIN
    UPDATE prisoner SET record_parts = record_parts | 32 WHERE id = NEW.prisoner_id AND (record_parts & 32) = 0;
END;

CREATE TRIGGER record_parts_on_detainer_insert AFTER INSERT ON detainer FOR EACH ROW
BEGIN
    UPDATE prisoner SET record_parts = record_parts | 64 WHERE id = NEW.prisoner_id AND (record_parts & 64) = 0;
END;

CREATE TRIGGER record_parts_on_segregation_period_insert AFTER INSERT ON segregation_period FOR EACH ROW
BEGIN
    UPDATE prisoner SET record_parts = record_parts | 128 WHERE id = NEW.prisoner_id AND (record_parts & 128) = 0;
END;

CREATE TRIGGER record_parts_on_escape_record_insert AFTER INSERT ON escape_record FOR EACH ROW
BEGIN
    UPDATE prisoner SET record_parts = record_parts | 256 WHERE id = NEW.prisoner_id AND (record_parts & 256) = 0;
END;

CREATE TRIGGER record_parts_on_threat_group_membership_insert AFTER INSERT ON threat_group_membership FOR EACH ROW
BEGIN
    UPDATE prisoner SET record_parts = record_parts | 512 WHERE id = NEW.prisoner_id AND (record_parts & 512) = 0;
END;

CREATE TRIGGER record_parts_on_intelligence_report_insert AFTER INSERT ON intelligence_report FOR EACH ROW
BEGIN
    UPDATE prisoner SET record_parts = record_parts | 1024 WHERE id = NEW.prisoner_id AND (record_parts & 1024) = 0;
END;

CREATE TRIGGER record_parts_on_drug_test_insert AFTER INSERT ON drug_test FOR EACH ROW
BEGIN
    UPDATE prisoner SET record_parts = record_parts | 2048 WHERE id = NEW.prisoner_id AND (record_parts & 2048) = 0;
END;

CREATE TRIGGER record_parts_on_self_harm_watch_insert AFTER INSERT ON self_harm_watch FOR EACH ROW
BEGIN
    UPDATE prisoner SET record_parts = record_parts | 4096 WHERE id = NEW.prisoner_id AND (record_parts & 4096) = 0;
END;

CREATE TRIGGER record_parts_on_psychiatric_episode_insert AFTER INSERT ON psychiatric_episode FOR EACH ROW
BEGIN
    UPDATE prisoner SET record_parts = record_parts | 8192 WHERE id = NEW.prisoner_id AND (record_parts & 8192) = 0;
END;

CREATE TRIGGER record_parts_on_medication_stop_insert AFTER INSERT ON medication_stop FOR EACH ROW
BEGIN
    UPDATE prisoner SET record_parts = record_parts | 16384 WHERE id = NEW.prisoner_id AND (record_parts & 16384) = 0;
END;

CREATE TRIGGER record_parts_on_visit_ban_insert AFTER INSERT ON visit_ban FOR EACH ROW
BEGIN
    UPDATE prisoner SET record_parts = record_parts | 32768 WHERE id = NEW.prisoner_id AND (record_parts & 32768) = 0;
END;

CREATE TRIGGER record_parts_on_contact_order_breach_insert AFTER INSERT ON contact_order_breach FOR EACH ROW
BEGIN
    UPDATE prisoner SET record_parts = record_parts | 65536 WHERE id = NEW.prisoner_id AND (record_parts & 65536) = 0;
END;

-- The records stored before this migration (an embedded database is migrated in place).
UPDATE prisoner SET record_parts =
    (EXISTS (SELECT 1 FROM imprisonment e WHERE e.prisoner_id = prisoner.id) * 1) |
    (EXISTS (SELECT 1 FROM disciplinary_notice e WHERE e.prisoner_id = prisoner.id) * 2) |
    (EXISTS (SELECT 1 FROM charge e WHERE e.prisoner_id = prisoner.id) * 4) |
    (EXISTS (SELECT 1 FROM withdrawal_episode e WHERE e.prisoner_id = prisoner.id) * 8) |
    (EXISTS (SELECT 1 FROM request e WHERE e.prisoner_id = prisoner.id) * 16) |
    (EXISTS (SELECT 1 FROM court_hearing e WHERE e.prisoner_id = prisoner.id) * 32) |
    (EXISTS (SELECT 1 FROM detainer e WHERE e.prisoner_id = prisoner.id) * 64) |
    (EXISTS (SELECT 1 FROM segregation_period e WHERE e.prisoner_id = prisoner.id) * 128) |
    (EXISTS (SELECT 1 FROM escape_record e WHERE e.prisoner_id = prisoner.id) * 256) |
    (EXISTS (SELECT 1 FROM threat_group_membership e WHERE e.prisoner_id = prisoner.id) * 512) |
    (EXISTS (SELECT 1 FROM intelligence_report e WHERE e.prisoner_id = prisoner.id) * 1024) |
    (EXISTS (SELECT 1 FROM drug_test e WHERE e.prisoner_id = prisoner.id) * 2048) |
    (EXISTS (SELECT 1 FROM self_harm_watch e WHERE e.prisoner_id = prisoner.id) * 4096) |
    (EXISTS (SELECT 1 FROM psychiatric_episode e WHERE e.prisoner_id = prisoner.id) * 8192) |
    (EXISTS (SELECT 1 FROM medication_stop e WHERE e.prisoner_id = prisoner.id) * 16384) |
    (EXISTS (SELECT 1 FROM visit_ban e WHERE e.prisoner_id = prisoner.id) * 32768) |
    (EXISTS (SELECT 1 FROM contact_order_breach e WHERE e.prisoner_id = prisoner.id) * 65536);
