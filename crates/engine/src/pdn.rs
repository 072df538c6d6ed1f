//! PDN (Portable Draughts Notation): reading game files and writing games.
//!
//! Import reads any number of games: tags (`[White "Ivanov"]`), move numbers
//! (`12.`, `12...`), moves in algebraic or numeric notation with annotation
//! marks, NAGs (`$3`), comments (`{…}` and `;` to the end of the line, both
//! ignored), variations in parentheses (kept: an alternative to the move
//! before it), and results (`2-0`, `0-2`, `1-1`, also `1-0`, `0-1`,
//! `1/2-1/2` and `*`). Export writes `[GameType "25"]` (Russian draughts), the
//! `[FEN]` of a non-initial start, and the moves in algebraic notation.

use crate::fen::{parse_fen_full_in, to_fen_numeric_in, FenError};
use crate::game::Game;
use crate::moves::Move;
use crate::notation::{move_number, parse_move_in, MoveError};
use crate::position::Position;
use crate::rules::Variant8;
use std::fmt;

/// One half-move as written in a PDN file, with its alternatives.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PdnMove {
    /// The move text without annotation marks, e.g. `c3-d4` or `22x15`.
    pub text: String,
    /// Annotation marks that followed it (`!`, `?!`, …), if any.
    pub annotation: Option<String>,
    /// Variations: each is a line whose first move replaces this one.
    pub variations: Vec<Vec<PdnMove>>,
}

/// A game read from PDN.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PdnGame {
    /// Tags in file order.
    pub tags: Vec<(String, String)>,
    /// The main line.
    pub moves: Vec<PdnMove>,
    /// The result token that ended the movetext, if any.
    pub result: Option<String>,
}

/// What went wrong reading PDN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PdnError {
    /// A `[` tag without its `]`, or without a quoted value.
    BadTag {
        line: usize,
        text: String,
    },
    UnterminatedComment {
        line: usize,
    },
    /// A `)` without `(`, a `(` never closed, or a variation before any move.
    UnbalancedVariation {
        line: usize,
    },
    BadFen(FenError),
    /// The GameType tag names rules we do not play.
    UnknownGameType(String),
    /// A move of the main line is not legal (ply counts from 1).
    IllegalMove {
        ply: usize,
        text: String,
        error: MoveError,
    },
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdnError::BadTag { line, text } => write!(f, "line {line}: bad tag {text}"),
            PdnError::UnterminatedComment { line } => {
                write!(f, "line {line}: comment {{ is never closed")
            }
            PdnError::UnbalancedVariation { line } => {
                write!(f, "line {line}: unbalanced parentheses")
            }
            PdnError::BadFen(e) => write!(f, "bad FEN tag: {e}"),
            PdnError::UnknownGameType(t) => {
                write!(f, "GameType {t} is not supported (25 is Russian draughts)")
            }
            PdnError::IllegalMove { ply, text, error } => {
                write!(f, "half-move {ply} '{text}': {error}")
            }
        }
    }
}

impl std::error::Error for PdnError {}

const RESULTS: [&str; 8] = ["2-0", "0-2", "1-1", "1-0", "0-1", "1/2-1/2", "*", "0-0"];

impl PdnGame {
    /// The value of a tag (case-insensitive name).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The rules named by the GameType tag (Russian when absent).
    pub fn variant(&self) -> Result<Variant8, PdnError> {
        let Some(t) = self.tag("GameType") else {
            return Ok(Variant8::Russian);
        };
        let code = t.split(',').next().unwrap_or("").trim();
        match code {
            "25" | "" => Ok(match self.tag("Variant") {
                Some(v) if v.eq_ignore_ascii_case("poddavki") => Variant8::Poddavki,
                _ => Variant8::Russian,
            }),
            "26" => Ok(Variant8::Brazilian),
            "23" => Ok(Variant8::Pool),
            "21" => Ok(Variant8::English),
            "29" => Ok(Variant8::Czech),
            "22" => Ok(Variant8::Italian),
            "28" => Ok(Variant8::Portuguese),
            _ => Err(PdnError::UnknownGameType(t.to_string())),
        }
    }

    /// The start position: the FEN tag, or the initial position.
    pub fn start_position(&self) -> Result<Position, PdnError> {
        match self.tag("FEN") {
            Some(f) => parse_fen_full_in(self.variant()?, f)
                .map(|i| i.position)
                .map_err(PdnError::BadFen),
            None => Ok(self.variant()?.initial_position()),
        }
    }

    /// Play the main line: the position before each move, and the move.
    pub fn replay(&self) -> Result<Vec<(Position, Move)>, PdnError> {
        let variant = self.variant()?;
        let mut pos = self.start_position()?;
        replay_line(variant, &mut pos, &self.moves, 0)
    }

