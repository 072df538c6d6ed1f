#!/usr/bin/env bash
# The load bench (benches/load.rs) on SQLite and on PostgreSQL, in one run:
#   1. SQLite, one process (synchronous=FULL);
#   2. PostgreSQL, one process;
#   3. PostgreSQL, two processes at once on one database, each with half
#      the chats (chats 0… and chats N…, never shared) and half the moves,
#      started together after their set-up;
# each PostgreSQL database checked whole at the end (every game's ply and
# rows in `moves` against the moves its process sent: 0 lost, 0 doubled,
# no game unaccounted for).
#
# PostgreSQL is a throwaway cluster made here with initdb (as the
# `postgres` user when run as root), durable: fsync=on,
# synchronous_commit=on, full_page_writes=on; on 127.0.0.1 at a free port;
# stopped and removed at the end, whatever happens.
#
#   benches/load-pg.sh [chats] [users-per-chat] [moves]     (defaults 50 20 5000)
#
# PostgreSQL is run twice: as fast as the chats can send (each chat sends
# its next event when the last is answered: the most moves a second), and
# paced at $RATE events a second in all (default 1120: about 1,000 moves
# and 120 commands a second, each chat one every chats/RATE seconds,
# latency counted from when it was due). RATE=0 skips the paced runs.
# PG_SOCKET=1 connects over the cluster's Unix socket instead of TCP.
#
# The bench binary: $LOAD_BIN if set, else built with
# `$CARGO bench --bench load --no-run` ($CARGO defaults to cargo).
set -euo pipefail
cd "$(dirname "$0")/.."
CHATS=${1:-50}
USERS=${2:-20}
MOVES=${3:-5000}
RATE=${RATE:-1120}

BIN=${LOAD_BIN:-}
if [ -z "$BIN" ]; then
  BIN=$(${CARGO:-cargo} bench --bench load --no-run 2>&1 | tee /dev/stderr |
    sed -n 's/.*Executable .*(\(.*\)).*/\1/p' | tail -1)
fi
[ -x "$BIN" ] || { echo "no load bench binary ($BIN)"; exit 1; }

# PostgreSQL's binaries: initdb on PATH, else the newest /usr/lib/postgresql/*/bin
if command -v initdb >/dev/null; then
  PGBIN=$(dirname "$(readlink -f "$(command -v initdb)")")
else
  PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
fi
[ -x "$PGBIN/initdb" ] || { echo "PostgreSQL not found (initdb)"; exit 1; }

