//! Vigman's double game: 24 pieces a side, one set of 12 on the dark
//! squares and one on the light, two games of Russian draughts played at
//! once on one board. The turn (Shashki Vigmana as described at
//! checkers.fandom.com; see docs/variants.md, "Vigman"): each player makes
//! **two sub-moves** a turn, each a Russian move on either colour's squares
//! (both on one, or one on each); a capture on either board must be made
//! whenever one exists, the second sub-move included; a player who cannot
//! make a sub-move has lost.
//!
//! Each board is a Russian [`Position`]: the dark one as it stands, the
//! light one mirrored left to right (file a ↔ h), which makes its squares
//! the dark ones of an ordinary board with White's men on ranks 1–3 — the
//! rules are symmetric under the mirror, so the Russian generator plays it
//! unchanged. Moves are written in the board's own squares (`c3-d4` on the
//! dark squares, `b2-a3`… on the light ones).
//!
//! ```
//! use shashki_engine::vigman::{VigmanPosition, perft};
//! let start = VigmanPosition::initial();
//! assert_eq!(start.legal_moves().len(), 14);
//! // Each first sub-move opens a square behind it: 15 second ones.
//! assert_eq!(perft(&start, 2), 210);
//! ```

use crate::moves::{generate, Move};
use crate::position::{Color, Kind, Piece, Position};
use crate::rules::Russian;
use crate::square::Square;
use std::fmt;

/// Which colour of squares a sub-move is played on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Squares {
    Dark,
    Light,
}

/// A sub-move: a Russian move on one of the two boards (the light board's
/// move in its mirrored coordinates).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VigmanMove {
    pub squares: Squares,
    pub mv: Move,
}

/// A real square's name from a board square (mirrored on the light board).
fn real_name(squares: Squares, s: Square) -> String {
    let (f, r) = (s.file(), s.rank());
    let f = match squares {
        Squares::Dark => f,
        Squares::Light => 7 - f,
    };
    format!("{}{}", (b'a' + f) as char, r + 1)
}

impl fmt::Display for VigmanMove {
    /// Every landing square, in the real board's squares: `c3-d4`,
    /// `b2:d4:f2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.mv.is_capture() { ":" } else { "-" };
        let path: Vec<String> = self
            .mv
            .path()
            .into_iter()
            .map(|s| real_name(self.squares, s))
            .collect();
        f.write_str(&path.join(sep))
    }
}

/// A Vigman position: both boards, the side to move, and whether its first
/// sub-move of the turn has been made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VigmanPosition {
    dark: Position,
    /// The light squares, mirrored (file a ↔ h) onto an ordinary board.
    light: Position,
    side: Color,
    second: bool,
}

impl Default for VigmanPosition {
    fn default() -> Self {
        VigmanPosition::initial()
    }
}

