//! The position: three bitboards, the side to move and a Zobrist hash kept up
//! to date by [`Position::make`].

use crate::moves::Move;
use crate::rng::splitmix64;
use crate::square::{rank_mask, squares, Bitboard, Square, ALL_SQUARES};
use std::fmt;

/// A side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    #[inline(always)]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `W` or `B`, as in FEN.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    /// The rank on which this side's men are crowned.
    #[inline(always)]
    pub const fn promotion_rank(self) -> Bitboard {
        match self {
            Color::White => rank_mask(7),
            Color::Black => rank_mask(0),
        }
    }

    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// Man or king.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Man,
    King,
}

/// A piece: its colour and kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

/// Zobrist keys: `[color*2 + is_king][bit]`, then the side-to-move key.
const fn zobrist_table() -> ([[u64; 36]; 4], u64) {
    let mut t = [[0u64; 36]; 4];
    let mut state = 0x5348_4153_484B_4931; // "SHASHKI1"
    let mut p = 0;
    while p < 4 {
        let mut b = 0;
        while b < 36 {
            let (s, v) = splitmix64(state);
            state = s;
            t[p][b] = v;
            b += 1;
        }
        p += 1;
    }
    let (_, side) = splitmix64(state);
    (t, side)
}

const ZOBRIST: ([[u64; 36]; 4], u64) = zobrist_table();

#[inline(always)]
fn zkey(color: Color, king: bool, bit: u8) -> u64 {
    ZOBRIST.0[color.index() * 2 + king as usize][bit as usize]
}

/// The Zobrist key of "Black to move" (XORed in when Black moves).
pub const SIDE_KEY: u64 = ZOBRIST.1;

/// A position: where the pieces stand and who is to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) white: Bitboard,
    pub(crate) black: Bitboard,
    pub(crate) kings: Bitboard,
    pub(crate) side: Color,
    pub(crate) hash: u64,
}

impl Default for Position {
    fn default() -> Self {
        Position::initial()
    }
}

impl Position {
    /// The start position: White men on ranks 1–3, Black men on ranks 6–8,
    /// White to move.
    pub fn initial() -> Position {
        let white = rank_mask(0) | rank_mask(1) | rank_mask(2);
        let black = rank_mask(5) | rank_mask(6) | rank_mask(7);
        Position::from_parts(white, black, 0, Color::White)
    }

    /// An empty board with `side` to move.
    pub fn empty(side: Color) -> Position {
        Position::from_parts(0, 0, 0, side)
    }

    /// Build a position from bitboards. Bits outside the 32 squares are
    /// dropped; a square claimed by both sides is given to White; kings
    /// without a piece are dropped.
    pub fn from_parts(white: Bitboard, black: Bitboard, kings: Bitboard, side: Color) -> Position {
        let white = white & ALL_SQUARES;
        let black = black & ALL_SQUARES & !white;
        let kings = kings & (white | black);
        let mut p = Position {
            white,
            black,
            kings,
            side,
            hash: 0,
        };
        p.hash = p.compute_hash();
        p
    }

