#!/usr/bin/env bash
# Installs (from Debian's packages, when missing) and starts the servers the tests talk to, each a private
# instance on loopback so that nothing depends on init scripts or on servers a machine may already run:
#   PostgreSQL on 127.0.0.1:54329, RabbitMQ on 127.0.0.1:56729, Chromium at /usr/bin/chromium, wrk at /usr/bin/wrk,
#   Prometheus at /usr/bin/prometheus, nginx at /usr/sbin/nginx and sslscan at /usr/bin/sslscan (each run by the test
#   that needs it, with its own configuration).
# Usage: scripts/test-servers.sh start | stop [postgres] [rabbitmq] | env | state-dir
#   start prints the environment the tests read, and PRISON_TEST_STARTED: the servers this call started (not those it
#   found running), which are the only ones its caller should stop. stop with no name stops both.
#        scripts/test-servers.sh rabbitmq-node start NAME PORT | stop NAME | remove NAME | ctl NAME ARGUMENTS...
#        scripts/test-servers.sh postgres-node start NAME PORT | restart NAME | stop NAME | remove NAME
#        scripts/test-servers.sh asyncapi-parser
#        scripts/test-servers.sh spectral
#   asyncapi-parser installs (once, from npm, into the state folder) the AsyncAPI project's own parser that checks web's
#   /asyncapi.json, and prints the node_modules folder it is in. spectral does the same for Stoplight's OpenAPI linter,
#   which lints web's /openapi/v1.json with its own spectral:oas ruleset.
# A named node is a further, private RabbitMQ for one test that stops its broker (the shared one must stay up for
# the tests running beside it): AMQP on 127.0.0.1:PORT, Erlang distribution on PORT - 31000, its state under the
# state folder. Starting a stopped node again keeps its queues, as a broker coming back after an outage does.
# A named PostgreSQL node is the same for a test that restarts its database: 127.0.0.1:PORT, trust authentication
# for the postgres user, its data under the state folder; restart is a fast shutdown (sessions are ended) and a start.
set -euo pipefail

PG_PORT=54329
AMQP_PORT=56729
STATE_DIR="${PRISON_TEST_STATE:-${TMPDIR:-/tmp}/prison-test-servers-$(id -u)}"
PG_DIR="$STATE_DIR/postgres"
RABBIT_DIR="$STATE_DIR/rabbitmq"
RABBIT_NODE="prison-test@localhost"