impl VigmanPosition {
    /// Each side's 24 men on all the squares of its three nearest ranks,
    /// White to make the first of its two sub-moves.
    pub fn initial() -> VigmanPosition {
        VigmanPosition {
            dark: Position::initial(),
            light: Position::initial(),
            side: Color::White,
            second: false,
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Whether the side to move is to make its second sub-move.
    pub fn is_second_sub_move(&self) -> bool {
        self.second
    }

    /// The board of one colour of squares (the light one mirrored).
    pub fn board(&self, squares: Squares) -> &Position {
        match squares {
            Squares::Dark => &self.dark,
            Squares::Light => &self.light,
        }
    }

    /// The piece on the real square (`file`, `rank`), either colour.
    pub fn piece_at(&self, file: u8, rank: u8) -> Option<Piece> {
        if file > 7 || rank > 7 {
            return None;
        }
        if (file + rank).is_multiple_of(2) {
            self.dark.piece_at(Square::from_coords(file, rank)?)
        } else {
            self.light.piece_at(Square::from_coords(7 - file, rank)?)
        }
    }

    /// Every legal sub-move: the captures on either board if there are
    /// any, else every quiet move on both.
    pub fn legal_moves(&self) -> Vec<VigmanMove> {
        let mut dark = Vec::new();
        let mut light = Vec::new();
        generate::<Russian>(&self.dark.with_side_to_move(self.side), &mut dark);
        generate::<Russian>(&self.light.with_side_to_move(self.side), &mut light);
        let dark_takes = dark.first().is_some_and(|m| m.is_capture());
        let light_takes = light.first().is_some_and(|m| m.is_capture());
        let keep_dark = dark_takes || !light_takes;
        let keep_light = light_takes || !dark_takes;
        let mut out = Vec::with_capacity(dark.len() + light.len());
        if keep_dark {
            out.extend(dark.into_iter().map(|mv| VigmanMove {
                squares: Squares::Dark,
                mv,
            }));
        }
        if keep_light {
            out.extend(light.into_iter().map(|mv| VigmanMove {
                squares: Squares::Light,
                mv,
            }));
        }
        out
    }

    /// The position after the sub-move `m` (one of [`Self::legal_moves`]).
    pub fn play(&self, m: &VigmanMove) -> VigmanPosition {
        let mut next = *self;
        match m.squares {
            Squares::Dark => next.dark = self.dark.with_side_to_move(self.side).make(&m.mv),
            Squares::Light => next.light = self.light.with_side_to_move(self.side).make(&m.mv),
        }
        if self.second {
            next.second = false;
            next.side = self.side.opposite();
        } else {
            next.second = true;
        }
        next.dark = next.dark.with_side_to_move(next.side);
        next.light = next.light.with_side_to_move(next.side);
        next
    }

    /// The sub-move written `text` in the real board's squares.
    pub fn parse_move(&self, text: &str) -> Option<VigmanMove> {
        let text = text.trim().replace('x', ":");
        self.legal_moves()
            .into_iter()
            .find(|m| m.to_string() == text)
    }

    /// The points of each game when the position is over (the side to move
    /// cannot make a sub-move), as (White, Black): every game goes to the
    /// other side, 2 points each, the sum of both games.
    pub fn result(&self) -> Option<(u32, u32)> {
        if !self.legal_moves().is_empty() {
            return None;
        }
        Some(match self.side {
            Color::White => (0, 4),
            Color::Black => (4, 0),
        })
    }

    /// A hash of the whole position (both boards, the side, the sub-move).
    pub fn hash(&self) -> u64 {
        let mut h = self.dark.hash() ^ self.light.hash().rotate_left(29);
        h ^= u64::from(self.second) * 0x6a09_e667_f3bc_c909;
        h ^= match self.side {
            Color::White => 0,
            Color::Black => 0xbb67_ae85_84ca_a73b,
        };
        h
    }

    /// A Vigman FEN: `W:W…:B…` with every piece on its real square (dark
    /// and light alike, `K` before a king), and `W2`/`B2` as the first
    /// field when the side's second sub-move is due.
    pub fn to_fen(&self) -> String {
        let mut out = String::new();
        out.push(self.side.letter());
        if self.second {
            out.push('2');
        }
        for c in [Color::White, Color::Black] {
            out.push(':');
            out.push(c.letter());
            let mut items = Vec::new();
            for rank in 0..8 {
                for file in 0..8 {
                    if let Some(p) = self.piece_at(file, rank) {
                        if p.color == c {
                            let k = if p.kind == Kind::King { "K" } else { "" };
                            items.push(format!("{k}{}{}", (b'a' + file) as char, rank + 1));
                        }
                    }
                }
            }
            out.push_str(&items.join(","));
        }
        out
    }

    /// Read a FEN written by [`Self::to_fen`].
    pub fn parse_fen(text: &str) -> Result<VigmanPosition, VigmanFenError> {
        let mut fields = text.trim().split(':');
        let (side, second) = match fields.next().map(str::trim) {
            Some("W") => (Color::White, false),
            Some("W2") => (Color::White, true),
            Some("B") => (Color::Black, false),
            Some("B2") => (Color::Black, true),
            _ => return Err(VigmanFenError::BadSideToMove),
        };
        let mut pos = VigmanPosition {
            dark: Position::empty(side),
            light: Position::empty(side),
            side,
            second,
        };
        let mut seen = [false; 2];
        for field in fields {
            let field = field.trim();
            let color = match field.chars().next() {
                Some('W') => Color::White,
                Some('B') => Color::Black,
                _ => return Err(VigmanFenError::BadColourField),
            };
            if std::mem::replace(&mut seen[color as usize], true) {
                return Err(VigmanFenError::BadColourField);
            }
            for item in field[1..]
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
            {
                let (kind, sq) = match item.strip_prefix('K') {
                    Some(s) => (Kind::King, s),
                    None => (Kind::Man, item),
                };
                let b = sq.as_bytes();
                let [f @ b'a'..=b'h', r @ b'1'..=b'8'] = b else {
                    return Err(VigmanFenError::BadSquare(sq.chars().take(16).collect()));
                };
                let (file, rank) = (f - b'a', r - b'1');
                if pos.piece_at(file, rank).is_some() {
                    return Err(VigmanFenError::DuplicateSquare(sq.to_string()));
                }
                let crown = if color == Color::White { 7 } else { 0 };
                if kind == Kind::Man && rank == crown {
                    return Err(VigmanFenError::ManOnCrowningRank(sq.to_string()));
                }
                let piece = Some(Piece { color, kind });
                let dark = (file + rank).is_multiple_of(2);
                let (board, f) = if dark {
                    (&mut pos.dark, file)
                } else {
                    (&mut pos.light, 7 - file)
                };
                let s = Square::from_coords(f, rank)
                    .ok_or_else(|| VigmanFenError::BadSquare(sq.to_string()))?;
                board.set(s, piece);
            }
        }
        Ok(pos)
    }
}

/// Why a Vigman FEN was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VigmanFenError {
    /// The first field is not `W`, `W2`, `B` or `B2`.
    BadSideToMove,
    /// A field not starting with `W` or `B`, or a colour twice.
    BadColourField,
    /// Not a square `a1` … `h8` (the text, cut to 16 characters).
    BadSquare(String),
    DuplicateSquare(String),
    ManOnCrowningRank(String),
}

impl fmt::Display for VigmanFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VigmanFenError::BadSideToMove => f.write_str("the side to move must be W, W2, B or B2"),
            VigmanFenError::BadColourField => {
                f.write_str("each side's field starts with W or B, once")
            }
            VigmanFenError::BadSquare(s) => write!(f, "not a square: {s}"),
            VigmanFenError::DuplicateSquare(s) => write!(f, "{s} listed twice"),
            VigmanFenError::ManOnCrowningRank(s) => write!(f, "a man on its crowning rank on {s}"),
        }
    }
}

impl std::error::Error for VigmanFenError {}

/// Leaves of the tree of sub-moves `depth` plies deep (a ply is one
/// sub-move; a turn is two).
pub fn perft(pos: &VigmanPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&pos.play(m), depth - 1)).sum()
}
