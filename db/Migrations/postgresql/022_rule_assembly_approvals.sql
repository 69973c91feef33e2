-- The rules assemblies (*.dll in Rules:Folder) a headquarters admin approved on the rules page, by the SHA-256 of
-- their bytes. Web and worker load only a file whose hash has a row; a revoked approval is a deleted row (the audit
-- log keeps who approved and revoked what, when).
CREATE TABLE rule_assembly_approval (
    sha256 char(64) NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    file_name varchar(260) NOT NULL,
    rules varchar(4000) NOT NULL,
    approved_by varchar(256) NOT NULL,
    approved_at timestamptz NOT NULL,
    CONSTRAINT rule_assembly_approval_pkey PRIMARY KEY (sha256)
);
