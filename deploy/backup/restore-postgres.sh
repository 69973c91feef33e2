#!/usr/bin/env bash
# Restores a backup made by backup-postgres.sh into the EMPTY database PGDATABASE (create it first), in one
# transaction: a restore that fails leaves the database empty, never half restored. Then run `worker verify` against
# it before pointing web and the workers at it. docs/operations.md, "Backup and restore", runs it.
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 FILE   (into the empty database PGDATABASE, connecting as PGHOST, PGPORT, PGUSER and PGPASSWORD say)" >&2
  exit 2
fi
if [ -n "$(psql --no-psqlrc --tuples-only --no-align --command "SELECT 1 FROM pg_tables WHERE schemaname = 'public' LIMIT 1")" ]; then
  echo "The database ${PGDATABASE:-} is not empty: restore into a new database, then point web and the workers at it." >&2
  exit 2
fi
pg_restore --exit-on-error --single-transaction --dbname="${PGDATABASE:?set PGDATABASE to the empty database to restore into}" "$1"
echo "Restored $1 into the database $PGDATABASE"
