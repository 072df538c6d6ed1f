//! The bot's side of the engine's family of games
//! ([`shashki_engine::family`]): how a game of any variant is stored and
//! read back, its moves put in a fixed order for the buttons, its squares
//! named and numbered as its players write them.
//!
//! **What is stored.** A game's variant by its key (`international`,
//! `russian-10x8`, `bashni`); its positions as FEN and its moves as text.
//! The 8×8 games keep what they always kept (algebraic FEN and moves,
//! `c3-d4`, whatever the variant's own numbering); the others keep their
//! own FEN (10×10: numbers, `W:W31-50:B1-20`; 10×8: algebraic with the
//! a–k files; Bashni: towers, `c3(wbb)`) and each move as its players write
//! it (`32-28`, `28x19`; `i3-k4`; `c3:e5`), which the engine reads back
//! among the legal moves of its turn.

use shashki_engine::rules::{International, Rules, Russian};
use shashki_engine::{
    AnyGame, AnyMove, AnyPosition, Board10, Board10x8, BoardKind, Coord, Game, Position, Square,
    Variant,
};

/// A game at a stored position, without history (what the buttons and a
/// typed move are checked against); the reason when the FEN does not read.
pub(crate) fn game_at(variant: Variant, fen: &str) -> Result<AnyGame, String> {
    match variant.eight() {
        Some(v8) => Position::from_fen(fen)
            .map(|p| AnyGame::Eight(Game::from_position(v8, p)))
            .map_err(|e| e.to_string()),
        None => variant.game_from_fen(fen).map_err(|e| e.to_string()),
    }
}

/// The current position of `g` as the store keeps it.
pub(crate) fn stored_fen(g: &AnyGame) -> String {
    match g {
        AnyGame::Eight(e) => e.position().to_fen(),
        _ => g.fen(),
    }
}

/// The start position of `g` as the store keeps it.
pub(crate) fn stored_start_fen(g: &AnyGame) -> String {
    match g {
        AnyGame::Eight(e) => e.start_position().to_fen(),
        _ => g.start_fen(),
    }
}

/// `mv`, about to be played in `g`, as the store keeps it.
pub(crate) fn stored_move(g: &AnyGame, mv: &AnyMove) -> String {
    match mv {
        AnyMove::Eight(m) => m.to_string(),
        _ => g.format_move(mv),
    }
}

/// Whether `g` starts from its variant's initial position.
pub(crate) fn starts_at_the_beginning(g: &AnyGame) -> bool {
    stored_start_fen(g) == stored_start_fen(&g.variant().new_game())
}

/// The legal moves of `g` in a fixed order (move buttons refer to them by
/// index): the 8×8 games by their algebraic text, as always; the others
/// by their squares in the order the board's players count them (10×10:
/// by square number; 10×8 and Bashni: by file, then rank).
pub(crate) fn sorted_moves(g: &AnyGame) -> Vec<AnyMove> {
    let mut moves = g.legal_moves();
    let variant = g.variant();
    match moves.first() {
        Some(AnyMove::Eight(_)) => moves.sort_by_key(|m| m.eight().map(|m| m.to_string())),
        _ => moves.sort_by_cached_key(|m| {
            let key = |c: &Coord| square_order(variant, *c);
            (
                m.path().iter().map(key).collect::<Vec<_>>(),
                m.captured().iter().map(key).collect::<Vec<_>>(),
            )
        }),
    }
    moves
}

/// Where a square comes in the order of [`sorted_moves`].
fn square_order(variant: Variant, c: Coord) -> (u8, u8) {
    match variant.board() {
        BoardKind::Ten => (u8::MAX - c.rank, c.file),
        _ => (c.file, c.rank),
    }
}

/// A square as the variant's players name it: `c3`; `32` on 10×10 and on
/// the numbered 8×8 boards (English, Italian, Portuguese); `k4` on 10×8.
pub(crate) fn square_name(variant: Variant, c: Coord) -> String {
    match (variant.eight(), variant.board()) {
        (Some(v8), _) => Square::from_coords(c.file, c.rank)
            .map(|s| v8.square_name(s))
            .unwrap_or_default(),
        (None, BoardKind::Ten) => Square::<Board10>::at(c.file, c.rank)
            .map(|s| s.to_string())
            .unwrap_or_default(),
        (None, BoardKind::TenByEight) => Square::<Board10x8>::at(c.file, c.rank)
            .map(|s| s.to_string())
            .unwrap_or_default(),
        // Bashni (and Vigman's light squares too): algebraic
        (None, BoardKind::Eight) => format!("{}{}", char::from(b'a' + c.file), c.rank + 1),
    }
}

