//! PDN-style FEN: `W:W21,22,K30:B1,2,3` or `W:Wa1,c1,Ke3:Bb8,Kh2`, with
//! optional numeric ranges (`W:W21-32:B1-12`) and an optional `:H<n>:F<n>`
//! suffix (half-move clock, move number).

use crate::position::{Color, Position};
use crate::rules::Variant8;
use crate::square::{squares, squares_in, Bitboard, Board8, Shape, Square, SquareError};
use std::fmt;

/// What was wrong with a FEN string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    Empty,
    /// The first field must be `W` or `B`.
    BadSideToMove(String),
    /// A piece list must start with `W` or `B`.
    BadColor(String),
    /// The same colour's list appears twice.
    DuplicateColor(char),
    BadSquare(String, SquareError),
    BadRange(String),
    /// A square (named as the board names it) is listed twice.
    DuplicateSquare(String),
    /// A man on its own crowning rank cannot exist.
    ManOnCrowningRank(String),
    /// More pieces of one colour than the wider boards' move generator
    /// takes (20: no game on them starts with more).
    TooManyPieces(Color, u32),
    BadNumber(String),
    UnknownField(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN (expected e.g. W:W21-32:B1-12)"),
            FenError::BadSideToMove(s) => {
                write!(f, "side to move must be W or B, found '{s}'")
            }
            FenError::BadColor(s) => {
                write!(f, "a piece list must start with W or B, found '{s}'")
            }
            FenError::DuplicateColor(c) => write!(f, "the {c} piece list appears twice"),
            FenError::BadSquare(s, e) => write!(f, "bad square '{s}': {e}"),
            FenError::BadRange(s) => {
                write!(
                    f,
                    "bad range '{s}' (ranges are numeric, low-high, e.g. 1-12)"
                )
            }
            FenError::DuplicateSquare(s) => write!(f, "square {s} is listed twice"),
            FenError::ManOnCrowningRank(s) => {
                write!(f, "a man on {s} would already be a king (write K{s})")
            }
            FenError::TooManyPieces(c, n) => {
                write!(f, "{c} has {n} pieces; at most 20 fit this board's games")
            }
            FenError::BadNumber(s) => write!(f, "bad number in '{s}'"),
            FenError::UnknownField(s) => write!(f, "unknown FEN field '{s}'"),
        }
    }
}

impl std::error::Error for FenError {}

/// A parsed FEN with its optional counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FenInfo<S: Shape = Board8> {
    pub position: Position<S>,
    pub halfmove_clock: Option<u32>,
    pub move_number: Option<u32>,
}

/// Parse a FEN into a position.
pub fn parse_fen(text: &str) -> Result<Position, FenError> {
    parse_fen_full(text).map(|i| i.position)
}

fn parse_square(variant: Variant8, tok: &str) -> Result<Square, FenError> {
    let t = tok.trim();
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        return t
            .parse::<u8>()
            .ok()
            .and_then(|n| variant.square_at_number(n))
            .ok_or_else(|| {
                FenError::BadSquare(
                    tok.to_string(),
                    SquareError::NumberOutOfRange(t.to_string()),
                )
            });
    }
    Square::parse(tok).map_err(|e| FenError::BadSquare(tok.to_string(), e))
}

/// Parse a FEN, keeping the `H` and `F` counters if present.
pub fn parse_fen_full(text: &str) -> Result<FenInfo, FenError> {
    parse_fen_full_in(Variant8::Russian, text)
}

/// [`parse_fen_full`] with square numbers in the variant's numbering
/// ([`Variant8::square_number`]: Italian and Portuguese count their own way).
pub fn parse_fen_full_in(variant: Variant8, text: &str) -> Result<FenInfo, FenError> {
    parse_with(
        text,
        |tok| parse_square(variant, tok),
        |n| variant.square_at_number(n),
    )
}

/// Parse a FEN of board `S` in its square numbers (`W:W31-50:B1-20`,
/// `B:BK17,K24:W6,9,10`), with optional ranges, `K` before a king and the
/// `H`/`F` counters. On the wider boards a side may have at most 20 pieces.
pub fn parse_fen_on<S: Shape>(text: &str) -> Result<FenInfo<S>, FenError> {
    let info = parse_with(
        text,
        |tok| Square::<S>::parse_on(tok).map_err(|e| FenError::BadSquare(tok.to_string(), e)),
        Square::<S>::numbered,
    )?;
    if S::SQUARES > 32 {
        for c in [Color::White, Color::Black] {
            let n = info.position.pieces_of(c).count_ones();
            if n > crate::moves::MAX_PATH as u32 {
                return Err(FenError::TooManyPieces(c, n));
            }
        }
    }
    Ok(info)
}

