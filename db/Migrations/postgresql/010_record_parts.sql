-- Which collections of each prisoner's record hold entries, one bit per collection, so that loading an aggregate reads
-- the prisoner's row and then only those collections: a record fills few of them. Asking the collections' indexes
-- instead cost every change database time twice, in web and again in the worker, and a round trip each.
--
-- The bits are the positions in record_parts_tables(), which each collection's mapping declares (RecordPart): a
-- collection added later takes the next bit; none is ever renumbered. A bit is only ever set: entries are struck out,
-- never deleted (they go only with their prisoner), and an entry never changes prisoner. A bit set for a collection
-- that had its entries deleted by hand would cost one empty read, never a missed entry.
ALTER TABLE prisoner ADD COLUMN record_parts integer NOT NULL DEFAULT 0;

-- Per statement, with the inserted rows as a transition table, so a bulk insert updates each prisoner once. Nearly
-- always the bit is set already (a record's first entry in a collection is rare), so the trigger looks before it
-- updates: an UPDATE that changes no row still prepares to write the prisoner and its indexes, which made a one-row
-- insert several times dearer.
CREATE FUNCTION record_parts_follow_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    part constant integer := TG_ARGV[0]::integer;
BEGIN
    IF EXISTS (SELECT FROM new_entries e JOIN prisoner p ON p.id = e.prisoner_id WHERE (p.record_parts & part) = 0) THEN
        UPDATE prisoner p SET record_parts = p.record_parts | part
        WHERE p.id IN (SELECT prisoner_id FROM new_entries) AND (p.record_parts & part) = 0;
    END IF;
    RETURN NULL;
END
$$;

-- The collections' tables, each at the position that is its bit.
CREATE FUNCTION record_parts_tables() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
    SELECT ARRAY['imprisonment', 'disciplinary_notice', 'charge', 'withdrawal_episode', 'request', 'court_hearing',
        'detainer', 'segregation_period', 'escape_record', 'threat_group_membership', 'intelligence_report', 'drug_test',
        'self_harm_watch', 'psychiatric_episode', 'medication_stop', 'visit_ban', 'contact_order_breach']
$$;

-- Every prisoner's bits, read from the collections themselves: for the records stored before this migration, and for
-- a bulk load that disabled the triggers (the benchmarks' generator), which is one pass instead of one per collection.
CREATE FUNCTION record_parts_recount() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE 'UPDATE prisoner p SET record_parts = ' || (
        SELECT string_agg(format('CASE WHEN EXISTS (SELECT FROM %I e WHERE e.prisoner_id = p.id) THEN %s ELSE 0 END', t, 1 << (i - 1)::integer), ' | ')
        FROM unnest(record_parts_tables()) WITH ORDINALITY AS c (t, i));
END
$$;

DO $$
DECLARE
    tables constant text[] := record_parts_tables();
BEGIN
    FOR i IN 1 .. cardinality(tables) LOOP
        EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_entries '
            'FOR EACH STATEMENT EXECUTE FUNCTION record_parts_follow_entries(%s)',
            'record_parts_on_' || tables[i] || '_insert', tables[i], 1 << (i - 1));
    END LOOP;
END
$$;

-- After the triggers: creating them locks out writers of these tables until this transaction commits, so no entry
-- falls between the count and the triggers.
SELECT record_parts_recount();
