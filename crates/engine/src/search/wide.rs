//! Evaluation on every board shape. The 8×8 board keeps its tuned
//! evaluation ([`super::eval`]); the wider boards (10×10, 10×8) get a
//! simpler one written for them — material (a king worth three men, as
//! International players count it), a little for advanced men and central
//! files, a little for men still guarding the back rank while the other
//! side has no king. The rule sets that change what is good have their
//! own: giveaway games count one's own pieces against ([`Evaluate::evaluate_giveaway`]),
//! Breakthrough counts the race to the far rank ([`evaluate_race`]).

use super::eval::{Weights, GIVEAWAY_KING, GIVEAWAY_MAN, GIVEAWAY_MOBILITY};
use crate::position::{Color, Position};
use crate::square::{rank_mask_in, shift_in, Bitboard, Board10, Board10x8, Board8, Shape};

/// A board shape the search can evaluate: its static evaluations, from
/// the side to move's view, in centi-men.
pub trait Evaluate: Shape {
    /// The evaluation of the games won by taking or blocking everything.
    fn evaluate(pos: &Position<Self>, weights: &Weights) -> i32;
    /// The evaluation of the giveaway games (the side without a move wins).
    fn evaluate_giveaway(pos: &Position<Self>) -> i32;
}

impl Evaluate for Board8 {
    #[inline(always)]
    fn evaluate(pos: &Position<Self>, weights: &Weights) -> i32 {
        super::eval::evaluate(pos, weights)
    }
    #[inline(always)]
    fn evaluate_giveaway(pos: &Position<Self>) -> i32 {
        super::eval::evaluate_giveaway(pos)
    }
}

impl Evaluate for Board10 {
    fn evaluate(pos: &Position<Self>, _: &Weights) -> i32 {
        evaluate_wide(pos)
    }
    fn evaluate_giveaway(pos: &Position<Self>) -> i32 {
        evaluate_giveaway_wide(pos)
    }
}

impl Evaluate for Board10x8 {
    fn evaluate(pos: &Position<Self>, _: &Weights) -> i32 {
        evaluate_wide(pos)
    }
    fn evaluate_giveaway(pos: &Position<Self>) -> i32 {
        evaluate_giveaway_wide(pos)
    }
}

/// A man on the wide boards.
pub const WIDE_MAN: i32 = 100;
/// A king on the wide boards: about three men.
pub const WIDE_KING: i32 = 300;
/// Per rank a man has advanced.
pub const WIDE_ADVANCE: i32 = 3;
/// Per man on the central files (neither of the two outer files a side).
pub const WIDE_CENTRE: i32 = 4;
/// Per man on its own back rank while the other side has no king.
pub const WIDE_BACK_RANK: i32 = 6;
/// Breakthrough: per man, this times the square of the ranks advanced.
pub const RACE_ADVANCE: i32 = 3;

/// Ranks `c`'s men have advanced, summed; and how many stand on `rank`
/// counted from `c`'s side.
fn advancement<S: Shape>(men: Bitboard, c: Color, weight: impl Fn(i32) -> i32) -> i32 {
    let mut total = 0;
    for r in 0..S::HEIGHT {
        let from_own = match c {
            Color::White => r,
            Color::Black => S::HEIGHT - 1 - r,
        };
        total += weight(from_own as i32) * (men & rank_mask_in::<S>(r)).count_ones() as i32;
    }
    total
}

/// The squares of the files more than two from either edge.
fn centre<S: Shape>() -> Bitboard {
    let mut bb = 0;
    for sq in crate::square::Square::<S>::every() {
        if sq.file() >= 2 && sq.file() + 2 < S::WIDTH {
            bb |= sq.bb();
        }
    }
    bb
}