    /// Put `piece` on `sq` (replacing whatever stood there).
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        let b = sq.bb();
        let (w, bl, k) = match piece {
            None => (self.white & !b, self.black & !b, self.kings & !b),
            Some(p) => {
                let (w, bl) = match p.color {
                    Color::White => (self.white | b, self.black & !b),
                    Color::Black => (self.white & !b, self.black | b),
                };
                let k = match p.kind {
                    Kind::King => self.kings | b,
                    Kind::Man => self.kings & !b,
                };
                (w, bl, k)
            }
        };
        *self = Position::from_parts(w, bl, k, self.side);
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let b = sq.bb();
        let color = if self.white & b != 0 {
            Color::White
        } else if self.black & b != 0 {
            Color::Black
        } else {
            return None;
        };
        let kind = if self.kings & b != 0 {
            Kind::King
        } else {
            Kind::Man
        };
        Some(Piece { color, kind })
    }

    /// All pieces with their squares, in bit order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        squares(self.occupied()).filter_map(move |s| self.piece_at(s).map(|p| (s, p)))
    }

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The same position with the other side to move.
    pub fn with_side_to_move(&self, side: Color) -> Position {
        Position::from_parts(self.white, self.black, self.kings, side)
    }

    /// The pieces of `c`.
    #[inline(always)]
    pub fn pieces_of(&self, c: Color) -> Bitboard {
        match c {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    #[inline(always)]
    pub fn kings(&self) -> Bitboard {
        self.kings
    }

    #[inline(always)]
    pub fn men(&self) -> Bitboard {
        (self.white | self.black) & !self.kings
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.white | self.black
    }

    #[inline(always)]
    pub fn empty_squares(&self) -> Bitboard {
        ALL_SQUARES & !(self.white | self.black)
    }

    /// Number of (men, kings) of `c`.
    pub fn count(&self, c: Color) -> (u32, u32) {
        let p = self.pieces_of(c);
        (
            (p & !self.kings).count_ones(),
            (p & self.kings).count_ones(),
        )
    }

    /// The Zobrist hash (includes the side to move).
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Recompute the hash from scratch (what `hash()` must always equal).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for s in squares(self.white) {
            h ^= zkey(Color::White, self.kings & s.bb() != 0, s.bit());
        }
        for s in squares(self.black) {
            h ^= zkey(Color::Black, self.kings & s.bb() != 0, s.bit());
        }
        if self.side == Color::Black {
            h ^= SIDE_KEY;
        }
        h
    }

    /// The position after `mv` (which must be legal here).
    #[inline]
    pub fn make(&self, mv: &Move) -> Position {
        self.make_with::<true>(mv)
    }

    /// [`Position::make`] without keeping the hash (perft never reads it).
    #[inline]
    pub(crate) fn make_unhashed(&self, mv: &Move) -> Position {
        self.make_with::<false>(mv)
    }

    #[inline(always)]
    fn make_with<const HASH: bool>(&self, mv: &Move) -> Position {
        let us = self.side;
        let from = mv.from().bb();
        let to = mv.to().bb();
        let was_king = self.kings & from != 0;
        let captured = mv.captured();
        let mut hash = self.hash;
        if HASH {
            hash ^= SIDE_KEY;
            hash ^= zkey(us, was_king, mv.from().bit());
            hash ^= zkey(us, was_king || mv.is_promotion(), mv.to().bit());
            let them = us.opposite();
            let mut c = captured;
            while c != 0 {
                let b = c.trailing_zeros() as u8;
                c &= c - 1;
                hash ^= zkey(them, self.kings & (1u64 << b) != 0, b);
            }
        }
        let (mut white, mut black) = (self.white, self.black);
        match us {
            Color::White => {
                white = (white & !from) | to;
                black &= !captured;
            }
            Color::Black => {
                black = (black & !from) | to;
                white &= !captured;
            }
        }
        let mut kings = self.kings & !captured;
        if was_king {
            kings = (kings & !from) | to;
        } else if mv.is_promotion() {
            kings |= to;
        }
        Position {
            white,
            black,
            kings,
            side: us.opposite(),
            hash,
        }
    }

    /// The position after a quiet move of the side to move from `from` to `to`
    /// (one-bit bitboards).
    #[inline(always)]
    pub(crate) fn make_quiet<const HASH: bool>(
        &self,
        from: Bitboard,
        to: Bitboard,
        king: bool,
        crowned: bool,
    ) -> Position {
        let us = self.side;
        let hash = if HASH {
            let fb = from.trailing_zeros() as u8;
            let tb = to.trailing_zeros() as u8;
            self.hash ^ SIDE_KEY ^ zkey(us, king, fb) ^ zkey(us, king || crowned, tb)
        } else {
            self.hash
        };
        let moved = from | to;
        let (white, black) = match us {
            Color::White => (self.white ^ moved, self.black),
            Color::Black => (self.white, self.black ^ moved),
        };
        let kings = if king {
            self.kings ^ moved
        } else if crowned {
            self.kings | to
        } else {
            self.kings
        };
        Position {
            white,
            black,
            kings,
            side: us.opposite(),
            hash,
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", crate::fen::to_fen(self))
    }
}

impl fmt::Display for Position {
    /// A text diagram from White's side: `w`/`b` men, `W`/`B` kings, `.` empty
    /// dark squares, spaces for light squares.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            write!(f, "{} ", rank + 1)?;
            for file in 0..8 {
                let c = match Square::from_coords(file, rank) {
                    None => ' ',
                    Some(s) => match self.piece_at(s) {
                        None => '.',
                        Some(Piece {
                            color: Color::White,
                            kind: Kind::Man,
                        }) => 'w',
                        Some(Piece {
                            color: Color::White,
                            kind: Kind::King,
                        }) => 'W',
                        Some(Piece {
                            color: Color::Black,
                            kind: Kind::Man,
                        }) => 'b',
                        Some(Piece {
                            color: Color::Black,
                            kind: Kind::King,
                        }) => 'B',
                    },
                };
                write!(f, "{c}")?;
                if file < 7 {
                    write!(f, " ")?;
                }
            }
            writeln!(f)?;
        }
        write!(f, "  a b c d e f g h   {} to move", self.side)
    }
}
