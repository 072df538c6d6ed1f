//! The position: three bitboards, the side to move and a Zobrist hash kept up
//! to date by [`Position::make`].

use crate::moves::Move;
use crate::rng::splitmix64;
use crate::square::{rank_mask, rank_mask_in, squares_in, Bitboard, Board8, Shape, Square};
use std::fmt;
use std::marker::PhantomData;

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

    /// The rank on which this side's men are crowned on board `S`.
    #[inline(always)]
    pub const fn crown_rank<S: Shape>(self) -> Bitboard {
        match self {
            Color::White => S::TOP,
            Color::Black => S::BOTTOM,
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

/// Zobrist keys of the wider boards (bits 0..64), from a seed of their own.
const fn zobrist_wide() -> [[u64; 64]; 4] {
    let mut t = [[0u64; 64]; 4];
    let mut state = 0x5348_4153_484B_4932; // "SHASHKI2"
    let mut p = 0;
    while p < 4 {
        let mut b = 0;
        while b < 64 {
            let (s, v) = splitmix64(state);
            state = s;
            t[p][b] = v;
            b += 1;
        }
        p += 1;
    }
    t
}

const ZOBRIST_WIDE: [[u64; 64]; 4] = zobrist_wide();

/// The 8×8 board's key of piece kind `piece` on `bit`.
#[inline(always)]
pub(crate) fn zkey8(piece: usize, bit: u8) -> u64 {
    ZOBRIST.0[piece][bit as usize]
}

/// The wider boards' key of piece kind `piece` on `bit`.
#[inline(always)]
pub(crate) fn zkey_wide(piece: usize, bit: u8) -> u64 {
    ZOBRIST_WIDE[piece][(bit & 63) as usize]
}

#[inline(always)]
fn zkey<S: Shape>(color: Color, king: bool, bit: u8) -> u64 {
    S::zkey(color.index() * 2 + king as usize, bit)
}

/// The Zobrist key of "Black to move" (XORed in when Black moves).
pub const SIDE_KEY: u64 = ZOBRIST.1;

/// A position on board `S` (8×8 unless named): where the pieces stand and
/// who is to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position<S: Shape = Board8> {
    pub(crate) white: Bitboard,
    pub(crate) black: Bitboard,
    pub(crate) kings: Bitboard,
    pub(crate) side: Color,
    pub(crate) hash: u64,
    pub(crate) shape: PhantomData<S>,
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
        Position::from_bitboards(white, black, kings, side)
    }
}

impl<S: Shape> Position<S> {
    /// The start position of board `S`: each side's men on its
    /// [`Shape::MEN_RANKS`] nearest ranks, White to move (10×10: White on
    /// 31–50, Black on 1–20).
    pub fn start() -> Position<S> {
        Position::start_with_ranks(S::MEN_RANKS)
    }

    /// Each side's men on its `ranks` nearest ranks, White to move (a rule
    /// set with fewer men than its board holds: Frysk!'s one rank).
    pub fn start_with_ranks(ranks: u8) -> Position<S> {
        let (mut white, mut black) = (0, 0);
        for r in 0..ranks {
            white |= rank_mask_in::<S>(r);
            black |= rank_mask_in::<S>(S::HEIGHT - 1 - r);
        }
        Position::from_bitboards(white, black, 0, Color::White)
    }

    /// Build a position of board `S` from bitboards. Bits outside its
    /// squares are dropped; a square claimed by both sides is given to
    /// White; kings without a piece are dropped.
    pub fn from_bitboards(
        white: Bitboard,
        black: Bitboard,
        kings: Bitboard,
        side: Color,
    ) -> Position<S> {
        let white = white & S::ALL;
        let black = black & S::ALL & !white;
        let kings = kings & (white | black);
        let mut p = Position {
            white,
            black,
            kings,
            side,
            hash: 0,
            shape: PhantomData,
        };
        p.hash = p.compute_hash();
        p
    }

    /// Put `piece` on `sq` (replacing whatever stood there).
    pub fn set(&mut self, sq: Square<S>, piece: Option<Piece>) {
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
        *self = Position::from_bitboards(w, bl, k, self.side);
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square<S>) -> Option<Piece> {
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
    pub fn pieces(&self) -> impl Iterator<Item = (Square<S>, Piece)> + '_ {
        squares_in::<S>(self.occupied()).filter_map(move |s| self.piece_at(s).map(|p| (s, p)))
    }

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The same position with the other side to move.
    pub fn with_side_to_move(&self, side: Color) -> Position<S> {
        Position::from_bitboards(self.white, self.black, self.kings, side)
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
        S::ALL & !(self.white | self.black)
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
        for s in squares_in::<S>(self.white) {
            h ^= zkey::<S>(Color::White, self.kings & s.bb() != 0, s.bit());
        }
        for s in squares_in::<S>(self.black) {
            h ^= zkey::<S>(Color::Black, self.kings & s.bb() != 0, s.bit());
        }
        if self.side == Color::Black {
            h ^= SIDE_KEY;
        }
        h
    }

    /// The position after `mv` (which must be legal here).
    #[inline]
    pub fn make(&self, mv: &Move<S>) -> Position<S> {
        self.make_with::<true>(mv)
    }

    /// [`Position::make`] without keeping the hash (perft never reads it).
    #[inline]
    pub(crate) fn make_unhashed(&self, mv: &Move<S>) -> Position<S> {
        self.make_with::<false>(mv)
    }

    #[inline(always)]
    fn make_with<const HASH: bool>(&self, mv: &Move<S>) -> Position<S> {
        let us = self.side;
        let from = mv.from().bb();
        let to = mv.to().bb();
        let was_king = self.kings & from != 0;
        let captured = mv.captured();
        let mut hash = self.hash;
        if HASH {
            hash ^= SIDE_KEY;
            hash ^= zkey::<S>(us, was_king, mv.from().bit());
            hash ^= zkey::<S>(us, was_king || mv.is_promotion(), mv.to().bit());
            let them = us.opposite();
            let mut c = captured;
            while c != 0 {
                let b = c.trailing_zeros() as u8;
                c &= c - 1;
                hash ^= zkey::<S>(them, self.kings & (1u64 << b) != 0, b);
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
            shape: PhantomData,
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
    ) -> Position<S> {
        let us = self.side;
        let hash = if HASH {
            let fb = from.trailing_zeros() as u8;
            let tb = to.trailing_zeros() as u8;
            self.hash ^ SIDE_KEY ^ zkey::<S>(us, king, fb) ^ zkey::<S>(us, king || crowned, tb)
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
            shape: PhantomData,
        }
    }
}

impl<S: Shape> fmt::Debug for Position<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", crate::fen::to_fen_in(self))
    }
}

impl<S: Shape> fmt::Display for Position<S> {
    /// A text diagram from White's side: `w`/`b` men, `W`/`B` kings, `.` empty
    /// dark squares, spaces for light squares.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..S::HEIGHT).rev() {
            if S::HEIGHT > 9 {
                write!(f, "{:>2} ", rank + 1)?;
            } else {
                write!(f, "{} ", rank + 1)?;
            }
            for file in 0..S::WIDTH {
                let c = match Square::<S>::at(file, rank) {
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
                if file < S::WIDTH - 1 {
                    write!(f, " ")?;
                }
            }
            writeln!(f)?;
        }
        let pad = if S::HEIGHT > 9 { "   " } else { "  " };
        write!(f, "{pad}")?;
        for file in 0..S::WIDTH {
            write!(f, "{} ", S::FILES[file as usize] as char)?;
        }
        write!(f, "  {} to move", self.side)
    }
}
