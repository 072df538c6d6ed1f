#!/usr/bin/env bash
# Level 8 (or any level) in International draughts against py-draughts'
# engine (benches/pydraughts_engine.py, its TurboEngine), through
# `shashki match-external`:
#
#   benches/intl-match.sh [games] [level] [seconds-a-move-for-py-draughts]
#                         (defaults 20 8 2.5; more arguments go to match-external)
#
#   benches/intl-match.sh 20 8 2.5 --pdn /tmp/intl-match.pdn
#
# Sets up a venv with benches/pydraughts-requirements.txt in $VENV
# (default /tmp/intl-venv) unless it already has py-draughts. The shashki
# binary: $SHASHKI if set, else `$CARGO build --release` ($CARGO defaults
# to cargo) and target/release/shashki ($CARGO_TARGET_DIR respected).
# PY_ARGS replaces the engine's arguments (e.g. PY_ARGS="--depth 10").
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-20}
LEVEL=${2:-8}
PY_TIME=${3:-2.5}
shift $(( $# < 3 ? $# : 3 ))
VENV=${VENV:-/tmp/intl-venv}

if ! "$VENV/bin/python" -c 'import draughts' 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet -r benches/pydraughts-requirements.txt
fi

BIN=${SHASHKI:-}
if [ -z "$BIN" ]; then
  ${CARGO:-cargo} build --release --bin shashki
  BIN=${CARGO_TARGET_DIR:-target}/release/shashki
fi
[ -x "$BIN" ] || { echo "no shashki binary ($BIN)"; exit 1; }

PY_ARGS=${PY_ARGS:-"--time $PY_TIME"}
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(uptime | sed 's/.*load/load/')"
"$VENV/bin/python" -c 'import draughts; print("py-draughts", draughts.__version__)'
"$BIN" match-external --level "$LEVEL" --games "$GAMES" \
  --engine-cmd "$VENV/bin/python benches/pydraughts_engine.py $PY_ARGS" "$@"
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(uptime | sed 's/.*load/load/')"
