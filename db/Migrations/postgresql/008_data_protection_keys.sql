-- ASP.NET Core's data-protection keys (XML), which sign the session and antiforgery cookies: kept here so that a
-- session survives a restart of web and is valid on every web instance.
CREATE TABLE data_protection_key (
    name varchar(200) NOT NULL,
    xml text NOT NULL,
    CONSTRAINT data_protection_key_pkey PRIMARY KEY (name)
);
