#!/usr/bin/env bash
# Installs (from Debian's packages, when missing) and starts the servers the tests talk to, each a private
# instance on loopback so that nothing depends on init scripts or on servers a machine may already run:
#   PostgreSQL on 127.0.0.1:54329, RabbitMQ on 127.0.0.1:56729, Chromium at /usr/bin/chromium.
# Usage: scripts/test-servers.sh start | stop | env
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
  if as_pg "$bin/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; then log "PostgreSQL already up on $PG_PORT"; return; fi
  if [ ! -f "$PG_DIR/PG_VERSION" ]; then
    mkdir -p "$PG_DIR"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$PG_DIR" && chmod 700 "$PG_DIR"
    as_pg "$bin/initdb" -D "$PG_DIR" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  fi
  as_pg "$bin/pg_ctl" -D "$PG_DIR" -l "$PG_DIR/server.log" -w -t 60 \
    -o "-p $PG_PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories=$PG_DIR -c max_connections=200 -c fsync=off" start >/dev/null \
    || { cat "$PG_DIR/server.log" >&2; exit 1; }
  log "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') up on 127.0.0.1:$PG_PORT"
}

rabbit_env() {
  export RABBITMQ_NODENAME="$RABBIT_NODE" RABBITMQ_NODE_IP_ADDRESS=127.0.0.1 RABBITMQ_NODE_PORT="$AMQP_PORT" \
    RABBITMQ_DIST_PORT=$((AMQP_PORT - 31000)) RABBITMQ_MNESIA_BASE="$RABBIT_DIR/mnesia" RABBITMQ_LOG_BASE="$RABBIT_DIR/log" \
    RABBITMQ_PID_FILE="$RABBIT_DIR/rabbit.pid" RABBITMQ_CONFIG_FILE="$RABBIT_DIR/rabbitmq" \
    RABBITMQ_ENABLED_PLUGINS_FILE="$RABBIT_DIR/enabled_plugins" HOME="$RABBIT_DIR" ERL_CRASH_DUMP="$RABBIT_DIR/erl_crash.dump"
}

start_rabbitmq() {
  mkdir -p "$RABBIT_DIR/mnesia" "$RABBIT_DIR/log"
  rabbit_env
  if timeout 30 /usr/lib/rabbitmq/bin/rabbitmqctl -q status >/dev/null 2>&1; then log "RabbitMQ already up on $AMQP_PORT"; return; fi
  # A fresh node each start: queues left by earlier runs would only collect messages nobody reads.
  rm -rf "$RABBIT_DIR/mnesia"; mkdir -p "$RABBIT_DIR/mnesia"
  echo '[].' > "$RABBIT_DIR/enabled_plugins"
  # Loopback only; the guest user may connect from loopback, which is all the tests need.
  printf 'listeners.tcp.default = 127.0.0.1:%s\nloopback_users = none\n' "$AMQP_PORT" > "$RABBIT_DIR/rabbitmq.conf"
  /usr/lib/rabbitmq/bin/rabbitmq-server -detached >/dev/null 2>&1
  local waited=0
  until timeout 15 /usr/lib/rabbitmq/bin/rabbitmqctl -q await_startup --timeout 5 >/dev/null 2>&1; do
    waited=$((waited + 5))
    if [ "$waited" -ge 120 ] || ! pgrep -f "beam.*-home $RABBIT_DIR" >/dev/null; then
      log "RabbitMQ did not start; its log:"; tail -n 40 "$RABBIT_DIR"/log/*.log "$RABBIT_DIR/erl_crash.dump" 2>/dev/null | head -n 60 >&2; exit 1
    fi
  done
  log "RabbitMQ $(/usr/lib/rabbitmq/bin/rabbitmqctl -q version 2>/dev/null) up on 127.0.0.1:$AMQP_PORT"
}

stop_all() {
  local bin; bin=$(pg_bin 2>/dev/null) || true
  [ -n "${bin:-}" ] && [ -f "$PG_DIR/postmaster.pid" ] && as_pg "$bin/pg_ctl" -D "$PG_DIR" -m fast stop >/dev/null 2>&1 || true
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

print_env() {
  echo "export PRISON_TEST_POSTGRES='Host=127.0.0.1;Port=$PG_PORT;Username=postgres;Database=postgres'"
  echo "export PRISON_TEST_RABBITMQ='amqp://guest:guest@127.0.0.1:$AMQP_PORT/'"
  echo "export PRISON_TEST_CHROMIUM='/usr/bin/chromium'"
}

case "${1:-}" in
  start) install_missing; start_postgres; start_rabbitmq; print_env ;;
  stop) stop_all ;;
  env) print_env ;;
  *) echo "usage: $0 start|stop|env" >&2; exit 2 ;;
esac
