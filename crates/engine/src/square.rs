//! Squares and the bit layout of the board.
//!
//! The 32 dark squares live in a `u64` with "ghost" bits so that every diagonal
//! step is a constant shift: bit = 4·rank + file/2 + (rank+1)/2, which leaves
//! ghost bits at 4, 13, 22 and 31. Up-left is +4, up-right +5, down-left −5,
//! down-right −4 on every rank; a step off the board lands on a ghost bit or
//! outside bits 0..=35, and neither is ever a playable square.
//!
//! The same layout serves every board [`Shape`] of even width W (W/2 dark
//! squares a rank): bit = (W/2)·rank + file/2 + (rank+1)/2, steps of W/2 and
//! W/2+1. 10×10 (International) uses bits 0..=54 with five ghosts, 10×8 bits
//! 0..=43 with four; all fit one `u64`, so one [`Bitboard`] type serves all
//! shapes and the shape is a compile-time parameter ([`Board8`], [`Board10`],
//! [`Board10x8`]) whose constants fold into the generator.

use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;

/// The geometry of a board: its size and bit layout as compile-time
/// constants. The engine's types ([`Square`], [`crate::Position`],
/// [`crate::Move`]) take it as a type parameter that defaults to the 8×8
/// board, and a rule set names its board ([`crate::Rules::Shape`]).
pub trait Shape: Copy + Default + Eq + Ord + Hash + fmt::Debug + Send + Sync + 'static {
    /// Human name, e.g. "10×10".
    const NAME: &'static str;
    /// Files (columns); even.
    const WIDTH: u8;
    /// Ranks (rows).
    const HEIGHT: u8;
    /// Ranks of men each side starts with.
    const MEN_RANKS: u8;
    /// Squares are named by their PDN numbers (`32`) rather than
    /// algebraically (`e3`). Both are read on every board.
    const NUMERIC: bool;
    /// The letters of the files, left to right as White sees them.
    const FILES: &'static [u8];
    /// Dark squares per rank.
    const HALF: u8 = Self::WIDTH / 2;
    /// Number of dark squares.
    const SQUARES: u8 = Self::HALF * Self::HEIGHT;
    /// All playable squares.
    const ALL: Bitboard = layout_all(Self::WIDTH, Self::HEIGHT);
    /// Up-left, up-right, down-left, down-right as bit offsets.
    const DIRS: [i8; 4] = [
        Self::HALF as i8,
        Self::HALF as i8 + 1,
        -(Self::HALF as i8) - 1,
        -(Self::HALF as i8),
    ];
    /// White's back rank (Black crowns here).
    const BOTTOM: Bitboard = layout_rank(Self::WIDTH, 0);
    /// Black's back rank (White crowns here).
    const TOP: Bitboard = layout_rank(Self::WIDTH, Self::HEIGHT - 1);
    /// The leftmost dark square of each rank (nothing two files left of it).
    const LEFT_EDGE: Bitboard = layout_edge(Self::WIDTH, Self::HEIGHT, false);
    /// The rightmost dark square of each rank.
    const RIGHT_EDGE: Bitboard = layout_edge(Self::WIDTH, Self::HEIGHT, true);
    /// Up the file to the next dark square (two ranks up): the bit offset
    /// of an orthogonal step (Frisian captures); left and right along the
    /// rank are −1 and +1 within a rank.
    const VERTICAL: i8 = Self::WIDTH as i8 + 1;
    /// The Zobrist key of piece kind `piece` (colour·2 + is_king) on `bit`.
    fn zkey(piece: usize, bit: u8) -> u64;
}

/// The 8×8 board: 32 squares, a1 dark.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Board8;

/// The 10×10 board of International draughts: 50 squares numbered 1–50
/// from Black's side (1 = b10, 5 = j10, 46 = a1, 50 = i1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Board10;

/// The board 10 files wide and 8 ranks high of Russian draughts on 10×8:
/// files a–k without j, 15 men a side, squares named algebraically (`c3`,
/// `i3`, `k8`); PDN numbers 1–40 (1 = b8, 36 = a1, 40 = i1) are read too.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Board10x8;

