//! Buttons: the moves of a game (all at once when few, else a piece first),
//! and the game's own buttons. Move buttons refer to a move by its index in
//! [`sorted_moves`] at the game's ply, so a late press is refused, not
//! misapplied; every move payload is built by [`move_button`].

use crate::core::input::payload::Payload;
use crate::core::types::Choice;
use crate::store::{GameId, Ply};
use shashki_engine::{Game, Move, Position, Square, Variant8};

/// How many move buttons a board shows before it asks for a piece first.
pub(crate) const MOVES_AT_ONCE: usize = 8;
/// Move and piece buttons per row.
pub(crate) const MOVES_PER_ROW: usize = 4;

/// The legal moves in a fixed order (buttons refer to them by index).
pub(crate) fn sorted_moves(position: &Position, variant: Variant8) -> Vec<Move> {
    let mut v = position.legal_moves_in(variant);
    v.sort_by_key(|m| m.to_string());
    v
}

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
pub(crate) fn all_move_choices(
    game: GameId,
    ply: Ply,
    pos: &Position,
    variant: Variant8,
) -> Vec<Choice> {
    sorted_moves(pos, variant)
        .iter()
        .enumerate()
        .map(|(i, m)| move_button(game, ply, i, variant.format_move(m)))
        .collect()
}

/// Buttons for the moves: all of them when few, else the pieces that can
/// move first (`piece`: the moves of that piece, and a back button).
pub(crate) fn move_choices(
    game: GameId,
    ply: Ply,
    g: &Game,
    piece: Option<Square>,
    back: &str,
) -> Vec<Vec<Choice>> {
    let moves = sorted_moves(g.position(), g.variant());
    let mut buttons: Vec<Choice> = Vec::new();
    if moves.len() <= MOVES_AT_ONCE || piece.is_some() {
        for (i, m) in moves.iter().enumerate() {
            if piece.is_none_or(|p| m.from() == p) {
                buttons.push(move_button(game, ply, i, g.variant().format_move(m)));
            }
        }
    } else {
        let mut froms: Vec<Square> = moves.iter().map(Move::from).collect();
        froms.sort_by_key(|s| s.to_string());
        froms.dedup();
        for s in froms {
            let p = Payload::Piece {
                game,
                ply,
                square: s.pdn(),
            };
            let label = g.variant().square_name(s);
            buttons.push(p.button(label));
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
