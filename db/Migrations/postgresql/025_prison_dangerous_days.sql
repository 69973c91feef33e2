-- Each prison's Dangerous count day by day (the headquarters overview's chart), kept at write time by the triggers
-- that keep prison_status_count (migrations 009 and 014), in the same trigger calls, from the same deltas.
--
-- What is kept: the net change of a prison's Dangerous count on a day, per stripe as the counts are (so concurrent
-- writers of one prison spread over its 16 stripes instead of queueing on one row for today). The count at the end of
-- day D is then exact: the prison's kept count now minus the changes of the days after D; a day without a row changed
-- nothing, so it carries the day before's figure forward. Deltas rather than each day's closing count: a writer then
-- needs no count it has not just computed, and the read sums a prison's rows of the days asked and no further back.
--
-- Which day: the UTC day of the database's clock when the statement ran. A trigger cannot read the product's
-- configured zone (PrisonCalendar) and SQLite has no zone database, so both engines keep UTC days; the page names
-- each day's end in the prison's zone. A write whose statement ran just before midnight and committed after counts
-- for the day it ran.
--
-- The days before this migration were never kept: prison_dangerous_day_kept says from which day the figures are
-- exact, and the page shows nothing for the days before. A prison added later starts with no stay, so its count was 0
-- on the days before its first one, which is what its rows then say.
CREATE TABLE prison_dangerous_day (
    prison_id integer NOT NULL REFERENCES prison (id) ON DELETE CASCADE,
    day date NOT NULL,
    stripe smallint NOT NULL,
    dangerous_change integer NOT NULL,
    CONSTRAINT prison_dangerous_day_pkey PRIMARY KEY (prison_id, day, stripe)
);

CREATE TABLE prison_dangerous_day_kept (
    id integer NOT NULL CHECK (id = 1),
    since date NOT NULL,
    CONSTRAINT prison_dangerous_day_kept_pkey PRIMARY KEY (id)
);

INSERT INTO prison_dangerous_day_kept (id, since) VALUES (1, (now() AT TIME ZONE 'UTC')::date);

-- The day a statement's changes count for.
CREATE FUNCTION prison_dangerous_today() RETURNS date LANGUAGE sql VOLATILE AS $$
    SELECT (clock_timestamp() AT TIME ZONE 'UTC')::date
$$;

-- As in migration 014, and the Dangerous deltas go to today's rows too. The deltas are summed once, into arrays; the
-- counts' rows are upserted first, then the day's rows, each in (prison, stripe) order: a day row of a (prison,
-- stripe) is only ever written by whoever holds that stripe's row of the counts, so the day rows add no lock order
-- of their own (README, "Locks in one order").
CREATE OR REPLACE FUNCTION prison_status_count_follow_prisoners() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    prisons integer[];
    stripes smallint[];
    dangerous_deltas integer[];
    not_dangerous_deltas integer[];
    unknown_deltas integer[];
BEGIN
    WITH changed AS MATERIALIZED (
        SELECT n.id, o.danger_status AS was, n.danger_status AS is_now
        FROM new_prisoners n
        JOIN old_prisoners o ON o.id = n.id
        WHERE (n.danger_status, n.danger_reasons, n.rule_set, n.name, n.number, n.legal_status)
              IS DISTINCT FROM (o.danger_status, o.danger_reasons, o.rule_set, o.name, o.number, o.legal_status)
    ),
    summed AS (
        SELECT s.prison_id, (uuid_hash(ch.id) & 15)::smallint AS stripe,
               (count(*) FILTER (WHERE ch.is_now = 'Dangerous') - count(*) FILTER (WHERE ch.was = 'Dangerous'))::integer AS dangerous,
               (count(*) FILTER (WHERE ch.is_now = 'NotDangerous') - count(*) FILTER (WHERE ch.was = 'NotDangerous'))::integer AS not_dangerous,
               (count(*) FILTER (WHERE ch.is_now = 'Unknown') - count(*) FILTER (WHERE ch.was = 'Unknown'))::integer AS unknown
        FROM changed ch
        CROSS JOIN LATERAL (
            SELECT i.prison_id FROM imprisonment i
            WHERE i.prisoner_id = ch.id AND i.left_on IS NULL AND i.struck_at IS NULL
        ) AS s
        GROUP BY 1, 2
    )
    SELECT array_agg(prison_id ORDER BY prison_id, stripe), array_agg(stripe ORDER BY prison_id, stripe),
           array_agg(dangerous ORDER BY prison_id, stripe), array_agg(not_dangerous ORDER BY prison_id, stripe),
           array_agg(unknown ORDER BY prison_id, stripe)
    INTO prisons, stripes, dangerous_deltas, not_dangerous_deltas, unknown_deltas
    FROM summed;
    PERFORM prison_status_count_add(prisons, stripes, dangerous_deltas, not_dangerous_deltas, unknown_deltas);
    RETURN NULL;