impl Shape for Board8 {
    const NAME: &'static str = "8×8";
    const WIDTH: u8 = 8;
    const HEIGHT: u8 = 8;
    const MEN_RANKS: u8 = 3;
    const NUMERIC: bool = false;
    const FILES: &'static [u8] = b"abcdefgh";
    #[inline(always)]
    fn zkey(piece: usize, bit: u8) -> u64 {
        crate::position::zkey8(piece, bit)
    }
}

impl Shape for Board10 {
    const NAME: &'static str = "10×10";
    const WIDTH: u8 = 10;
    const HEIGHT: u8 = 10;
    const MEN_RANKS: u8 = 4;
    const NUMERIC: bool = true;
    const FILES: &'static [u8] = b"abcdefghij";
    #[inline(always)]
    fn zkey(piece: usize, bit: u8) -> u64 {
        crate::position::zkey_wide(piece, bit)
    }
}

impl Shape for Board10x8 {
    const NAME: &'static str = "10×8";
    const WIDTH: u8 = 10;
    const HEIGHT: u8 = 8;
    const MEN_RANKS: u8 = 3;
    // Russian practice: a–k without j (the only game offered on it)
    const NUMERIC: bool = false;
    const FILES: &'static [u8] = b"abcdefghik";
    #[inline(always)]
    fn zkey(piece: usize, bit: u8) -> u64 {
        crate::position::zkey_wide(piece, bit)
    }
}

/// First bit of rank `r` on a board `width` files wide.
const fn layout_rank_start(width: u8, r: u8) -> u8 {
    (width / 2) * r + r.div_ceil(2)
}

/// The squares of rank `r` on a board `width` files wide.
pub const fn layout_rank(width: u8, r: u8) -> Bitboard {
    ((1u64 << (width / 2)) - 1) << layout_rank_start(width, r)
}

/// The first (or, with `right`, the last) square of every rank.
pub const fn layout_edge(width: u8, height: u8, right: bool) -> Bitboard {
    let mut edge = 0;
    let mut r = 0;
    while r < height {
        let first = layout_rank_start(width, r);
        edge |= 1u64 << if right { first + width / 2 - 1 } else { first };
        r += 1;
    }
    edge
}

/// Every square of a `width`×`height` board.
pub const fn layout_all(width: u8, height: u8) -> Bitboard {
    let mut all = 0;
    let mut r = 0;
    while r < height {
        all |= layout_rank(width, r);
        r += 1;
    }
    all
}

/// Squares of rank `r` (0-based) on the board `S`.
#[inline(always)]
pub const fn rank_mask_in<S: Shape>(r: u8) -> Bitboard {
    layout_rank(S::WIDTH, r)
}

/// Shift a bitboard of board `S` one step along `dir` (an entry of
/// [`Shape::DIRS`]), dropping what leaves the board.
#[inline(always)]
pub fn shift_in<S: Shape>(bb: Bitboard, dir: i8) -> Bitboard {
    step_raw(bb, dir) & S::ALL
}

/// [`shift_in`] without dropping ghost and out-of-board bits.
///
/// A rotation, not a shift: one instruction whatever the direction's sign,
/// so no branch on it survives into the generic code (the direction is a
/// shape's constant, unknown until monomorphisation). Bits rotated past
/// either end land on bits 58..=63, never a square of any shape (the
/// largest, 10×10, ends at bit 54, and a step moves at most 6).
#[inline(always)]
pub(crate) const fn step_raw(bb: Bitboard, dir: i8) -> Bitboard {
    bb.rotate_left(dir as u32 & 63)
}

/// The squares of a bitboard of board `S`, lowest bit first.
#[inline]
pub fn squares_in<S: Shape>(mut bb: Bitboard) -> impl Iterator<Item = Square<S>> {
    std::iter::from_fn(move || {
        if bb == 0 {
            None
        } else {
            let b = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            Some(Square(b, PhantomData))
        }
    })
}

/// A bitboard of playable squares (ghost bits are always zero).
pub type Bitboard = u64;

/// All 32 playable squares.
pub const ALL_SQUARES: Bitboard = 0xF_7FBF_DFEF; // bits 0..=35 without 4, 13, 22, 31

