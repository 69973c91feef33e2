-- SQLite has no notifications: the embedded mode's one process relays its own outbox by polling. This step only keeps
-- the migration numbers the same on both databases.
SELECT 1;
