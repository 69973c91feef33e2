-- The custody-file importer's memory (worker `import`): which days it has imported, and for each NYC DOC inmateid
-- the prisoner it became and the last row it imported. The record itself stays in the aggregate's tables.

-- One row per imported day: a day at or before the latest one is skipped, so importing a file again changes nothing.
CREATE TABLE imported_day (
    day date PRIMARY KEY,
    file_name varchar(260) NOT NULL,
    row_count integer NOT NULL,
    arrivals integer NOT NULL,
    releases integer NOT NULL,
    changes integer NOT NULL,
    rejected_rows integer NOT NULL,
    imported_at timestamptz NOT NULL               -- UTC
);

-- The inmate's last imported row, compared with each new day's row so that only differences reach the record.
CREATE TABLE custody_inmate (
    inmate_id varchar(32) PRIMARY KEY,
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    admitted varchar(23) NOT NULL,                 -- admitted_dt, NYC local time, as yyyy-MM-ddTHH:mm:ss.fff: identifies the stay
    custody_level varchar(8) NULL,
    status_code varchar(8) NULL,
    top_charge varchar(64) NULL,
    mental_observation boolean NOT NULL,           -- bradh
    security_risk_group boolean NOT NULL,          -- srg_flg
    infraction boolean NOT NULL,
    recorded_on date NOT NULL,                     -- the day of the file the row above comes from
    released_on date NULL                          -- the day the inmate left the files; NULL while in custody
);
CREATE UNIQUE INDEX custody_inmate_prisoner ON custody_inmate (prisoner_id);
-- Each day's import reads the inmates still in custody, to find who left.
CREATE INDEX custody_inmate_in_custody ON custody_inmate (inmate_id) WHERE released_on IS NULL;
