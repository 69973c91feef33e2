#!/bin/sh
# The postgres image runs this once, on an empty data volume, as its superuser (docker-compose.yml mounts it into
# /docker-entrypoint-initdb.d). Beside that superuser:
#   prison_owner   owns the prison database and its schema; only `worker migrate` connects as it.
#   prison_web     web connects as it;
#   prison_worker  the workers connect as it;
#   prison_cli     the worker's commands (docker compose run --rm cli ...) connect as it.
# migrate grants each what its process uses, and no more (docs/security.md, "Least privilege in PostgreSQL").
# Their passwords are compose's secrets (deploy/secrets.sh). On a volume made before this script, run these statements
# once as the superuser, with the passwords in place.
set -e
secret() { cat "/run/secrets/$1-password"; }
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
    -v owner_password="$(secret prison-owner)" -v web_password="$(secret prison-web)" \
    -v worker_password="$(secret prison-worker)" -v cli_password="$(secret prison-cli)" <<'SQL'
CREATE ROLE prison_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE prison_web LOGIN PASSWORD :'web_password';
CREATE ROLE prison_worker LOGIN PASSWORD :'worker_password';
CREATE ROLE prison_cli LOGIN PASSWORD :'cli_password';
ALTER DATABASE :"DBNAME" OWNER TO prison_owner;
SQL