    /// The main line as a [`Game`] (its result from the rules, not the tag).
    pub fn to_game(&self) -> Result<Game, PdnError> {
        let mut game = Game::from_position(self.variant()?, self.start_position()?);
        if let Some(n) = self
            .tag("FEN")
            .and_then(|f| parse_fen_full_in(self.variant().ok()?, f).ok())
            .and_then(|i| i.move_number)
        {
            game.set_start_move_number(n);
        }
        for (i, m) in self.moves.iter().enumerate() {
            if game.is_over() {
                break;
            }
            game.play_text(&m.text).map_err(|e| PdnError::IllegalMove {
                ply: i + 1,
                text: m.text.clone(),
                error: match e {
                    crate::game::GameError::Move(me) => me,
                    crate::game::GameError::Over(_) => MoveError::NoLegalMoves,
                },
            })?;
        }
        Ok(game)
    }
}

/// Play `line` from `pos`; `ply0` is the number of half-moves before it.
pub fn replay_line(
    variant: Variant8,
    pos: &mut Position,
    line: &[PdnMove],
    ply0: usize,
) -> Result<Vec<(Position, Move)>, PdnError> {
    let mut out = Vec::with_capacity(line.len());
    for (i, m) in line.iter().enumerate() {
        let mv = parse_move_in(variant, pos, &m.text).map_err(|error| PdnError::IllegalMove {
            ply: ply0 + i + 1,
            text: m.text.clone(),
            error,
        })?;
        out.push((*pos, mv));
        *pos = pos.make(&mv);
    }
    Ok(out)
}

struct Reader<'a> {
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    line: usize,
}

impl Reader<'_> {
    fn next(&mut self) -> Option<char> {
        let (_, c) = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().map(|&(_, c)| c)
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.next() {
            if c == '\n' {
                break;
            }
        }
    }

    fn tag(&mut self) -> Result<(String, String), PdnError> {
        let line = self.line;
        let mut raw = String::from("[");
        let mut in_quotes = false;
        let mut escaped = false;
        loop {
            let Some(c) = self.next() else {
                return Err(PdnError::BadTag { line, text: raw });
            };
            raw.push(c);
            if in_quotes {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == '"' {
                    in_quotes = false;
                }
            } else if c == '"' {
                in_quotes = true;
            } else if c == ']' {
                break;
            }
        }
        let inner = raw[1..raw.len() - 1].trim();
        let (name, rest) = inner
            .split_once(|c: char| c.is_whitespace() || c == '"')
            .map(|(n, _)| (n, inner[n.len()..].trim()))
            .ok_or_else(|| PdnError::BadTag {
                line,
                text: raw.clone(),
            })?;
        let value = rest
            .strip_prefix('"')
            .and_then(|r| r.strip_suffix('"'))
            .ok_or_else(|| PdnError::BadTag {
                line,
                text: raw.clone(),
            })?;
        Ok((
            name.to_string(),
            value.replace("\\\"", "\"").replace("\\\\", "\\"),
        ))
    }

    fn word(&mut self) -> String {
        let mut w = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "[]{}();".contains(c) {
                break;
            }
            w.push(c);
            self.next();
        }
        w
    }
}

/// Split a word into an optional move-number prefix and the move itself.
fn strip_move_number(word: &str) -> &str {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && word[digits..].starts_with('.') {
        word[digits..].trim_start_matches('.')
    } else {
        word
    }
}

