-- A password set by someone else (an admin's reset, users add, the users page) is known to them and travelled to the
-- user by hand: the user changes it at their first sign-in, before any other page opens. Users who signed in before
-- keep their passwords: nobody is stopped by the upgrade.
ALTER TABLE staff_user ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
