#!/usr/bin/env bash
# Many nodes behind nginx on this machine: N `charleston serve` processes on one PostgreSQL database and nginx
# (Debian's package) in front of them, round robin, WebSocket upgrade, no sticky sessions. See docs/deploy.md.
#
#   npm run build                       # once: the nodes run the compiled CLI (bin/charleston.js → dist/)
#   scripts/deploy-local.sh [--port 8088] [--nodes 2] [--keep] [postgres://USER@HOST:PORT/DB]
#
# The database URL is the argument, else $CHARLESTON_DB. The nodes listen on 127.0.0.1, each on a free port;
# nginx listens on 127.0.0.1:PORT with a config generated from docs/deploy/nginx.conf in a temporary folder
# (its pid file, logs and temporary files stay there; --keep leaves the folder after the stop).
# Ctrl-C (or SIGTERM) stops nginx and every node. A node that dies leaves the others serving behind nginx.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  sed -n '5,6p' "$0" | sed 's/^#   //' >&2
  exit 2
}

PORT=8088
NODES=2
KEEP=0
DB="${CHARLESTON_DB:-}"
while [ $# -gt 0 ]; do
  case "$1" in
    --port) [ $# -ge 2 ] || usage; PORT="$2"; shift 2 ;;
    --nodes) [ $# -ge 2 ] || usage; NODES="$2"; shift 2 ;;
    --keep) KEEP=1; shift ;;
    -h|--help) usage ;;
    postgres://*|postgresql://*) DB="$1"; shift ;;
    *) echo "deploy-local: unknown argument $1" >&2; usage ;;
  esac
done
case "$DB" in
  postgres://*|postgresql://*) ;;
  *) echo "deploy-local: give a postgres:// URL (argument or CHARLESTON_DB); several nodes need a PostgreSQL server" >&2; exit 2 ;;
esac
[[ "$PORT" =~ ^[0-9]+$ ]] && [ "$PORT" -ge 1 ] && [ "$PORT" -le 65535 ] || { echo "deploy-local: --port must be 1 … 65535" >&2; exit 2; }
[[ "$NODES" =~ ^[0-9]+$ ]] && [ "$NODES" -ge 1 ] && [ "$NODES" -le 32 ] || { echo "deploy-local: --nodes must be 1 … 32" >&2; exit 2; }
[ -f dist/src/cli/main.js ] || { echo "deploy-local: no compiled CLI in dist/: run npm run build first" >&2; exit 2; }
NGINX="${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}"
[ -x "$NGINX" ] || { echo "deploy-local: nginx is missing (Debian: apt-get install nginx)" >&2; exit 2; }

PREFIX="$(mktemp -d /tmp/charleston-deploy.XXXXXX)"
# When nginx starts as root its workers run as nobody: they need to reach the temporary folders inside.
chmod 755 "$PREFIX"
PIDS=()
NGINX_PID=""
STOPPING=0

stop_all() {
  [ "$STOPPING" = 1 ] && return
  STOPPING=1
  trap - INT TERM
  echo "deploy-local: stopping nginx and ${#PIDS[@]} node(s)" >&2
  if [ -n "$NGINX_PID" ]; then kill -TERM "$NGINX_PID" 2>/dev/null || true; fi
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  # Each node finishes its requests in flight and closes the database, then exits 0.
  if [ -n "$NGINX_PID" ]; then wait "$NGINX_PID" 2>/dev/null || true; fi
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "$KEEP" = 1 ]; then echo "deploy-local: logs kept in $PREFIX" >&2; else rm -rf "$PREFIX"; fi
}
trap stop_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Waits (at most 30 s) for a node's first line, `Charleston service: http://HOST:PORT/`; prints HOST:PORT.
first_line() {
  local out="$1" pid="$2" line=""
  for _ in $(seq 300); do
    if [ -s "$out" ]; then
      line="$(head -n 1 "$out")"
      if [[ "$line" =~ ^Charleston\ service:\ http://([^/]+)/$ ]]; then echo "${BASH_REMATCH[1]}"; return 0; fi
    fi
    kill -0 "$pid" 2>/dev/null || { echo "deploy-local: a node exited:" >&2; cat "$PREFIX"/node-*.err >&2; return 1; }
    sleep 0.1
  done
  echo "deploy-local: a node printed no first line in 30 s" >&2
  return 1
}

ADDRESSES=()
for i in $(seq "$NODES"); do
  CHARLESTON_DB="" node bin/charleston.js serve --host 127.0.0.1 --port 0 --db "$DB" --trust-proxy 127.0.0.1 >"$PREFIX/node-$i.out" 2>"$PREFIX/node-$i.err" &
  PIDS+=("$!")
done
for i in $(seq "$NODES"); do
  address="$(first_line "$PREFIX/node-$i.out" "${PIDS[$((i - 1))]}")"
  ADDRESSES+=("$address")
  echo "node $i: http://$address/ (pid ${PIDS[$((i - 1))]}, log $PREFIX/node-$i.err)"
done

# The config: docs/deploy/nginx.conf with the prefix, the listen address and one `server` line per node.
awk -v prefix="$PREFIX" -v listen="127.0.0.1:$PORT" -v nodes="${ADDRESSES[*]}" '
  /__NODE__/ { n = split(nodes, list, " "); for (i = 1; i <= n; i++) { line = $0; sub(/__NODE__/, list[i], line); print line }; next }
  { gsub(/__PREFIX__/, prefix); gsub(/__LISTEN__/, listen); print }
' docs/deploy/nginx.conf >"$PREFIX/nginx.conf"
"$NGINX" -t -q -p "$PREFIX" -c "$PREFIX/nginx.conf" -e "$PREFIX/error.log"
"$NGINX" -p "$PREFIX" -c "$PREFIX/nginx.conf" -e "$PREFIX/error.log" -g 'daemon off;' &
NGINX_PID=$!

# nginx is up once /healthz answers through it (at most 10 s).
for _ in $(seq 100); do
  if node -e "fetch('http://127.0.0.1:$PORT/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; then break; fi
  kill -0 "$NGINX_PID" 2>/dev/null || { echo "deploy-local: nginx exited:" >&2; cat "$PREFIX/error.log" >&2; exit 1; }
  sleep 0.1
done
echo "Charleston behind nginx: http://127.0.0.1:$PORT/ ($NODES nodes, config $PREFIX/nginx.conf, logs in $PREFIX)"
echo "Ctrl-C stops nginx and the nodes."

# Runs until Ctrl-C, until nginx exits or until every node is gone. A node that dies (try `kill -9 PID` in the
# middle of a hand) leaves the others serving: nginx sends its players to them.
set +e
LIVE=("${PIDS[@]}")
while :; do
  wait -n -p DONE "$NGINX_PID" "${LIVE[@]}"
  status=$?
  [ "$STOPPING" = 1 ] && exit "$status"
  if [ "$DONE" = "$NGINX_PID" ]; then
    echo "deploy-local: nginx exited (status $status); stopping the nodes" >&2
    exit "$status"
  fi
  REST=()
  for pid in "${LIVE[@]}"; do [ "$pid" = "$DONE" ] || REST+=("$pid"); done
  LIVE=("${REST[@]}")
  echo "deploy-local: node pid $DONE exited (status $status); ${#LIVE[@]} node(s) still serving behind nginx" >&2
  if [ "${#LIVE[@]}" = 0 ]; then
    echo "deploy-local: no node left; stopping nginx" >&2
    exit 1
  fi
done