/// Diagonal step offsets in bit positions, in the order up-left, up-right,
/// down-left, down-right (from White's side of the board).
pub const DIRECTIONS: [i8; 4] = [4, 5, -5, -4];

/// Shift a bitboard one step along `dir` (an entry of [`DIRECTIONS`]).
#[inline(always)]
pub const fn shift(bb: Bitboard, dir: i8) -> Bitboard {
    if dir > 0 {
        (bb << dir as u32) & ALL_SQUARES
    } else {
        (bb >> (-dir) as u32) & ALL_SQUARES
    }
}

/// One of the dark squares of the board `S` (8×8 unless named), stored as
/// its bit index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square<S: Shape = Board8>(u8, PhantomData<S>);

impl<S: Shape> Square<S> {
    /// The square at `file` (0 = a) and `rank` (0 = rank 1) of board `S`,
    /// if it is dark.
    pub const fn at(file: u8, rank: u8) -> Option<Square<S>> {
        if file >= S::WIDTH || rank >= S::HEIGHT || !(file + rank).is_multiple_of(2) {
            return None;
        }
        Some(Square(
            S::HALF * rank + file / 2 + rank.div_ceil(2),
            PhantomData,
        ))
    }

    /// The square of board `S` with bit index `bit`, if that bit is a
    /// playable square.
    pub const fn with_bit(bit: u8) -> Option<Square<S>> {
        if bit < 64 && S::ALL & (1u64 << bit) != 0 {
            Some(Square(bit, PhantomData))
        } else {
            None
        }
    }

    /// The square of board `S` with numeric PDN number `n` (1 is the left
    /// square of Black's back rank as White sees it, counting each rank
    /// left to right down to White's back rank).
    pub const fn numbered(n: u8) -> Option<Square<S>> {
        if n < 1 || n > S::SQUARES {
            return None;
        }
        let i = n - 1;
        let rank = S::HEIGHT - 1 - i / S::HALF;
        let file = (i % S::HALF) * 2 + (rank % 2);
        Square::at(file, rank)
    }

    /// Every square of board `S` in bit order.
    pub fn every() -> impl Iterator<Item = Square<S>> {
        squares_in::<S>(S::ALL)
    }

