#!/usr/bin/env python3
"""py-draughts' International engine behind the line protocol of
`shashki match-external` (src/cli/match_external.rs).

requirements: py-draughts==1.10.1   (benches/intl-match.sh installs it in a venv)

The engine is py-draughts' TurboEngine (alpha-beta with iterative deepening,
PVS, a transposition table, LMR, quiescence and a pattern evaluation trained
on Scan 3.1's scores; International 10x10 only), or with --engine simple its
generic SimpleEngine.

Protocol, one line each way, squares in PDN numbers (1-50):
  <- id name <text>            (any number, at start)
  <- ready                     (once, when the engine is loaded)
  -> position <FEN> [moves <m1> <m2> ...]
                               the start position (W:W31-50:B1-20, ranges and
                               K for kings allowed) and the moves since, each
                               a quiet move 32-28 or a capture with every
                               landing square 28x19x10; the engine replays
                               them (benches/intl_replay.py), so it knows the
                               game's history
  -> go                        think about the last position
  <- info depth D nodes N time SECONDS
  <- bestmove <move>           the move in the same notation
  <- error <text>              instead of bestmove (also for a position it
                               could not replay: said at the `go`, so that
                               every `go` has one answer)
  -> quit
"""

import argparse
import sys
import time


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--depth", type=int, default=None, help="deepest iteration")
    ap.add_argument("--time", type=float, default=None, help="seconds per move (hard)")
    ap.add_argument("--engine", choices=["turbo", "simple"], default="turbo")
    args = ap.parse_args()
    if args.depth is None and args.time is None:
        args.depth = 8

    import draughts
    from draughts import StandardBoard
    from intl_replay import find_move

    if args.engine == "turbo":
        from draughts.engines.turbo import TurboEngine

        engine = TurboEngine(depth_limit=args.depth, time_limit=args.time)
    else:
        from draughts.engines.simple import SimpleEngine

        engine = SimpleEngine(depth_limit=args.depth or 64, time_limit=args.time)

    def say(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    say(
        f"id name py-draughts {draughts.__version__} {type(engine).__name__}"
        f" depth={args.depth} time={args.time}"
    )
    say("ready")
    # one answer per `go`: a position it cannot replay is said at the `go`
    # (an `error` at `position` too would answer the next `go` early)
    board, bad = None, "no position"
    for line in sys.stdin:
        parts = line.split()
        if not parts:
            continue
        cmd = parts[0]
        if cmd == "quit":
            break
        if cmd == "position":
            board, bad = None, None
            if len(parts) < 2 or (len(parts) > 2 and parts[2] != "moves"):
                bad = "expected: position <FEN> [moves ...]"
                continue
            try:
                b = StandardBoard.from_fen(parts[1])
                for m in parts[3:]:
                    b.push(find_move(b, m))
                board = b
            except Exception as e:  # an illegal move or a bad FEN
                bad = " ".join(str(e).split())
        elif cmd == "go":
            if board is None:
                say(f"error {bad}")
                continue
            t0 = time.perf_counter()
            try:
                move = engine.get_best_move(board)
            except Exception as e:
                say("error " + " ".join(str(e).split()))
                continue
            dt = time.perf_counter() - t0
            depth = getattr(engine, "completed_depth", None)
            nodes = getattr(engine, "nodes", None)
            if nodes is None:
                nodes = getattr(engine, "inspected_nodes", 0)
            say(f"info depth {depth if depth is not None else 0} nodes {nodes} time {dt:.3f}")
            say(f"bestmove {move}")
        else:
            say(f"error unknown command {cmd}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