WORK=$(mktemp -d /tmp/shashki-loadpg-XXXXXX)
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
stop() {
  as_pg "$PGBIN/pg_ctl" -D "$WORK/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap stop EXIT
[ "$(id -u)" = 0 ] && chown postgres:postgres "$WORK"

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
as_pg "$PGBIN/initdb" -D "$WORK/data" -U postgres -A trust -E UTF8 --locale=C >/dev/null
as_pg "$PGBIN/pg_ctl" -D "$WORK/data" -l "$WORK/server.log" -w start -o \
  "-c listen_addresses=127.0.0.1 -p $PORT -k $WORK -c fsync=on -c synchronous_commit=on -c full_page_writes=on" >/dev/null
PSQL() { as_pg "$PGBIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -qAt "$@"; }
if [ "${PG_SOCKET:-0}" = 1 ]; then
  url() { echo "postgres://postgres@$(echo "$WORK" | sed 's|/|%2F|g'):$PORT/$1?sslmode=disable"; }
else
  url() { echo "postgres://postgres@127.0.0.1:$PORT/$1?sslmode=disable"; }
fi

echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load before: $(uptime | sed 's/.*load average: //')"
echo "== PostgreSQL $(PSQL -c 'SHOW server_version'): fsync=$(PSQL -c 'SHOW fsync'), synchronous_commit=$(PSQL -c 'SHOW synchronous_commit'), full_page_writes=$(PSQL -c 'SHOW full_page_writes')"
echo "== load: $CHATS chats x $USERS users, $MOVES moves; PostgreSQL over $([ "${PG_SOCKET:-0}" = 1 ] && echo "its Unix socket" || echo "TCP on 127.0.0.1")"

field() { sed -n "s/.*RESULT.* $2=\([^ ]*\).*/\1/p" "$1"; }
rate() { awk -v m="$1" -v a="$2" -v b="$3" 'BEGIN { printf "%.0f", m * 1000 / (b - a) }'; }
SUMMARY=$WORK/summary.md
row() { # name out check
  local m s e
  m=$(field "$2" moves); s=$(field "$2" start_ms); e=$(field "$2" end_ms)
  printf '| %s | %s + %s commands | %s | %s ms | %s ms | %s ms | %s | %s |\n' "$1" "$m" "$(field "$2" commands)" \
    "$(rate "$m" "$s" "$e")" "$(field "$2" p50)" "$(field "$2" p90)" "$(field "$2" p99)" "$(field "$2" trips_per_event)" \
    "$(sed -n 's/CHECK .* lost=\([0-9]*\) doubled=\([0-9]*\) unknown=\([0-9]*\) missing=\([0-9]*\).*/\1 \/ \2 (unaccounted \3, missing \4)/p' "$3")" >>"$SUMMARY"
}

# 1. SQLite
echo "== SQLite, one process"
"$BIN" "$CHATS" "$USERS" "$MOVES" --db "$WORK/load.sqlite" --sent "$WORK/sqlite.sent" | tee "$WORK/sqlite.out"
"$BIN" --db "$WORK/load.sqlite" --check "$WORK/sqlite.sent" | tee "$WORK/sqlite.check"
row "SQLite, 1 process" "$WORK/sqlite.out" "$WORK/sqlite.check"

# 2. PostgreSQL, one process ($1: a tag for file and database names, $2:
# the events a second, 0 = as fast as it goes, $3: the run's name)
pg_one() {
  local tag=$1 r=$2 name=$3 pace=()
  [ "$r" != 0 ] && pace=(--rate "$r")
  echo "== PostgreSQL, one process ($name)"
  PSQL -c "CREATE DATABASE one_$tag"
  "$BIN" "$CHATS" "$USERS" "$MOVES" "${pace[@]}" --db "$(url "one_$tag")" --sent "$WORK/one_$tag.sent" | tee "$WORK/one_$tag.out"
  "$BIN" --db "$(url "one_$tag")" --check "$WORK/one_$tag.sent" | tee "$WORK/one_$tag.check"
  row "PostgreSQL, 1 process, $name" "$WORK/one_$tag.out" "$WORK/one_$tag.check"
}

# 3. PostgreSQL, two processes at once, each with half the chats, moves
# and rate
pg_two() {
  local tag=$1 r=$2 name=$3 pa=() pb=() half=$((CHATS / 2)) db="two_$1" w="$WORK/two_$1"
  [ "$r" != 0 ] && pa=(--rate "$(awk -v r="$r" -v c="$half" -v n="$CHATS" 'BEGIN { print r * c / n }')") &&
    pb=(--rate "$(awk -v r="$r" -v c="$((CHATS - half))" -v n="$CHATS" 'BEGIN { print r * c / n }')")
  echo "== PostgreSQL, two processes on one database ($name)"
  PSQL -c "CREATE DATABASE $db"
  # the schema made before both start (one would wait for the other's
  # migration otherwise: fine, but not what is measured)
  "$BIN" 0 2 0 --db "$(url "$db")" --chat-offset 1000000 --sent "$w-warm.sent" >/dev/null
  rm -f "$w.go"
  "$BIN" "$half" "$USERS" $((MOVES / 2)) "${pa[@]}" --db "$(url "$db")" --chat-offset 0 \
    --ready "$w-a.ready" --go "$w.go" --sent "$w-a.sent" >"$w-a.out" 2>&1 &
  local a=$!
  "$BIN" $((CHATS - half)) "$USERS" $((MOVES - MOVES / 2)) "${pb[@]}" --db "$(url "$db")" --chat-offset "$CHATS" \
    --ready "$w-b.ready" --go "$w.go" --sent "$w-b.sent" >"$w-b.out" 2>&1 &
  local b=$!
  while [ ! -e "$w-a.ready" ] || [ ! -e "$w-b.ready" ]; do
    kill -0 "$a" 2>/dev/null && kill -0 "$b" 2>/dev/null || break
    sleep 0.05
  done
  touch "$w.go"
  local sa=0 sb=0
  wait "$a" || sa=$?
  wait "$b" || sb=$?
  echo "-- process A (chats 0..$((half - 1)))"; cat "$w-a.out"
  echo "-- process B (chats $CHATS..$((CHATS + CHATS - half - 1)))"; cat "$w-b.out"
  [ "$sa" = 0 ] && [ "$sb" = 0 ] || { echo "a bench process failed ($sa, $sb)"; exit 1; }
  "$BIN" --db "$(url "$db")" --check "$w-a.sent" "$w-b.sent" "$w-warm.sent" | tee "$w.check"
  row "PostgreSQL, 2 processes, $name: A" "$w-a.out" "$w.check"
  row "PostgreSQL, 2 processes, $name: B" "$w-b.out" "$w.check"
  local ma mb s e
  ma=$(field "$w-a.out" moves); mb=$(field "$w-b.out" moves)
  s=$(printf '%s\n%s\n' "$(field "$w-a.out" start_ms)" "$(field "$w-b.out" start_ms)" | sort -n | head -1)
  e=$(printf '%s\n%s\n' "$(field "$w-a.out" end_ms)" "$(field "$w-b.out" end_ms)" | sort -n | tail -1)
  local sum=$(( $(rate "$ma" "$(field "$w-a.out" start_ms)" "$(field "$w-a.out" end_ms)") + \
    $(rate "$mb" "$(field "$w-b.out" start_ms)" "$(field "$w-b.out" end_ms)") ))
  local p99
  p99=$(printf '%s\n%s\n' "$(field "$w-a.out" p99)" "$(field "$w-b.out" p99)" | sort -g | tail -1)
  printf '| **PostgreSQL, 2 processes, %s: both** | %s | sum %s (%s over the joint %s ms) | | | worst %s ms | | %s (whole database) |\n' \
    "$name" $((ma + mb)) "$sum" "$(rate $((ma + mb)) "$s" "$e")" $((e - s)) "$p99" \
    "$(sed -n 's/CHECK .* lost=\([0-9]*\) doubled=\([0-9]*\).*/\1 \/ \2/p' "$w.check")" >>"$SUMMARY"
}

pg_one fast 0 "closed loop"
pg_two fast 0 "closed loop"
if [ "$RATE" != 0 ]; then
  pg_one paced "$RATE" "paced at $RATE events/s"
  pg_two paced "$RATE" "paced at $RATE events/s"
fi

echo
echo "== summary (load after: $(uptime | sed 's/.*load average: //'))"
echo "| run | moves | moves/s | move p50 | p90 | p99 | round trips an event | lost / doubled |"
echo "|---|---|---|---|---|---|---|---|"
cat "$SUMMARY"
