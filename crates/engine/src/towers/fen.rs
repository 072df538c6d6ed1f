//! FEN for Bashni: PDN FEN (`W:W…:B…`) where a square may carry a stack.
//!
//! A single piece is written as in Russian draughts (`c3`, `Kc3`). A tower
//! of two or more pieces is its square followed by its pieces in
//! parentheses, **top first**: `w`/`b` a white/black man, `W`/`B` a
//! white/black king — `c3(wbb)` is a white man on top of two black men. A
//! tower is listed under its owner, the colour of its top piece, and takes
//! no `K` prefix (its top letter says the kind). Squares are algebraic
//! (`a1` … `h8`) or the PDN numbers 1–32; the writer uses algebraic ones.
//! Example: `B:Wc3(wbb),e1,Kh2:Bd6(BwW),b8`.

use super::{parse_square, square_name, Sq, Tower, TowerPosition, MAX_PIECES, SQUARES};
use crate::position::{Color, Kind, Piece};
use std::fmt;

/// Why a Bashni FEN was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TowerFenError {
    /// Nothing but blanks.
    Empty,
    /// The first field is not `W` or `B`.
    BadSideToMove,
    /// A field does not start with `W` or `B`, or one colour is listed twice.
    BadColourField,
    /// A square that is neither `a1`…`h8` (dark) nor 1–32 (the text, cut
    /// to 16 characters).
    BadSquare(String),
    /// A square listed twice.
    DuplicateSquare(Sq),
    /// A letter in a stack other than `w`, `b`, `W`, `B`.
    BadStackLetter(char),
    /// `()` or an unclosed `(`.
    BadStack(Sq),
    /// A tower listed under the colour that does not own its top.
    WrongOwner(Sq),
    /// `K` before a tower written with its stack.
    KingPrefixOnTower(Sq),
    /// A man on its own crowning rank at the top of a tower.
    ManOnCrowningRank(Sq),
    /// More than 32 pieces in all.
    TooManyPieces,
}

impl fmt::Display for TowerFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TowerFenError::Empty => f.write_str("empty position"),
            TowerFenError::BadSideToMove => f.write_str("the side to move must be W or B"),
            TowerFenError::BadColourField => {
                f.write_str("each side's field must start with W or B, once each")
            }
            TowerFenError::BadSquare(s) => write!(f, "not a dark square: {s}"),
            TowerFenError::DuplicateSquare(s) => write!(f, "{} listed twice", square_name(*s)),
            TowerFenError::BadStackLetter(c) => write!(f, "{c:?} is not w, b, W or B"),
            TowerFenError::BadStack(s) => write!(f, "bad stack on {}", square_name(*s)),
            TowerFenError::WrongOwner(s) => {
                write!(
                    f,
                    "the tower on {} belongs to the other side",
                    square_name(*s)
                )
            }
            TowerFenError::KingPrefixOnTower(s) => write!(
                f,
                "K before the tower on {}: its top letter gives the kind",
                square_name(*s)
            ),
            TowerFenError::ManOnCrowningRank(s) => {
                write!(f, "a man on its crowning rank on {}", square_name(*s))
            }
            TowerFenError::TooManyPieces => write!(f, "more than {MAX_PIECES} pieces"),
        }
    }
}

impl std::error::Error for TowerFenError {}

fn clip(s: &str) -> String {
    s.chars().take(16).collect()
}

