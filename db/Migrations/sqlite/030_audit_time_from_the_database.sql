-- The embedded mode's database is a file of the one process that writes it: there are no roles, and whoever can write
-- the file can write any time into it. The process stamps each audit entry's time from its clock (PrisonDb), as before;
-- this step only keeps the migration numbers the same on both databases.
SELECT 1;
