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

# Built once; then the test projects run two at a time: two runners side by side, each taking the next project from
# one queue, longest first, so that whichever runner is free takes what is left. A project spends part of its time
# waiting on servers, browsers and worker processes, so one runner's waits are the other's turn on the cores; a third
# runner starved the broker restarts of the fault tests and the worker's commands into timeouts (tried again on
# 2026-11-29: four fault tests failed and Worker took twice as long). The projects named here come first, in order of
# their last measured length (docs/development.md); any other test project comes after.
dotnet build Prison.sln --configuration Release
# The worker the tests start as a process (hundreds of commands, each a few seconds of a core to start as built), the
# same code published ReadyToRun: precompiled, a command's start compiles far less (docs/development.md).
rid=$(dotnet --info | awk '/^ *RID:/ { print $2; exit }')
rm -rf TestResults/worker
mkdir -p TestResults
dotnet publish worker/Prison.Worker/Prison.Worker.csproj --configuration Release --runtime "$rid" --self-contained false \
  -p:PublishReadyToRun=true --output TestResults/worker >TestResults/worker-publish.log 2>&1 ||
  { cat TestResults/worker-publish.log; exit 1; }
export PRISON_TEST_WORKER="$PWD/TestResults/worker/Prison.Worker.dll"
# Every test process, and every web and worker process a test starts, without the JIT's profile-guided tier: a test
# process lives minutes and builds many short-lived hosts, whose code the instrumented tier compiles a second time for
# a speed-up they do not live to use (docs/development.md measures it). The product and the benchmarks keep it.
export DOTNET_TieredPGO=0
# The tests' scratch files (SQLite databases, data folders, browser profiles) in memory when the machine has room, as
# the test PostgreSQL runs without fsync: a test waits for no disk. The servers' state stays where it was found.
export PRISON_TEST_STATE="$state_dir"
if [ -d /dev/shm ] && [ "$(df --output=avail -k /dev/shm | tail -n 1)" -gt $((4 * 1024 * 1024)) ]; then
  export TMPDIR="/dev/shm/prison-tests-$(id -u)"
  rm -rf "$TMPDIR"
  mkdir -p "$TMPDIR"
fi
results="$PWD/TestResults/run"
rm -rf "$results"
mkdir -p "$results"
order=(Prison.Web.Tests Prison.Worker.Tests Prison.Faults.Tests Prison.Db.Tests Prison.Benchmarks.Tests)
mapfile -t projects < <(dotnet sln Prison.sln list | grep -E '^tests/.*Tests\.csproj$' | xargs -n1 basename | sed 's/\.csproj$//')
queue="$results/queue"
printf '%s\n' "${order[@]}" >"$queue"
for name in "${projects[@]}"; do
  [[ " ${order[*]} " == *" $name "* ]] || echo "$name" >>"$queue"
done
# The next project of the queue, taken by one runner only.
next_project() { flock "$queue.lock" sh -c 'head -n 1 "$1"; sed -i 1d "$1"' next "$queue"; }
started=$(date +%s)
for runner in 1 2; do
  (
    set +e
    while name=$(next_project) && [ -n "$name" ]; do
      dotnet test "tests/$name/$name.csproj" --configuration Release --no-build \
        --logger "trx;LogFileName=$name.trx" --results-directory "$results" >"$results/$name.log" 2>&1
      echo $? >"$results/$name.exit"
      summary=$(grep -E '(Passed|Failed)! +- Failed:' "$results/$name.log" || echo "no summary: the test run ended early (see its log below)")
      echo "[test.sh] $name, $(( ($(date +%s) - started) / 60 )) min in: $summary"
    done
  ) &
done
wait

status=0
for name in "${projects[@]}"; do
  if [ "$(cat "$results/$name.exit" 2>/dev/null)" != 0 ]; then
    status=1
    echo "===== $name: its log ($results/$name.log) ====="
    cat "$results/$name.log"
  fi
done

# Every test's time, slowest first, from the projects' results; the 20 slowest are shown.
awk 'BEGIN { RS = "<UnitTestResult " } NR > 1 && match($0, /duration="[^"]*"/) {
    split(substr($0, RSTART + 10, RLENGTH - 11), t, ":"); seconds = t[1] * 3600 + t[2] * 60 + t[3]
    match($0, /testName="[^"]*"/); printf "%7.1f s  %s\n", seconds, substr($0, RSTART + 10, RLENGTH - 11) }' "$results"/*.trx |
  sort -rn >"$results/durations.txt"
echo "the 20 slowest tests (every test's time in $results/durations.txt):"
head -n 20 "$results/durations.txt"
echo "wall time of the tests: $(( ($(date +%s) - started) / 60 )) min $(( ($(date +%s) - started) % 60 )) s"

# dotnet test prints one summary per test project: "Passed!  - Failed: 0, Passed: 310, Skipped: 0, Total: 310, ...".
cat "$results"/*.log | awk -F'[:,]' '/(Passed|Failed)! +- Failed:/ { failed += $2; passed += $4; skipped += $6; projects++ }
  END { printf "test projects: %d\ntests: %d passed, %d failed, %d skipped\n", projects, passed, failed, skipped }'
[[ "${TMPDIR:-}" == /dev/shm/prison-tests-* ]] && rm -rf "$TMPDIR"
exit "$status"
