//! Static evaluation.
//!
//! A linear evaluation over a small set of features, with separate
//! middlegame and endgame weights blended by the number of pieces on the
//! board (24 = middlegame, 0 = endgame), followed by endgame knowledge that is
//! not linear (known draws, the lone king on the long diagonal).
//!
//! The feature extraction is written once, generic over an accumulator: the
//! engine sums weights as it goes, the tuner (`shashki tune`) records the
//! feature vector of each position and fits the weights.

use crate::position::{Color, Position};
use crate::square::{shift, Bitboard, ALL_SQUARES};

/// Feature indices. Every feature is "White minus Black" (mirrored), except
/// [`TEMPO`] which is +1 when White is to move and −1 when Black is.
pub const MAN: usize = 0;
pub const KING: usize = 1;
/// 32 piece-square values for men, indexed by `4·rank + file/2` seen from the
/// man's own side (rank 0 is its back rank).
pub const PST: usize = 2;
pub const KING_MAIN_DIAGONAL: usize = PST + 32;
pub const KING_DOUBLE_DIAGONAL: usize = KING_MAIN_DIAGONAL + 1;
pub const KING_MOBILITY: usize = KING_DOUBLE_DIAGONAL + 1;
pub const MAN_MOBILITY: usize = KING_MOBILITY + 1;
pub const RUNAWAY: usize = MAN_MOBILITY + 1;
pub const RUNAWAY_RANK: usize = RUNAWAY + 1;
pub const BALANCE: usize = RUNAWAY_RANK + 1;
pub const SOLE_KING_OWNER: usize = BALANCE + 1;
pub const TEMPO: usize = SOLE_KING_OWNER + 1;
pub const TRAPPED_KING: usize = TEMPO + 1;
/// Material difference (man 1, king 3) × 12 / pieces on the board: trading
/// down when ahead.
pub const MATERIAL_RATIO: usize = TRAPPED_KING + 1;
/// Number of features.
pub const N_FEATURES: usize = MATERIAL_RATIO + 1;

/// Middlegame and endgame weights (centi-men: a man is about 100).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    pub mg: [i32; N_FEATURES],
    pub eg: [i32; N_FEATURES],
}

/// The a1–h8 diagonal ("the big road").
pub const MAIN_DIAGONAL: Bitboard = diag_main();
/// The g1–a7 and h2–b8 diagonals ("the double road").
pub const DOUBLE_DIAGONAL: Bitboard = diag_double();

const fn sq(file: u8, rank: u8) -> Bitboard {
    1u64 << (4 * rank + file / 2 + rank.div_ceil(2))
}

const fn diag_main() -> Bitboard {
    let mut b = 0;
    let mut i = 0;
    while i < 8 {
        b |= sq(i, i);
        i += 1;
    }
    b
}

const fn diag_double() -> Bitboard {
    let mut b = 0;
    let mut i = 0;
    while i < 7 {
        b |= sq(6 - i, i); // g1..a7
        b |= sq(7 - i, i + 1); // h2..b8
        i += 1;
    }
    b
}

/// Rotate a bitboard by 180° (Black's pieces seen from White's side).
#[inline(always)]
pub const fn flip(bb: Bitboard) -> Bitboard {
    bb.reverse_bits() >> 28
}

/// Compact square index 0..32 of bit `b`: `4·rank + file/2`.
const fn compact_table() -> [u8; 36] {
    let mut t = [0u8; 36];
    let mut r = 0u8;
    while r < 8 {
        let mut c = 0u8;
        while c < 4 {
            t[(4 * r + c + r.div_ceil(2)) as usize] = 4 * r + c;
            c += 1;
        }
        r += 1;
    }
    t
}
const COMPACT: [u8; 36] = compact_table();