/// Read every game in `text`.
pub fn parse_pdn(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    let mut r = Reader {
        chars: text.char_indices().peekable(),
        line: 1,
    };
    let mut games = Vec::new();
    let mut game = PdnGame::default();
    let mut started = false; // the current game has movetext
                             // lines[0] is the main line; deeper entries are open variations
    let mut lines: Vec<Vec<PdnMove>> = vec![Vec::new()];
    let finish = |game: &mut PdnGame, lines: &mut Vec<Vec<PdnMove>>, line: usize| {
        if lines.len() != 1 {
            return Err(PdnError::UnbalancedVariation { line });
        }
        game.moves = std::mem::take(&mut lines[0]);
        Ok(std::mem::take(game))
    };
    while let Some(c) = r.peek() {
        match c {
            c if c.is_whitespace() => {
                r.next();
            }
            '[' => {
                if started {
                    games.push(finish(&mut game, &mut lines, r.line)?);
                    started = false;
                }
                r.next();
                game.tags.push(r.tag()?);
            }
            '{' => {
                let line = r.line;
                loop {
                    match r.next() {
                        Some('}') => break,
                        Some(_) => {}
                        None => return Err(PdnError::UnterminatedComment { line }),
                    }
                }
            }
            ';' => r.skip_line(),
            '%' => r.skip_line(),
            '(' => {
                r.next();
                if lines.last().is_none_or(Vec::is_empty) {
                    return Err(PdnError::UnbalancedVariation { line: r.line });
                }
                lines.push(Vec::new());
            }
            ')' => {
                r.next();
                if lines.len() < 2 {
                    return Err(PdnError::UnbalancedVariation { line: r.line });
                }
                let var = lines.pop().expect("checked");
                if let Some(m) = lines.last_mut().and_then(|l| l.last_mut()) {
                    m.variations.push(var);
                }
            }
            ']' | '}' => {
                r.next();
            }
            _ => {
                let word = r.word();
                if word.is_empty() {
                    r.next();
                    continue;
                }
                started = true;
                if RESULTS.contains(&word.as_str()) {
                    if lines.len() == 1 {
                        game.result = Some(word);
                        games.push(finish(&mut game, &mut lines, r.line)?);
                        started = false;
                    }
                    continue;
                }
                if word.starts_with('$') {
                    continue; // NAG
                }
                let mv = strip_move_number(&word);
                if mv.is_empty() {
                    continue;
                }
                let body = mv.trim_end_matches(['!', '?']);
                let marks = &mv[body.len()..];
                if body.is_empty() {
                    // marks written apart from the move: attach to the last one
                    if let Some(last) = lines.last_mut().and_then(|l| l.last_mut()) {
                        last.annotation = Some(marks.to_string());
                    }
                    continue;
                }
                lines.last_mut().expect("main line").push(PdnMove {
                    text: body.to_string(),
                    annotation: (!marks.is_empty()).then(|| marks.to_string()),
                    variations: Vec::new(),
                });
            }
        }
    }
    if started || !game.tags.is_empty() {
        games.push(finish(&mut game, &mut lines, r.line)?);
    }
    Ok(games)
}

/// How to write a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PdnStyle {
    /// Numeric squares (`22-17`) instead of algebraic (`c3-d4`).
    pub numeric: bool,
}