/// Read a Bashni FEN (see the module's documentation).
pub fn parse_tower_fen(text: &str) -> Result<TowerPosition, TowerFenError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(TowerFenError::Empty);
    }
    let text = text.strip_suffix('.').unwrap_or(text);
    let mut fields = text.split(':');
    let side = match fields.next().map(str::trim) {
        Some("W") | Some("w") => Color::White,
        Some("B") | Some("b") => Color::Black,
        _ => return Err(TowerFenError::BadSideToMove),
    };
    let mut towers = [Tower::EMPTY; SQUARES];
    let mut seen_colour = [false; 2];
    let mut total = 0usize;
    for field in fields {
        let field = field.trim();
        let mut chars = field.chars();
        let colour = match chars.next() {
            Some('W') => Color::White,
            Some('B') => Color::Black,
            _ => return Err(TowerFenError::BadColourField),
        };
        let ci = colour as usize;
        if seen_colour[ci] {
            return Err(TowerFenError::BadColourField);
        }
        seen_colour[ci] = true;
        let rest = chars.as_str().trim();
        if rest.is_empty() {
            continue;
        }
        for item in rest.split(',') {
            let item = item.trim();
            let (king, item) = match item.strip_prefix('K') {
                Some(r) => (true, r),
                None => (false, item),
            };
            let (sq_text, stack) = match item.find('(') {
                Some(i) => (&item[..i], Some(&item[i + 1..])),
                None => (item, None),
            };
            let sq = parse_square(sq_text.trim())
                .ok_or_else(|| TowerFenError::BadSquare(clip(sq_text)))?;
            if !towers[sq as usize].is_empty() {
                return Err(TowerFenError::DuplicateSquare(sq));
            }
            let tower = match stack {
                None => Tower::single(Piece {
                    color: colour,
                    kind: if king { Kind::King } else { Kind::Man },
                }),
                Some(s) => {
                    if king {
                        return Err(TowerFenError::KingPrefixOnTower(sq));
                    }
                    let inner = s
                        .trim_end()
                        .strip_suffix(')')
                        .ok_or(TowerFenError::BadStack(sq))?;
                    if inner.is_empty() {
                        return Err(TowerFenError::BadStack(sq));
                    }
                    let mut pieces = Vec::new();
                    for c in inner.chars() {
                        let p = match c {
                            'w' => (Color::White, Kind::Man),
                            'W' => (Color::White, Kind::King),
                            'b' => (Color::Black, Kind::Man),
                            'B' => (Color::Black, Kind::King),
                            _ => return Err(TowerFenError::BadStackLetter(c)),
                        };
                        if total + pieces.len() >= MAX_PIECES {
                            return Err(TowerFenError::TooManyPieces);
                        }
                        pieces.push(Piece {
                            color: p.0,
                            kind: p.1,
                        });
                    }
                    let t = Tower::from_pieces(&pieces).ok_or(TowerFenError::TooManyPieces)?;
                    if t.owner() != Some(colour) {
                        return Err(TowerFenError::WrongOwner(sq));
                    }
                    t
                }
            };
            total += tower.height();
            if total > MAX_PIECES {
                return Err(TowerFenError::TooManyPieces);
            }
            if let Some(top) = tower.top() {
                let crown = match top.color {
                    Color::White => 7,
                    Color::Black => 0,
                };
                if top.kind == Kind::Man && super::coords(sq).1 == crown {
                    return Err(TowerFenError::ManOnCrowningRank(sq));
                }
            }
            towers[sq as usize] = tower;
        }
    }
    Ok(TowerPosition::from_towers(towers, side))
}

/// Write a Bashni FEN: the side to move, White's towers, Black's, each in
/// square order (a1, c1, …), single pieces as in Russian draughts and
/// taller towers with their stacks.
pub fn to_tower_fen(pos: &TowerPosition) -> String {
    let mut out = String::new();
    out.push(pos.side_to_move().letter());
    for colour in [Color::White, Color::Black] {
        out.push(':');
        out.push(colour.letter());
        let mut first = true;
        for s in 0..SQUARES as Sq {
            let t = pos.tower(s);
            if t.owner() != Some(colour) {
                continue;
            }
            if !first {
                out.push(',');
            }
            first = false;
            if t.height() == 1 {
                if t.top().map(|p| p.kind) == Some(Kind::King) {
                    out.push('K');
                }
                out.push_str(&square_name(s));
            } else {
                out.push_str(&square_name(s));
                out.push('(');
                for p in t.pieces() {
                    out.push(match (p.color, p.kind) {
                        (Color::White, Kind::Man) => 'w',
                        (Color::White, Kind::King) => 'W',
                        (Color::Black, Kind::Man) => 'b',
                        (Color::Black, Kind::King) => 'B',
                    });
                }
                out.push(')');
            }
        }
    }
    out
}