/// Weights chosen by hand before tuning ("eval=old" in `shashki match`).
pub fn hand_weights() -> Weights {
    let mut mg = [0; N_FEATURES];
    let mut eg = [0; N_FEATURES];
    mg[MAN] = 100;
    eg[MAN] = 100;
    mg[KING] = 250;
    eg[KING] = 300;
    let mg_rank = [0, 2, 4, 6, 9, 12, 16, 0];
    let eg_rank = [0, 4, 8, 14, 20, 28, 38, 0];
    for r in 0..8 {
        for c in 0..4 {
            let i = PST + 4 * r + c;
            let file = 2 * c + (r % 2);
            mg[i] = mg_rank[r] + if (2..=5).contains(&file) { 4 } else { 0 };
            eg[i] = eg_rank[r];
            if r == 0 && (file == 2 || file == 4) {
                mg[i] += 8;
            }
        }
    }
    mg[KING_MAIN_DIAGONAL] = 10;
    eg[KING_MAIN_DIAGONAL] = 25;
    mg[KING_DOUBLE_DIAGONAL] = 5;
    eg[KING_DOUBLE_DIAGONAL] = 10;
    mg[KING_MOBILITY] = 2;
    eg[KING_MOBILITY] = 3;
    mg[MAN_MOBILITY] = 2;
    eg[MAN_MOBILITY] = 2;
    mg[RUNAWAY] = 20;
    eg[RUNAWAY] = 40;
    mg[RUNAWAY_RANK] = 5;
    eg[RUNAWAY_RANK] = 8;
    mg[BALANCE] = -3;
    eg[BALANCE] = -1;
    mg[SOLE_KING_OWNER] = 20;
    eg[SOLE_KING_OWNER] = 40;
    mg[TEMPO] = 5;
    eg[TEMPO] = 5;
    mg[TRAPPED_KING] = -20;
    eg[TRAPPED_KING] = -30;
    mg[MATERIAL_RATIO] = 5;
    eg[MATERIAL_RATIO] = 10;
    Weights { mg, eg }
}

impl Default for Weights {
    fn default() -> Self {
        super::tuned::tuned_weights()
    }
}

/// Where the features go.
pub trait Accumulator {
    fn add(&mut self, feature: usize, count: i32);
}

struct Summer<'a> {
    w: &'a Weights,
    mg: i32,
    eg: i32,
}

impl Accumulator for Summer<'_> {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        self.mg += self.w.mg[feature] * count;
        self.eg += self.w.eg[feature] * count;
    }
}

/// Sparse feature vector (the tuner's accumulator).
#[derive(Default, Debug, Clone)]
pub struct FeatureVec {
    pub items: Vec<(u16, i16)>,
}

impl Accumulator for FeatureVec {
    fn add(&mut self, feature: usize, count: i32) {
        if count != 0 {
            self.items.push((feature as u16, count as i16));
        }
    }
}

/// Phase: pieces on the board, at most 24.
#[inline(always)]
pub fn phase(pos: &Position) -> i32 {
    (pos.occupied().count_ones() as i32).min(24)
}

/// Number of quiet king moves (flying) of `kings` through `empty`.
#[inline(always)]
fn king_moves(kings: Bitboard, empty: Bitboard) -> i32 {
    let mut n = 0;
    for d in [4i8, 5, -5, -4] {
        let mut ray = shift(kings, d) & empty;
        while ray != 0 {
            n += ray.count_ones() as i32;
            ray = shift(ray, d) & empty;
        }
    }
    n
}

/// Kings with no quiet move (each separately).
#[inline(always)]
fn trapped_kings(kings: Bitboard, empty: Bitboard) -> i32 {
    let mut free = 0;
    for d in [4i8, 5, -5, -4] {
        free |= shift(empty, -d);
    }
    (kings & !free).count_ones() as i32
}

/// Men of a side (seen as White: moving up) that have a free run to the
/// crowning rank, with the opponent having no king.
#[inline]
fn runaways(men: Bitboard, occupied: Bitboard) -> (i32, i32) {
    let mut n = 0;
    let mut ranks = 0;
    // only men on the upper half can be runaways
    let mut m = men & !(0x3FFFF); // bits 18.. are ranks 4..7 (rank 4 starts at bit 18)
    while m != 0 {
        let b = m & m.wrapping_neg();
        m &= m - 1;
        let mut cone = 0;
        let mut c = b;
        while c != 0 {
            c = shift(c, 4) | shift(c, 5);
            cone |= c;
        }
        if cone & occupied == 0 {
            n += 1;
            let bit = b.trailing_zeros() as usize;
            ranks += (COMPACT[bit] / 4) as i32 - 3;
        }
    }
    (n, ranks)
}