/// The number a button carries for a square: PDN's on the variant's board
/// (8×8: 1–32, 10×8: 1–40, 10×10: 1–50); Vigman's board, whose pieces
/// stand on both colours: 1–64, a1 = 1, b1 = 2 … h8 = 64.
pub(crate) fn square_code(variant: Variant, c: Coord) -> Option<u8> {
    if variant.uses_light_squares() {
        return (c.file < 8 && c.rank < 8).then(|| c.rank * 8 + c.file + 1);
    }
    match variant.board() {
        BoardKind::Eight => Square::from_coords(c.file, c.rank).map(|s| s.pdn()),
        BoardKind::Ten => Square::<Board10>::at(c.file, c.rank).map(|s| s.pdn()),
        BoardKind::TenByEight => Square::<Board10x8>::at(c.file, c.rank).map(|s| s.pdn()),
    }
}

/// The square a button's number names on the variant's board.
pub(crate) fn square_of_code(variant: Variant, n: u8) -> Option<Coord> {
    let coord = |file, rank| Coord { file, rank };
    if variant.uses_light_squares() {
        let i = n.checked_sub(1).filter(|i| *i < 64)?;
        return Some(coord(i % 8, i / 8));
    }
    match variant.board() {
        BoardKind::Eight => Square::from_pdn(n).map(|s| coord(s.file(), s.rank())),
        BoardKind::Ten => Square::<Board10>::numbered(n).map(|s| coord(s.file(), s.rank())),
        BoardKind::TenByEight => {
            Square::<Board10x8>::numbered(n).map(|s| coord(s.file(), s.rank()))
        }
    }
}

/// The number of the move now being played (the board's caption, "Move
/// 12:"), counted as the variant's players count it.
pub(crate) fn move_number(g: &AnyGame) -> u32 {
    if let Some(e) = g.eight() {
        return e.move_number();
    }
    if let AnyGame::Vigman(v) = g {
        // a turn is two sub-moves: count the sub-moves from White's first
        // of move 1 (a start with Black to move, or a second sub-move due,
        // is that far in)
        let start = v.start_position();
        let offset = 2 * usize::from(start.side_to_move() == shashki_engine::Color::Black)
            + usize::from(start.is_second_sub_move());
        return u32::try_from((offset + g.ply()) / 4 + 1).unwrap_or(u32::MAX);
    }
    // whoever moved first: the side to move now, or the other after an
    // odd number of plies
    let ply = g.ply();
    let first = if ply.is_multiple_of(2) {
        g.side_to_move()
    } else {
        g.side_to_move().opposite()
    };
    let black_first = usize::from(first == shashki_engine::Color::Black);
    u32::try_from((ply + black_first) / 2 + 1).unwrap_or(u32::MAX)
}

/// The turns the side to move has made in a game of `variant` begun at
/// `start_fen` once `ply` plies are played (the turn now due not
/// counted; what a time bank's period counts). One move a turn: `ply / 2`.
/// Vigman's turn of two sub-moves: from the start position, a second
/// sub-move due there being half a turn in (a tournament's game starts
/// after White's first turn: Black's first is then its first turn here).
pub(crate) fn turns_made(variant: Variant, start_fen: &str, ply: i64) -> i64 {
    if variant != Variant::Vigman {
        return ply / 2;
    }
    let second = shashki_engine::vigman::VigmanPosition::parse_fen(start_fen)
        .is_ok_and(|p| p.is_second_sub_move());
    (ply + i64::from(second)) / 4
}

/// Which sub-move of the turn is due in a game whose turn is two
/// sub-moves (Vigman's): `Some(false)` the first, `Some(true)` the
/// second; `None` in the games of one move a turn.
pub(crate) fn sub_move_due(g: &AnyGame) -> Option<bool> {
    sub_move_due_at(&g.position())
}

/// [`sub_move_due`] at a position.
pub(crate) fn sub_move_due_at(pos: &AnyPosition) -> Option<bool> {
    match pos {
        AnyPosition::Vigman(p) => Some(p.is_second_sub_move()),
        _ => None,
    }
}

/// The king-only moves (plies) after which the variant's game is drawn.
pub(crate) fn kings_only_draw_plies(variant: Variant) -> u32 {
    match variant.eight() {
        Some(v8) => v8.kings_only_draw_plies(),
        None => match variant.board() {
            BoardKind::Ten => International::KINGS_ONLY_DRAW_PLIES,
            // Russian 10×8 and Bashni draw as Russian draughts does
            _ => Russian::KINGS_ONLY_DRAW_PLIES,
        },
    }
}

/// The position before the last move of `g`, and that move.
pub(crate) fn last_move(g: &AnyGame) -> Option<(AnyPosition, AnyMove)> {
    if let Some(e) = g.eight() {
        let positions = e.positions();
        let before = positions
            .len()
            .checked_sub(2)
            .and_then(|i| positions.get(i))?;
        return Some((
            AnyPosition::Eight(*before),
            AnyMove::Eight(*e.moves().last()?),
        ));
    }
    let mut back = g.clone();
    let mv = back.undo()?;
    Some((back.position(), mv))
}

