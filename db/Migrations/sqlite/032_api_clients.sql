-- The API's machine clients and OpenIddict's other stores, as OpenIddict's Entity Framework Core model has them
-- (its entities, names in snake_case). A client's secret is stored as OpenIddict hashes it; the prisons it reaches
-- and whether it is disabled are in its properties (docs/security.md, "API clients"). Tokens are not stored: they
-- are short-lived and checked by their signature, and a disabled client's are refused where they are used.
CREATE TABLE "api_client" (
    "id" TEXT NOT NULL CONSTRAINT "PK_api_client" PRIMARY KEY,
    "application_type" TEXT NULL,
    "client_id" TEXT NULL,
    "client_secret" TEXT NULL,
    "client_type" TEXT NULL,
    "concurrency_token" TEXT NULL,
    "consent_type" TEXT NULL,
    "display_name" TEXT NULL,
    "display_names" TEXT NULL,
    "json_web_key_set" TEXT NULL,
    "permissions" TEXT NULL,
    "post_logout_redirect_uris" TEXT NULL,
    "properties" TEXT NULL,
    "redirect_uris" TEXT NULL,
    "requirements" TEXT NULL,
    "settings" TEXT NULL
);

CREATE TABLE "api_scope" (
    "id" TEXT NOT NULL CONSTRAINT "PK_api_scope" PRIMARY KEY,
    "concurrency_token" TEXT NULL,
    "description" TEXT NULL,
    "descriptions" TEXT NULL,
    "display_name" TEXT NULL,
    "display_names" TEXT NULL,
    "name" TEXT NULL,
    "properties" TEXT NULL,
    "resources" TEXT NULL
);

CREATE TABLE "api_authorization" (
    "id" TEXT NOT NULL CONSTRAINT "PK_api_authorization" PRIMARY KEY,
    "application_id" TEXT NULL,
    "concurrency_token" TEXT NULL,
    "creation_date" TEXT NULL,
    "properties" TEXT NULL,
    "scopes" TEXT NULL,
    "status" TEXT NULL,
    "subject" TEXT NULL,
    "type" TEXT NULL,
    CONSTRAINT "FK_api_authorization_api_client_application_id" FOREIGN KEY ("application_id") REFERENCES "api_client" ("id")
);

CREATE TABLE "api_token" (
    "id" TEXT NOT NULL CONSTRAINT "PK_api_token" PRIMARY KEY,
    "application_id" TEXT NULL,
    "authorization_id" TEXT NULL,
    "concurrency_token" TEXT NULL,
    "creation_date" TEXT NULL,
    "expiration_date" TEXT NULL,
    "payload" TEXT NULL,
    "properties" TEXT NULL,
    "redemption_date" TEXT NULL,
    "reference_id" TEXT NULL,
    "status" TEXT NULL,
    "subject" TEXT NULL,
    "type" TEXT NULL,
    CONSTRAINT "FK_api_token_api_authorization_authorization_id" FOREIGN KEY ("authorization_id") REFERENCES "api_authorization" ("id"),
    CONSTRAINT "FK_api_token_api_client_application_id" FOREIGN KEY ("application_id") REFERENCES "api_client" ("id")
);

CREATE INDEX "IX_api_authorization_application_id_status_subject_type" ON "api_authorization" ("application_id", "status", "subject", "type");

CREATE UNIQUE INDEX "IX_api_client_client_id" ON "api_client" ("client_id");

CREATE UNIQUE INDEX "IX_api_scope_name" ON "api_scope" ("name");

CREATE INDEX "IX_api_token_application_id_status_subject_type" ON "api_token" ("application_id", "status", "subject", "type");

CREATE INDEX "IX_api_token_authorization_id" ON "api_token" ("authorization_id");

CREATE UNIQUE INDEX "IX_api_token_reference_id" ON "api_token" ("reference_id");
