-- Full re-evaluations: one row a run with its totals, and one row a finished batch, so a batch delivered twice
-- (a worker killed after writing, before acknowledging) is counted once.

CREATE TABLE reevaluation_run (
    id TEXT NOT NULL PRIMARY KEY,
    started_by TEXT NOT NULL,
    scope TEXT NOT NULL,
    rule_set TEXT NOT NULL,
    total INTEGER NOT NULL CHECK (total >= 0),
    done INTEGER NOT NULL DEFAULT 0,
    failed INTEGER NOT NULL DEFAULT 0,
    batches INTEGER NOT NULL CHECK (batches >= 0),
    finished_batches INTEGER NOT NULL DEFAULT 0,
    started_at TEXT NOT NULL,                        -- UTC
    finished_at TEXT NULL,                           -- UTC
    is_current INTEGER NULL CHECK (is_current = 1),  -- 1 while running, NULL once finished: one run at a time
    CHECK ((finished_at IS NULL) = (is_current IS NOT NULL))
);
CREATE UNIQUE INDEX reevaluation_run_one_at_a_time ON reevaluation_run (is_current) WHERE is_current IS NOT NULL;
CREATE INDEX reevaluation_run_started_at ON reevaluation_run (started_at);

CREATE TABLE reevaluation_batch (
    run_id TEXT NOT NULL REFERENCES reevaluation_run (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    prisoners INTEGER NOT NULL,
    failed INTEGER NOT NULL,
    worker TEXT NOT NULL,
    finished_at TEXT NOT NULL,                       -- UTC
    PRIMARY KEY (run_id, number)
);
