//! Squares and the bit layout of the board.
//!
//! The 32 dark squares live in a `u64` with "ghost" bits so that every diagonal
//! step is a constant shift: bit = 4·rank + file/2 + (rank+1)/2, which leaves
//! ghost bits at 4, 13, 22 and 31. Up-left is +4, up-right +5, down-left −5,
//! down-right −4 on every rank; a step off the board lands on a ghost bit or
//! outside bits 0..=35, and neither is ever a playable square.

use std::fmt;

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

/// [`shift`] without dropping ghost and out-of-board bits. Only for results
/// that are at once ANDed with a set of real squares (pieces, empty squares),
/// which drops them anyway; never for a value shifted again.
#[inline(always)]
pub(crate) const fn shift_raw(bb: Bitboard, dir: i8) -> Bitboard {
    if dir > 0 {
        bb << dir as u32
    } else {
        bb >> (-dir) as u32
    }
}

/// One of the 32 dark squares, stored as its bit index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if it is dark.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file > 7 || rank > 7 || !(file + rank).is_multiple_of(2) {
            return None;
        }
        Some(Square(4 * rank + file / 2 + rank.div_ceil(2)))
    }

    /// The square with bit index `bit`, if that bit is a playable square.
    pub const fn from_bit(bit: u8) -> Option<Square> {
        if bit < 64 && ALL_SQUARES & (1u64 << bit) != 0 {
            Some(Square(bit))
        } else {
            None
        }
    }

    /// Bit index (0..=35, never a ghost).
    #[inline(always)]
    pub const fn bit(self) -> u8 {
        self.0
    }

    /// The one-bit bitboard of this square.
    #[inline(always)]
    pub const fn bb(self) -> Bitboard {
        1u64 << self.0
    }

    /// Rank 0..=7 (0 is rank 1, White's back rank).
    pub const fn rank(self) -> u8 {
        // bit = 4r + c + ceil(r/2), c in 0..4: rows start at 0,5,9,14,18,23,27,32.
        let b = self.0;
        let mut r: u8 = 7;
        while r > 0 && b < 4 * r + r.div_ceil(2) {
            r -= 1;
        }
        r
    }

    /// File 0..=7 (0 is the a-file).
    pub const fn file(self) -> u8 {
        let r = self.rank();
        let c = self.0 - 4 * r - r.div_ceil(2);
        2 * c + (r % 2)
    }

    /// The numeric PDN square 1..=32 (1 = b8, 4 = h8, 29 = a1, 32 = g1).
    pub const fn pdn(self) -> u8 {
        let r = self.rank();
        let f = self.file();
        (7 - r) * 4 + f / 2 + 1
    }

    /// The square with numeric PDN number `n` (1..=32).
    pub const fn from_pdn(n: u8) -> Option<Square> {
        if n < 1 || n > 32 {
            return None;
        }
        let i = n - 1;
        let rank = 7 - i / 4;
        let file = (i % 4) * 2 + (rank % 2);
        Square::from_coords(file, rank)
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

    /// Algebraic name, e.g. `e3`.
    pub fn name(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
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
            Some(Square(b))
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
