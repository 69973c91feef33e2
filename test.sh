#!/usr/bin/env bash
# Runs every test of the solution against real servers. Installs PostgreSQL, RabbitMQ and Chromium from
# Debian's packages when they are missing, starts private instances on loopback (scripts/test-servers.sh),
# and afterwards stops those it started, never servers it found running (KEEP_TEST_SERVERS=1 leaves them running for
# quicker reruns). One run at a time: a second waits for the first, saying so, rather than share servers the first
# would stop under it. A server that cannot start ends the run at once, with one sentence.
# Exits non-zero when any test fails, and ends with a line "N passed, N failed, N skipped".
set -euo pipefail
cd "$(dirname "$0")"

state_dir=$(scripts/test-servers.sh state-dir)
mkdir -p "$state_dir"
exec 9>"$state_dir/test-run.lock"
if ! flock -n 9; then
  echo "[test.sh] another ./test.sh run is using the test servers ($state_dir); waiting for it to end" >&2
  flock 9
fi

if ! servers=$(scripts/test-servers.sh start); then
  echo "[test.sh] the test servers could not be started (why is above); no test was run." >&2
  exit 1
fi
eval "$servers"
if [ "${KEEP_TEST_SERVERS:-0}" != 1 ] && [ -n "$PRISON_TEST_STARTED" ]; then
  # Word splitting is wanted: the names of the servers this run started.
  # shellcheck disable=SC2086
  trap 'scripts/test-servers.sh stop $PRISON_TEST_STARTED' EXIT
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
