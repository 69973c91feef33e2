-- The recording forms that were saved, by the one-time token each rendered form carries (web's recording page).
-- A row is inserted in the transaction of the entry the form saved; the primary key lets only one insert of a token
-- commit, so a form posted twice (a double click, back and submit again, two posts at once) saves once.
-- No foreign key to prisoner: the row only says the token was used. Ids are TEXT, instants TEXT in UTC.

CREATE TABLE form_submission (
    token TEXT NOT NULL,
    prisoner_id TEXT NOT NULL,
    kind TEXT NOT NULL,                            -- the form's kind: disciplinary-notice, transfer, ...
    saved_at TEXT NOT NULL,
    CONSTRAINT form_submission_pkey PRIMARY KEY (token)
);
