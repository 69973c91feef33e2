-- Users work in prisons: a user reaches the prisons on their list and the prisoners held there now, or every prison
-- ("all prisons", for headquarters). Web carries the list in the session's claims and filters every read by it.

-- Everyone who could sign in before keeps what they had, every prison: nobody is locked out by the upgrade. A user
-- added later by a writer that does not name the column (a process of the previous version, still running while
-- this one migrates) reaches no prison until an admin assigns some: the default is the least.
ALTER TABLE staff_user ADD COLUMN all_prisons boolean NOT NULL DEFAULT false;
UPDATE staff_user SET all_prisons = true;

CREATE TABLE staff_user_prison (
    user_id text NOT NULL REFERENCES staff_user (id) ON DELETE CASCADE,
    prison_id integer NOT NULL REFERENCES prison (id),
    CONSTRAINT staff_user_prison_pkey PRIMARY KEY (user_id, prison_id)
);
-- A prison's users, for the foreign key's check when a prison is deleted.
CREATE INDEX staff_user_prison_prison_id ON staff_user_prison (prison_id);
