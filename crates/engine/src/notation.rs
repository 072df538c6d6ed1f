//! Move notation: reading what people type and writing moves back.
//!
//! Accepted input, all matched against the legal moves of the position:
//! - algebraic: `e3-d4`, `c3:e5:c7`, `c3xe5`, `E3-D4`, with annotation marks
//!   (`e3-d4!?`) ignored;
//! - numeric PDN: `22-17`, `15x22`, `15x22x31`;
//! - shorthands where they name one move: `e3d4`, start and end only of a
//!   capture (`c3:c7`), some of the landing squares, the start file and the end
//!   square (`fg5`), or just the end square (`d4`).
//!
//! A move that is not legal, or that could mean several, is an error that
//! lists the candidates.

use crate::moves::Move;
use crate::position::{Color, Position};
use crate::rules::Variant8;
use crate::square::{Square, SquareError};
use std::fmt;

/// Why a move text was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// Nothing but spaces or marks.
    Empty,
    /// A part of the text is not a square.
    BadSquare { token: String, error: SquareError },
    /// The side to move has no legal move (the game is over).
    NoLegalMoves,
    /// No legal move matches. `legal` lists every legal move.
    Illegal {
        input: String,
        reason: Option<IllegalReason>,
        legal: Vec<String>,
    },
    /// More than one legal move matches.
    Ambiguous {
        input: String,
        candidates: Vec<String>,
    },
}

/// A hint at why a move is not legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalReason {
    /// There is no piece on the start square.
    EmptySquare(Square),
    /// The piece on the start square belongs to the other side.
    NotYourPiece(Square),
    /// A capture is available, so a quiet move is not allowed.
    MustCapture,
    /// The capture can go on and must be completed.
    CaptureNotFinished,
    /// The piece on the start square has no legal move.
    PieceCannotMove(Square),
    /// The squares go on past the end of a legal capture (English,
    /// Italian, Czech, Portuguese: a man crowned by a capture stops).
    CaptureEndsEarlier,
    /// A capture was typed, but the variant's capture rules (the most
    /// pieces, the most kings, a king first …) require another one.
    CapturePrecedence,
}

