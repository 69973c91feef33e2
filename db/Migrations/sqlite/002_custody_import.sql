-- The custody-file importer's memory (worker `import`): which days it has imported, and for each NYC DOC inmateid
-- the prisoner it became and the last row it imported. The record itself stays in the aggregate's tables.
-- Days are TEXT yyyy-MM-dd, instants TEXT ISO 8601 in UTC; booleans 0 or 1.

-- One row per imported day: a day at or before the latest one is skipped, so importing a file again changes nothing.
CREATE TABLE imported_day (
    day TEXT NOT NULL PRIMARY KEY,
    file_name TEXT NOT NULL,
    row_count INTEGER NOT NULL,
    arrivals INTEGER NOT NULL,
    releases INTEGER NOT NULL,
    changes INTEGER NOT NULL,
    rejected_rows INTEGER NOT NULL,
    imported_at TEXT NOT NULL                      -- UTC
);

-- The inmate's last imported row, compared with each new day's row so that only differences reach the record.
CREATE TABLE custody_inmate (
    inmate_id TEXT NOT NULL PRIMARY KEY,
    prisoner_id TEXT NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    admitted TEXT NOT NULL,                        -- admitted_dt, NYC local time, as yyyy-MM-ddTHH:mm:ss.fff: identifies the stay
    custody_level TEXT NULL,
    status_code TEXT NULL,
    top_charge TEXT NULL,
    mental_observation INTEGER NOT NULL,           -- bradh
    security_risk_group INTEGER NOT NULL,          -- srg_flg
    infraction INTEGER NOT NULL,
    recorded_on TEXT NOT NULL,                     -- the day of the file the row above comes from
    released_on TEXT NULL                          -- the day the inmate left the files; NULL while in custody
);
CREATE UNIQUE INDEX custody_inmate_prisoner ON custody_inmate (prisoner_id);
-- Each day's import reads the inmates still in custody, to find who left.
CREATE INDEX custody_inmate_in_custody ON custody_inmate (inmate_id) WHERE released_on IS NULL;
