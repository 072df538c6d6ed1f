#!/usr/bin/env bash
# AI moves a second with 0, 1 and 2 `shashki worker` processes, in one run:
# a throwaway durable PostgreSQL cluster (as in benches/load-pg.sh), and for
# each number of workers a fresh database, the workers started
# (`shashki worker --config … --threads 1`), and the driver
# (benches/ai_workers.rs: the bot with `[ai] workers = 0`, GAMES games
# against the AI at LEVEL, the people's moves sent at once) counting the AI
# moves stored over SECONDS. With 0 workers nothing is thought: 0 a second.
#
#   benches/ai-workers.sh [games] [level] [seconds]     (defaults 20 2 20)
#
# Binaries: $SHASHKI_BIN (else target/release/shashki, built with
# `$CARGO build --release`) and $AI_BIN (else built with
# `$CARGO bench --bench ai_workers --no-run`). MOVETIME_MS caps the AI's
# thinking ([ai] max_movetime_ms of the workers, default 200).
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-20}
LEVEL=${2:-2}
SECONDS_=${3:-20}
MOVETIME_MS=${MOVETIME_MS:-200}
CARGO=${CARGO:-cargo}

SHASHKI=${SHASHKI_BIN:-}
if [ -z "$SHASHKI" ]; then
  $CARGO build --release --bin shashki >&2
  SHASHKI=${CARGO_TARGET_DIR:-target}/release/shashki
fi
AI=${AI_BIN:-}
if [ -z "$AI" ]; then
  AI=$($CARGO bench --bench ai_workers --no-run 2>&1 | tee /dev/stderr |
    sed -n 's/.*Executable .*(\(.*\)).*/\1/p' | tail -1)
fi
[ -x "$SHASHKI" ] && [ -x "$AI" ] || { echo "binaries missing ($SHASHKI, $AI)"; exit 1; }

if command -v initdb >/dev/null; then
  PGBIN=$(dirname "$(readlink -f "$(command -v initdb)")")
else
  PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
fi
[ -x "$PGBIN/initdb" ] || { echo "PostgreSQL not found (initdb)"; exit 1; }
WORK=$(mktemp -d /tmp/shashki-aiw-XXXXXX)
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
WORKERS=()
stop() {
  for p in "${WORKERS[@]}"; do kill "$p" 2>/dev/null || true; done
  as_pg "$PGBIN/pg_ctl" -D "$WORK/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap stop EXIT
[ "$(id -u)" = 0 ] && chown postgres:postgres "$WORK"
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
as_pg "$PGBIN/initdb" -D "$WORK/data" -U postgres -A trust -E UTF8 --locale=C >/dev/null
as_pg "$PGBIN/pg_ctl" -D "$WORK/data" -l "$WORK/server.log" -w start -o \
  "-c listen_addresses=127.0.0.1 -p $PORT -k $WORK -c fsync=on -c synchronous_commit=on" >/dev/null
PSQL() { as_pg "$PGBIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -qAt "$@"; }

echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load before: $(uptime | sed 's/.*load average: //')"
echo "== $GAMES games against the AI at level $LEVEL, max_movetime_ms $MOVETIME_MS, counted over $SECONDS_ s"
RESULTS=()
for n in 0 1 2; do
  PSQL -c "CREATE DATABASE ai_$n"
  url="postgres://postgres@127.0.0.1:$PORT/ai_$n?sslmode=disable"
  printf '[database]\nurl = "%s"\n\n[ai]\nmax_movetime_ms = %s\nworkers = 1\n\n[log]\nlevel = "warn"\n' \
    "$url" "$MOVETIME_MS" >"$WORK/worker.toml"
  # the schema first, so that the workers do not race the driver to it
  PSQL -d "ai_$n" -c 'SELECT 1' >/dev/null
  WORKERS=()
  for i in $(seq 1 "$n"); do
    "$SHASHKI" worker --config "$WORK/worker.toml" --threads 1 >"$WORK/worker-$n-$i.log" 2>&1 &
    WORKERS+=($!)
  done
  echo "== $n worker process(es)"
  "$AI" --db "$url" "$GAMES" "$LEVEL" "$SECONDS_" | tee "$WORK/ai-$n.out"
  for p in "${WORKERS[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${WORKERS[@]}"; do wait "$p" 2>/dev/null || true; done
  WORKERS=()
  RESULTS+=("| $n | $(sed -n 's/.*AI moves=\([0-9]*\) seconds=\([0-9.]*\) per_second=\([0-9.]*\).*/\1 | \2 s | **\3** |/p' "$WORK/ai-$n.out")")
done
echo
echo "== summary (load after: $(uptime | sed 's/.*load average: //'))"
echo "| worker processes | AI moves | window | AI moves/s |"
echo "|---|---|---|---|"
printf '%s\n' "${RESULTS[@]}"
