-- Sign-in: ASP.NET Core Identity's tables (its schema version 1), named like the rest of the schema. Users are
-- disabled, never deleted, so who did what stays readable.

CREATE TABLE staff_user (
    id TEXT NOT NULL PRIMARY KEY,
    user_name TEXT NULL,
    normalized_user_name TEXT NULL,
    email TEXT NULL,
    normalized_email TEXT NULL,
    email_confirmed INTEGER NOT NULL,
    password_hash TEXT NULL,
    security_stamp TEXT NULL,
    concurrency_stamp TEXT NULL,
    phone_number TEXT NULL,
    phone_number_confirmed INTEGER NOT NULL,
    two_factor_enabled INTEGER NOT NULL,
    lockout_end TEXT NULL,                           -- UTC
    lockout_enabled INTEGER NOT NULL,
    access_failed_count INTEGER NOT NULL,
    is_disabled INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX staff_user_normalized_user_name ON staff_user (normalized_user_name);
CREATE INDEX staff_user_normalized_email ON staff_user (normalized_email);

CREATE TABLE staff_role (
    id TEXT NOT NULL PRIMARY KEY,
    name TEXT NULL,
    normalized_name TEXT NULL,
    concurrency_stamp TEXT NULL
);
CREATE UNIQUE INDEX staff_role_normalized_name ON staff_role (normalized_name);

CREATE TABLE staff_user_role (
    user_id TEXT NOT NULL REFERENCES staff_user (id) ON DELETE CASCADE,
    role_id TEXT NOT NULL REFERENCES staff_role (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, role_id)
);
CREATE INDEX staff_user_role_role_id ON staff_user_role (role_id);

CREATE TABLE staff_user_claim (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL REFERENCES staff_user (id) ON DELETE CASCADE,
    claim_type TEXT NULL,
    claim_value TEXT NULL
);
CREATE INDEX staff_user_claim_user_id ON staff_user_claim (user_id);

CREATE TABLE staff_user_login (
    login_provider TEXT NOT NULL,
    provider_key TEXT NOT NULL,
    provider_display_name TEXT NULL,
    user_id TEXT NOT NULL REFERENCES staff_user (id) ON DELETE CASCADE,
    PRIMARY KEY (login_provider, provider_key)
);
CREATE INDEX staff_user_login_user_id ON staff_user_login (user_id);

CREATE TABLE staff_user_token (
    user_id TEXT NOT NULL REFERENCES staff_user (id) ON DELETE CASCADE,
    login_provider TEXT NOT NULL,
    name TEXT NOT NULL,
    value TEXT NULL,
    PRIMARY KEY (user_id, login_provider, name)
);

CREATE TABLE staff_role_claim (
    id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    role_id TEXT NOT NULL REFERENCES staff_role (id) ON DELETE CASCADE,
    claim_type TEXT NULL,
    claim_value TEXT NULL
);
CREATE INDEX staff_role_claim_role_id ON staff_role_claim (role_id);

-- The roles exist from the start, so that adding a user never has to create one.
INSERT INTO staff_role (id, name, normalized_name, concurrency_stamp) VALUES
    ('staff', 'Staff', 'STAFF', 'staff'),
    ('admin', 'Admin', 'ADMIN', 'admin'),
    ('operator', 'Operator', 'OPERATOR', 'operator');