fn quote(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Write `game` as PDN with `tags` (Event, White, Black, …). GameType,
/// Result and, for a non-initial start, SetUp and FEN are added; a tag given in `tags`
/// with one of those names is ignored.
pub fn write_pdn(game: &Game, tags: &[(&str, &str)], style: PdnStyle) -> String {
    let result = game.outcome().map(|o| o.pdn_result()).unwrap_or("*");
    let mut out = String::new();
    let own = ["gametype", "result", "fen", "setup"];
    for (k, v) in tags {
        if !own.contains(&k.to_ascii_lowercase().as_str()) {
            out.push_str(&format!("[{k} \"{}\"]\n", quote(v)));
        }
    }
    let game_type = game.variant().pdn_game_type();
    out.push_str(&format!("[GameType \"{game_type}\"]\n"));
    if game.variant() == Variant8::Poddavki {
        out.push_str("[Variant \"poddavki\"]\n");
    }
    let start = game.start_position();
    if *start != game.variant().initial_position() || game.start_move_number() != 1 {
        let mut fen = to_fen_numeric_in(game.variant(), start);
        if game.start_move_number() != 1 {
            fen.push_str(&format!(":F{}", game.start_move_number()));
        }
        // SetUp "1": the game does not begin from the initial position
        out.push_str("[SetUp \"1\"]\n");
        out.push_str(&format!("[FEN \"{fen}\"]\n"));
    }
    out.push_str(&format!("[Result \"{result}\"]\n\n"));
    let first = game.variant().numbering_side(start.side_to_move());
    let mut tokens = Vec::new();
    for (ply, mv) in game.moves().iter().enumerate() {
        let (n, black) = move_number(first, game.start_move_number(), ply);
        if !black {
            tokens.push(format!("{n}."));
        } else if ply == 0 {
            tokens.push(format!("{n}..."));
        }
        tokens.push(if style.numeric || game.variant().numeric_notation() {
            game.variant().format_numeric(mv)
        } else {
            mv.to_string()
        });
    }
    tokens.push(result.to_string());
    push_movetext(&mut out, &tokens);
    out
}

/// Append movetext `tokens` to `out`: separated by spaces, in lines of at
/// most 79 characters (a longer token stands alone), ending with a newline.
pub(crate) fn push_movetext(out: &mut String, tokens: &[String]) {
    let mut line_len = 0;
    for t in tokens {
        if line_len > 0 && line_len + 1 + t.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(t);
        line_len += t.len();
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_moves_comments_variations_and_results() {
        let text = r#"
[Event "Correspondence \"Postal\" 1887"]
[White "Ivanov"]
[GameType "25"]
[Result "2-0"]

1. e3-d4 {a classical start} d6-c5 ; a line comment
2. g3-f4?! (2. c3-b4 c5:a3!) c5:e3:g5 $2 3. h2-g3 (3. f2-e3) 2-0

[Event "second"]
1. 22-18 11-15 2. 18x11 8x15 *
"#;
        let games = parse_pdn(text).unwrap();
        assert_eq!(games.len(), 2);
        let g = &games[0];
        assert_eq!(g.tag("event"), Some("Correspondence \"Postal\" 1887"));
        assert_eq!(g.result.as_deref(), Some("2-0"));
        let texts: Vec<&str> = g.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["e3-d4", "d6-c5", "g3-f4", "c5:e3:g5", "h2-g3"]);
        assert_eq!(g.moves[2].annotation.as_deref(), Some("?!"));
        assert_eq!(g.moves[2].variations.len(), 1);
        assert_eq!(g.moves[2].variations[0][1].text, "c5:a3");
        assert_eq!(g.moves[2].variations[0][1].annotation.as_deref(), Some("!"));
        assert_eq!(g.moves[4].variations[0][0].text, "f2-e3");
        let played = g.replay().unwrap();
        assert_eq!(played.len(), 5);
        assert_eq!(played[3].1.to_string(), "c5:e3:g5");
        let game = g.to_game().unwrap();
        assert_eq!(game.ply(), 5);

        let g2 = &games[1];
        assert_eq!(g2.result.as_deref(), Some("*"));
        let played = g2.replay().unwrap();
        assert_eq!(played[2].1.to_string(), "d4:f6");
        assert_eq!(played[3].1.to_string(), "g7:e5");
    }

    #[test]
    fn errors_are_located() {
        let e = parse_pdn("1. c3-d4 {never closed").unwrap_err();
        assert_eq!(e, PdnError::UnterminatedComment { line: 1 });
        assert!(matches!(
            parse_pdn("1. c3-d4 )"),
            Err(PdnError::UnbalancedVariation { .. })
        ));
        assert!(matches!(
            parse_pdn("( c3-d4 )"),
            Err(PdnError::UnbalancedVariation { .. })
        ));
        assert!(matches!(
            parse_pdn("[Event \"x\"\n1. c3-d4"),
            Err(PdnError::BadTag { .. })
        ));
        let g = &parse_pdn("1. c3-d4 f6-e5 2. d4-c5").unwrap()[0];
        let e = g.replay().unwrap_err();
        match &e {
            PdnError::IllegalMove { ply, text, error } => {
                assert_eq!(*ply, 3);
                assert_eq!(text, "d4-c5");
                assert_eq!(error.options(), ["d4:f6".to_string()]);
            }
            other => panic!("{other:?}"),
        }
        let g = &parse_pdn("[GameType \"20\"] 1. 32-28 *").unwrap()[0];
        assert!(matches!(g.replay(), Err(PdnError::UnknownGameType(_))));
    }

    #[test]
    fn writes_and_reads_back() {
        let mut game = Game::new(Variant8::Russian);
        for m in ["e3-d4", "d6-c5", "g3-f4", "c5:e3:g5", "h2-g3"] {
            game.play_text(m).unwrap();
        }
        let text = write_pdn(
            &game,
            &[("Event", "Test \"quoted\""), ("White", "A"), ("Black", "B")],
            PdnStyle::default(),
        );
        assert!(text.contains("[GameType \"25\"]"), "{text}");
        assert!(
            text.contains("1. e3-d4 d6-c5 2. g3-f4 c5:e3:g5 3. h2-g3 *"),
            "{text}"
        );
        let back = &parse_pdn(&text).unwrap()[0];
        assert_eq!(back.tag("Event"), Some("Test \"quoted\""));
        assert_eq!(back.to_game().unwrap().moves(), game.moves());

        let numeric = write_pdn(&game, &[], PdnStyle { numeric: true });
        assert!(numeric.contains("1. 23-18 10-14"), "{numeric}");
        assert_eq!(
            parse_pdn(&numeric).unwrap()[0].to_game().unwrap().moves(),
            game.moves()
        );

        // a start with Black to move and a move number
        let pos = Position::from_fen("B:Wc3,e3:Bf6,h6").unwrap();
        let mut game = Game::from_position(Variant8::Russian, pos);
        game.set_start_move_number(12);
        game.play_text("f6-g5").unwrap();
        game.play_text("e3-f4").unwrap();
        let text = write_pdn(&game, &[], PdnStyle::default());
        assert!(text.contains("[FEN \"B:W22,23:B11,12:F12\"]"), "{text}");
        assert!(text.contains("12... f6-g5 13. e3-f4"), "{text}");
        let back = parse_pdn(&text).unwrap()[0].to_game().unwrap();
        assert_eq!(back.moves(), game.moves());
        assert_eq!(back.start_move_number(), 12);
    }
}
