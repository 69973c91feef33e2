-- Each signed-in session, so that signing out (or disabling the user, resetting their password, changing their roles)
-- ends it on the server at once: a copy of its cookie is refused on its next request, on every web instance.

CREATE TABLE staff_session (
    id uuid PRIMARY KEY,
    user_id text NOT NULL REFERENCES staff_user (id) ON DELETE CASCADE,
    started_at timestamptz NOT NULL,
    ended_at timestamptz NULL,
    end_reason varchar(32) NULL                     -- SignedOut, Disabled, PasswordReset, RolesChanged, PasswordChanged
);

-- Web instances read the sessions ended since they last looked, every few seconds.
CREATE INDEX staff_session_ended ON staff_session (ended_at) WHERE ended_at IS NOT NULL;
-- Ending every open session of one user.
CREATE INDEX staff_session_open_by_user ON staff_session (user_id) WHERE ended_at IS NULL;