/// The FEN reader for any board: `square` reads a square token, `number` a
/// number of a range.
fn parse_with<S: Shape>(
    text: &str,
    square: impl Fn(&str) -> Result<Square<S>, FenError>,
    number: impl Fn(u8) -> Option<Square<S>>,
) -> Result<FenInfo<S>, FenError> {
    let t = text.trim_matches(|c: char| c == '"' || c == '.' || c.is_whitespace());
    if t.is_empty() {
        return Err(FenError::Empty);
    }
    let mut fields = t.split(':');
    let side_field = fields.next().unwrap_or("").trim();
    let side = match side_field.to_ascii_uppercase().as_str() {
        "W" => Color::White,
        "B" => Color::Black,
        _ => return Err(FenError::BadSideToMove(side_field.to_string())),
    };
    let mut bbs: [Bitboard; 2] = [0, 0];
    let mut seen = [false, false];
    let mut kings: Bitboard = 0;
    let mut halfmove_clock = None;
    let mut move_number = None;
    for field in fields {
        let field = field.trim();
        if field.is_empty() {
            continue;
        }
        let mut chars = field.chars();
        let head = chars.next().expect("non-empty").to_ascii_uppercase();
        let rest = chars.as_str();
        let color = match head {
            'W' => Color::White,
            'B' => Color::Black,
            'H' | 'F' => {
                let n: u32 = rest
                    .trim()
                    .parse()
                    .map_err(|_| FenError::BadNumber(field.to_string()))?;
                if head == 'H' {
                    halfmove_clock = Some(n);
                } else {
                    move_number = Some(n);
                }
                continue;
            }
            _ if field.starts_with(|c: char| c.is_ascii_alphanumeric()) => {
                return Err(FenError::UnknownField(field.to_string()))
            }
            _ => return Err(FenError::BadColor(field.to_string())),
        };
        let ci = color as usize;
        if seen[ci] {
            return Err(FenError::DuplicateColor(head));
        }
        seen[ci] = true;
        for item in rest.split(',') {
            let item = item.trim();
            if item.is_empty() {
                continue;
            }
            // `K` marks a king; so does `k`, except on a board with a k
            // file, where `k6` is that file's square
            let king_mark: &[char] = if S::FILES.contains(&b'k') {
                &['K']
            } else {
                &['K', 'k']
            };
            let (king, body) = match item.strip_prefix(king_mark) {
                Some(b) => (true, b.trim()),
                None => (false, item),
            };
            let mut targets: Vec<Square<S>> = Vec::new();
            if let Some((lo, hi)) = body.split_once('-') {
                let lo: u8 = lo
                    .trim()
                    .parse()
                    .map_err(|_| FenError::BadRange(item.to_string()))?;
                let hi: u8 = hi
                    .trim()
                    .parse()
                    .map_err(|_| FenError::BadRange(item.to_string()))?;
                if lo == 0 || hi > S::SQUARES || lo > hi {
                    return Err(FenError::BadRange(item.to_string()));
                }
                targets.extend((lo..=hi).filter_map(&number));
            } else {
                targets.push(square(body)?);
            }
            for sq in targets {
                let b = sq.bb();
                if (bbs[0] | bbs[1]) & b != 0 {
                    return Err(FenError::DuplicateSquare(sq.name()));
                }
                if !king && color.crown_rank::<S>() & b != 0 {
                    return Err(FenError::ManOnCrowningRank(sq.name()));
                }
                bbs[ci] |= b;
                if king {
                    kings |= b;
                }
            }
        }
    }
    Ok(FenInfo {
        position: Position::from_bitboards(bbs[0], bbs[1], kings, side),
        halfmove_clock,
        move_number,
    })
}

fn list(pos: &Position, c: Color, numeric: Option<Variant8>) -> String {
    let mut sqs: Vec<Square> = squares(pos.pieces_of(c)).collect();
    if let Some(v) = numeric {
        sqs.sort_by_key(|&s| v.square_number(s));
    }
    let items: Vec<String> = sqs
        .into_iter()
        .map(|s| {
            let k = if pos.kings() & s.bb() != 0 { "K" } else { "" };
            if let Some(v) = numeric {
                format!("{k}{}", v.square_number(s))
            } else {
                format!("{k}{s}")
            }
        })
        .collect();
    format!("{}{}", c.letter(), items.join(","))
}