    /// Parse a square number of board `S` (`32`).
    pub fn parse_number(text: &str) -> Result<Square<S>, SquareError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(SquareError::Empty);
        }
        if !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(SquareError::Unknown(t.to_string()));
        }
        t.parse::<u8>()
            .ok()
            .and_then(Square::numbered)
            .ok_or_else(|| SquareError::NumberBeyond(t.to_string(), S::SQUARES))
    }

    /// Parse a square of board `S` by its number (`32`) or its algebraic
    /// name in the board's file letters (`e3`, on 10×8 `k4`).
    /// Case-insensitive.
    pub fn parse_on(text: &str) -> Result<Square<S>, SquareError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(SquareError::Empty);
        }
        if t.bytes().all(|b| b.is_ascii_digit()) {
            return Square::parse_number(t);
        }
        let bytes = t.as_bytes();
        let letter = bytes[0].to_ascii_lowercase();
        let digits = &t[1..];
        let file = S::FILES.iter().position(|&f| f == letter);
        let rank = if !digits.is_empty()
            && digits.len() <= 2
            && digits.bytes().all(|b| b.is_ascii_digit())
        {
            digits
                .parse::<u8>()
                .ok()
                .filter(|r| (1..=S::HEIGHT).contains(r))
        } else {
            None
        };
        match (file, rank) {
            (Some(f), Some(r)) => Square::at(f as u8, r - 1)
                .ok_or_else(|| SquareError::LightSquare(t.to_ascii_lowercase())),
            _ => Err(SquareError::Unknown(t.to_string())),
        }
    }

    /// Bit index (never a ghost).
    #[inline(always)]
    pub const fn bit(self) -> u8 {
        self.0
    }

    /// The one-bit bitboard of this square.
    #[inline(always)]
    pub const fn bb(self) -> Bitboard {
        1u64 << self.0
    }

    /// Rank 0.. (0 is rank 1, White's back rank).
    pub const fn rank(self) -> u8 {
        // rows start at bit HALF·r + ceil(r/2)
        let b = self.0;
        let mut r: u8 = S::HEIGHT - 1;
        while r > 0 && b < layout_rank_start(S::WIDTH, r) {
            r -= 1;
        }
        r
    }

    /// File 0.. (0 is the a-file).
    pub const fn file(self) -> u8 {
        let r = self.rank();
        let c = self.0 - layout_rank_start(S::WIDTH, r);
        2 * c + (r % 2)
    }

    /// The numeric PDN square (8×8: 1 = b8, 4 = h8, 29 = a1, 32 = g1;
    /// 10×10: 1 = b10, 46 = a1, 50 = i1).
    pub const fn pdn(self) -> u8 {
        let r = self.rank();
        let f = self.file();
        (S::HEIGHT - 1 - r) * S::HALF + f / 2 + 1
    }
}

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if it is dark.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        Square::at(file, rank)
    }

    /// The square with bit index `bit`, if that bit is a playable square.
    pub const fn from_bit(bit: u8) -> Option<Square> {
        Square::with_bit(bit)
    }

    /// The square with numeric PDN number `n` (1..=32).
    pub const fn from_pdn(n: u8) -> Option<Square> {
        Square::numbered(n)
    }

    /// Parse `e3` (algebraic) or `22` (numeric PDN). Case-insensitive.
    pub fn parse(text: &str) -> Result<Square, SquareError> {
        let t = text.trim();
        let bytes = t.as_bytes();
        if bytes.is_empty() {
            return Err(SquareError::Empty);
        }
        if bytes.iter().all(u8::is_ascii_digit) {
            let n: u32 = t.parse().map_err(|_| SquareError::Unknown(t.to_string()))?;
            return u8::try_from(n)
                .ok()
                .and_then(Square::from_pdn)
                .ok_or_else(|| SquareError::NumberOutOfRange(t.to_string()));
        }
        if bytes.len() == 2 {
            let f = bytes[0].to_ascii_lowercase();
            let r = bytes[1];
            if (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r) {
                return Square::from_coords(f - b'a', r - b'1')
                    .ok_or_else(|| SquareError::LightSquare(t.to_ascii_lowercase()));
            }
        }
        Err(SquareError::Unknown(t.to_string()))
    }

    /// Iterate over all 32 squares in bit order.
    pub fn all() -> impl Iterator<Item = Square> {
        squares(ALL_SQUARES)
    }
}

impl<S: Shape> Square<S> {
    /// The square's name: algebraic on 8×8 (`e3`), its number on the
    /// numbered boards (`32`).
    pub fn name(self) -> String {
        self.to_string()
    }
}

impl<S: Shape> fmt::Display for Square<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if S::NUMERIC {
            write!(f, "{}", self.pdn())
        } else {
            let letter = S::FILES[self.file() as usize] as char;
            write!(f, "{letter}{}", self.rank() + 1)
        }
    }
}

impl<S: Shape> fmt::Debug for Square<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a square name was not understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SquareError {
    Empty,
    /// A light square such as `a2`: pieces only stand on dark squares.
    LightSquare(String),
    /// A number outside 1..=32.
    NumberOutOfRange(String),
    /// A number outside 1..=n on a board of n squares.
    NumberBeyond(String, u8),
    Unknown(String),
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareError::Empty => write!(f, "empty square name"),
            SquareError::LightSquare(s) => {
                write!(
                    f,
                    "{s} is a light square; pieces stand only on dark squares"
                )
            }
            SquareError::NumberOutOfRange(s) => {
                write!(f, "square number {s} is out of range (1–32)")
            }
            SquareError::NumberBeyond(s, n) => {
                write!(f, "square number {s} is out of range (1–{n})")
            }
            SquareError::Unknown(s) => {
                write!(f, "'{s}' is not a square (use a1…h8 or 1…32)")
            }
        }
    }
}

impl std::error::Error for SquareError {}

/// Iterate over the squares of a bitboard, lowest bit first.
#[inline]
pub fn squares(mut bb: Bitboard) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bb == 0 {
            None
        } else {
            let b = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            Some(Square(b, PhantomData))
        }
    })
}

