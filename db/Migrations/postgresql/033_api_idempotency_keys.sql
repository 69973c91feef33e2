-- The API's record posts, by the client's Idempotency-Key: inserted in the transaction of the entry the post saved,
-- under (client, key) as primary key, so a post retried (a lost answer, a timeout, two sends at once) saves once and is
-- answered as the first was; the same key with another body is refused. No foreign key to prisoner: the row only says
-- the key was used, and what the first post answered.
CREATE TABLE api_idempotency_key (
    client_id varchar(100) NOT NULL,
    idempotency_key varchar(200) NOT NULL,
    request_hash char(64) NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),   -- SHA-256 of what was posted, and where
    prisoner_id uuid NOT NULL,
    kind varchar(40) NOT NULL,
    record_version bigint NOT NULL,                                             -- the record's version the post made
    answer varchar(2000) NOT NULL,                                              -- the first answer's body, JSON
    saved_at timestamptz NOT NULL,
    CONSTRAINT api_idempotency_key_pkey PRIMARY KEY (client_id, idempotency_key)
);
