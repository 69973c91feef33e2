-- The rules assemblies (*.dll in Rules:Folder) a headquarters admin approved on the rules page, by the SHA-256 of
-- their bytes. Web and worker load only a file whose hash has a row; a revoked approval is a deleted row (the audit
-- log keeps who approved and revoked what, when).
CREATE TABLE rule_assembly_approval (
    sha256 TEXT NOT NULL PRIMARY KEY CHECK (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*'),
    file_name TEXT NOT NULL,
    rules TEXT NOT NULL,
    approved_by TEXT NOT NULL,
    approved_at TEXT NOT NULL                   -- UTC
);