impl MoveError {
    /// The legal moves (or candidates) this error lists, if any.
    pub fn options(&self) -> &[String] {
        match self {
            MoveError::Illegal { legal, .. } => legal,
            MoveError::Ambiguous { candidates, .. } => candidates,
            _ => &[],
        }
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::EmptySquare(s) => write!(f, "there is no piece on {s}"),
            IllegalReason::NotYourPiece(s) => write!(f, "the piece on {s} is not yours"),
            IllegalReason::MustCapture => write!(f, "a capture is compulsory"),
            IllegalReason::CaptureNotFinished => {
                write!(f, "the capture goes on and must be finished")
            }
            IllegalReason::PieceCannotMove(s) => write!(f, "the piece on {s} cannot move there"),
            IllegalReason::CaptureEndsEarlier => write!(f, "the capture ends earlier"),
            IllegalReason::CapturePrecedence => {
                write!(f, "the capture rules require another capture")
            }
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Empty => write!(f, "no move given (write it like e3-d4 or c3:e5)"),
            MoveError::BadSquare { token, error } => write!(f, "'{token}': {error}"),
            MoveError::NoLegalMoves => write!(f, "there is no legal move: the game is over"),
            MoveError::Illegal {
                input,
                reason,
                legal,
            } => {
                write!(f, "{input} is not a legal move")?;
                if let Some(r) = reason {
                    write!(f, " ({r})")?;
                }
                write!(f, "; legal moves: {}", legal.join(", "))
            }
            MoveError::Ambiguous { input, candidates } => {
                write!(f, "{input} could be {}", candidates.join(" or "))
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// Numeric PDN notation: `22-17`, or every landing square of a capture joined
/// by `x` (`15x22x31`).
pub fn format_numeric(mv: &Move) -> String {
    let sep = if mv.is_capture() { "x" } else { "-" };
    let mut s = mv.from().pdn().to_string();
    for l in mv.landings() {
        s.push_str(sep);
        s.push_str(&l.pdn().to_string());
    }
    s
}

/// Numeric PDN notation with only the start and end squares (`15x31`).
pub fn format_numeric_short(mv: &Move) -> String {
    let sep = if mv.is_capture() { "x" } else { "-" };
    format!("{}{sep}{}", mv.from().pdn(), mv.to().pdn())
}

/// What the text names: squares in order, or a file and a destination.
enum Pattern {
    Squares(Vec<Square>),
    FileTo(u8, Square),
}

fn is_separator(c: char) -> bool {
    matches!(c, '-' | ':' | 'x' | 'X' | '×' | '–' | '—' | ' ')
}

/// Strip annotation marks and surrounding noise.
fn clean(text: &str) -> String {
    text.trim()
        .trim_end_matches(['!', '?', '+', '#', '*'])
        .trim()
        .to_string()
}

/// A square token: algebraic, or a number in the variant's numbering.
fn parse_square(variant: Variant8, token: &str) -> Result<Square, SquareError> {
    let t = token.trim();
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) && variant.numeric_notation() {
        return t
            .parse::<u8>()
            .ok()
            .and_then(|n| variant.square_at_number(n))
            .ok_or_else(|| SquareError::NumberOutOfRange(t.to_string()));
    }
    Square::parse(t)
}

fn parse_pattern(variant: Variant8, text: &str) -> Result<Pattern, MoveError> {
    let t = clean(text).to_ascii_lowercase();
    if t.is_empty() {
        return Err(MoveError::Empty);
    }
    // "fg5": start file, then the end square
    let b = t.as_bytes();
    if b.len() == 3
        && (b'a'..=b'h').contains(&b[0])
        && (b'a'..=b'h').contains(&b[1])
        && b[2].is_ascii_digit()
    {
        let to = Square::parse(&t[1..]).map_err(|error| MoveError::BadSquare {
            token: t[1..].to_string(),
            error,
        })?;
        return Ok(Pattern::FileTo(b[0] - b'a', to));
    }
    let mut squares = Vec::new();
    for token in t.split(is_separator).filter(|s| !s.is_empty()) {
        // "e3d4" and "c3e5c7": algebraic squares written together
        let tb = token.as_bytes();
        let chunks: Vec<&str> = if tb.len() > 2
            && tb.len() % 2 == 0
            && tb
                .chunks(2)
                .all(|c| c[0].is_ascii_alphabetic() && c[1].is_ascii_digit())
        {
            (0..tb.len()).step_by(2).map(|i| &token[i..i + 2]).collect()
        } else {
            vec![token]
        };
        for c in chunks {
            let sq = parse_square(variant, c).map_err(|error| MoveError::BadSquare {
                token: c.to_string(),
                error,
            })?;
            squares.push(sq);
        }
    }
    if squares.is_empty() {
        return Err(MoveError::Empty);
    }
    Ok(Pattern::Squares(squares))
}

/// Does `mv` fit the squares given: the whole path, or start and end with
/// some of the landing squares in order, or only the end square.
fn fits(mv: &Move, squares: &[Square]) -> bool {
    let path = mv.path();
    match squares {
        [] => false,
        [to] => mv.to() == *to,
        [first, middle @ .., last] => {
            if *first != path[0] || *last != *path.last().expect("non-empty") {
                return false;
            }
            // middle squares must appear in order among the inner landings
            let inner = &path[1..path.len() - 1];
            let mut it = inner.iter();
            middle.iter().all(|m| it.any(|p| p == m))
        }
    }
}

fn illegal_reason(
    variant: Variant8,
    pos: &Position,
    legal: &[Move],
    pattern: &Pattern,
    typed_capture: bool,
) -> Option<IllegalReason> {
    let Pattern::Squares(sq) = pattern else {
        return None;
    };
    let from = *sq.first()?;
    match pos.piece_at(from) {
        None if sq.len() > 1 => return Some(IllegalReason::EmptySquare(from)),
        Some(p) if p.color != pos.side_to_move() && sq.len() > 1 => {
            return Some(IllegalReason::NotYourPiece(from))
        }
        _ => {}
    }
    if sq.len() < 2 {
        return None;
    }
    let captures = legal.iter().any(Move::is_capture);
    // the squares are the beginning of a longer legal capture
    if legal.iter().any(|m| {
        let p = m.path();
        p.len() > sq.len() && p[..sq.len()] == sq[..]
    }) {
        return Some(IllegalReason::CaptureNotFinished);
    }
    // a legal capture is the beginning of the squares
    if legal.iter().any(|m| {
        let p = m.path();
        m.is_capture() && p.len() < sq.len() && sq[..p.len()] == p[..]
    }) {
        return Some(IllegalReason::CaptureEndsEarlier);
    }
    if captures && typed_capture && variant.capture_precedence() {
        return Some(IllegalReason::CapturePrecedence);
    }
    if captures {
        return Some(IllegalReason::MustCapture);
    }
    Some(IllegalReason::PieceCannotMove(from))
}

/// Parse a move typed by a person against the legal moves of `pos`
/// (Russian rules).
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    parse_move_among(pos, &pos.legal_moves(), text)
}

/// [`parse_move`] under the rules of `variant`: square numbers are read
/// in the variant's numbering and the moves an error lists are written in
/// its notation ([`Variant8::format_move`]).
pub fn parse_move_in(variant: Variant8, pos: &Position, text: &str) -> Result<Move, MoveError> {
    parse_move_among_in(variant, pos, &pos.legal_moves_in(variant), text)
}

/// [`parse_move`] against a given list of legal moves (Russian notation).
pub fn parse_move_among(pos: &Position, legal: &[Move], text: &str) -> Result<Move, MoveError> {
    parse_move_among_in(Variant8::Russian, pos, legal, text)
}

/// [`parse_move_in`] against a given list of legal moves.
pub fn parse_move_among_in(
    variant: Variant8,
    pos: &Position,
    legal: &[Move],
    text: &str,
) -> Result<Move, MoveError> {
    let pattern = parse_pattern(variant, text)?;
    if legal.is_empty() {
        return Err(MoveError::NoLegalMoves);
    }
    let matching: Vec<&Move> = legal
        .iter()
        .filter(|m| match &pattern {
            Pattern::Squares(sq) => fits(m, sq),
            Pattern::FileTo(file, to) => m.from().file() == *file && m.to() == *to,
        })
        .collect();
    let input = clean(text);
    match matching.as_slice() {
        [one] => Ok(**one),
        [] => Err(MoveError::Illegal {
            reason: illegal_reason(
                variant,
                pos,
                legal,
                &pattern,
                input.contains([':', 'x', 'X', '×']),
            ),
            input,
            legal: sorted_names(variant, legal.iter()),
        }),
        many => {
            // a full path written out wins over shorter readings of it
            if let Pattern::Squares(sq) = &pattern {
                let exact: Vec<&&Move> = many.iter().filter(|m| m.path() == *sq).collect();
                if let [one] = exact.as_slice() {
                    return Ok(***one);
                }
            }
            Err(MoveError::Ambiguous {
                input,
                candidates: sorted_names(variant, many.iter().copied()),
            })
        }
    }
}

fn sorted_names<'a>(variant: Variant8, moves: impl Iterator<Item = &'a Move>) -> Vec<String> {
    let mut v: Vec<String> = moves.map(|m| variant.format_move(m)).collect();
    if variant.numeric_notation() {
        // by number: 9-13 before 10-14
        v.sort_by_key(|s| {
            let n: String = s.chars().take_while(char::is_ascii_digit).collect();
            (n.parse::<u32>().unwrap_or(0), s.clone())
        });
    } else {
        v.sort();
    }
    v
}

