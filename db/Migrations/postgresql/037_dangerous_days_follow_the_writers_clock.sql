-- The day a change of a prison's Dangerous count is kept for (prison_dangerous_day, migration 025) becomes the day of
-- the instant its writer stamped, rather than the day of the database's clock: a record change's changed_at, a verdict's
-- evaluated_at (the verdict history takes its instant from the same column), and a stay's new changed_at, which the
-- save of a record change stamps with the same instant as the prisoner's. The product reads the time from one clock
-- (its TimeProvider), so its figures, history and forecasts agree on the day, and a clock moved through past days (the
-- demo's replay, a test) keeps each change on its day. A write that stamps nothing (an UPDATE by hand, a deletion)
-- still counts for the database's day. What is kept does not change: the rows still sum to the counts.

ALTER TABLE imprisonment ADD COLUMN changed_at timestamptz;

-- The day of a stamp, or today's when there is none.
CREATE FUNCTION prison_dangerous_day_of(stamp timestamptz) RETURNS date LANGUAGE sql VOLATILE AS $$
    SELECT coalesce((stamp AT TIME ZONE 'UTC')::date, prison_dangerous_today())
$$;

-- As in migration 025, with the day of each delta: the counts' rows are upserted per (prison, stripe), then the day's
-- rows per (prison, stripe, day), each in that order, so the day rows still add no lock order of their own.
CREATE FUNCTION prison_status_count_add(prisons integer[], stripes smallint[], days date[], dangerous_deltas integer[],
                                        not_dangerous_deltas integer[], unknown_deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF prisons IS NULL THEN
        RETURN;
    END IF;
    INSERT INTO prison_status_count AS c (prison_id, stripe, dangerous, not_dangerous, unknown, changes)
    SELECT d.prison_id, d.stripe, sum(d.dangerous)::integer, sum(d.not_dangerous)::integer, sum(d.unknown)::integer, 1
    FROM unnest(prisons, stripes, dangerous_deltas, not_dangerous_deltas, unknown_deltas)
         AS d (prison_id, stripe, dangerous, not_dangerous, unknown)
    GROUP BY d.prison_id, d.stripe
    ORDER BY d.prison_id, d.stripe
    ON CONFLICT (prison_id, stripe) DO UPDATE
    SET dangerous = c.dangerous + EXCLUDED.dangerous,
        not_dangerous = c.not_dangerous + EXCLUDED.not_dangerous,
        unknown = c.unknown + EXCLUDED.unknown,
        changes = c.changes + 1;
    INSERT INTO prison_dangerous_day AS k (prison_id, day, stripe, dangerous_change)
    SELECT d.prison_id, d.day, d.stripe, sum(d.dangerous)::integer
    FROM unnest(prisons, stripes, days, dangerous_deltas) AS d (prison_id, stripe, day, dangerous)
    GROUP BY d.prison_id, d.stripe, d.day
    HAVING sum(d.dangerous) <> 0
    ORDER BY d.prison_id, d.stripe, d.day
    ON CONFLICT (prison_id, day, stripe) DO UPDATE
    SET dangerous_change = k.dangerous_change + EXCLUDED.dangerous_change;
END
$$;

-- Migration 025's, with today's day for every delta: kept for any caller outside these triggers.
CREATE OR REPLACE FUNCTION prison_status_count_add(prisons integer[], stripes smallint[], dangerous_deltas integer[],
                                                   not_dangerous_deltas integer[], unknown_deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF prisons IS NULL THEN
        RETURN;
    END IF;
    PERFORM prison_status_count_add(prisons, stripes, array_fill(prison_dangerous_today(), ARRAY[cardinality(prisons)]),
                                    dangerous_deltas, not_dangerous_deltas, unknown_deltas);
END
$$;

-- As in migration 026 (which keeps the Coming up counts in the same call and finds each changed prisoner's current
-- stay by one probe of its index); a verdict counts for the day of its evaluated_at, a record change for its changed_at.
CREATE OR REPLACE FUNCTION prison_status_count_follow_prisoners() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    prisons integer[];
    stripes smallint[];
    days date[];
    dangerous_deltas integer[];
    not_dangerous_deltas integer[];
    unknown_deltas integer[];
    coming_prisons integer[];
    coming_stripes smallint[];
    coming_rule_sets varchar[];
    coming_instants timestamptz[];
    coming_deltas integer[];
BEGIN
    WITH changed AS MATERIALIZED (
        SELECT n.id, o.danger_status AS was, n.danger_status AS is_now,
               o.rule_set AS old_rule_set, o.forecast_at AS old_at, n.rule_set AS new_rule_set, n.forecast_at AS new_at,
               prison_dangerous_day_of(CASE
                   WHEN n.changed_at IS DISTINCT FROM o.changed_at THEN n.changed_at
                   WHEN n.evaluated_at IS DISTINCT FROM o.evaluated_at THEN n.evaluated_at
               END) AS day
        FROM new_prisoners n
        JOIN old_prisoners o ON o.id = n.id
        WHERE (n.danger_status, n.danger_reasons, n.rule_set, n.name, n.number, n.legal_status, n.forecast_at)
              IS DISTINCT FROM (o.danger_status, o.danger_reasons, o.rule_set, o.name, o.number, o.legal_status, o.forecast_at)
    ),
    placed AS MATERIALIZED (
        SELECT * FROM (
            SELECT ch.*, (SELECT i.prison_id FROM imprisonment i
                          WHERE i.prisoner_id = ch.id AND i.left_on IS NULL AND i.struck_at IS NULL) AS prison_id,
                   (uuid_hash(ch.id) & 15)::smallint AS stripe
            FROM changed ch
        ) AS held
        WHERE prison_id IS NOT NULL
    ),
    summed AS (
        SELECT prison_id, stripe, day,
               (count(*) FILTER (WHERE is_now = 'Dangerous') - count(*) FILTER (WHERE was = 'Dangerous'))::integer AS dangerous,
               (count(*) FILTER (WHERE is_now = 'NotDangerous') - count(*) FILTER (WHERE was = 'NotDangerous'))::integer AS not_dangerous,
               (count(*) FILTER (WHERE is_now = 'Unknown') - count(*) FILTER (WHERE was = 'Unknown'))::integer AS unknown
        FROM placed
        GROUP BY 1, 2, 3
    ),
    coming AS (
        SELECT array_agg(f.prison_id) AS up_prisons, array_agg(f.stripe) AS up_stripes, array_agg(f.rule_set) AS up_rule_sets,
               array_agg(f.forecast_at) AS up_instants, array_agg(f.delta) AS up_deltas
        FROM placed p
        CROSS JOIN LATERAL (VALUES (p.prison_id, p.stripe, p.old_rule_set, p.old_at, -1),
                                   (p.prison_id, p.stripe, p.new_rule_set, p.new_at, 1)) AS f (prison_id, stripe, rule_set, forecast_at, delta)
        WHERE f.forecast_at IS NOT NULL
    )
    SELECT array_agg(s.prison_id ORDER BY s.prison_id, s.stripe, s.day), array_agg(s.stripe ORDER BY s.prison_id, s.stripe, s.day),
           array_agg(s.day ORDER BY s.prison_id, s.stripe, s.day),
           array_agg(s.dangerous ORDER BY s.prison_id, s.stripe, s.day), array_agg(s.not_dangerous ORDER BY s.prison_id, s.stripe, s.day),
           array_agg(s.unknown ORDER BY s.prison_id, s.stripe, s.day),
           (SELECT up_prisons FROM coming), (SELECT up_stripes FROM coming), (SELECT up_rule_sets FROM coming),
           (SELECT up_instants FROM coming), (SELECT up_deltas FROM coming)
    INTO prisons, stripes, days, dangerous_deltas, not_dangerous_deltas, unknown_deltas,
         coming_prisons, coming_stripes, coming_rule_sets, coming_instants, coming_deltas
    FROM summed s;
    PERFORM prison_status_count_add(prisons, stripes, days, dangerous_deltas, not_dangerous_deltas, unknown_deltas);
    PERFORM prison_coming_up_add(coming_prisons, coming_stripes, coming_rule_sets, coming_instants, coming_deltas);
    RETURN NULL;
END
$$;

-- As in migration 026 (each moved stay's forecast, read under the same lock as its status, moves with it), each moved
-- stay with the day it counts for.
CREATE FUNCTION prison_status_count_move_stays(prisoner_ids uuid[], prison_ids integer[], deltas integer[], moved_on date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    prisons integer[];
    stripes smallint[];
    days date[];
    dangerous_deltas integer[];
    not_dangerous_deltas integer[];
    unknown_deltas integer[];
    coming_prisons integer[];
    coming_stripes smallint[];
    coming_rule_sets varchar[];
    coming_instants timestamptz[];
    coming_deltas integer[];
BEGIN
    IF prisoner_ids IS NULL THEN
        RETURN;
    END IF;
    WITH moved AS (
        SELECT * FROM unnest(prisoner_ids, prison_ids, deltas, moved_on) AS m (prisoner_id, prison_id, delta, day)
    ),
    held AS MATERIALIZED (
        SELECT p.id, p.danger_status, p.rule_set, p.forecast_at FROM prisoner p
        WHERE p.id IN (SELECT prisoner_id FROM moved)
        ORDER BY p.id
        FOR NO KEY UPDATE
    ),
    summed AS (
        SELECT m.prison_id, (uuid_hash(m.prisoner_id) & 15)::smallint AS stripe, m.day,
               coalesce(sum(m.delta) FILTER (WHERE h.danger_status = 'Dangerous'), 0)::integer AS dangerous,
               coalesce(sum(m.delta) FILTER (WHERE h.danger_status = 'NotDangerous'), 0)::integer AS not_dangerous,
               coalesce(sum(m.delta) FILTER (WHERE h.danger_status = 'Unknown'), 0)::integer AS unknown
        FROM moved m JOIN held h ON h.id = m.prisoner_id
        GROUP BY 1, 2, 3
    ),
    coming AS (
        SELECT array_agg(m.prison_id) AS up_prisons, array_agg((uuid_hash(m.prisoner_id) & 15)::smallint) AS up_stripes,
               array_agg(h.rule_set) AS up_rule_sets, array_agg(h.forecast_at) AS up_instants, array_agg(m.delta) AS up_deltas
        FROM moved m JOIN held h ON h.id = m.prisoner_id
        WHERE h.forecast_at IS NOT NULL
    )
    SELECT array_agg(s.prison_id ORDER BY s.prison_id, s.stripe, s.day), array_agg(s.stripe ORDER BY s.prison_id, s.stripe, s.day),
           array_agg(s.day ORDER BY s.prison_id, s.stripe, s.day),
           array_agg(s.dangerous ORDER BY s.prison_id, s.stripe, s.day), array_agg(s.not_dangerous ORDER BY s.prison_id, s.stripe, s.day),
           array_agg(s.unknown ORDER BY s.prison_id, s.stripe, s.day),
           (SELECT up_prisons FROM coming), (SELECT up_stripes FROM coming), (SELECT up_rule_sets FROM coming),
           (SELECT up_instants FROM coming), (SELECT up_deltas FROM coming)
    INTO prisons, stripes, days, dangerous_deltas, not_dangerous_deltas, unknown_deltas,
         coming_prisons, coming_stripes, coming_rule_sets, coming_instants, coming_deltas
    FROM summed s;
    PERFORM prison_status_count_add(prisons, stripes, days, dangerous_deltas, not_dangerous_deltas, unknown_deltas);
    PERFORM prison_coming_up_add(coming_prisons, coming_stripes, coming_rule_sets, coming_instants, coming_deltas);
END
$$;

-- Migration 025's, for today (a prisoner deleted): the day of the database's clock.
CREATE OR REPLACE FUNCTION prison_status_count_move_stays(prisoner_ids uuid[], prison_ids integer[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF prisoner_ids IS NULL THEN
        RETURN;
    END IF;
    PERFORM prison_status_count_move_stays(prisoner_ids, prison_ids, deltas, array_fill(prison_dangerous_today(), ARRAY[cardinality(prisoner_ids)]));
END
$$;

-- As in migration 009: a stay inserted counts for the day of its stamp; one updated, for the day of its new stamp (both
-- its old prison's and its new one's), or today's when the update stamped nothing; one deleted, for today.
CREATE OR REPLACE FUNCTION prison_status_count_follow_stays() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM prison_status_count_move_stays(array_agg(prisoner_id), array_agg(prison_id), array_agg(1), array_agg(prison_dangerous_day_of(changed_at)))
        FROM new_stays WHERE left_on IS NULL AND struck_at IS NULL;
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM prison_status_count_move_stays(array_agg(prisoner_id), array_agg(prison_id), array_agg(-1))
        FROM old_stays WHERE left_on IS NULL AND struck_at IS NULL;
    ELSE
        PERFORM prison_status_count_move_stays(array_agg(m.prisoner_id), array_agg(m.prison_id), array_agg(m.delta),
                                               array_agg(prison_dangerous_day_of(CASE WHEN n.changed_at IS DISTINCT FROM o.changed_at THEN n.changed_at END)))
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