log() { printf '[test-servers] %s\n' "$*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

install_missing() {
  local missing=()
  # As root the servers run as the postgres user, which only Debian's package creates.
  { ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && { [ "$(id -u)" != 0 ] || getent passwd postgres >/dev/null; }; } \
    || missing+=(postgresql)
  [ -x /usr/lib/rabbitmq/bin/rabbitmq-server ] || missing+=(rabbitmq-server)
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  # The load generator of the HTTP benchmark (tests/Prison.Benchmarks, dashboard-http) and of its test.
  [ -x /usr/bin/wrk ] || missing+=(wrk)
  # The metrics test scrapes web and worker with it (tests/Prison.Faults.Tests/PrometheusScrapeTests).
  [ -x /usr/bin/prometheus ] || missing+=(prometheus)
  # The TLS proxy docker-compose.yml ships (deploy/proxy/nginx.conf), run in front of web by TlsProxyTests.
  [ -x /usr/sbin/nginx ] || missing+=(nginx)
  # The TLS scanner TlsProxyTests checks that proxy's protocols and suites with.
  [ -x /usr/bin/sslscan ] || missing+=(sslscan)
  # ComposeFileTests runs `docker-compose config` on docker-compose.yml: Debian's compose reads a file without an engine.
  [ -x /usr/bin/docker-compose ] || missing+=(docker-compose)
  if [ ${#missing[@]} -gt 0 ]; then
    log "installing from Debian's packages: ${missing[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
}

pg_bin() { ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1; }

# initdb and postgres refuse to run as root: run them as the postgres user that Debian's package creates.
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

start_postgres() {
  local bin; bin=$(pg_bin)
  if as_pg "$bin/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; then log "PostgreSQL already up on $PG_PORT, left running"; return; fi
  if [ ! -f "$PG_DIR/PG_VERSION" ]; then
    mkdir -p "$PG_DIR"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$PG_DIR" && chmod 700 "$PG_DIR"
    as_pg "$bin/initdb" -D "$PG_DIR" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  fi
  # fsync=off: a test server loses nothing that matters in a crash. track_commit_timestamp: the commit-to-verdict
  # benchmark reads when each verdict was committed.
  as_pg "$bin/pg_ctl" -D "$PG_DIR" -l "$PG_DIR/server.log" -w -t 60 \
    -o "-p $PG_PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories=$PG_DIR -c max_connections=200 -c fsync=off -c track_commit_timestamp=on" start >/dev/null \
    || { tail -n 20 "$PG_DIR/server.log" >&2; log "PostgreSQL did not start on 127.0.0.1:$PG_PORT (its log's last lines are above)"; exit 1; }
  STARTED+=(postgres)
  log "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') up on 127.0.0.1:$PG_PORT"
}

# The environment rabbitmq-server and rabbitmqctl read; without arguments, the shared node's.
rabbit_env() {
  local node="${1:-$RABBIT_NODE}" port="${2:-$AMQP_PORT}" dir="${3:-$RABBIT_DIR}"
  export RABBITMQ_NODENAME="$node" RABBITMQ_NODE_IP_ADDRESS=127.0.0.1 RABBITMQ_NODE_PORT="$port" \
    RABBITMQ_DIST_PORT=$((port - 31000)) RABBITMQ_MNESIA_BASE="$dir/mnesia" RABBITMQ_LOG_BASE="$dir/log" \
    RABBITMQ_PID_FILE="$dir/rabbit.pid" RABBITMQ_CONFIG_FILE="$dir/rabbitmq" \
    RABBITMQ_ENABLED_PLUGINS_FILE="$dir/enabled_plugins" HOME="$dir" ERL_CRASH_DUMP="$dir/erl_crash.dump"
}

# Starts the node rabbit_env describes, listening on loopback only, and waits until it answers.
launch_rabbit() {
  local dir="$1" port="$2" what="$3"
  echo '[].' > "$dir/enabled_plugins"
  # The guest user may connect from loopback, which is all the tests need.
  printf 'listeners.tcp.default = 127.0.0.1:%s\nloopback_users = none\n' "$port" > "$dir/rabbitmq.conf"
  /usr/lib/rabbitmq/bin/rabbitmq-server -detached >/dev/null 2>&1
  local waited=0
  until timeout 15 /usr/lib/rabbitmq/bin/rabbitmqctl -q await_startup --timeout 5 >/dev/null 2>&1; do
    waited=$((waited + 5))
    if [ "$waited" -ge 120 ] || ! pgrep -f "beam.*-home $dir" >/dev/null; then
      log "$what did not start; its log:"; tail -n 40 "$dir"/log/*.log "$dir/erl_crash.dump" 2>/dev/null | head -n 60 >&2; exit 1
    fi
  done
}

start_rabbitmq() {
  mkdir -p "$RABBIT_DIR/mnesia" "$RABBIT_DIR/log"
  rabbit_env
  if timeout 30 /usr/lib/rabbitmq/bin/rabbitmqctl -q status >/dev/null 2>&1; then log "RabbitMQ already up on $AMQP_PORT, left running"; return; fi
  # A fresh node each start: queues left by earlier runs would only collect messages nobody reads.
  rm -rf "$RABBIT_DIR/mnesia"; mkdir -p "$RABBIT_DIR/mnesia"
  launch_rabbit "$RABBIT_DIR" "$AMQP_PORT" "RabbitMQ"
  STARTED+=(rabbitmq)
  log "RabbitMQ $(/usr/lib/rabbitmq/bin/rabbitmqctl -q version 2>/dev/null) up on 127.0.0.1:$AMQP_PORT"
}

stop_postgres() {
  local bin; bin=$(pg_bin 2>/dev/null) || true
  [ -n "${bin:-}" ] && [ -f "$PG_DIR/postmaster.pid" ] && as_pg "$bin/pg_ctl" -D "$PG_DIR" -m fast stop >/dev/null 2>&1 || true
}

stop_rabbitmq() {
  # A stop must never hang: only a running node is asked to stop, within a bounded time, then killed.
  if [ -f "$RABBIT_DIR/rabbit.pid" ]; then
    rabbit_env
    local pid; pid=$(cat "$RABBIT_DIR/rabbit.pid")
    if kill -0 "$pid" 2>/dev/null; then
      timeout 60 /usr/lib/rabbitmq/bin/rabbitmqctl -q stop >/dev/null 2>&1 || kill "$pid" 2>/dev/null || true
    fi
    rm -f "$RABBIT_DIR/rabbit.pid"
  fi
}

node_dir() {
  [[ "$1" =~ ^[a-z0-9-]+$ ]] || { echo "a node's NAME is lower-case letters, digits and dashes, not '$1'" >&2; exit 2; }
  echo "$STATE_DIR/rabbitmq-nodes/$1"
}

# A named node, as the shared one starts, on its own ports and state folder.
start_rabbit_node() {
  local name="$1" port="$2" dir; dir=$(node_dir "$name")
  [[ "$port" =~ ^[0-9]+$ ]] && [ "$port" -gt 32024 ] && [ "$port" -lt 65536 ] && [ "$port" != "$AMQP_PORT" ] \
    || { echo "PORT must be 32025-65535 (its distribution port is PORT - 31000) and not $AMQP_PORT, not '$port'" >&2; exit 2; }
  mkdir -p "$dir/mnesia" "$dir/log"
  rabbit_env "prison-test-$name@localhost" "$port" "$dir"
  launch_rabbit "$dir" "$port" "RabbitMQ node $name"
  log "RabbitMQ node $name up on 127.0.0.1:$port"
}

# Bounded like stop_rabbitmq: asked to stop, then killed. Only this node's own process is signalled.
stop_rabbit_node() {
  local name="$1" dir; dir=$(node_dir "$name")
  [ -f "$dir/rabbit.pid" ] || return 0
  local pid; pid=$(cat "$dir/rabbit.pid")
  if kill -0 "$pid" 2>/dev/null; then
    local port; port=$(sed -n 's/^listeners.tcp.default = 127.0.0.1:\([0-9]*\)$/\1/p' "$dir/rabbitmq.conf")
    rabbit_env "prison-test-$name@localhost" "$port" "$dir"
    timeout 60 /usr/lib/rabbitmq/bin/rabbitmqctl -q stop >/dev/null 2>&1 || true
    # rabbitmqctl returns while the Erlang VM is still going down: wait for it, so that its ports are free and no
    # node outlives the test that started it.
    local waited=0
    while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 30 ]; do sleep 0.5; waited=$((waited + 1)); done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$dir/rabbit.pid"
  log "RabbitMQ node $name stopped"
}

# rabbitmqctl against a named node, e.g. import_definitions FILE (the deployment's users, tried by a test).
ctl_rabbit_node() {
  local name="$1" dir; dir=$(node_dir "$name"); shift
  local port; port=$(sed -n 's/^listeners.tcp.default = 127.0.0.1:\([0-9]*\)$/\1/p' "$dir/rabbitmq.conf")
  rabbit_env "prison-test-$name@localhost" "$port" "$dir"
  timeout 60 /usr/lib/rabbitmq/bin/rabbitmqctl -q "$@"
}

rabbit_node() {
  case "${1:-}" in
    ctl) [ $# -ge 3 ] || { echo "usage: $0 rabbitmq-node ctl NAME ARGUMENTS..." >&2; exit 2; }; shift; ctl_rabbit_node "$@" ;;
    start) [ $# -eq 3 ] || { echo "usage: $0 rabbitmq-node start NAME PORT" >&2; exit 2; }; start_rabbit_node "$2" "$3" ;;
    stop) [ $# -eq 2 ] || { echo "usage: $0 rabbitmq-node stop NAME" >&2; exit 2; }; stop_rabbit_node "$2" ;;
    remove) [ $# -eq 2 ] || { echo "usage: $0 rabbitmq-node remove NAME" >&2; exit 2; }; stop_rabbit_node "$2"; rm -rf "$(node_dir "$2")" ;;
    *) echo "usage: $0 rabbitmq-node start NAME PORT | stop NAME | remove NAME | ctl NAME ARGUMENTS..." >&2; exit 2 ;;
  esac
}

pg_node_dir() {
  [[ "$1" =~ ^[a-z0-9-]+$ ]] || { echo "a node's NAME is lower-case letters, digits and dashes, not '$1'" >&2; exit 2; }
  echo "$STATE_DIR/postgres-nodes/$1"
}

start_pg_node() {
  local name="$1" port="$2" dir bin; dir=$(pg_node_dir "$name"); bin=$(pg_bin)
  [[ "$port" =~ ^[0-9]+$ ]] && [ "$port" -gt 1024 ] && [ "$port" -lt 65536 ] && [ "$port" != "$PG_PORT" ] \
    || { echo "PORT must be 1025-65535 and not $PG_PORT, not '$port'" >&2; exit 2; }
  if [ ! -f "$dir/PG_VERSION" ]; then
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir" && chmod 700 "$dir"
    as_pg "$bin/initdb" -D "$dir" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  fi
  as_pg "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 \
    -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$dir -c fsync=off" start >/dev/null \
    || { cat "$dir/server.log" >&2; exit 1; }
  log "PostgreSQL node $name up on 127.0.0.1:$port"
}

# pg_ctl restart starts the server again with the options of its last start (postmaster.opts).
restart_pg_node() {
  local dir bin; dir=$(pg_node_dir "$1"); bin=$(pg_bin)
  as_pg "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 -m fast restart >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
}

stop_pg_node() {
  local dir bin; dir=$(pg_node_dir "$1"); bin=$(pg_bin)
  [ -f "$dir/postmaster.pid" ] && as_pg "$bin/pg_ctl" -D "$dir" -w -t 60 -m fast stop >/dev/null 2>&1 || true
}

pg_node() {
  case "${1:-}" in
    start) [ $# -eq 3 ] || { echo "usage: $0 postgres-node start NAME PORT" >&2; exit 2; }; start_pg_node "$2" "$3" ;;
    restart) [ $# -eq 2 ] || { echo "usage: $0 postgres-node restart NAME" >&2; exit 2; }; restart_pg_node "$2" ;;
    stop) [ $# -eq 2 ] || { echo "usage: $0 postgres-node stop NAME" >&2; exit 2; }; stop_pg_node "$2" ;;
    remove) [ $# -eq 2 ] || { echo "usage: $0 postgres-node remove NAME" >&2; exit 2; }; stop_pg_node "$2"; rm -rf "$(pg_node_dir "$2")" ;;
    *) echo "usage: $0 postgres-node start NAME PORT | restart NAME | stop NAME | remove NAME" >&2; exit 2 ;;
  esac
}

# Stops the servers named (postgres, rabbitmq), or both when none is.
stop_servers() {
  [ $# -gt 0 ] || set -- postgres rabbitmq
  local server
  for server in "$@"; do
    case "$server" in
      postgres) stop_postgres ;;
      rabbitmq) stop_rabbitmq ;;
      *) echo "usage: $0 stop [postgres] [rabbitmq]: '$server' is not one of the servers" >&2; exit 2 ;;
    esac
  done
}

# The AsyncAPI initiative's parser (and the JSON Schema validator it uses), pinned, in the state folder: the events
# document's test (tests/Prison.Web.Tests/Events) validates web's /asyncapi.json and the events' payloads with them.
ASYNCAPI_DIR="$STATE_DIR/asyncapi-parser"
install_asyncapi_parser() {
  if [ ! -f "$ASYNCAPI_DIR/node_modules/@asyncapi/parser/package.json" ] || [ ! -f "$ASYNCAPI_DIR/node_modules/ajv/package.json" ]; then
    command -v npm >/dev/null || { log "installing from Debian's packages: npm"; as_root apt-get update -qq; as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null; }
    mkdir -p "$ASYNCAPI_DIR"
    log "installing @asyncapi/parser from npm into $ASYNCAPI_DIR"
    (cd "$ASYNCAPI_DIR" && npm install --silent --no-audit --no-fund --prefix "$ASYNCAPI_DIR" @asyncapi/parser@3.6.6 ajv@8.20.0 ajv-formats@3.0.1 >&2)
  fi
  echo "$ASYNCAPI_DIR/node_modules"
}

# Stoplight's Spectral, pinned, in the state folder: the API document's test (tests/Prison.Web.Tests/Api) lints web's
# /openapi/v1.json with its CLI and the spectral:oas ruleset.
SPECTRAL_DIR="$STATE_DIR/spectral"
install_spectral() {
  if [ ! -f "$SPECTRAL_DIR/node_modules/@stoplight/spectral-cli/package.json" ]; then
    command -v npm >/dev/null || { log "installing from Debian's packages: npm"; as_root apt-get update -qq; as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null; }
    mkdir -p "$SPECTRAL_DIR"
    log "installing @stoplight/spectral-cli from npm into $SPECTRAL_DIR"
    (cd "$SPECTRAL_DIR" && npm install --silent --no-audit --no-fund --prefix "$SPECTRAL_DIR" @stoplight/spectral-cli@6.16.3 >&2)
  fi
  echo "$SPECTRAL_DIR/node_modules"
}

STARTED=()

print_env() {
  echo "export PRISON_TEST_STARTED='${STARTED[*]}'"
  echo "export PRISON_TEST_POSTGRES='Host=127.0.0.1;Port=$PG_PORT;Username=postgres;Database=postgres'"
  echo "export PRISON_TEST_RABBITMQ='amqp://guest:guest@127.0.0.1:$AMQP_PORT/'"
  echo "export PRISON_TEST_CHROMIUM='/usr/bin/chromium'"
  echo "export PRISON_TEST_PROMETHEUS='/usr/bin/prometheus'"
  echo "export PRISON_TEST_NGINX='/usr/sbin/nginx'"
  echo "export PRISON_TEST_SSLSCAN='/usr/bin/sslscan'"
}

case "${1:-}" in
  start) install_missing; install_asyncapi_parser >/dev/null; install_spectral >/dev/null; start_postgres; start_rabbitmq; print_env ;;
  stop) shift; stop_servers "$@" ;;
  env) print_env ;;
  state-dir) echo "$STATE_DIR" ;;
  rabbitmq-node) shift; rabbit_node "$@" ;;
  postgres-node) shift; pg_node "$@" ;;
  asyncapi-parser) install_asyncapi_parser ;;
  spectral) install_spectral ;;
  *) echo "usage: $0 start|stop [postgres] [rabbitmq]|env|state-dir|rabbitmq-node|postgres-node|asyncapi-parser|spectral" >&2; exit 2 ;;
esac
