-- How many of each prison's current prisoners stand at each danger status, kept by triggers in the transaction of
-- every write, so the dashboard reads a few rows instead of counting every current stay of the prison (a GROUP BY
-- over 45,000 stays at 1,000,000 prisoners costs ~0.7 s). A current stay is one with left_on and struck_at null.
--
-- One row per prison and stripe: a prisoner's counts go to the stripe of its id (uuid_hash(id) & 15, 16 stripes), so
-- concurrent verdict writes for one prison rarely wait on the same row. A row holds all three statuses, so a prisoner's change of status moves
-- one row, never two. A row alone means nothing and may be negative; the sum over a prison's stripes is the count.
-- The foreign key lets TRUNCATE prison ... CASCADE (the benchmark generator) clear the counts with the stays.
CREATE TABLE prison_status_count (
    prison_id integer NOT NULL REFERENCES prison (id) ON DELETE CASCADE,
    stripe smallint NOT NULL,
    dangerous integer NOT NULL DEFAULT 0,
    not_dangerous integer NOT NULL DEFAULT 0,
    unknown integer NOT NULL DEFAULT 0,
    PRIMARY KEY (prison_id, stripe)
);

-- The verdict write changes many prisoners in ONE statement and runs ~1000 times a second, hence triggers per
-- statement with transition tables: the deltas are summed per row and applied in one upsert. The rows are taken in
-- (prison_id, stripe) order, so two statements running at once never lock the same two rows in opposite orders.
-- Only prisoners whose status changed are looked up, each by its own current stay (LATERAL, on the one-current-stay
-- index): joined as sets, the planner read every current stay of every prison to find those of 500 prisoners
-- (45 ms per verdict write at 100,000 prisoners), so a re-evaluation that changed nothing still paid for the counts.
-- Prisoner ids never change (stays reference them), so old and new rows pair up by id.
CREATE FUNCTION prison_status_count_follow_prisoners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    WITH changed AS MATERIALIZED (
        SELECT n.id, o.danger_status AS was, n.danger_status AS is_now
        FROM new_prisoners n
        JOIN old_prisoners o ON o.id = n.id
        WHERE n.danger_status <> o.danger_status
    )
    INSERT INTO prison_status_count AS c (prison_id, stripe, dangerous, not_dangerous, unknown)
    SELECT s.prison_id, uuid_hash(ch.id) & 15,
           count(*) FILTER (WHERE ch.is_now = 'Dangerous') - count(*) FILTER (WHERE ch.was = 'Dangerous'),
           count(*) FILTER (WHERE ch.is_now = 'NotDangerous') - count(*) FILTER (WHERE ch.was = 'NotDangerous'),
           count(*) FILTER (WHERE ch.is_now = 'Unknown') - count(*) FILTER (WHERE ch.was = 'Unknown')
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
        unknown = c.unknown + EXCLUDED.unknown;
    RETURN NULL;
END
$$;

CREATE TRIGGER prison_status_count_on_prisoner_update AFTER UPDATE ON prisoner
    REFERENCING OLD TABLE AS old_prisoners NEW TABLE AS new_prisoners
    FOR EACH STATEMENT EXECUTE FUNCTION prison_status_count_follow_prisoners();

