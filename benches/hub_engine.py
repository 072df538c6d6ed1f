#!/usr/bin/env python3
"""An engine that speaks the first Hub protocol (Scan 2.0's `scan hub`)
behind the line protocol of `shashki match-external` (see
benches/pydraughts_engine.py for that protocol).

requirements: py-draughts==1.10.1   (only to replay the game and name the
pieces each capture takes, which the Hub move format lists)

  hub_engine.py --dir DIR --time SECONDS [--cmd './scan hub']

starts CMD in DIR (Scan reads scan.ini and data/ from there) and, for each
`go`, sends the game's start position (`pos`), its moves (`move`), the time
per move (`time` in ms) and `go`; answers with the move Scan chose.
"""

import argparse
import shlex
import subprocess
import sys


def hub_square(sq: int) -> str:
    return str(sq + 1)


def hub_move(m) -> str:
    """A py-draughts move as Hub-1 writes it: from-to, or from x to x each
    captured square."""
    frm, to = m.square_list[0], m.square_list[-1]
    if not m.captured_list:
        return f"{hub_square(frm)}-{hub_square(to)}"
    caps = "".join("x" + hub_square(c) for c in sorted(m.captured_list))
    return f"{hub_square(frm)}x{hub_square(to)}{caps}"


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
    args = ap.parse_args()

    from draughts import StandardBoard

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
    name = until(lambda l: l.startswith("name") or l == "wait")
    until(lambda l: l == "wait") if name != "wait" else None
    send("init")
    until(lambda l: l == "ready")
    say(f"id name {name[5:] if name.startswith('name ') else 'hub engine'} ({args.time} s a move)")
    say("ready")

    start, moves, board = None, [], None
    for line in sys.stdin:
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "quit":
            break
        if parts[0] == "position":
            start, moves, board = None, [], None
            try:
                b = StandardBoard.from_fen(parts[1])
                start = hub_position(b)
                for t in parts[3:]:
                    legal = b.legal_moves
                    from draughts import Move

                    m = Move.from_uci(t, legal)
                    moves.append(hub_move(m))
                    b.push(m)
                board = b
            except Exception as e:
                say("error " + " ".join(str(e).split()))
        elif parts[0] == "go":
            if board is None:
                say("error no position")
                continue
            send(f"pos {start}")
            for m in moves:
                send(f"move {m}")
            send(f"time {int(args.time * 1000)}")
            send("go")
            depth = 0
            while True:
                reply = until(lambda l: l.startswith(("move", "info", "error")))
                if reply.startswith("info"):
                    fields = reply.split()
                    if len(fields) > 1 and fields[1].isdigit():
                        depth = int(fields[1])
                    continue
                break
            if reply.startswith("error"):
                say(reply)
                continue
            played = reply.split()[1]
            match = [m for m in board.legal_moves if hub_move(m) == played]
            if len(match) != 1:
                say(f"error engine move {played} matches {len(match)} legal moves")
                continue
            say(f"info depth {depth}")
            say(f"bestmove {match[0]}")
    try:
        send("quit")
    except BrokenPipeError:
        pass
    proc.wait(timeout=5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
