#!/usr/bin/env bash
# Every benchmark of docs/benchmarks.md, one after the other, as published: starts the test servers if needed,
# builds once, then runs each command (each writes its own section). 19 minutes on 2 cores once the data sets exist;
# the first run also generates them, most of it the 1,000,000-prisoner set (about 1.5 minutes, then evaluated once, and
# kept as the database prison_bench_1000000).
# Run it on a quiet machine: the figures are times. With `headlines [PRISONERS]`, only the headline rows (below).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/test-servers.sh start >/dev/null
eval "$(scripts/test-servers.sh env)"
dotnet build -c Release tests/Prison.Benchmarks >/dev/null
bench() { echo "== $*"; dotnet run -c Release --no-build --project tests/Prison.Benchmarks -- "$@"; }
# `scripts/run-benchmarks.sh headlines [PRISONERS]` re-measures only the rows of the headline table at the top of
# docs/benchmarks.md (each written with its date, commit and same-run anchor) at one size, 1,000,000 by default:
# dashboard and Dangerous only beside the hand-written page, commit to verdict at 200 changes/s, full re-evaluation,
# the read API's verdict p99, and the oldest Unknown's wait while the month of custody files is imported (its own
# empty database, any N).
if [[ "${1:-}" == "headlines" ]]; then
    n="${2:-1000000}"
    bench dashboard-designs --prisoners "$n"
    bench commit-to-verdict --prisoners "$n" --rate 200
    bench reevaluate --prisoners "$n" --workers 1
    bench read-api --prisoners "$n"
    bench import-window
    exit 0
fi
for n in 10000 100000 1000000; do bench dashboard-designs --prisoners "$n"; done
for n in 10000 100000 1000000; do bench dashboard-http --prisoners "$n"; done
bench dashboard-http --prisoners 1000000 --telemetry
bench commit-to-verdict --prisoners 1000000 --rate 200
bench commit-to-verdict --prisoners 1000000 --rate 200 --telemetry
bench commit-to-verdict --prisoners 1000000 --rate 50
bench reevaluate --prisoners 1000000 --workers 1 2
bench since-last-shift --prisoners 1000000
bench dashboard-poll --prisoners 1000000
bench search-and-lists --prisoners 1000000
bench headquarters-overview --prisoners 1000000
bench post-to-event --prisoners 1000000
bench read-api --prisoners 1000000
