#!/bin/sh
# The postgres image runs this once, on an empty data volume, as its superuser (docker-compose.yml mounts it into
# /docker-entrypoint-initdb.d). Two roles beside that superuser:
#   prison_owner  owns the prison database and its schema; only `worker migrate` connects as it.
#   prison_app    web and worker connect as it; migrate grants it what they use, and no more (docs/security.md).
# On a volume made before this script, run these statements once as the superuser, with the passwords in place.
set -e
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
    -v owner_password="$PRISON_OWNER_PASSWORD" -v app_password="$PRISON_APP_PASSWORD" <<'SQL'
CREATE ROLE prison_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE prison_app LOGIN PASSWORD :'app_password';
ALTER DATABASE :"DBNAME" OWNER TO prison_owner;
SQL
