-- An authenticator code signs in once: the 30-second step of the last code accepted for each user is kept, and a code
-- of that step or an earlier one is refused. Null until the user's first code.
ALTER TABLE staff_user ADD COLUMN authenticator_time_step bigint;
