-- A prison's "Coming up" page in its own order: each current prisoner with a stored forecast, keyed by its prison and
-- the forecast's instant, kept by triggers, so that a page walks this table's index from the cursor and reads only the
-- rows it shows. The page read every forecast of every prison within its span and looked up each one's stay, so its
-- cost grew with the prisoners held.
--
-- A row is derived again, whole, for every prisoner whose forecast or number moved (from the prisoner's row, locked by
-- the update) and for every prisoner whose current stay moved (after locking the prisoner's row, as the counts'
-- triggers do, in the order of the ids): two writers of one prisoner's row are always serialised by that lock.
CREATE TABLE prison_forecast (
    prisoner_id uuid NOT NULL REFERENCES prisoner (id) ON DELETE CASCADE,
    prison_id integer NOT NULL REFERENCES prison (id) ON DELETE CASCADE,
    forecast_at timestamptz NOT NULL,
    number varchar(32) NOT NULL,
    CONSTRAINT prison_forecast_pkey PRIMARY KEY (prisoner_id)
);

CREATE INDEX prison_forecast_by_instant ON prison_forecast (prison_id, forecast_at, number);

-- The rows of these prisoners, derived again from their records and current stays.
CREATE FUNCTION prison_forecast_follow(prisoner_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF prisoner_ids IS NULL THEN
        RETURN;
    END IF;
    DELETE FROM prison_forecast WHERE prisoner_id = ANY (prisoner_ids);
    INSERT INTO prison_forecast (prisoner_id, prison_id, forecast_at, number)
    SELECT p.id, s.prison_id, p.forecast_at, p.number
    FROM prisoner p
    JOIN imprisonment s ON s.prisoner_id = p.id AND s.left_on IS NULL AND s.struck_at IS NULL
    WHERE p.id = ANY (prisoner_ids) AND p.forecast_at IS NOT NULL
    ORDER BY p.id;
END
$$;

CREATE FUNCTION prison_forecast_follow_prisoners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM prison_forecast_follow(array_agg(n.id))
    FROM new_prisoners n
    JOIN old_prisoners o ON o.id = n.id
    WHERE (n.forecast_at, n.number) IS DISTINCT FROM (o.forecast_at, o.number)
      AND (n.forecast_at IS NOT NULL OR o.forecast_at IS NOT NULL);
    RETURN NULL;
END
$$;

CREATE TRIGGER prison_forecast_on_prisoner_update AFTER UPDATE ON prisoner
    REFERENCING OLD TABLE AS old_prisoners NEW TABLE AS new_prisoners
    FOR EACH STATEMENT EXECUTE FUNCTION prison_forecast_follow_prisoners();

CREATE FUNCTION prison_forecast_follow_stays() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    moved uuid[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(DISTINCT prisoner_id) INTO moved FROM new_stays WHERE left_on IS NULL AND struck_at IS NULL;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(DISTINCT prisoner_id) INTO moved FROM old_stays WHERE left_on IS NULL AND struck_at IS NULL;
    ELSE
        SELECT array_agg(DISTINCT m.prisoner_id) INTO moved
        FROM old_stays o
        JOIN new_stays n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.prisoner_id), (n.prisoner_id)) AS m (prisoner_id)
        WHERE (o.prisoner_id, o.prison_id, o.left_on IS NULL AND o.struck_at IS NULL)
              IS DISTINCT FROM (n.prisoner_id, n.prison_id, n.left_on IS NULL AND n.struck_at IS NULL);
    END IF;
    IF moved IS NULL THEN
        RETURN NULL;
    END IF;
    -- The forecast is read under the prisoner's lock, taken in the order of the ids as the counts' triggers take it.
    PERFORM 1 FROM prisoner WHERE id = ANY (moved) ORDER BY id FOR NO KEY UPDATE;
    PERFORM prison_forecast_follow(moved);
    RETURN NULL;
END
$$;

CREATE TRIGGER prison_forecast_on_stay_insert AFTER INSERT ON imprisonment
    REFERENCING NEW TABLE AS new_stays
    FOR EACH STATEMENT EXECUTE FUNCTION prison_forecast_follow_stays();
CREATE TRIGGER prison_forecast_on_stay_update AFTER UPDATE ON imprisonment
    REFERENCING OLD TABLE AS old_stays NEW TABLE AS new_stays
    FOR EACH STATEMENT EXECUTE FUNCTION prison_forecast_follow_stays();
CREATE TRIGGER prison_forecast_on_stay_delete AFTER DELETE ON imprisonment
    REFERENCING OLD TABLE AS old_stays
    FOR EACH STATEMENT EXECUTE FUNCTION prison_forecast_follow_stays();

-- TRUNCATE fires no delete trigger: with no stay left, nobody is coming up.
CREATE FUNCTION prison_forecast_forget_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM prison_forecast;
    RETURN NULL;
END
$$;

CREATE TRIGGER prison_forecast_on_stays_truncate AFTER TRUNCATE ON imprisonment
    FOR EACH STATEMENT EXECUTE FUNCTION prison_forecast_forget_all();

-- The forecasts stored before this migration, with writers of prisoner and imprisonment locked out until it commits.
LOCK TABLE prisoner, imprisonment IN SHARE MODE;
INSERT INTO prison_forecast (prisoner_id, prison_id, forecast_at, number)
SELECT p.id, s.prison_id, p.forecast_at, p.number
FROM prisoner p
JOIN imprisonment s ON s.prisoner_id = p.id AND s.left_on IS NULL AND s.struck_at IS NULL
WHERE p.forecast_at IS NOT NULL;