/// `g` taken back to ply `ply` (`None`: it has not reached it).
pub(crate) fn at_ply(g: &AnyGame, ply: usize) -> Option<AnyGame> {
    let mut back = g.clone();
    while back.ply() > ply {
        back.undo()?;
    }
    (back.ply() == ply).then_some(back)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_bank_counts_turns_vigman_s_of_two_sub_moves() {
        // one move a turn: each side's moves, the ply's half
        assert_eq!(turns_made(Variant::Russian, "", 0), 0);
        assert_eq!(turns_made(Variant::Russian, "", 3), 1);
        assert_eq!(turns_made(Variant::Russian, "", 4), 2);
        // Vigman from a tournament's opening (White's first turn made,
        // Black to move): Black's turns at plies 0–1, 4–5; White's 2–3
        let start = Variant::Vigman.start_fen();
        let mut g = Variant::Vigman.new_game();
        for _ in 0..2 {
            let mv = g.legal_moves()[0];
            g.play(&mv).unwrap();
        }
        let opening = g.fen();
        for (ply, made) in [
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (4, 1),
            (5, 1),
            (6, 1),
            (8, 2),
        ] {
            assert_eq!(
                turns_made(Variant::Vigman, &opening, ply),
                made,
                "ply {ply}"
            );
            assert_eq!(turns_made(Variant::Vigman, &start, ply), made, "ply {ply}");
        }
        // a start with White's second sub-move due: half a turn in
        let half = "W2:Wc3,b3:Bf6,e7";
        assert_eq!(turns_made(Variant::Vigman, half, 0), 0);
        assert_eq!(turns_made(Variant::Vigman, half, 3), 1);
    }

    #[test]
    fn every_variant_is_stored_and_read_back() {
        for v in Variant::ALL {
            let mut g = v.new_game();
            let first = sorted_moves(&g)[0];
            let text = stored_move(&g, &first);
            g.play(&first).unwrap();
            let again = game_at(v, &stored_fen(&g)).unwrap();
            assert_eq!(again.position(), g.position(), "{v}");
            let mut replay = game_at(v, &stored_start_fen(&g)).unwrap();
            assert_eq!(replay.play_text(&text).unwrap(), first, "{v} {text}");
            assert!(starts_at_the_beginning(&g), "{v}");
        }
    }

    #[test]
    fn squares_are_named_and_numbered_on_each_board() {
        let c = |file, rank| Coord { file, rank };
        assert_eq!(square_name(Variant::Russian, c(2, 2)), "c3");
        assert_eq!(square_name(Variant::English, c(2, 2)), "22");
        assert_eq!(square_name(Variant::International, c(0, 0)), "46");
        assert_eq!(square_name(Variant::Russian10x8, c(9, 3)), "k4");
        assert_eq!(square_name(Variant::Bashni, c(2, 2)), "c3");
        for v in Variant::ALL {
            let (w, h) = v.board().size();
            let mut n = 0;
            for rank in 0..h {
                for file in (0..w).filter(|f| (f + rank) % 2 == 0) {
                    let code = square_code(v, c(file, rank)).unwrap();
                    assert_eq!(square_of_code(v, code), Some(c(file, rank)), "{v}");
                    n += 1;
                }
            }
            assert_eq!(n, usize::from(w) * usize::from(h) / 2);
        }
        assert_eq!(square_of_code(Variant::International, 51), None);
    }

    #[test]
    fn ten_by_ten_moves_come_in_square_number_order() {
        let g = Variant::International.new_game();
        let texts: Vec<String> = sorted_moves(&g).iter().map(|m| g.format_move(m)).collect();
        assert_eq!(
            texts,
            ["31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"]
        );
    }

    #[test]
    fn move_numbers_and_the_last_move() {
        let mut g = Variant::International.new_game();
        assert_eq!(move_number(&g), 1);
        assert!(last_move(&g).is_none());
        let played = g.play_text("32-28").unwrap();
        assert_eq!(move_number(&g), 1);
        let (before, mv) = last_move(&g).unwrap();
        assert_eq!(before, Variant::International.new_game().position());
        assert_eq!(mv, played);
        g.play_text("19-23").unwrap();
        assert_eq!(move_number(&g), 2);
        assert_eq!(at_ply(&g, 1).unwrap().ply(), 1);
        assert!(at_ply(&g, 3).is_none());
        assert_eq!(kings_only_draw_plies(Variant::International), 50);
        assert_eq!(kings_only_draw_plies(Variant::Bashni), 30);
        assert_eq!(kings_only_draw_plies(Variant::English), 80);
    }
}