-- Stays that start (+1) or stop (-1) being current, counted at their prisoner's status. The prisoners are locked
-- first, in id order: otherwise a verdict write committing between this read of a status and this transaction's
-- commit would leave the stay counted under a status it no longer has (that write's trigger cannot see this
-- uncommitted stay). The lock is the one an UPDATE takes, which the transaction takes anyway when it bumps the
-- prisoner's change version, so two staff edits of one prisoner queue up instead of deadlocking.
-- A stay deleted with its prisoner (ON DELETE CASCADE) finds no prisoner here: the prisoner's BEFORE DELETE
-- trigger has already taken it out.
CREATE FUNCTION prison_status_count_move_stays(prisoner_ids uuid[], prison_ids integer[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
    INSERT INTO prison_status_count AS c (prison_id, stripe, dangerous, not_dangerous, unknown)
    SELECT prison_id, stripe, dangerous, not_dangerous, unknown FROM summed
    WHERE dangerous <> 0 OR not_dangerous <> 0 OR unknown <> 0
    ORDER BY prison_id, stripe
    ON CONFLICT (prison_id, stripe) DO UPDATE
    SET dangerous = c.dangerous + EXCLUDED.dangerous,
        not_dangerous = c.not_dangerous + EXCLUDED.not_dangerous,
        unknown = c.unknown + EXCLUDED.unknown;
END
$$;

-- A transition table exists only for the events that have it, so each event names its own; an update moves only
-- the stays whose currency, prison or prisoner changed (a new sentence moves nothing).
CREATE FUNCTION prison_status_count_follow_stays() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM prison_status_count_move_stays(array_agg(prisoner_id), array_agg(prison_id), array_agg(1))
        FROM new_stays WHERE left_on IS NULL AND struck_at IS NULL;
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM prison_status_count_move_stays(array_agg(prisoner_id), array_agg(prison_id), array_agg(-1))
        FROM old_stays WHERE left_on IS NULL AND struck_at IS NULL;
    ELSE
        PERFORM prison_status_count_move_stays(array_agg(m.prisoner_id), array_agg(m.prison_id), array_agg(m.delta))
        FROM old_stays o
        JOIN new_stays n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.prisoner_id, o.prison_id, -1, o.left_on IS NULL AND o.struck_at IS NULL),
                                   (n.prisoner_id, n.prison_id, 1, n.left_on IS NULL AND n.struck_at IS NULL)) AS m (prisoner_id, prison_id, delta, current)
        WHERE m.current
          AND (o.prisoner_id, o.prison_id, o.left_on IS NULL AND o.struck_at IS NULL)
              IS DISTINCT FROM (n.prisoner_id, n.prison_id, n.left_on IS NULL AND n.struck_at IS NULL);
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER prison_status_count_on_stay_insert AFTER INSERT ON imprisonment
    REFERENCING NEW TABLE AS new_stays
    FOR EACH STATEMENT EXECUTE FUNCTION prison_status_count_follow_stays();
CREATE TRIGGER prison_status_count_on_stay_update AFTER UPDATE ON imprisonment
    REFERENCING OLD TABLE AS old_stays NEW TABLE AS new_stays
    FOR EACH STATEMENT EXECUTE FUNCTION prison_status_count_follow_stays();
CREATE TRIGGER prison_status_count_on_stay_delete AFTER DELETE ON imprisonment
    REFERENCING OLD TABLE AS old_stays
    FOR EACH STATEMENT EXECUTE FUNCTION prison_status_count_follow_stays();

-- A deleted prisoner's stays go with it (ON DELETE CASCADE), after the prisoner row, when its status can no longer
-- be read: so its current stay is taken out here, before, at the status it has; the cascade then finds no prisoner.
CREATE FUNCTION prison_status_count_forget_prisoner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM prison_status_count_move_stays(array_agg(prisoner_id), array_agg(prison_id), array_agg(-1))
    FROM imprisonment WHERE prisoner_id = OLD.id AND left_on IS NULL AND struck_at IS NULL;
    RETURN OLD;
END
$$;

CREATE TRIGGER prison_status_count_on_prisoner_delete BEFORE DELETE ON prisoner
    FOR EACH ROW EXECUTE FUNCTION prison_status_count_forget_prisoner();

-- TRUNCATE fires no delete trigger: with no stay left, no prison has anyone to count.
CREATE FUNCTION prison_status_count_forget_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM prison_status_count;
    RETURN NULL;
END
$$;

CREATE TRIGGER prison_status_count_on_stays_truncate AFTER TRUNCATE ON imprisonment
    FOR EACH STATEMENT EXECUTE FUNCTION prison_status_count_forget_all();

-- The stays and statuses stored before this migration. Last, after the triggers: creating them locks out writers
-- of prisoner and imprisonment until this transaction commits, so no write falls between the count and the triggers.
INSERT INTO prison_status_count (prison_id, stripe, dangerous, not_dangerous, unknown)
SELECT s.prison_id, uuid_hash(s.prisoner_id) & 15,
       count(*) FILTER (WHERE p.danger_status = 'Dangerous'),
       count(*) FILTER (WHERE p.danger_status = 'NotDangerous'),
       count(*) FILTER (WHERE p.danger_status = 'Unknown')
FROM imprisonment s
JOIN prisoner p ON p.id = s.prisoner_id
WHERE s.left_on IS NULL AND s.struck_at IS NULL
GROUP BY 1, 2;