/// Extract the features of `pos` (White's point of view) into `acc`.
pub fn features<A: Accumulator>(pos: &Position, acc: &mut A) {
    let white = pos.pieces_of(Color::White);
    let black = pos.pieces_of(Color::Black);
    let kings = pos.kings();
    let wm = white & !kings;
    let bm = black & !kings;
    let wk = white & kings;
    let bk = black & kings;
    let empty = pos.empty_squares();
    let occupied = pos.occupied();

    let man_diff = wm.count_ones() as i32 - bm.count_ones() as i32;
    let king_diff = wk.count_ones() as i32 - bk.count_ones() as i32;
    acc.add(MAN, man_diff);
    acc.add(KING, king_diff);
    let pieces = occupied.count_ones().max(1) as i32;
    acc.add(MATERIAL_RATIO, (man_diff + 3 * king_diff) * 12 / pieces);

    let mut m = wm;
    while m != 0 {
        let b = m.trailing_zeros() as usize;
        m &= m - 1;
        acc.add(PST + COMPACT[b] as usize, 1);
    }
    let mut m = flip(bm);
    while m != 0 {
        let b = m.trailing_zeros() as usize;
        m &= m - 1;
        acc.add(PST + COMPACT[b] as usize, -1);
    }

    if wk | bk != 0 {
        acc.add(
            KING_MAIN_DIAGONAL,
            (wk & MAIN_DIAGONAL).count_ones() as i32 - (bk & MAIN_DIAGONAL).count_ones() as i32,
        );
        acc.add(
            KING_DOUBLE_DIAGONAL,
            (wk & DOUBLE_DIAGONAL).count_ones() as i32 - (bk & DOUBLE_DIAGONAL).count_ones() as i32,
        );
        acc.add(KING_MOBILITY, king_moves(wk, empty) - king_moves(bk, empty));
        acc.add(
            TRAPPED_KING,
            trapped_kings(wk, empty) - trapped_kings(bk, empty),
        );
        let sole = (wk != 0 && bk == 0) as i32 - (bk != 0 && wk == 0) as i32;
        acc.add(SOLE_KING_OWNER, sole);
    }

    let wmob = ((shift(wm, 4) & empty).count_ones() + (shift(wm, 5) & empty).count_ones()) as i32;
    let bmob = ((shift(bm, -4) & empty).count_ones() + (shift(bm, -5) & empty).count_ones()) as i32;
    acc.add(MAN_MOBILITY, wmob - bmob);

    let (mut rn, mut rr) = (0, 0);
    if bk == 0 {
        let (n, r) = runaways(wm, occupied);
        rn += n;
        rr += r;
    }
    if wk == 0 {
        let (n, r) = runaways(flip(bm), flip(occupied));
        rn -= n;
        rr -= r;
    }
    acc.add(RUNAWAY, rn);
    acc.add(RUNAWAY_RANK, rr);

    // flank balance: men on files a–d against e–h
    const LEFT: Bitboard = left_half();
    let wl = (wm & LEFT).count_ones() as i32;
    let wr = (wm & !LEFT).count_ones() as i32;
    let bl = (bm & LEFT).count_ones() as i32;
    let br = (bm & !LEFT).count_ones() as i32;
    acc.add(BALANCE, (wl - wr).abs() - (bl - br).abs());

    acc.add(
        TEMPO,
        if pos.side_to_move() == Color::White {
            1
        } else {
            -1
        },
    );
}

const fn left_half() -> Bitboard {
    let mut b = 0;
    let mut r = 0;
    while r < 8 {
        let mut f = 0;
        while f < 4 {
            if (f + r) % 2 == 0 {
                b |= sq(f, r);
            }
            f += 1;
        }
        r += 1;
    }
    b & ALL_SQUARES
}

/// The linear part of the evaluation, from White's point of view. Kept out
/// of line: inlined into [`evaluate`] it costs the search about 1 % more
/// instructions (callgrind, BENCHMARKS.md).
#[inline(never)]
pub fn linear_white(pos: &Position, w: &Weights) -> i32 {
    let mut s = Summer { w, mg: 0, eg: 0 };
    features(pos, &mut s);
    let p = phase(pos);
    (s.mg * p + s.eg * (24 - p)) / 24
}

