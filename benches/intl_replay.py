"""Replaying `shashki match-external`'s moves on a py-draughts board
(benches/pydraughts_engine.py, benches/hub_engine.py).

match-external writes a capture with every landing square (`28x19x10`).
py-draughts keeps one path of the captures that start, end and take the
same pieces (FMJD: they are one move), so a capture that goes round a loop
the other way (`40x29x18x9x20x29` for its `40x29x20x9x18x29`) is not in its
list, and `push_uci` refuses it. This finds the move by its start, end and
the pieces it takes instead.
"""


def square_rc(n: int):
    """Row (0 at squares 1-5) and column (0-9) of PDN square n (1-50)."""
    r = (n - 1) // 5
    c = 2 * ((n - 1) % 5) + (1 if r % 2 == 0 else 0)
    return r, c


def rc_square(r: int, c: int):
    if not (0 <= r < 10 and 0 <= c < 10) or (r + c) % 2 == 0:
        return None
    return r * 5 + c // 2 + 1


def taken_by_path(board, landings):
    """The 0-based squares of the pieces a capture along `landings` (PDN
    numbers, start first) jumps over: the one occupied square between each
    pair of landing squares."""
    occupied = board.white_men | board.white_kings | board.black_men | board.black_kings
    taken = set()
    for a, b in zip(landings, landings[1:]):
        (ra, ca), (rb, cb) = square_rc(a), square_rc(b)
        dr, dc = (rb > ra) - (rb < ra), (cb > ca) - (cb < ca)
        r, c = ra + dr, ca + dc
        while (r, c) != (rb, cb):
            sq = rc_square(r, c)
            if sq is None:
                break
            if occupied & (1 << (sq - 1)):
                taken.add(sq - 1)
            r, c = r + dr, c + dc
    return frozenset(taken)


def find_move(board, text: str):
    """The legal move of `board` that `text` (PDN numbers, `32-28` or
    `28x19x10`) names; ValueError if none or several."""
    from draughts import Move

    legal = list(board.legal_moves)
    try:
        return Move.from_uci(text, legal)
    except Exception as first:
        if "x" not in text:
            raise ValueError(str(first)) from None
        try:
            landings = [int(p) for p in text.split("x")]
        except ValueError:
            raise ValueError(f"bad move {text}") from None
        taken = taken_by_path(board, landings)
        same = [
            m
            for m in legal
            if m.square_list[0] == landings[0] - 1
            and m.square_list[-1] == landings[-1] - 1
            and frozenset(m.captured_list) == taken
        ]
        if len(same) != 1:
            raise ValueError(str(first)) from None
        return same[0]
