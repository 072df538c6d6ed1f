//! The last move as the renderer highlights it: the path the piece took and
//! the pieces it captured, which are no longer on the board.

use crate::engine::rules::Russian;
use crate::engine::{generate, Board8, Color, Kind, Move, Piece, Position, Rules, Shape, Square};
use std::fmt;

/// A piece taken by the last move, drawn as a faded ghost with a cross.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CapturedPiece<S: Shape = Board8> {
    pub square: Square<S>,
    pub piece: Piece,
}

/// The move that led to the position being drawn.
///
/// Build it with [`LastMove::from_move`] when you have the move and the
/// position before it (the chat service), or with
/// [`LastMove::from_notation`] from move text and the position after it
/// (the CLI's `--last`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastMove<S: Shape = Board8> {
    /// Start square, then every landing square (at least two squares; a
    /// shorter path is not drawn).
    pub path: Vec<Square<S>>,
    /// Captured pieces in jump order (empty for a quiet move).
    pub captured: Vec<CapturedPiece<S>>,
}

/// Why move text could not be turned into a [`LastMove`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastMoveError(pub String);

impl fmt::Display for LastMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LastMoveError {}

/// The squares strictly between two squares on one diagonal.
fn between<S: Shape>(a: Square<S>, b: Square<S>) -> Vec<Square<S>> {
    let df = (b.file() as i8 - a.file() as i8).signum();
    let dr = (b.rank() as i8 - a.rank() as i8).signum();
    let (mut f, mut r) = (a.file() as i8 + df, a.rank() as i8 + dr);
    let mut out = Vec::new();
    while (f, r) != (b.file() as i8, b.rank() as i8) {
        if let Some(s) = Square::at(f as u8, r as u8) {
            out.push(s);
        }
        f += df;
        r += dr;
    }
    out
}

fn on_one_diagonal<S: Shape>(a: Square<S>, b: Square<S>) -> bool {
    let df = (a.file() as i8 - b.file() as i8).abs();
    let dr = (a.rank() as i8 - b.rank() as i8).abs();
    df == dr && df > 0
}

/// Most candidate before-positions tried when a flying king's capture
/// leaves the captured squares ambiguous.
const MAX_TRIES: usize = 4096;

impl<S: Shape> LastMove<S> {
    /// From a move and the position it was played in.
    pub fn from_move(before: &Position<S>, mv: &Move<S>) -> LastMove<S> {
        let opponent = before.side_to_move().opposite();
        let captured = mv
            .captured_squares()
            .into_iter()
            .map(|square| CapturedPiece {
                square,
                piece: before.piece_at(square).unwrap_or(Piece {
                    color: opponent,
                    kind: Kind::Man,
                }),
            })
            .collect();
        LastMove {
            path: mv.path(),
            captured,
        }
    }
}

impl LastMove {
    /// From move text (`e3-d4`, `c3:e5:g3`, `c3xe5`, numeric `22-18`) and the
    /// position AFTER the move, which is what a FEN of the current game
    /// gives. The piece that moved must stand on the last square. Captured
    /// pieces get the colour of the side to move; a man's jump captures the
    /// square it jumps over. A flying king's jump may have passed over
    /// several empty squares: the captured one is the square nearest the
    /// landing square for which the move is legal in the reconstructed
    /// position before it (the text alone cannot always tell). Whether a
    /// captured piece was a king is not in the text: ghosts are drawn as men.
    pub fn from_notation(after: &Position, text: &str) -> Result<LastMove, LastMoveError> {
        LastMove::from_notation_in::<Russian>(after, text, |t| {
            Square::parse(t).map_err(|e| e.to_string())
        })
    }
}

