-- ASP.NET Core's data-protection keys (XML), which sign the session and antiforgery cookies: kept here so that a
-- session survives a restart of web.
CREATE TABLE data_protection_key (
    name TEXT NOT NULL PRIMARY KEY,
    xml TEXT NOT NULL
);