/// Squares of rank `r` (0-based).
pub const fn rank_mask(r: u8) -> Bitboard {
    let start = 4 * r + r.div_ceil(2);
    0xFu64 << start
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_has_32_squares_and_four_ghosts() {
        assert_eq!(ALL_SQUARES.count_ones(), 32);
        for g in [4u8, 13, 22, 31] {
            assert_eq!(ALL_SQUARES & (1 << g), 0);
        }
        assert_eq!(ALL_SQUARES >> 36, 0);
    }

    #[test]
    fn coords_round_trip_and_names() {
        let mut n = 0;
        for rank in 0..8 {
            for file in 0..8 {
                match Square::from_coords(file, rank) {
                    Some(s) => {
                        n += 1;
                        assert_eq!((s.file(), s.rank()), (file, rank));
                        assert_eq!(Square::parse(&s.name()), Ok(s));
                        assert_eq!(Square::from_pdn(s.pdn()), Some(s));
                    }
                    None => assert_eq!((file + rank) % 2, 1),
                }
            }
        }
        assert_eq!(n, 32);
        assert_eq!(Square::parse("a1").unwrap().pdn(), 29);
        assert_eq!(Square::parse("b8").unwrap().pdn(), 1);
        assert_eq!(Square::parse("h8").unwrap().pdn(), 4);
        assert_eq!(Square::parse("a7").unwrap().pdn(), 5);
        assert_eq!(Square::parse("g1").unwrap().pdn(), 32);
        assert_eq!(Square::parse("E3").unwrap().name(), "e3");
        assert!(matches!(
            Square::parse("a2"),
            Err(SquareError::LightSquare(_))
        ));
        assert!(matches!(
            Square::parse("33"),
            Err(SquareError::NumberOutOfRange(_))
        ));
        assert!(matches!(Square::parse("z9"), Err(SquareError::Unknown(_))));
    }

    #[test]
    fn shifts_follow_diagonals_and_stop_at_edges() {
        for s in Square::all() {
            for (i, d) in DIRECTIONS.iter().enumerate() {
                let (df, dr): (i8, i8) = [(-1, 1), (1, 1), (-1, -1), (1, -1)][i];
                let f = s.file() as i8 + df;
                let r = s.rank() as i8 + dr;
                let expect = if (0..8).contains(&f) && (0..8).contains(&r) {
                    Square::from_coords(f as u8, r as u8).unwrap().bb()
                } else {
                    0
                };
                assert_eq!(shift(s.bb(), *d), expect, "{s} dir {d}");
            }
        }
    }

    #[test]
    fn the_8x8_shape_is_the_old_layout() {
        assert_eq!(Board8::ALL, ALL_SQUARES);
        assert_eq!(Board8::DIRS, DIRECTIONS);
        assert_eq!(Board8::TOP, rank_mask(7));
        assert_eq!(Board8::BOTTOM, rank_mask(0));
        for r in 0..8 {
            assert_eq!(rank_mask_in::<Board8>(r), rank_mask(r));
        }
        for s in Square::all() {
            assert_eq!(Square::<Board8>::at(s.file(), s.rank()), Some(s));
            assert_eq!(Square::<Board8>::numbered(s.pdn()), Some(s));
        }
        // the wider boards: 55 and 44 bits, ghosts between rank pairs
        assert_eq!(Board10::ALL >> 55, 0);
        assert_eq!(Board10x8::ALL >> 44, 0);
        assert_eq!(Board10::LEFT_EDGE.count_ones(), 10);
        assert_eq!(Board10::RIGHT_EDGE.count_ones(), 10);
        assert_eq!(Board10::LEFT_EDGE & Board10::RIGHT_EDGE, 0);
    }

    #[test]
    fn rank_masks_cover_the_board() {
        let mut all = 0;
        for r in 0..8 {
            let m = rank_mask(r);
            assert_eq!(m.count_ones(), 4);
            for s in squares(m) {
                assert_eq!(s.rank(), r);
            }
            all |= m;
        }
        assert_eq!(all, ALL_SQUARES);
    }
}
