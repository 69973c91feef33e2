-- What each imported day did (worker `import revert DAY` undoes a day and every day after it), and the day an imported
-- top charge stopped being the one the custody files name.

-- The day another charge (or none) took this one's place as the charge the prisoner is held on; NULL while none has.
-- A superseded charge keeps its outcome, and rule 4 (charged with a violent crime) no longer counts it.
ALTER TABLE charge ADD COLUMN superseded_on date NULL;

-- One row per inmate an imported day touched: how the importer knew them just before that day (their custody_inmate
-- row, their prisoner's legal status and security category), put back when the day is reverted.
CREATE TABLE imported_inmate_change (
    day date NOT NULL,
    inmate_id varchar(32) NOT NULL,
    admitted varchar(23) NULL,                     -- NULL: the day met the inmate for the first time
    custody_level varchar(8) NULL,
    status_code varchar(8) NULL,
    top_charge varchar(64) NULL,
    mental_observation boolean NOT NULL,
    security_risk_group boolean NOT NULL,
    infraction boolean NOT NULL,
    recorded_on date NULL,
    released_on date NULL,
    legal_status varchar(16) NULL,                 -- the prisoner's; NULL when the day made the prisoner
    security_category varchar(1) NULL,
    CONSTRAINT imported_inmate_change_pkey PRIMARY KEY (day, inmate_id)
);

-- The entries of that inmate's record the day added, ended (a stay left, a period ended, a charge superseded) or
-- concluded as convicted, in the order it did so (step): a revert undoes them in the opposite order.
CREATE TABLE imported_entry_change (
    day date NOT NULL,
    inmate_id varchar(32) NOT NULL,
    step integer NOT NULL,
    entry_id uuid NOT NULL,
    change varchar(16) NOT NULL CHECK (change IN ('Added', 'Ended', 'Convicted')),
    CONSTRAINT imported_entry_change_pkey PRIMARY KEY (day, inmate_id, step),
    FOREIGN KEY (day, inmate_id) REFERENCES imported_inmate_change (day, inmate_id) ON DELETE CASCADE
);
