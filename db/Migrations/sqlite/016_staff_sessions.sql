-- Each signed-in session, so that signing out (or disabling the user, resetting their password, changing their roles)
-- ends it on the server at once: a copy of its cookie is refused on its next request.

CREATE TABLE staff_session (
    id TEXT NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES staff_user (id) ON DELETE CASCADE,
    started_at TEXT NOT NULL,                       -- UTC
    ended_at TEXT NULL,                             -- UTC
    end_reason TEXT NULL
);

CREATE INDEX staff_session_ended ON staff_session (ended_at) WHERE ended_at IS NOT NULL;
CREATE INDEX staff_session_open_by_user ON staff_session (user_id) WHERE ended_at IS NULL;
