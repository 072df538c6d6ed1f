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
# The bench binary: $LOAD_BIN if set, else built with
# `$CARGO bench --bench load --no-run` ($CARGO defaults to cargo).
set -euo pipefail
cd "$(dirname "$0")/.."
CHATS=${1:-50}
USERS=${2:-20}
MOVES=${3:-5000}

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
url() { echo "postgres://postgres@127.0.0.1:$PORT/$1?sslmode=disable"; }

echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load before: $(uptime | sed 's/.*load average: //')"
echo "== PostgreSQL $(PSQL -c 'SHOW server_version'): fsync=$(PSQL -c 'SHOW fsync'), synchronous_commit=$(PSQL -c 'SHOW synchronous_commit'), full_page_writes=$(PSQL -c 'SHOW full_page_writes')"
echo "== load: $CHATS chats x $USERS users, $MOVES moves"

field() { sed -n "s/.*RESULT.* $2=\([^ ]*\).*/\1/p" "$1"; }
rate() { awk -v m="$1" -v a="$2" -v b="$3" 'BEGIN { printf "%.0f", m * 1000 / (b - a) }'; }

# 1. SQLite
echo "== 1. SQLite, one process"
"$BIN" "$CHATS" "$USERS" "$MOVES" --db "$WORK/load.sqlite" --sent "$WORK/sqlite.sent" | tee "$WORK/sqlite.out"
"$BIN" --db "$WORK/load.sqlite" --check "$WORK/sqlite.sent" | tee "$WORK/sqlite.check"

# 2. PostgreSQL, one process
echo "== 2. PostgreSQL, one process"
PSQL -c 'CREATE DATABASE load1'
"$BIN" "$CHATS" "$USERS" "$MOVES" --db "$(url load1)" --sent "$WORK/pg1.sent" | tee "$WORK/pg1.out"
"$BIN" --db "$(url load1)" --check "$WORK/pg1.sent" | tee "$WORK/pg1.check"

# 3. PostgreSQL, two processes at once
echo "== 3. PostgreSQL, two processes on one database"
PSQL -c 'CREATE DATABASE load2'
HALF=$((CHATS / 2))
# the schema made once, before both start (each would wait on the other's
# migration lock otherwise, which is fine but not what is measured)
"$BIN" 0 2 0 --db "$(url load2)" --chat-offset 1000000 --sent "$WORK/pg2-warm.sent" >/dev/null
"$BIN" "$HALF" "$USERS" $((MOVES / 2)) --db "$(url load2)" --chat-offset 0 \
  --ready "$WORK/a.ready" --go "$WORK/go" --sent "$WORK/pg2a.sent" >"$WORK/pg2a.out" 2>&1 &
A=$!
"$BIN" $((CHATS - HALF)) "$USERS" $((MOVES - MOVES / 2)) --db "$(url load2)" --chat-offset "$CHATS" \
  --ready "$WORK/b.ready" --go "$WORK/go" --sent "$WORK/pg2b.sent" >"$WORK/pg2b.out" 2>&1 &
B=$!
while [ ! -e "$WORK/a.ready" ] || [ ! -e "$WORK/b.ready" ]; do
  kill -0 "$A" 2>/dev/null && kill -0 "$B" 2>/dev/null || break
  sleep 0.05
done
touch "$WORK/go"
STA=0; STB=0
wait "$A" || STA=$?
wait "$B" || STB=$?
echo "-- process A (chats 0..$HALF)"; cat "$WORK/pg2a.out"
echo "-- process B (chats $CHATS..$((CHATS + CHATS - HALF)))"; cat "$WORK/pg2b.out"
[ "$STA" = 0 ] && [ "$STB" = 0 ] || { echo "a bench process failed ($STA, $STB)"; exit 1; }
"$BIN" --db "$(url load2)" --check "$WORK/pg2a.sent" "$WORK/pg2b.sent" "$WORK/pg2-warm.sent" | tee "$WORK/pg2.check"

# the summary
MA=$(field "$WORK/pg2a.out" moves); MB=$(field "$WORK/pg2b.out" moves)
SA=$(field "$WORK/pg2a.out" start_ms); SB=$(field "$WORK/pg2b.out" start_ms)
EA=$(field "$WORK/pg2a.out" end_ms); EB=$(field "$WORK/pg2b.out" end_ms)
START=$((SA < SB ? SA : SB)); END=$((EA > EB ? EA : EB))
SUM=$(( $(rate "$MA" "$SA" "$EA") + $(rate "$MB" "$SB" "$EB") ))
TOGETHER=$(rate $((MA + MB)) "$START" "$END")
P99=$(printf '%s\n%s\n' "$(field "$WORK/pg2a.out" p99)" "$(field "$WORK/pg2b.out" p99)" | sort -g | tail -1)
row() { # name out check
  local m s e
  m=$(field "$2" moves); s=$(field "$2" start_ms); e=$(field "$2" end_ms)
  printf '| %s | %s + %s commands | %s | %s ms | %s ms | %s ms | %s |\n' "$1" "$m" "$(field "$2" commands)" \
    "$(rate "$m" "$s" "$e")" "$(field "$2" p50)" "$(field "$2" p90)" "$(field "$2" p99)" \
    "$(sed -n 's/CHECK .* lost=\([0-9]*\) doubled=\([0-9]*\) unknown=\([0-9]*\) missing=\([0-9]*\).*/\1 \/ \2 (unaccounted \3, missing \4)/p' "$3")"
}
echo
echo "== summary (load after: $(uptime | sed 's/.*load average: //'))"
echo "| run | moves | moves/s | move p50 | p90 | p99 | lost / doubled (whole database) |"
echo "|---|---|---|---|---|---|---|"
row "SQLite, 1 process" "$WORK/sqlite.out" "$WORK/sqlite.check"
row "PostgreSQL, 1 process" "$WORK/pg1.out" "$WORK/pg1.check"
row "PostgreSQL, 2 processes: A" "$WORK/pg2a.out" "$WORK/pg2.check"
row "PostgreSQL, 2 processes: B" "$WORK/pg2b.out" "$WORK/pg2.check"
echo "| PostgreSQL, 2 processes together | $((MA + MB)) | sum $SUM; $TOGETHER over the joint wall time | | | worst $P99 ms | see A/B |"