/// The move number of a ply in a game that starts with `first` to move at
/// move number `start_number`: returns (number, is it Black's half-move).
pub fn move_number(first: Color, start_number: u32, ply: usize) -> (u32, bool) {
    let offset = ply + usize::from(first == Color::Black);
    (start_number + (offset / 2) as u32, offset % 2 == 1)
}

/// Read a move on a numbered board (International on 10×10, and 10×8):
/// `32-28`, `28x19`, a capture with every landing square (`28x19x10`) or
/// only its start and end (`28x10`), or some of the landing squares in
/// order; `:` may stand for `x`, annotation marks are ignored. Matched
/// against the legal moves under rules `R`; a text that fits several (the
/// same start and end, different pieces taken) is ambiguous and lists them
/// with every landing square.
pub fn parse_move_on<R: crate::Rules>(
    pos: &Position<R::Shape>,
    text: &str,
) -> Result<Move<R::Shape>, MoveError> {
    let t = clean(text);
    if t.is_empty() {
        return Err(MoveError::Empty);
    }
    let mut legal = Vec::new();
    crate::moves::generate::<R>(pos, &mut legal);
    parse_move_among_on(&legal, &t)
}

/// [`parse_move_on`] among the moves `legal` (a game may allow fewer
/// moves than the position: Frisian's king-move limit).
pub fn parse_move_among_on<S: crate::Shape>(
    legal: &[Move<S>],
    text: &str,
) -> Result<Move<S>, MoveError> {
    let t = clean(text);
    if t.is_empty() {
        return Err(MoveError::Empty);
    }
    let mut squares = Vec::new();
    for token in t.split(is_separator).filter(|s| !s.is_empty()) {
        let sq = Square::<S>::parse_on(token).map_err(|error| MoveError::BadSquare {
            token: token.to_string(),
            error,
        })?;
        squares.push(sq);
    }
    if legal.is_empty() {
        return Err(MoveError::NoLegalMoves);
    }
    let fits = |mv: &Move<S>| {
        if squares.len() < 2 {
            return false; // a start and an end, at least
        }
        let path = mv.path();
        let (first, last) = (squares[0], squares[squares.len() - 1]);
        if first != path[0] || last != path[path.len() - 1] {
            return false;
        }
        let inner = &path[1..path.len() - 1];
        let mut it = inner.iter();
        squares[1..squares.len() - 1]
            .iter()
            .all(|m| it.any(|p| p == m))
    };
    let matching: Vec<&Move<S>> = legal.iter().filter(|m| fits(m)).collect();
    match matching.as_slice() {
        [one] => Ok(**one),
        [] => {
            let mut names: Vec<String> = legal.iter().map(|m| format_move_on(legal, m)).collect();
            names.sort();
            Err(MoveError::Illegal {
                input: t,
                reason: None,
                legal: names,
            })
        }
        many => {
            let mut names: Vec<String> = many.iter().map(|m| m.to_string()).collect();
            names.sort();
            Err(MoveError::Ambiguous {
                input: t,
                candidates: names,
            })
        }
    }
}

