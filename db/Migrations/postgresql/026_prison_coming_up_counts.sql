-- "Coming up" counted at write time: how many of a prison's current prisoners have a stored forecast at each instant,
-- per rule set, kept by the triggers that keep prison_status_count (migrations 009, 014, 025), in the same calls. The
-- dashboard's count of the verdicts that change within a span is then the sum of the prison's rows of the rule set in
-- force up to the span's end, a few rows whatever the number of prisoners (it counted every forecast within the span,
-- each looked up in the prison's stays, at every read).
--
-- A forecast's instant is the start of a day in the prisons' calendar (the evaluator walks day by day), so a prison
-- has a row per stripe for each of the few days ahead (the horizon) that someone's verdict changes on. A row that
-- comes down to zero is deleted, so the instants already passed leave nothing behind to read.
--
-- Striped as the counts are, and written only by the holder of the same (prison, stripe) row of prison_status_count,
-- after it: a prisoner whose forecast alone moved passes through the counts' upsert too (its stripe's dashboard stamp
-- moves, as the count shown did), so the rows here add no lock order of their own (README, "Locks in one order").
CREATE TABLE prison_coming_up (
    prison_id integer NOT NULL REFERENCES prison (id) ON DELETE CASCADE,
    rule_set varchar(16) NOT NULL,
    forecast_at timestamptz NOT NULL,
    stripe smallint NOT NULL,
    prisoners integer NOT NULL,
    CONSTRAINT prison_coming_up_pkey PRIMARY KEY (prison_id, rule_set, forecast_at, stripe)
);

-- Adds deltas (one element per prisoner and instant, in any order), summed per prison, stripe, rule set and instant and
-- taken in that order, and drops the rows that came to nothing.
CREATE FUNCTION prison_coming_up_add(prisons integer[], stripes smallint[], rule_sets varchar[], instants timestamptz[],
                                     deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF prisons IS NULL THEN
        RETURN;
    END IF;
    INSERT INTO prison_coming_up AS k (prison_id, rule_set, forecast_at, stripe, prisoners)
    SELECT d.prison_id, d.rule_set, d.forecast_at, d.stripe, sum(d.delta)::integer
    FROM unnest(prisons, stripes, rule_sets, instants, deltas) AS d (prison_id, stripe, rule_set, forecast_at, delta)
    WHERE d.forecast_at IS NOT NULL AND d.rule_set IS NOT NULL
    GROUP BY d.prison_id, d.stripe, d.rule_set, d.forecast_at
    HAVING sum(d.delta) <> 0
    ORDER BY d.prison_id, d.stripe, d.rule_set, d.forecast_at
    ON CONFLICT (prison_id, rule_set, forecast_at, stripe) DO UPDATE
    SET prisoners = k.prisoners + EXCLUDED.prisoners;
    DELETE FROM prison_coming_up k
    USING unnest(prisons, stripes, rule_sets, instants) AS d (prison_id, stripe, rule_set, forecast_at)
    WHERE k.prison_id = d.prison_id AND k.rule_set = d.rule_set AND k.forecast_at = d.forecast_at AND k.stripe = d.stripe
      AND k.prisoners = 0;
END
$$;

-- As in migration 025, and a prisoner whose forecast (instant or rule set) moved counts as changed: its old forecast
-- leaves the kept rows and its new one enters them, at its current stay's prison. Each changed prisoner's current stay
-- is found by a sub-query in the select list, which the planner runs as one probe of the one-current-stay index per
-- prisoner: 025's LATERAL join, once the deltas were summed in a further CTE, was planned as a hash join over every
-- current stay of every prison, so each verdict write cost in proportion to the prisoners held (the full evaluation
-- of a data set several times slower; docs/benchmarks.md).
CREATE OR REPLACE FUNCTION prison_status_count_follow_prisoners() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    prisons integer[];
    stripes smallint[];
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
               o.rule_set AS old_rule_set, o.forecast_at AS old_at, n.rule_set AS new_rule_set, n.forecast_at AS new_at
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
        SELECT prison_id, stripe,
               (count(*) FILTER (WHERE is_now = 'Dangerous') - count(*) FILTER (WHERE was = 'Dangerous'))::integer AS dangerous,
               (count(*) FILTER (WHERE is_now = 'NotDangerous') - count(*) FILTER (WHERE was = 'NotDangerous'))::integer AS not_dangerous,
               (count(*) FILTER (WHERE is_now = 'Unknown') - count(*) FILTER (WHERE was = 'Unknown'))::integer AS unknown
        FROM placed
        GROUP BY 1, 2
    ),
    coming AS (
        SELECT array_agg(f.prison_id) AS up_prisons, array_agg(f.stripe) AS up_stripes, array_agg(f.rule_set) AS up_rule_sets,
               array_agg(f.forecast_at) AS up_instants, array_agg(f.delta) AS up_deltas
        FROM placed p
        CROSS JOIN LATERAL (VALUES (p.prison_id, p.stripe, p.old_rule_set, p.old_at, -1),
                                   (p.prison_id, p.stripe, p.new_rule_set, p.new_at, 1)) AS f (prison_id, stripe, rule_set, forecast_at, delta)
        WHERE f.forecast_at IS NOT NULL
    )
    SELECT array_agg(s.prison_id ORDER BY s.prison_id, s.stripe), array_agg(s.stripe ORDER BY s.prison_id, s.stripe),
           array_agg(s.dangerous ORDER BY s.prison_id, s.stripe), array_agg(s.not_dangerous ORDER BY s.prison_id, s.stripe),
           array_agg(s.unknown ORDER BY s.prison_id, s.stripe),
           (SELECT up_prisons FROM coming), (SELECT up_stripes FROM coming), (SELECT up_rule_sets FROM coming),
           (SELECT up_instants FROM coming), (SELECT up_deltas FROM coming)
    INTO prisons, stripes, dangerous_deltas, not_dangerous_deltas, unknown_deltas,
         coming_prisons, coming_stripes, coming_rule_sets, coming_instants, coming_deltas
    FROM summed s;
    PERFORM prison_status_count_add(prisons, stripes, dangerous_deltas, not_dangerous_deltas, unknown_deltas);
    PERFORM prison_coming_up_add(coming_prisons, coming_stripes, coming_rule_sets, coming_instants, coming_deltas);
    RETURN NULL;
