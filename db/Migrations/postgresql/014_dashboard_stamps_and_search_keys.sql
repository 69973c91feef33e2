-- What keeps an open dashboard true (a stamp per prison that moves with every change of what its dashboard shows)
-- and what puts every prisoner within reach (search keys by number and name, prefix and accent-insensitive).

-- 1. The dashboard's stamp. Each stripe of a prison's counts (migration 009) also counts the changes it has seen: the
-- prison's stamp is the sum over its stripes. It moves in the transaction of every write that changes a row the
-- dashboard shows or a count, by the same triggers and in the same upsert that keep the counts, so it takes no lock
-- the counts did not take already, in the same (prison, stripe) order (README, "Locks in one order"), and concurrent
-- writers of one prison spread over its 16 stripes instead of queueing on one hot row. Each stripe only grows, under
-- its row lock, so the sum grows with every committed change: a reader holding the sum S of its snapshot sees another
-- sum as soon as any later change of that prison commits, whatever order the writers took their stamps in (a
-- sequence's values, taken before the locks, can commit out of order and hide one another behind a maximum).
ALTER TABLE prison_status_count ADD COLUMN changes bigint NOT NULL DEFAULT 0;

-- As in migration 009, and also for a prisoner whose status stays but whose row on the dashboard changes: the reasons
-- or the rule set of its verdict, its name, number or legal status. Such a prisoner's deltas sum to zero; its stripe
-- only counts the change. A re-evaluation that stores the verdict a prisoner had already touches nothing.
CREATE OR REPLACE FUNCTION prison_status_count_follow_prisoners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    WITH changed AS MATERIALIZED (
        SELECT n.id, o.danger_status AS was, n.danger_status AS is_now
        FROM new_prisoners n
        JOIN old_prisoners o ON o.id = n.id
        WHERE (n.danger_status, n.danger_reasons, n.rule_set, n.name, n.number, n.legal_status)
              IS DISTINCT FROM (o.danger_status, o.danger_reasons, o.rule_set, o.name, o.number, o.legal_status)
    )
    INSERT INTO prison_status_count AS c (prison_id, stripe, dangerous, not_dangerous, unknown, changes)
    SELECT s.prison_id, uuid_hash(ch.id) & 15,
           count(*) FILTER (WHERE ch.is_now = 'Dangerous') - count(*) FILTER (WHERE ch.was = 'Dangerous'),
           count(*) FILTER (WHERE ch.is_now = 'NotDangerous') - count(*) FILTER (WHERE ch.was = 'NotDangerous'),
           count(*) FILTER (WHERE ch.is_now = 'Unknown') - count(*) FILTER (WHERE ch.was = 'Unknown'),
           1
    FROM changed ch
    CROSS JOIN LATERAL (
        SELECT i.prison_id FROM imprisonment i
        WHERE i.prisoner_id = ch.id AND i.left_on IS NULL AND i.struck_at IS NULL
    ) AS s
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (prison_id, stripe) DO UPDATE
    SET dangerous = c.dangerous + EXCLUDED.dangerous,
        not_dangerous = c.not_dangerous + EXCLUDED.not_dangerous,
        unknown = c.unknown + EXCLUDED.unknown,
        changes = c.changes + 1;
    RETURN NULL;
END
$$;

-- As in migration 009, and every stay that starts or stops being current counts as a change of its prison's
-- dashboard (an arrival, a release, a transfer out and in, a stay struck out), even when its deltas sum to zero.
CREATE OR REPLACE FUNCTION prison_status_count_move_stays(prisoner_ids uuid[], prison_ids integer[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF prisoner_ids IS NULL THEN
        RETURN;
    END IF;
    WITH moved AS (
        SELECT * FROM unnest(prisoner_ids, prison_ids, deltas) AS m (prisoner_id, prison_id, delta)
    ),
    held AS (
        SELECT p.id, p.danger_status FROM prisoner p
        WHERE p.id IN (SELECT prisoner_id FROM moved)
        ORDER BY p.id
        FOR NO KEY UPDATE
    ),
    summed AS (
        SELECT m.prison_id, uuid_hash(m.prisoner_id) & 15 AS stripe,
               coalesce(sum(m.delta) FILTER (WHERE h.danger_status = 'Dangerous'), 0) AS dangerous,
               coalesce(sum(m.delta) FILTER (WHERE h.danger_status = 'NotDangerous'), 0) AS not_dangerous,
               coalesce(sum(m.delta) FILTER (WHERE h.danger_status = 'Unknown'), 0) AS unknown
        FROM moved m JOIN held h ON h.id = m.prisoner_id
        GROUP BY 1, 2
    )
    INSERT INTO prison_status_count AS c (prison_id, stripe, dangerous, not_dangerous, unknown, changes)
    SELECT prison_id, stripe, dangerous, not_dangerous, unknown, 1 FROM summed
    ORDER BY prison_id, stripe
    ON CONFLICT (prison_id, stripe) DO UPDATE
    SET dangerous = c.dangerous + EXCLUDED.dangerous,
        not_dangerous = c.not_dangerous + EXCLUDED.not_dangerous,
        unknown = c.unknown + EXCLUDED.unknown,
        changes = c.changes + 1;
END
$$;

-- 2. Search keys: a prisoner's number and name as staff may type them, lower-cased, without accents, punctuation as
-- spaces (db/Search/SearchKey.cs, .NET's Unicode tables: PostgreSQL's unaccent extension may not be installed, and
-- SQLite has nothing of the kind), written by the save path whenever a prisoner is added or renamed. The name twice:
-- as written (a prefix of the first name) and from the last word (a prefix of the last name). Byte order ("C"), so
-- that a prefix is a range of each index whatever the database's collation.
-- A table of its own rather than columns of prisoner: each change and each verdict writes the prisoner's row again
-- (its status is in a partial index, so the update is never HOT), and three more indexes on prisoner would take an
-- entry each time; these rows change only when a name does.
CREATE TABLE prisoner_search_key (
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    number_key varchar(64) COLLATE "C" NOT NULL,
    name_key varchar(400) COLLATE "C" NOT NULL,
    surname_key varchar(400) COLLATE "C" NOT NULL,
    CONSTRAINT prisoner_search_key_pkey PRIMARY KEY (prisoner_id)
);

CREATE INDEX prisoner_search_by_number ON prisoner_search_key (number_key);
CREATE INDEX prisoner_search_by_name ON prisoner_search_key (name_key);
CREATE INDEX prisoner_search_by_surname ON prisoner_search_key (surname_key);

-- The prisoners stored before this migration get their keys from the process that migrates, once the scripts have run
-- (PrisonerSearchKeys.AddMissingSearchKeysAsync): the normalisation is .NET's.