impl<S: Shape> LastMove<S> {
    /// [`LastMove::from_notation`] on any board: `square` reads a square as
    /// written on it, and the rules `R` decide which capture the text
    /// meant where a flying king's jump leaves a choice.
    pub fn from_notation_in<R: Rules<Shape = S>>(
        after: &Position<S>,
        text: &str,
        square: impl Fn(&str) -> Result<Square<S>, String>,
    ) -> Result<LastMove<S>, LastMoveError> {
        let err = |m: String| LastMoveError(format!("last move '{}': {m}", text.trim()));
        let t = text.trim();
        if t.is_empty() {
            return Err(err("empty".into()));
        }
        let is_capture = t.contains([':', 'x', 'X']);
        if is_capture && t.contains('-') {
            return Err(err("mixes '-' with ':' or 'x'".into()));
        }
        let mut path = Vec::new();
        for part in t.split(['-', ':', 'x', 'X']) {
            let sq = square(part).map_err(|e| err(format!("bad square '{part}': {e}")))?;
            path.push(sq);
        }
        if path.len() < 2 {
            return Err(err("needs at least two squares".into()));
        }
        if !is_capture && path.len() > 2 {
            return Err(err("a quiet move has exactly two squares".into()));
        }
        for w in path.windows(2) {
            if !on_one_diagonal(w[0], w[1]) {
                return Err(err(format!(
                    "{} and {} are not on one diagonal",
                    w[0], w[1]
                )));
            }
            if is_capture && between(w[0], w[1]).is_empty() {
                return Err(err(format!("{} to {} jumps over nothing", w[0], w[1])));
            }
        }
        let mover: Color = after.side_to_move().opposite();
        let to = *path.last().expect("two squares");
        let moved = match after.piece_at(to) {
            Some(p) if p.color == mover => p,
            _ => {
                return Err(err(format!(
                    "no {mover} piece on {to} in the position (the FEN must be the position after the move)"
                )))
            }
        };
        if !is_capture {
            return Ok(LastMove {
                path,
                captured: Vec::new(),
            });
        }
        // candidates for each jump: the empty squares it passes over
        let mut candidates: Vec<Vec<Square<S>>> = Vec::new();
        for w in path.windows(2) {
            // nearest the landing square first: that is tried first below
            let c: Vec<Square<S>> = between(w[0], w[1])
                .into_iter()
                .rev()
                .filter(|s| after.piece_at(*s).is_none() || *s == path[0])
                .collect();
            if c.is_empty() {
                return Err(err(format!(
                    "nothing could have been captured between {} and {}",
                    w[0], w[1]
                )));
            }
            candidates.push(c);
        }
        let chosen = reconstruct::<R>(after, &path, moved, &candidates).unwrap_or_else(|| {
            // fall back to the square just before each landing square
            candidates.iter().map(|c| c[0]).collect()
        });
        let victim = Piece {
            color: after.side_to_move(),
            kind: Kind::Man,
        };
        Ok(LastMove {
            path,
            captured: chosen
                .into_iter()
                .map(|square| CapturedPiece {
                    square,
                    piece: victim,
                })
                .collect(),
        })
    }

    /// The start square.
    pub fn from(&self) -> Square<S> {
        self.path[0]
    }

    /// The final square.
    pub fn to(&self) -> Square<S> {
        *self.path.last().expect("a path has two squares")
    }

    /// Whether the move captured anything.
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }
}

