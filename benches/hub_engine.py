#!/usr/bin/env python3
"""An engine that speaks Scan 2.0's Hub protocol (`scan hub`) behind the
line protocol of `shashki match-external` (see benches/pydraughts_engine.py
for that protocol). benches/scan-match.sh builds Scan and runs the match.

requirements: py-draughts==1.10.1   (only to replay the game and name the
pieces each capture takes, which the Hub move format lists; the replay is
benches/intl_replay.py's)

  hub_engine.py --dir DIR --time SECONDS [--set NAME=VALUE ...] [--cmd './scan hub']

starts CMD in DIR (Scan reads scan.ini and data/ from there), sends `hub`
(answered by `name ...` ... `wait`), each --set as `set NAME VALUE` (Scan's
scan.ini variables: book, book-margin, threads, tt-size, bb-size), then
`init` (answered by `ready`). For each `go` it sends the game's start
position (`pos` and 51 letters: the side to move w/b, then squares 1-50 as
w b W B e), every move since (`move 32-28`, a capture `28x19x23`: from, to,
then each captured square), `time MS` (a fixed time per move; Scan's `pos`
resets it), then `ping` and waits for `pong` so that a move Scan refuses
(`error illegal move`, `error bad move`, `error bad position`) is caught
before `go`. Scan answers `go` with `info DEPTH PLY-AVG SCORE NODES TIME
SPEED PV` lines (depth 0 for a book move; none for a forced move) and
`move MOVE [PONDER]`. This passes on the last depth and nodes of a searched
move (none for book and forced moves) and Scan's move.

Scan 2.0's source (GPL v3, Fabien Letouzey): github.com/rhalbersma/scan,
commit 57082ee; its hub loop is src/main.cpp's hub_loop.
"""

import argparse
import shlex
import subprocess
import sys
import time


def hub_square(sq: int) -> str:
    return str(sq + 1)


def hub_move(m) -> str:
    """A py-draughts move as Scan's hub writes it: from-to, or from x to x
    each captured square."""
    frm, to = m.square_list[0], m.square_list[-1]
    if not m.captured_list:
        return f"{hub_square(frm)}-{hub_square(to)}"
    caps = "".join("x" + hub_square(c) for c in sorted(m.captured_list))
    return f"{hub_square(frm)}x{hub_square(to)}{caps}"


def hub_key(text: str):
    """(from, to, captured squares) of a hub move: Scan lists the captured
    squares in its own order, so they compare as a set."""
    sep = "x" if "x" in text else "-"
    parts = text.split(sep)
    if len(parts) < 2 or not all(p.isdigit() for p in parts):
        return None
    return (int(parts[0]), int(parts[1]), frozenset(int(p) for p in parts[2:]))


def hub_position(board) -> str:
    out = ["w" if board.turn.name == "WHITE" else "b"]
    for sq in range(50):
        bit = 1 << sq
        if board.white_men & bit:
            out.append("w")
        elif board.white_kings & bit:
            out.append("W")
        elif board.black_men & bit:
            out.append("b")
        elif board.black_kings & bit:
            out.append("B")
        else:
            out.append("e")
    return "".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dir", required=True, help="the engine's directory")
    ap.add_argument("--cmd", default="./scan hub", help="the command, run in --dir")
    ap.add_argument("--time", type=float, required=True, help="seconds per move")
    ap.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a Scan variable sent as `set NAME VALUE` before init (repeatable)",
    )
    args = ap.parse_args()

    from draughts import StandardBoard
    from intl_replay import find_move

    proc = subprocess.Popen(
        shlex.split(args.cmd),
        cwd=args.dir,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
    )

    def send(line: str) -> None:
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def until(pred):
        for line in proc.stdout:
            line = line.strip()
            if pred(line):
                return line
        raise SystemExit("engine exited")

    def say(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    send("hub")
    name = "hub engine"
    while True:
        line = until(lambda l: l.startswith("name ") or l == "wait")
        if line == "wait":
            break
        name = line[5:]
    settings = []
    for kv in args.set:
        key, _, value = kv.partition("=")
        send(f"set {key} {value}")
        settings.append(f"{key}={value}")
    send("init")
    until(lambda l: l == "ready")
    extra = f", {' '.join(settings)}" if settings else ""
    say(f"id name {name} ({args.time} s a move{extra})")
    say("ready")

    # one answer per `go`: a position it cannot replay is said at the `go`
    # (an `error` at `position` too would answer the next `go` early)
    start, moves, board, bad = None, [], None, "no position"
    for line in sys.stdin:
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "quit":
            break
        if parts[0] == "position":
            start, moves, board, bad = None, [], None, None
            try:
                b = StandardBoard.from_fen(parts[1])
                start = hub_position(b)
                for t in parts[3:]:
                    m = find_move(b, t)
                    moves.append(hub_move(m))
                    b.push(m)
                board = b
            except Exception as e:
                bad = " ".join(str(e).split())
        elif parts[0] == "go":
            if board is None:
                say(f"error {bad}")
                continue
            send(f"pos {start}")
            for m in moves:
                send(f"move {m}")
            send(f"time {int(args.time * 1000)}")
            send("ping")
            errors = []
            while True:
                reply = until(lambda l: l == "pong" or l.startswith("error"))
                if reply == "pong":
                    break
                errors.append(reply)
            if errors:
                say("error Scan refused the game: " + "; ".join(errors))
                continue
            t0 = time.perf_counter()
            send("go")
            depth, nodes = 0, 0
            while True:
                reply = until(lambda l: l.startswith(("move ", "info ", "error")))
                if reply.startswith("info "):
                    fields = reply.split()
                    if len(fields) > 4 and fields[1].isdigit() and fields[4].isdigit():
                        depth, nodes = int(fields[1]), int(fields[4])
                    continue
                break
            dt = time.perf_counter() - t0
            if reply.startswith("error"):
                say(reply)
                continue
            played = hub_key(reply.split()[1])
            match = [m for m in board.legal_moves if hub_key(hub_move(m)) == played]
            if len(match) != 1:
                say(f"error engine move {reply.split()[1]} matches {len(match)} legal moves")
                continue
            if depth > 0:  # a searched move (a book move reports depth 0)
                say(f"info depth {depth} nodes {nodes} time {dt:.3f}")
            say(f"bestmove {match[0]}")
    try:
        send("quit")
    except BrokenPipeError:
        pass
    proc.wait(timeout=5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
