-- What each imported day did (worker `import revert DAY` undoes a day and every day after it), and the day an imported
-- top charge stopped being the one the custody files name.
-- Days are TEXT yyyy-MM-dd, ids TEXT; booleans 0 or 1.

-- The day another charge (or none) took this one's place as the charge the prisoner is held on; NULL while none has.
-- A superseded charge keeps its outcome, and rule 4 (charged with a violent crime) no longer counts it.
ALTER TABLE charge ADD COLUMN superseded_on TEXT NULL;

-- One row per inmate an imported day touched: how the importer knew them just before that day (their custody_inmate
-- row, their prisoner's legal status and security category), put back when the day is reverted.
CREATE TABLE imported_inmate_change (
    day TEXT NOT NULL,
    inmate_id TEXT NOT NULL,
    admitted TEXT NULL,                            -- NULL: the day met the inmate for the first time
    custody_level TEXT NULL,
    status_code TEXT NULL,
    top_charge TEXT NULL,
    mental_observation INTEGER NOT NULL,
    security_risk_group INTEGER NOT NULL,
    infraction INTEGER NOT NULL,
    recorded_on TEXT NULL,
    released_on TEXT NULL,
    legal_status TEXT NULL,                        -- the prisoner's; NULL when the day made the prisoner
    security_category TEXT NULL,
    CONSTRAINT imported_inmate_change_pkey PRIMARY KEY (day, inmate_id)
);

-- The entries of that inmate's record the day added, ended (a stay left, a period ended, a charge superseded) or
-- concluded as convicted, in the order it did so (step): a revert undoes them in the opposite order.
CREATE TABLE imported_entry_change (
    day TEXT NOT NULL,
    inmate_id TEXT NOT NULL,
    step INTEGER NOT NULL,
    entry_id TEXT NOT NULL,
    change TEXT NOT NULL CHECK (change IN ('Added', 'Ended', 'Convicted')),
    CONSTRAINT imported_entry_change_pkey PRIMARY KEY (day, inmate_id, step),
    FOREIGN KEY (day, inmate_id) REFERENCES imported_inmate_change (day, inmate_id) ON DELETE CASCADE
);
