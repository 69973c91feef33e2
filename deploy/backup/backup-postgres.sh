#!/usr/bin/env bash
# Backs up the product's PostgreSQL database to a new FILE with pg_dump (its custom format), consistent as of the
# dump's start while web and the workers keep running. The connection comes from libpq's variables: PGHOST, PGPORT,
# PGUSER (the database's owner), PGPASSWORD and PGDATABASE. docs/operations.md, "Backup and restore", runs it.
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 FILE   (connecting as PGHOST, PGPORT, PGUSER, PGPASSWORD and PGDATABASE say)" >&2
  exit 2
fi
if [ -e "$1" ]; then
  echo "$1 exists already: a backup is never written over a file." >&2
  exit 2
fi
pg_dump --format=custom --file="$1"
echo "Backed up the database ${PGDATABASE:-} to $1"