/// Find captured squares (one per jump) for which the move is legal in the
/// position before it; `None` when nothing fits within [`MAX_TRIES`].
fn reconstruct<R: Rules>(
    after: &Position<R::Shape>,
    path: &[Square<R::Shape>],
    moved: Piece,
    candidates: &[Vec<Square<R::Shape>>],
) -> Option<Vec<Square<R::Shape>>> {
    if candidates.iter().all(|c| c.len() == 1) {
        return Some(candidates.iter().map(|c| c[0]).collect());
    }
    let total = candidates
        .iter()
        .try_fold(1usize, |acc, c| acc.checked_mul(c.len()))?;
    if total > MAX_TRIES {
        return None;
    }
    let mover = moved.color;
    let kinds: &[Kind] = if moved.kind == Kind::King {
        &[Kind::King, Kind::Man]
    } else {
        &[Kind::Man]
    };
    for n in 0..total {
        let mut rest = n;
        let mut pick = Vec::with_capacity(candidates.len());
        for c in candidates {
            pick.push(c[rest % c.len()]);
            rest /= c.len();
        }
        let mut distinct = pick.clone();
        distinct.sort();
        distinct.dedup();
        if distinct.len() != pick.len() {
            continue;
        }
        for &kind in kinds {
            let mut before = after.with_side_to_move(mover);
            before.set(path[path.len() - 1], None);
            before.set(path[0], Some(Piece { color: mover, kind }));
            for &s in &pick {
                before.set(
                    s,
                    Some(Piece {
                        color: mover.opposite(),
                        kind: Kind::Man,
                    }),
                );
            }
            let mut moves = Vec::with_capacity(32);
            generate::<R>(&before, &mut moves);
            let legal = moves
                .iter()
                .any(|m| m.path() == path && m.captured_squares().len() == pick.len());
            if legal {
                // report them in jump order
                return Some(pick);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn quiet_move_from_text() {
        let before = Position::initial();
        let mv = before
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == "c3-d4")
            .unwrap();
        let after = before.make(&mv);
        let lm = LastMove::from_notation(&after, "c3-d4").unwrap();
        assert_eq!(lm, LastMove::from_move(&before, &mv));
        assert_eq!(lm.from(), sq("c3"));
        assert_eq!(lm.to(), sq("d4"));
        assert!(!lm.is_capture());
    }

    #[test]
    fn multi_capture_from_text_matches_the_move() {
        // White man on c3 takes d4 and f6: c3:e5:g7
        let before = Position::from_fen("W:Wc3:Bd4,f6,h8").unwrap();
        let mv = before
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == "c3:e5:g7")
            .expect("capture is legal");
        let after = before.make(&mv);
        let lm = LastMove::from_notation(&after, "c3:e5:g7").unwrap();
        assert_eq!(lm.path, vec![sq("c3"), sq("e5"), sq("g7")]);
        let caps: Vec<Square> = lm.captured.iter().map(|c| c.square).collect();
        assert_eq!(caps, vec![sq("d4"), sq("f6")]);
        assert!(lm.captured.iter().all(|c| c.piece.color == Color::Black));
        assert_eq!(lm, LastMove::from_move(&before, &mv));
        // "x" works as a separator too
        assert_eq!(LastMove::from_notation(&after, "c3xe5xg7").unwrap(), lm);
    }

    #[test]
    fn flying_king_capture_is_reconstructed() {
        // White king a1 takes d4, lands on e5, turns and takes f4 to g3
        let before = Position::from_fen("W:WKa1:Bd4,f4").unwrap();
        let mv = before
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == "a1:e5:g3")
            .expect("king capture");
        let after = before.make(&mv);
        let lm = LastMove::from_notation(&after, "a1:e5:g3").unwrap();
        assert_eq!(lm, LastMove::from_move(&before, &mv));
        // ambiguous text (b2, c3 or d4 could have been taken): nearest the landing
        let after = Position::from_fen("B:WKe5:Bh8").unwrap();
        let lm = LastMove::from_notation(&after, "a1:e5").unwrap();
        assert_eq!(lm.captured[0].square, sq("d4"));
    }

    #[test]
    fn bad_text_is_rejected_with_a_reason() {
        let pos = Position::initial();
        for (text, needle) in [
            ("", "empty"),
            ("c3", "two squares"),
            ("c3-e3", "diagonal"),
            ("c3-z9", "bad square"),
            ("c3-d4", "no Black piece"),
            ("c3-d4:f6", "mixes"),
        ] {
            let e = LastMove::from_notation(&pos, text).unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }
}
