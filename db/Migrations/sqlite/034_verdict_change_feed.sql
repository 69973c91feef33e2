-- The API's feed of a prison's verdict changes (GET /api/v1/prisons/{code}/verdict-changes), in (tx, id) order as on
-- PostgreSQL. SQLite has one writer at a time, holding the database until it commits: ids are given in the order of
-- the commits, so tx is always 0 and the id alone orders the feed.
ALTER TABLE verdict_change ADD COLUMN tx INTEGER NOT NULL DEFAULT 0;
CREATE INDEX verdict_change_feed ON verdict_change (prison_id, tx, id);