END
$$;

-- As in migration 014, the deltas summed into arrays and added as above.
CREATE OR REPLACE FUNCTION prison_status_count_move_stays(prisoner_ids uuid[], prison_ids integer[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    prisons integer[];
    stripes smallint[];
    dangerous_deltas integer[];
    not_dangerous_deltas integer[];
    unknown_deltas integer[];
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
        SELECT m.prison_id, (uuid_hash(m.prisoner_id) & 15)::smallint AS stripe,
               coalesce(sum(m.delta) FILTER (WHERE h.danger_status = 'Dangerous'), 0)::integer AS dangerous,
               coalesce(sum(m.delta) FILTER (WHERE h.danger_status = 'NotDangerous'), 0)::integer AS not_dangerous,
               coalesce(sum(m.delta) FILTER (WHERE h.danger_status = 'Unknown'), 0)::integer AS unknown
        FROM moved m JOIN held h ON h.id = m.prisoner_id
        GROUP BY 1, 2
    )
    SELECT array_agg(prison_id ORDER BY prison_id, stripe), array_agg(stripe ORDER BY prison_id, stripe),
           array_agg(dangerous ORDER BY prison_id, stripe), array_agg(not_dangerous ORDER BY prison_id, stripe),
           array_agg(unknown ORDER BY prison_id, stripe)
    INTO prisons, stripes, dangerous_deltas, not_dangerous_deltas, unknown_deltas
    FROM summed;
    PERFORM prison_status_count_add(prisons, stripes, dangerous_deltas, not_dangerous_deltas, unknown_deltas);
END
$$;

-- Adds summed deltas (one element per prison and stripe, in that order) to the counts, counting a change of each
-- stripe's dashboard stamp, and the Dangerous deltas to today's rows of prison_dangerous_day.
CREATE FUNCTION prison_status_count_add(prisons integer[], stripes smallint[], dangerous_deltas integer[],
                                        not_dangerous_deltas integer[], unknown_deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF prisons IS NULL THEN
        RETURN;
    END IF;
    INSERT INTO prison_status_count AS c (prison_id, stripe, dangerous, not_dangerous, unknown, changes)
    SELECT d.prison_id, d.stripe, d.dangerous, d.not_dangerous, d.unknown, 1
    FROM unnest(prisons, stripes, dangerous_deltas, not_dangerous_deltas, unknown_deltas)
         AS d (prison_id, stripe, dangerous, not_dangerous, unknown)
    ORDER BY d.prison_id, d.stripe
    ON CONFLICT (prison_id, stripe) DO UPDATE
    SET dangerous = c.dangerous + EXCLUDED.dangerous,
        not_dangerous = c.not_dangerous + EXCLUDED.not_dangerous,
        unknown = c.unknown + EXCLUDED.unknown,
        changes = c.changes + 1;
    INSERT INTO prison_dangerous_day AS k (prison_id, day, stripe, dangerous_change)
    SELECT d.prison_id, prison_dangerous_today(), d.stripe, d.dangerous
    FROM unnest(prisons, stripes, dangerous_deltas) AS d (prison_id, stripe, dangerous)
    WHERE d.dangerous <> 0
    ORDER BY d.prison_id, d.stripe
    ON CONFLICT (prison_id, day, stripe) DO UPDATE
    SET dangerous_change = k.dangerous_change + EXCLUDED.dangerous_change;
END
$$;

-- TRUNCATE fires no delete trigger: with no stay left, no prison has anyone to count, and the days kept before no
-- longer lead to the counts; they are kept again from today.
CREATE OR REPLACE FUNCTION prison_status_count_forget_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM prison_status_count;
    DELETE FROM prison_dangerous_day;
    UPDATE prison_dangerous_day_kept SET since = prison_dangerous_today();
    RETURN NULL;
END
$$;
