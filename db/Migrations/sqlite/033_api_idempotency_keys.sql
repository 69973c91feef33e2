-- The API's record posts, by the client's Idempotency-Key: inserted in the transaction of the entry the post saved,
-- under (client, key) as primary key, so a post retried (a lost answer, a timeout, two sends at once) saves once and is
-- answered as the first was; the same key with another body is refused. No foreign key to prisoner: the row only says
-- the key was used, and what the first post answered. Ids are TEXT, instants TEXT in UTC.
CREATE TABLE api_idempotency_key (
    client_id TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    request_hash TEXT NOT NULL CHECK (length(request_hash) = 64 AND request_hash NOT GLOB '*[^0-9a-f]*'),
    prisoner_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    record_version INTEGER NOT NULL,
    answer TEXT NOT NULL,
    saved_at TEXT NOT NULL,
    CONSTRAINT api_idempotency_key_pkey PRIMARY KEY (client_id, idempotency_key)
);