/// White's score on a wide board (material, advancement, centre, back rank).
fn white_score<S: Shape>(pos: &Position<S>) -> i32 {
    let centre = centre::<S>();
    let side = |c: Color| {
        let (men, kings) = pos.count(c);
        let men_bb = pos.pieces_of(c) & !pos.kings();
        let their_kings = pos.pieces_of(c.opposite()) & pos.kings();
        let back = match c {
            Color::White => S::BOTTOM,
            Color::Black => S::TOP,
        };
        let guard = if their_kings == 0 {
            WIDE_BACK_RANK * (men_bb & back).count_ones() as i32
        } else {
            0
        };
        WIDE_MAN * men as i32
            + WIDE_KING * kings as i32
            + advancement::<S>(men_bb, c, |r| WIDE_ADVANCE * r)
            + WIDE_CENTRE * (men_bb & centre).count_ones() as i32
            + guard
    };
    side(Color::White) - side(Color::Black)
}

fn for_side_to_move<S: Shape>(pos: &Position<S>, white: i32) -> i32 {
    match pos.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// The evaluation on a wide board, from the side to move's view.
pub fn evaluate_wide<S: Shape>(pos: &Position<S>) -> i32 {
    for_side_to_move(pos, white_score(pos))
}

/// A giveaway game on any board (Antidraughts): material inverted — one's
/// own pieces count against — and a little for having few quiet man moves
/// (a side with few moves is close to being stuck, which wins).
pub fn evaluate_giveaway_wide<S: Shape>(pos: &Position<S>) -> i32 {
    let us = pos.side_to_move();
    let (men, kings) = pos.count(us);
    let (their_men, their_kings) = pos.count(us.opposite());
    let material = GIVEAWAY_MAN * (their_men as i32 - men as i32)
        + GIVEAWAY_KING * (their_kings as i32 - kings as i32);
    let men_bb = pos.pieces_of(us) & !pos.kings();
    let empty = pos.empty_squares();
    let forward = match us {
        Color::White => [S::DIRS[0], S::DIRS[1]],
        Color::Black => [S::DIRS[2], S::DIRS[3]],
    };
    let mobility: i32 = forward
        .iter()
        .map(|&d| (shift_in::<S>(men_bb, d) & empty).count_ones() as i32)
        .sum();
    material - GIVEAWAY_MOBILITY * mobility
}

/// Breakthrough (the first to crown wins), from the side to move's view:
/// material, and each man's advance squared — a man near the far rank is
/// worth far more than one at home, and the race decides.
pub fn evaluate_race<S: Shape>(pos: &Position<S>) -> i32 {
    let side = |c: Color| {
        let men_bb = pos.pieces_of(c) & !pos.kings();
        WIDE_MAN * men_bb.count_ones() as i32
            + advancement::<S>(men_bb, c, |r| RACE_ADVANCE * r * r)
    };
    for_side_to_move(pos, side(Color::White) - side(Color::Black))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen_on;

    fn ten(fen: &str) -> Position<Board10> {
        parse_fen_on::<Board10>(fen).unwrap().position
    }

    #[test]
    fn the_start_is_even_and_the_views_are_opposite() {
        let start = Position::<Board10>::start();
        assert_eq!(evaluate_wide(&start), 0);
        let p = ten("W:W28,K46:B19,20");
        let q = p.with_side_to_move(Color::Black);
        assert_eq!(evaluate_wide(&p), -evaluate_wide(&q));
        assert!(evaluate_wide(&p) > 0, "a king and a man against two men");
    }

    #[test]
    fn giveaway_and_race_value_what_their_rules_reward() {
        // one man against three: good in giveaway, bad otherwise
        let p = ten("W:W46:B1,2,3");
        assert!(Board10::evaluate_giveaway(&p) > 0);
        assert!(evaluate_wide(&p) < 0);
        // a man one step from crowning outweighs two at home in the race
        let p = ten("W:W6:B1,2");
        assert!(evaluate_race(&p) > 0, "{}", evaluate_race(&p));
        assert!(evaluate_wide(&p) < 0);
    }
}