/// Endgame knowledge applied on top of the linear score (White's view).
/// Returns the adjusted score.
#[inline(never)]
pub fn endgame_white(pos: &Position, score: i32) -> i32 {
    let (wm, wk) = pos.count(Color::White);
    let (bm, bk) = pos.count(Color::Black);
    if wm + bm == 0 {
        // kings only
        let (strong, weak, weak_color) = if wk >= bk {
            (wk, bk, Color::Black)
        } else {
            (bk, wk, Color::White)
        };
        if weak == 0 {
            return score;
        }
        if weak == 1 {
            if strong <= 2 {
                return score / 16;
            }
            let lone = pos.pieces_of(weak_color);
            if strong == 3 && lone & MAIN_DIAGONAL != 0 {
                return score / 16;
            }
            // three or more kings against one off the big road: a win
            // (Petrov's triangle); push the score up
            let bonus = 600 + 20 * (strong as i32);
            return if weak_color == Color::Black {
                score + bonus
            } else {
                score - bonus
            };
        }
        // several kings each: drawish unless a big majority
        if strong < 2 * weak + 1 {
            return score / 8;
        }
        return score;
    }
    // a lone king holding the long diagonal against three pieces, one of
    // them a king: drawn within five moves under the rules
    for (weak, strong_men, strong_kings) in [(Color::Black, wm, wk), (Color::White, bm, bk)] {
        let lone = pos.pieces_of(weak);
        if pos.count(weak) == (0, 1)
            && lone & MAIN_DIAGONAL != 0
            && strong_men + strong_kings <= 3
            && strong_kings >= 1
        {
            return score / 16;
        }
    }
    // both sides have kings and at most three pieces: drawn within five
    // moves unless something is taken at once; with four, usually drawn
    let (w_total, b_total) = (wm + wk, bm + bk);
    if wk >= 1 && bk >= 1 {
        if w_total + b_total <= 3 {
            return score / 16;
        }
        if w_total + b_total <= 4 {
            return score / 4;
        }
    }
    score
}

/// The evaluation of `pos` from the side to move's point of view.
#[inline(always)]
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let s = endgame_white(pos, linear_white(pos, w));
    if pos.side_to_move() == Color::White {
        s
    } else {
        -s
    }
}

/// A man's value in giveaway games (centi-men).
pub const GIVEAWAY_MAN: i32 = 100;
/// A king's value in giveaway games: a king is hard to give away.
pub const GIVEAWAY_KING: i32 = 250;
/// Per quiet move of the side to move, in giveaway games: a side with few
/// moves is close to being stuck, which wins.
pub const GIVEAWAY_MOBILITY: i32 = 4;

/// The evaluation of a giveaway game (Poddavki: the side left without a
/// move wins), from the side to move's view: material inverted — every
/// piece of one's own counts against — and a little for having few moves.
pub fn evaluate_giveaway(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    let (men, kings) = pos.count(us);
    let (their_men, their_kings) = pos.count(us.opposite());
    let material = GIVEAWAY_MAN * (their_men as i32 - men as i32)
        + GIVEAWAY_KING * (their_kings as i32 - kings as i32);
    let own = pos.pieces_of(us);
    let empty = pos.empty_squares();
    let forward: [i8; 2] = match us {
        Color::White => [4, 5],
        Color::Black => [-5, -4],
    };
    let men_bb = own & !pos.kings();
    let mobility: i32 = forward
        .iter()
        .map(|&d| (shift(men_bb, d) & empty).count_ones() as i32)
        .sum();
    material - GIVEAWAY_MOBILITY * mobility
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced_but_for_tempo() {
        let w = hand_weights();
        let p = Position::initial();
        assert_eq!(linear_white(&p, &w), w.mg[TEMPO]);
    }

    #[test]
    fn diagonals() {
        assert_eq!(MAIN_DIAGONAL.count_ones(), 8);
        assert_eq!(DOUBLE_DIAGONAL.count_ones(), 14);
        assert_eq!(flip(MAIN_DIAGONAL), MAIN_DIAGONAL);
        assert_eq!(flip(ALL_SQUARES), ALL_SQUARES);
    }

    #[test]
    fn evaluation_is_symmetric() {
        let w = hand_weights();
        for fen in [
            "W:W21,22,23,K30:B1,2,9,K10",
            "B:W18,22,25,28:B5,7,11,14",
            "W:WK29:BK4,K8,K12",
        ] {
            let p = Position::from_fen(fen).unwrap();
            let white = p.pieces_of(Color::White);
            let black = p.pieces_of(Color::Black);
            let mirrored = Position::from_parts(
                flip(black),
                flip(white),
                flip(p.kings()),
                p.side_to_move().opposite(),
            );
            assert_eq!(evaluate(&p, &w), evaluate(&mirrored, &w), "{fen}");
        }
    }

    #[test]
    fn giveaway_counts_own_pieces_against() {
        // White to move with one man against three: good in giveaway
        let p = Position::from_fen("W:W22:B1,2,3").unwrap();
        assert!(evaluate_giveaway(&p) > 0);
        let p = Position::from_fen("B:W22:B1,2,3").unwrap();
        assert!(evaluate_giveaway(&p) < 0);
    }
}
