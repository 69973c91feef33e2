-- Events out: every committed change of a verdict (status, reasons, forecast) and of where a prisoner is held is
-- written here by triggers, in the transaction of the change, whoever makes it. So an event exists exactly when its
-- change committed, and a verdict write that changes nothing writes none. The PostgreSQL script says more; SQLite
-- has no statement triggers, so each row's change writes its own.

CREATE TABLE prison_event (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    -- A random (version 4) UUID, as PostgreSQL's gen_random_uuid() makes.
    event_id TEXT NOT NULL DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
                                          || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    kind TEXT NOT NULL CHECK (kind IN ('verdict.changed', 'verdict.cleared', 'stay.arrived', 'stay.transferred',
                                       'stay.departed', 'stay.released', 'stay.struck', 'stay.reopened')),
    prisoner_id TEXT NOT NULL,
    prisoner_number TEXT NOT NULL,
    prison_id INTEGER NULL,
    record_version INTEGER NOT NULL,
    occurred_at TEXT NOT NULL,
    status TEXT NULL,
    reasons TEXT NULL,
    facts TEXT NULL,
    forecast_at TEXT NULL,
    forecast_status TEXT NULL,
    forecast_came TEXT NULL,
    forecast_went TEXT NULL,
    from_prison_id INTEGER NULL,
    stay_id TEXT NULL,
    day TEXT NULL,
    relayed_at TEXT NULL
);

CREATE INDEX prison_event_to_relay ON prison_event (id) WHERE relayed_at IS NULL;
CREATE INDEX prison_event_to_relay_by_prisoner ON prison_event (prisoner_id) WHERE relayed_at IS NULL;
CREATE INDEX prison_event_relayed ON prison_event (relayed_at) WHERE relayed_at IS NOT NULL;

CREATE TRIGGER prison_event_on_prisoner_insert AFTER INSERT ON prisoner
FOR EACH ROW WHEN NEW.danger_status <> 'Unknown'
BEGIN
    INSERT INTO prison_event (kind, prisoner_id, prisoner_number, prison_id, record_version, occurred_at, status, reasons,
                              facts, forecast_at, forecast_status, forecast_came, forecast_went)
    VALUES ('verdict.changed', NEW.id, NEW.number,
            (SELECT i.prison_id FROM imprisonment i WHERE i.prisoner_id = NEW.id AND i.left_on IS NULL AND i.struck_at IS NULL),
            NEW.change_version, coalesce(NEW.evaluated_at, strftime('%Y-%m-%d %H:%M:%f', 'now')), NEW.danger_status,
            NEW.danger_reasons, NEW.danger_facts, NEW.forecast_at, NEW.forecast_status, NEW.forecast_came, NEW.forecast_went);
END;

CREATE TRIGGER prison_event_on_prisoner_update AFTER UPDATE ON prisoner
FOR EACH ROW WHEN NEW.danger_status IS NOT OLD.danger_status OR NEW.danger_reasons IS NOT OLD.danger_reasons
    OR NEW.forecast_at IS NOT OLD.forecast_at OR NEW.forecast_status IS NOT OLD.forecast_status
    OR NEW.forecast_came IS NOT OLD.forecast_came OR NEW.forecast_went IS NOT OLD.forecast_went
BEGIN
    INSERT INTO prison_event (kind, prisoner_id, prisoner_number, prison_id, record_version, occurred_at, status, reasons,
                              facts, forecast_at, forecast_status, forecast_came, forecast_went)
    VALUES (CASE WHEN NEW.danger_status = 'Unknown' THEN 'verdict.cleared' ELSE 'verdict.changed' END, NEW.id, NEW.number,
            (SELECT i.prison_id FROM imprisonment i WHERE i.prisoner_id = NEW.id AND i.left_on IS NULL AND i.struck_at IS NULL),
            NEW.change_version,
            CASE WHEN NEW.danger_status = 'Unknown' THEN NEW.changed_at ELSE coalesce(NEW.evaluated_at, strftime('%Y-%m-%d %H:%M:%f', 'now')) END,
            NEW.danger_status, NEW.danger_reasons, NEW.danger_facts, NEW.forecast_at, NEW.forecast_status, NEW.forecast_came, NEW.forecast_went);
END;

-- A current stay left or struck out.
CREATE TRIGGER prison_event_on_stay_left AFTER UPDATE ON imprisonment
FOR EACH ROW WHEN OLD.left_on IS NULL AND OLD.struck_at IS NULL AND (NEW.left_on IS NOT NULL OR NEW.struck_at IS NOT NULL)
BEGIN
    INSERT INTO prison_event (kind, prisoner_id, prisoner_number, prison_id, record_version, occurred_at, stay_id, day)
    SELECT CASE WHEN NEW.struck_at IS NOT NULL THEN 'stay.struck' ELSE 'stay.released' END, p.id, p.number,
           OLD.prison_id, p.change_version, strftime('%Y-%m-%d %H:%M:%f', 'now'), NEW.id, NEW.left_on
    FROM prisoner p WHERE p.id = NEW.prisoner_id;
END;

-- A stay current again: its leaving struck out.
CREATE TRIGGER prison_event_on_stay_reopened AFTER UPDATE ON imprisonment
FOR EACH ROW WHEN NOT (OLD.left_on IS NULL AND OLD.struck_at IS NULL) AND NEW.left_on IS NULL AND NEW.struck_at IS NULL
BEGIN
    INSERT INTO prison_event (kind, prisoner_id, prisoner_number, prison_id, record_version, occurred_at, stay_id, day)
    SELECT 'stay.reopened', p.id, p.number, NEW.prison_id, p.change_version, strftime('%Y-%m-%d %H:%M:%f', 'now'), NEW.id, NEW.arrival_date
    FROM prisoner p WHERE p.id = NEW.prisoner_id;
END;

-- A new current stay. One by transfer turns the release its save wrote just before into the departure it was.
CREATE TRIGGER prison_event_on_stay_insert AFTER INSERT ON imprisonment
FOR EACH ROW WHEN NEW.left_on IS NULL AND NEW.struck_at IS NULL
BEGIN
    UPDATE prison_event SET kind = 'stay.departed'
    WHERE NEW.arrival_reason <> 'NewReception'
      AND id = (SELECT max(r.id) FROM prison_event r JOIN imprisonment s ON s.id = r.stay_id
                WHERE r.prisoner_id = NEW.prisoner_id AND r.relayed_at IS NULL AND r.kind = 'stay.released'
                  AND s.left_on = NEW.arrival_date);
    INSERT INTO prison_event (kind, prisoner_id, prisoner_number, prison_id, record_version, occurred_at, from_prison_id, stay_id, day)
    SELECT CASE WHEN NEW.arrival_reason = 'NewReception' THEN 'stay.arrived' ELSE 'stay.transferred' END,
           p.id, p.number, NEW.prison_id, p.change_version, strftime('%Y-%m-%d %H:%M:%f', 'now'),
           CASE WHEN NEW.arrival_reason = 'NewReception' THEN NULL
                ELSE (SELECT s.prison_id FROM imprisonment s WHERE s.prisoner_id = NEW.prisoner_id AND s.id <> NEW.id
                      AND s.left_on = NEW.arrival_date AND s.struck_at IS NULL ORDER BY s.arrival_date DESC LIMIT 1) END,
           NEW.id, NEW.arrival_date
    FROM prisoner p WHERE p.id = NEW.prisoner_id;
END;
