-- Full re-evaluations: one row a run with its totals, and one row a finished batch, so a batch delivered twice
-- (a worker killed after writing, before acknowledging) is counted once.

CREATE TABLE reevaluation_run (
    id uuid PRIMARY KEY,
    started_by varchar(200) NOT NULL,               -- who or what: "nightly job", "operator alice", "rule set changed"
    scope varchar(64) NOT NULL,                     -- "all", "prison RNDC", "prisoner 1234567"
    rule_set varchar(16) NOT NULL,
    total integer NOT NULL CHECK (total >= 0),      -- prisoners
    done integer NOT NULL DEFAULT 0,
    failed integer NOT NULL DEFAULT 0,
    batches integer NOT NULL CHECK (batches >= 0),
    finished_batches integer NOT NULL DEFAULT 0,   -- counted in this row so that concurrent batches see each other
    started_at timestamptz NOT NULL,
    finished_at timestamptz NULL,
    is_current boolean NULL CHECK (is_current),     -- true while running, NULL once finished: the unique index allows one run at a time
    CHECK ((finished_at IS NULL) = (is_current IS NOT NULL))
);
CREATE UNIQUE INDEX reevaluation_run_one_at_a_time ON reevaluation_run (is_current) WHERE is_current IS NOT NULL;
CREATE INDEX reevaluation_run_started_at ON reevaluation_run (started_at);

CREATE TABLE reevaluation_batch (
    run_id uuid NOT NULL REFERENCES reevaluation_run (id) ON DELETE CASCADE,
    number integer NOT NULL,
    prisoners integer NOT NULL,
    failed boolean NOT NULL,
    worker varchar(200) NOT NULL,                   -- host:process that ran it, so an operator sees how the workers shared a run
    finished_at timestamptz NOT NULL,
    PRIMARY KEY (run_id, number)
);
