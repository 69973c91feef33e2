-- Users work in prisons: a user reaches the prisons on their list and the prisoners held there now, or every prison
-- ("all prisons", for headquarters). Web carries the list in the session's claims and filters every read by it.

-- Everyone who could sign in before keeps what they had, every prison: nobody is locked out by the upgrade. A user
-- added later by a writer that does not name the column reaches no prison until an admin assigns some.
ALTER TABLE staff_user ADD COLUMN all_prisons INTEGER NOT NULL DEFAULT 0;
UPDATE staff_user SET all_prisons = 1;

CREATE TABLE staff_user_prison (
    user_id TEXT NOT NULL REFERENCES staff_user (id) ON DELETE CASCADE,
    prison_id INTEGER NOT NULL REFERENCES prison (id),
    CONSTRAINT staff_user_prison_pkey PRIMARY KEY (user_id, prison_id)
);
CREATE INDEX staff_user_prison_prison_id ON staff_user_prison (prison_id);
