-- The API's machine clients and OpenIddict's other stores, as OpenIddict's Entity Framework Core model has them
-- (its entities, names in snake_case). A client's secret is stored as OpenIddict hashes it; the prisons it reaches
-- and whether it is disabled are in its properties (docs/security.md, "API clients"). Tokens are not stored: they
-- are short-lived and checked by their signature, and a disabled client's are refused where they are used.
CREATE TABLE api_client (
    id text NOT NULL,
    application_type character varying(50),
    client_id character varying(100),
    client_secret text,
    client_type character varying(50),
    concurrency_token character varying(50),
    consent_type character varying(50),
    display_name text,
    display_names text,
    json_web_key_set text,
    permissions text,
    post_logout_redirect_uris text,
    properties text,
    redirect_uris text,
    requirements text,
    settings text,
    CONSTRAINT "PK_api_client" PRIMARY KEY (id)
);

CREATE TABLE api_scope (
    id text NOT NULL,
    concurrency_token character varying(50),
    description text,
    descriptions text,
    display_name text,
    display_names text,
    name character varying(200),
    properties text,
    resources text,
    CONSTRAINT "PK_api_scope" PRIMARY KEY (id)
);

CREATE TABLE api_authorization (
    id text NOT NULL,
    application_id text,
    concurrency_token character varying(50),
    creation_date timestamp with time zone,
    properties text,
    scopes text,
    status character varying(50),
    subject character varying(400),
    type character varying(50),
    CONSTRAINT "PK_api_authorization" PRIMARY KEY (id),
    CONSTRAINT "FK_api_authorization_api_client_application_id" FOREIGN KEY (application_id) REFERENCES api_client (id)
);

CREATE TABLE api_token (
    id text NOT NULL,
    application_id text,
    authorization_id text,
    concurrency_token character varying(50),
    creation_date timestamp with time zone,
    expiration_date timestamp with time zone,
    payload text,
    properties text,
    redemption_date timestamp with time zone,
    reference_id character varying(100),
    status character varying(50),
    subject character varying(400),
    type character varying(150),
    CONSTRAINT "PK_api_token" PRIMARY KEY (id),
    CONSTRAINT "FK_api_token_api_authorization_authorization_id" FOREIGN KEY (authorization_id) REFERENCES api_authorization (id),
    CONSTRAINT "FK_api_token_api_client_application_id" FOREIGN KEY (application_id) REFERENCES api_client (id)
);

CREATE INDEX "IX_api_authorization_application_id_status_subject_type" ON api_authorization (application_id, status, subject, type);

CREATE UNIQUE INDEX "IX_api_client_client_id" ON api_client (client_id);

CREATE UNIQUE INDEX "IX_api_scope_name" ON api_scope (name);

CREATE INDEX "IX_api_token_application_id_status_subject_type" ON api_token (application_id, status, subject, type);

CREATE INDEX "IX_api_token_authorization_id" ON api_token (authorization_id);

CREATE UNIQUE INDEX "IX_api_token_reference_id" ON api_token (reference_id);