/// A move on a numbered board as PDN writes it: `32-28`; a capture by its
/// start and end (`28x10`) when no other legal move in `legal` has the
/// same start and end, else with every landing square (`28x19x10`).
///
/// On the boards named algebraically (10×8, Russian practice) every
/// landing square is written, joined by `:` (`c3:e5:g3`).
pub fn format_move_on<S: crate::Shape>(legal: &[Move<S>], mv: &Move<S>) -> String {
    if !S::NUMERIC || !mv.is_capture() || mv.len_path() == 1 {
        return mv.to_string();
    }
    let twins = legal
        .iter()
        .filter(|m| m.from() == mv.from() && m.to() == mv.to())
        .count();
    if twins > 1 {
        mv.to_string()
    } else {
        format!("{}x{}", mv.from(), mv.to())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn reads_every_spelling_of_a_quiet_move() {
        let p = Position::initial();
        for text in [
            "e3-d4", "E3-D4", "e3d4", "e3:d4", "e3 d4", "e3xd4", "23-18", "e3-d4!?", " e3-d4 ",
            "ed4",
        ] {
            let mv = parse_move(&p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(mv.to_string(), "e3-d4", "{text}");
        }
        // d4 alone is reached from c3 and e3
        let err = parse_move(&p, "d4").unwrap_err();
        assert_eq!(
            err,
            MoveError::Ambiguous {
                input: "d4".into(),
                candidates: vec!["c3-d4".into(), "e3-d4".into()]
            }
        );
        assert_eq!(parse_move(&p, "h4").unwrap().to_string(), "g3-h4");
    }

    #[test]
    fn captures_full_and_short() {
        // White man c3 takes d4 and f6 (two jumps, c3:e5:g7)
        let p = pos("W:Wc3:Bd4,f6,h8");
        let mv = parse_move(&p, "c3:e5:g7").unwrap();
        assert_eq!(mv.to_string(), "c3:e5:g7");
        assert_eq!(parse_move(&p, "c3:g7").unwrap(), mv);
        assert_eq!(parse_move(&p, "c3xg7").unwrap(), mv);
        assert_eq!(format_numeric(&mv), "22x15x8");
        assert_eq!(format_numeric_short(&mv), "22x8");
        assert_eq!(parse_move(&p, "22x8").unwrap(), mv);
        // stopping half way is not allowed
        let err = parse_move(&p, "c3:e5").unwrap_err();
        assert!(matches!(
            err,
            MoveError::Illegal {
                reason: Some(IllegalReason::CaptureNotFinished),
                ..
            }
        ));
        assert_eq!(err.options(), ["c3:e5:g7".to_string()]);
    }

    #[test]
    fn king_landing_choice_needs_the_end_square() {
        // King a1 takes c3 and may stop on any of d4, e5, f6, g7, h8
        let p = pos("W:WKa1:Bc3");
        let moves = p.legal_moves();
        assert_eq!(moves.len(), 5, "{moves:?}");
        let err = parse_move(&p, "a1").unwrap_err();
        assert!(matches!(err, MoveError::Illegal { .. }), "{err}");
        assert_eq!(parse_move(&p, "a1:e5").unwrap().to_string(), "a1:e5");
        assert!(matches!(
            parse_move(&p, "a1:b2"),
            Err(MoveError::Illegal { .. })
        ));
    }

    #[test]
    fn errors_explain_and_list_legal_moves() {
        let p = Position::initial();
        let e = parse_move(&p, "e3-e4").unwrap_err();
        assert!(matches!(e, MoveError::BadSquare { .. }), "{e}");
        assert!(e.to_string().contains("e4"), "{e}");
        let e = parse_move(&p, "d4-e5").unwrap_err();
        assert!(matches!(
            e,
            MoveError::Illegal {
                reason: Some(IllegalReason::EmptySquare(_)),
                ..
            }
        ));
        assert_eq!(e.options().len(), 7);
        let msg = e.to_string();
        assert!(
            msg.contains("no piece on d4") && msg.contains("c3-d4"),
            "{msg}"
        );
        let e = parse_move(&p, "b6-a5").unwrap_err();
        assert!(matches!(
            e,
            MoveError::Illegal {
                reason: Some(IllegalReason::NotYourPiece(_)),
                ..
            }
        ));
        // a quiet move while a capture is compulsory
        let p = pos("W:Wc3,g3:Bd4");
        let e = parse_move(&p, "g3-h4").unwrap_err();
        assert!(matches!(
            e,
            MoveError::Illegal {
                reason: Some(IllegalReason::MustCapture),
                ..
            }
        ));
        assert_eq!(e.options(), ["c3:e5".to_string()]);
        assert_eq!(parse_move(&p, "").unwrap_err(), MoveError::Empty);
        assert_eq!(parse_move(&p, "!?").unwrap_err(), MoveError::Empty);
        assert!(matches!(
            parse_move(&p, "hello"),
            Err(MoveError::BadSquare { .. })
        ));
        let stuck = pos("W:Wa1:Bb2,c3");
        assert_eq!(
            parse_move(&stuck, "a1-b2").unwrap_err(),
            MoveError::NoLegalMoves
        );
    }

    #[test]
    fn every_legal_move_round_trips() {
        for fen in [
            "W:W21-32:B1-12",
            "W:WKd8:Be7,g7,b4,d4",
            "W:WKd2:Bg7,b6,d6,f6,f4",
            "B:Wc5,e5,c3,e3,g3,b2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,e7,g7,b6,d6,f6,h6",
            "W:WKa1,Ke1,Kg1,h2:BKb8,Kf8,a7,c7",
        ] {
            let p = pos(fen);
            for mv in p.legal_moves() {
                assert_eq!(parse_move(&p, &mv.to_string()), Ok(mv), "{fen} {mv}");
                assert_eq!(parse_move(&p, &format_numeric(&mv)), Ok(mv), "{fen} {mv}");
            }
        }
    }

    #[test]
    fn move_numbers() {
        assert_eq!(move_number(Color::White, 1, 0), (1, false));
        assert_eq!(move_number(Color::White, 1, 1), (1, true));
        assert_eq!(move_number(Color::White, 1, 2), (2, false));
        assert_eq!(move_number(Color::Black, 5, 0), (5, true));
        assert_eq!(move_number(Color::Black, 5, 1), (6, false));
    }
}
