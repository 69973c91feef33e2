#!/usr/bin/env bash
# Runs every test of the solution against real servers. Installs PostgreSQL, RabbitMQ and Chromium from
# Debian's packages when they are missing, starts private instances on loopback (scripts/test-servers.sh),
# and stops them afterwards (KEEP_TEST_SERVERS=1 leaves them running for quicker reruns).
# Exits non-zero when any test fails, and ends with a line "N passed, N failed, N skipped".
set -euo pipefail
cd "$(dirname "$0")"

eval "$(scripts/test-servers.sh start)"
if [ "${KEEP_TEST_SERVERS:-0}" != 1 ]; then
  trap 'scripts/test-servers.sh stop' EXIT
fi

log=$(mktemp)
set +e
dotnet test Prison.sln --configuration Release 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e

# dotnet test prints one summary per test project: "Passed!  - Failed: 0, Passed: 310, Skipped: 0, Total: 310, ...".
awk -F'[:,]' '/(Passed|Failed)! +- Failed:/ { failed += $2; passed += $4; skipped += $6; projects++ }
  END { printf "test projects: %d\ntests: %d passed, %d failed, %d skipped\n", projects, passed, failed, skipped }' "$log"
rm -f "$log"
exit "$status"
