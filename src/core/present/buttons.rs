//! Buttons: the moves of a game (all at once when few, else a piece first),
//! and the game's own buttons. Move buttons refer to a move by its index in
//! [`sorted_moves`] at the game's ply, so a late press is refused, not
//! misapplied; every move payload is built by [`move_button`]. Any
//! variant: the moves and squares are written in its notation (numbers
//! 1–50 on 10×10, a–k on 10×8), a piece button carries the square's PDN
//! number on the variant's board.

use crate::core::games::variants;
use crate::core::input::payload::Payload;
use crate::core::types::Choice;
use crate::store::{GameId, Ply};
use shashki_engine::{AnyGame, Coord};

pub(crate) use crate::core::games::variants::sorted_moves;
use shashki_engine::{Move, Position, Variant8};

/// The legal moves of an 8×8 position in the order of its move buttons
/// (as [`sorted_moves`] orders an 8×8 game's): a puzzle's, the web board's.
pub(crate) fn sorted_moves_8(position: &Position, variant: Variant8) -> Vec<Move> {
    let mut v = position.legal_moves_in(variant);
    v.sort_by_key(|m| m.to_string());
    v
}

/// How many move buttons a board shows before it asks for a piece first.
pub(crate) const MOVES_AT_ONCE: usize = 8;
/// Move and piece buttons per row.
pub(crate) const MOVES_PER_ROW: usize = 4;

/// The button that plays `moves[index]` in `game` at `ply`.
pub(crate) fn move_button(game: GameId, ply: Ply, index: usize, label: String) -> Choice {
    Payload::Move {
        game,
        ply,
        index: u16::try_from(index).unwrap_or(u16::MAX),
    }
    .button(label)
}

/// Every legal move as a button, in the order move payloads refer to.
pub(crate) fn all_move_choices(game: GameId, ply: Ply, g: &AnyGame) -> Vec<Choice> {
    sorted_moves(g)
        .iter()
        .enumerate()
        .map(|(i, m)| move_button(game, ply, i, g.format_move(m)))
        .collect()
}

/// Buttons for the moves: all of them when few, else the pieces that can
/// move first (`piece`: the moves of that piece, and a back button).
pub(crate) fn move_choices(
    game: GameId,
    ply: Ply,
    g: &AnyGame,
    piece: Option<Coord>,
    back: &str,
) -> Vec<Vec<Choice>> {
    let variant = g.variant();
    let moves = sorted_moves(g);
    let mut buttons: Vec<Choice> = Vec::new();
    if moves.len() <= MOVES_AT_ONCE || piece.is_some() {
        for (i, m) in moves.iter().enumerate() {
            if piece.is_none_or(|p| m.from() == p) {
                buttons.push(move_button(game, ply, i, g.format_move(m)));
            }
        }
    } else {
        // the pieces in the order of their moves
        let mut froms: Vec<Coord> = Vec::new();
        for m in &moves {
            if !froms.contains(&m.from()) {
                froms.push(m.from());
            }
        }
        if moves.first().is_some_and(|m| m.eight().is_some()) {
            // as the 8×8 boards always listed them: by algebraic name
            froms.sort_by_key(|c| variants::square_name(shashki_engine::Variant::Russian, *c));
        }
        for c in froms {
            let Some(square) = variants::square_code(variant, c) else {
                continue;
            };
            let p = Payload::Piece { game, ply, square };
            buttons.push(p.button(variants::square_name(variant, c)));
        }
    }
    let mut rows: Vec<Vec<Choice>> = buttons
        .chunks(MOVES_PER_ROW)
        .map(<[Choice]>::to_vec)
        .collect();
    if piece.is_some() {
        rows.push(vec![Payload::Pieces { game, ply }.button(back)]);
    }
    rows
}
