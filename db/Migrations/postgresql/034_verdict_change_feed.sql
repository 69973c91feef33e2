-- The API's feed of a prison's verdict changes (GET /api/v1/prisons/{code}/verdict-changes): each change keeps the id
-- of the transaction that wrote it. A reader takes only the changes of transactions older than every one still running
-- (pg_snapshot_xmin), in (transaction, id) order: every change it may take has committed or never will, and every
-- change committed later sorts after it, so a consumer's cursor never passes a change it has not seen, nor repeats one.
ALTER TABLE verdict_change ADD COLUMN tx xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX verdict_change_feed ON verdict_change (prison_id, tx, id);