END
$$;

-- As in migration 025, and each moved stay's forecast (read under the same lock as its status) moves with it.
CREATE OR REPLACE FUNCTION prison_status_count_move_stays(prisoner_ids uuid[], prison_ids integer[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    prisons integer[];
    stripes smallint[];
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
        SELECT * FROM unnest(prisoner_ids, prison_ids, deltas) AS m (prisoner_id, prison_id, delta)
    ),
    held AS MATERIALIZED (
        SELECT p.id, p.danger_status, p.rule_set, p.forecast_at FROM prisoner p
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
    ),
    coming AS (
        SELECT array_agg(m.prison_id) AS up_prisons, array_agg((uuid_hash(m.prisoner_id) & 15)::smallint) AS up_stripes,
               array_agg(h.rule_set) AS up_rule_sets, array_agg(h.forecast_at) AS up_instants, array_agg(m.delta) AS up_deltas
        FROM moved m JOIN held h ON h.id = m.prisoner_id
        WHERE h.forecast_at IS NOT NULL
    )
    SELECT array_agg(s.prison_id ORDER BY s.prison_id, s.stripe), array_agg(s.stripe ORDER BY s.prison_id, s.stripe),
           array_agg(s.dangerous ORDER BY s.prison_id, s.stripe), array_agg(s.not_dangerous ORDER BY s.prison_id, s.stripe),
           array_agg(s.unknown ORDER BY s.prison_id, s.stripe),
           (SELECT up_prisons FROM coming), (SELECT up_stripes FROM coming), (SELECT up_rule_sets FROM coming),
           (SELECT up_instants FROM coming), (SELECT up_deltas FROM coming)
    INTO prisons, stripes, dangerous_deltas, not_dangerous_deltas, unknown_deltas,
         coming_prisons, coming_stripes, coming_rule_sets, coming_instants, coming_deltas
    FROM summed s;
    PERFORM prison_status_count_add(prisons, stripes, dangerous_deltas, not_dangerous_deltas, unknown_deltas);
    PERFORM prison_coming_up_add(coming_prisons, coming_stripes, coming_rule_sets, coming_instants, coming_deltas);
END
$$;

-- TRUNCATE fires no delete trigger: with no stay left, nobody is coming up either.
CREATE OR REPLACE FUNCTION prison_status_count_forget_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM prison_status_count;
    DELETE FROM prison_dangerous_day;
    DELETE FROM prison_coming_up;
    UPDATE prison_dangerous_day_kept SET since = prison_dangerous_today();
    RETURN NULL;
END
$$;

-- The forecasts stored before this migration. Last, after the functions: writers of prisoner and imprisonment wait
-- for this transaction (the lock taken on the tables), so no write falls between the count and the triggers.
LOCK TABLE prisoner, imprisonment IN SHARE MODE;
INSERT INTO prison_coming_up (prison_id, rule_set, forecast_at, stripe, prisoners)
SELECT s.prison_id, p.rule_set, p.forecast_at, uuid_hash(p.id) & 15, count(*)
FROM prisoner p
JOIN imprisonment s ON s.prisoner_id = p.id AND s.left_on IS NULL AND s.struck_at IS NULL
WHERE p.forecast_at IS NOT NULL AND p.rule_set IS NOT NULL
GROUP BY 1, 2, 3, 4;