/// A FEN of board `S` as its players write it: on 8×8 with algebraic
/// squares ([`to_fen`]); on the numbered boards in square numbers, three or
/// more men in a row as a range: `W:W31-50:B1-20`, `B:BK17,K24:W6,9-11`.
pub fn to_fen_on<S: Shape>(pos: &Position<S>) -> String {
    let side = pos.side_to_move().letter();
    if !S::NUMERIC {
        return format!(
            "{side}:{}:{}",
            list_in(pos, Color::White),
            list_in(pos, Color::Black)
        );
    }
    let list = |c: Color| {
        let mut sqs: Vec<(u8, bool)> = squares_in::<S>(pos.pieces_of(c))
            .map(|s| (s.pdn(), pos.kings() & s.bb() != 0))
            .collect();
        sqs.sort_unstable();
        let mut items: Vec<String> = Vec::new();
        let mut i = 0;
        while i < sqs.len() {
            let (n, king) = sqs[i];
            // a run of men on consecutive numbers
            let mut j = i;
            while !king && j + 1 < sqs.len() && sqs[j + 1] == (sqs[j].0 + 1, false) {
                j += 1;
            }
            if j >= i + 2 {
                items.push(format!("{n}-{}", sqs[j].0));
                i = j + 1;
            } else {
                items.push(format!("{}{n}", if king { "K" } else { "" }));
                i += 1;
            }
        }
        format!("{}{}", c.letter(), items.join(","))
    };
    format!("{side}:{}:{}", list(Color::White), list(Color::Black))
}

/// [`to_fen`]'s piece list for any board (bit order, algebraic).
fn list_in<S: Shape>(pos: &Position<S>, c: Color) -> String {
    let items: Vec<String> = squares_in::<S>(pos.pieces_of(c))
        .map(|s| {
            let k = if pos.kings() & s.bb() != 0 { "K" } else { "" };
            format!("{k}{s}")
        })
        .collect();
    format!("{}{}", c.letter(), items.join(","))
}

/// FEN for [`fmt::Debug`]: [`to_fen_on`].
pub(crate) fn to_fen_in<S: Shape>(pos: &Position<S>) -> String {
    to_fen_on(pos)
}

/// FEN with algebraic squares: `W:Wa1,c1,Ke3:Bb8,Kh2`.
pub fn to_fen(pos: &Position) -> String {
    format!(
        "{}:{}:{}",
        pos.side_to_move().letter(),
        list(pos, Color::White, None),
        list(pos, Color::Black, None)
    )
}

/// FEN with numeric PDN squares: `W:W21,22,K30:B1,2`.
pub fn to_fen_numeric(pos: &Position) -> String {
    to_fen_numeric_in(Variant8::Russian, pos)
}

/// FEN with the variant's square numbers (Italian: White's men on 21–32
/// counted from Black's right-hand corner; Portuguese: on 1–12).
pub fn to_fen_numeric_in(variant: Variant8, pos: &Position) -> String {
    format!(
        "{}:{}:{}",
        pos.side_to_move().letter(),
        list(pos, Color::White, Some(variant)),
        list(pos, Color::Black, Some(variant))
    )
}

impl Position {
    /// Parse a FEN (see [`parse_fen`]).
    pub fn from_fen(text: &str) -> Result<Position, FenError> {
        parse_fen(text)
    }

    /// FEN with algebraic squares.
    pub fn to_fen(&self) -> String {
        to_fen(self)
    }
}

impl std::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_fen(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_position_in_all_spellings() {
        let init = Position::initial();
        let a = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";
        assert_eq!(parse_fen(a).unwrap(), init);
        assert_eq!(parse_fen("W:W21-32:B1-12").unwrap(), init);
        assert_eq!(parse_fen(" \"W:W21-32:B1-12:H0:F1\". ").unwrap(), init);
        assert_eq!(to_fen(&init), a);
        assert_eq!(
            to_fen_numeric(&init),
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
        );
    }

    #[test]
    fn kings_and_counters() {
        let i = parse_fen_full("B:WKa1,c3:BKh8,b6:H7:F20").unwrap();
        assert_eq!(i.halfmove_clock, Some(7));
        assert_eq!(i.move_number, Some(20));
        assert_eq!(to_fen(&i.position), "B:WKa1,c3:Bb6,Kh8");
        assert_eq!(i.position.side_to_move(), Color::Black);
        assert_eq!(i.position.count(Color::White), (1, 1));
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(parse_fen(""), Err(FenError::Empty));
        assert!(matches!(
            parse_fen("X:W1:B2"),
            Err(FenError::BadSideToMove(_))
        ));
        assert!(matches!(
            parse_fen("W:Wa2:B1"),
            Err(FenError::BadSquare(_, SquareError::LightSquare(_)))
        ));
        assert!(matches!(
            parse_fen("W:W21:B21"),
            Err(FenError::DuplicateSquare(_))
        ));
        assert!(matches!(
            parse_fen("W:Wb8:Ba1"),
            Err(FenError::ManOnCrowningRank(_))
        ));
        assert!(matches!(parse_fen("W:W12-3:B"), Err(FenError::BadRange(_))));
        assert!(matches!(
            parse_fen("W:W21:W22"),
            Err(FenError::DuplicateColor('W'))
        ));
        assert!(matches!(parse_fen("W:Q1"), Err(FenError::UnknownField(_))));
        let msg = parse_fen("W:Wz9:B1").unwrap_err().to_string();
        assert!(msg.contains("z9"), "{msg}");
    }
}
