#!/usr/bin/env bash
# Level 8 (or any level) in International draughts against Scan 2.0 (Fabien
# Letouzey's engine, GPL v3) through its Hub protocol (benches/hub_engine.py)
# and `shashki match-external`:
#
#   benches/scan-match.sh SCAN_DIR [games] [level] [scan-seconds-a-move]
#                         (defaults 20 8 1.0; more arguments go to match-external)
#
#   git -C SCAN_REPO archive 57082ee | tar -x -C /tmp/scan2   # "Scan 2.0 by Fabien Letouzey"
#   benches/scan-match.sh /tmp/scan2 20 8 1.0 --pdn /tmp/scan-match.pdn
#
# SCAN_DIR is a copy of Scan's source tree (src/ with its Makefile, data/
# with eval, book and bb, scan.ini), e.g. github.com/rhalbersma/scan at
# commit 57082ee. It is copied to $SCAN_BUILD (default /tmp/scan-match-build,
# emptied first if this script made it) and built there with make (g++,
# C++11, under nice); nothing of Scan enters this repository.
# Scan's settings, sent with its hub `set` before `init` (scan.ini's other
# values stay): SCAN_SET (default "book=true book-margin=0 threads=1
# tt-size=24 bb-size=4": the opening book without its random choice of the
# first two moves, one search thread, 2^24 entries of 16 bytes = 256 MiB of
# transposition table, the 2-4 piece bitbases that ship with the source).
#
# The venv with py-draughts (for hub_engine.py's move replay) and the shashki
# binary as in benches/intl-match.sh: $VENV (default /tmp/intl-venv),
# $SHASHKI, else `$CARGO build --release` ($CARGO defaults to cargo).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { sed -n '2,24p' "$0"; exit 2; }
SCAN_DIR=$1
GAMES=${2:-20}
LEVEL=${3:-8}
SCAN_TIME=${4:-1.0}
shift $(( $# < 4 ? $# : 4 ))
VENV=${VENV:-/tmp/intl-venv}
SCAN_BUILD=${SCAN_BUILD:-/tmp/scan-match-build}
SCAN_SET=${SCAN_SET:-"book=true book-margin=0 threads=1 tt-size=24 bb-size=4"}

[ -f "$SCAN_DIR/src/Makefile" ] && [ -f "$SCAN_DIR/data/eval" ] && [ -f "$SCAN_DIR/scan.ini" ] ||
  { echo "$SCAN_DIR: not a Scan source tree (src/Makefile, data/eval, scan.ini)"; exit 1; }
if [ -e "$SCAN_BUILD" ] && [ ! -e "$SCAN_BUILD/.scan-match" ]; then
  echo "$SCAN_BUILD exists and was not made by this script; set SCAN_BUILD"; exit 1
fi
rm -rf "$SCAN_BUILD"
mkdir -p "$SCAN_BUILD"
touch "$SCAN_BUILD/.scan-match"
cp -r "$SCAN_DIR/src" "$SCAN_DIR/data" "$SCAN_DIR/scan.ini" "$SCAN_BUILD/"
rm -f "$SCAN_BUILD"/src/*.o "$SCAN_BUILD/src/.depend" "$SCAN_BUILD/src/scan"
(cd "$SCAN_BUILD/src" && nice make >make.log 2>&1) ||
  { tail -20 "$SCAN_BUILD/src/make.log"; exit 1; }
cp "$SCAN_BUILD/src/scan" "$SCAN_BUILD/scan"
HELLO=$(printf 'hub\nquit\n' | (cd "$SCAN_BUILD" && ./scan hub) || true)
grep -q '^name Scan' <<<"$HELLO" ||
  { echo "$SCAN_BUILD/scan does not answer the hub protocol"; exit 1; }

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

SETS=""
for kv in $SCAN_SET; do SETS="$SETS --set $kv"; done
echo "$(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(nproc) cores, $(cut -d' ' -f1-3 /proc/loadavg)"
"$BIN" match-external --level "$LEVEL" --games "$GAMES" \
  --engine-cmd "$VENV/bin/python benches/hub_engine.py --dir $SCAN_BUILD --time $SCAN_TIME$SETS" "$@"
echo "$(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(cut -d' ' -f1-3 /proc/loadavg)"
