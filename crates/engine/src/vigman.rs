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
//! dark squares, `b3-a4`… on the light ones).
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
use crate::search::tt::Bound;
use crate::search::{from_tt, to_tt};
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

/// Sub-moves in a row without a capture or a man moved, on either board,
/// that draw (15 turns of each side, two sub-moves a turn: the Russian
/// kings-only rule counted over the double game).
pub const QUIET_KING_SUB_MOVES: u32 = 60;

/// Why a sub-move or an action was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VigmanGameError {
    /// The game is over.
    Over(crate::game::Outcome),
    /// Not a legal sub-move here (the text, cut to 32 characters), with
    /// the legal ones written out.
    Illegal { input: String, legal: Vec<String> },
}

impl fmt::Display for VigmanGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VigmanGameError::Over(o) => write!(f, "the game is over: {o}"),
            VigmanGameError::Illegal { input, .. } => write!(f, "{input} is not a legal move"),
        }
    }
}

impl std::error::Error for VigmanGameError {}

/// A Vigman game: the start, every sub-move, and how it ended.
///
/// Results: a player who cannot make a sub-move loses both games (4–0);
/// resignation and a missed deadline lose both; a draw (2–2) is agreed, or
/// follows from the same whole position (both boards, the side, the
/// sub-move due) for the third time, or from [`QUIET_KING_SUB_MOVES`]
/// sub-moves with kings only, no capture and no man moved, on either board.
#[derive(Debug, Clone)]
pub struct VigmanGame {
    positions: Vec<VigmanPosition>,
    moves: Vec<VigmanMove>,
    /// Quiet king sub-moves in a row before each position.
    quiet: Vec<u32>,
    outcome: Option<crate::game::Outcome>,
}

impl Default for VigmanGame {
    fn default() -> Self {
        VigmanGame::new()
    }
}

impl VigmanGame {
    pub fn new() -> VigmanGame {
        VigmanGame::from_position(VigmanPosition::initial())
    }

    /// A game from any position (its result is checked at once).
    pub fn from_position(start: VigmanPosition) -> VigmanGame {
        let mut g = VigmanGame {
            positions: vec![start],
            moves: Vec::new(),
            quiet: vec![0],
            outcome: None,
        };
        g.outcome = g.rule_outcome();
        g
    }

    pub fn position(&self) -> &VigmanPosition {
        self.positions.last().expect("a game has a position")
    }

    pub fn start_position(&self) -> &VigmanPosition {
        &self.positions[0]
    }

    pub fn moves(&self) -> &[VigmanMove] {
        &self.moves
    }

    pub fn outcome(&self) -> Option<crate::game::Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Quiet king sub-moves in a row so far.
    pub fn quiet_sub_moves(&self) -> u32 {
        *self.quiet.last().expect("a game has a counter")
    }

    /// The hashes of the positions before the current one.
    pub fn history_hashes(&self) -> Vec<u64> {
        self.positions[..self.positions.len() - 1]
            .iter()
            .map(VigmanPosition::hash)
            .collect()
    }

    pub fn legal_moves(&self) -> Vec<VigmanMove> {
        if self.is_over() {
            return Vec::new();
        }
        self.position().legal_moves()
    }

    fn rule_outcome(&self) -> Option<crate::game::Outcome> {
        use crate::game::{DrawReason, Outcome, WinReason};
        let pos = self.position();
        if pos.legal_moves().is_empty() {
            return Some(Outcome::Win {
                winner: pos.side_to_move().opposite(),
                reason: WinReason::NoLegalMoves,
            });
        }
        if self.positions.iter().filter(|p| *p == pos).count() >= 3 {
            return Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            });
        }
        if self.quiet_sub_moves() >= QUIET_KING_SUB_MOVES {
            return Some(Outcome::Draw {
                reason: DrawReason::KingsOnly,
            });
        }
        None
    }

    /// Play sub-move `m` (one of [`Self::legal_moves`]).
    pub fn play(
        &mut self,
        m: &VigmanMove,
    ) -> Result<Option<crate::game::Outcome>, VigmanGameError> {
        if let Some(o) = self.outcome {
            return Err(VigmanGameError::Over(o));
        }
        if !self.position().legal_moves().contains(m) {
            return Err(self.illegal(&m.to_string()));
        }
        let before = self.position();
        let board = before
            .board(m.squares)
            .with_side_to_move(before.side_to_move());
        let man_moved = board
            .piece_at(m.mv.from())
            .is_some_and(|p| p.kind == Kind::Man);
        let quiet = if m.mv.is_capture() || man_moved {
            0
        } else {
            self.quiet_sub_moves() + 1
        };
        let next = before.play(m);
        self.positions.push(next);
        self.moves.push(*m);
        self.quiet.push(quiet);
        self.outcome = self.rule_outcome();
        Ok(self.outcome)
    }

    fn illegal(&self, text: &str) -> VigmanGameError {
        let mut legal: Vec<String> = self.legal_moves().iter().map(|m| m.to_string()).collect();
        legal.sort();
        VigmanGameError::Illegal {
            input: text.chars().take(32).collect(),
            legal,
        }
    }

    /// Play a sub-move written as text (`c3-d4`, `b2:d4`).
    pub fn play_text(&mut self, text: &str) -> Result<VigmanMove, VigmanGameError> {
        if let Some(o) = self.outcome {
            return Err(VigmanGameError::Over(o));
        }
        let m = self
            .position()
            .parse_move(text)
            .ok_or_else(|| self.illegal(text))?;
        self.play(&m)?;
        Ok(m)
    }

    /// Take back the last sub-move.
    pub fn undo(&mut self) -> Option<VigmanMove> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.quiet.pop();
        self.outcome = self.rule_outcome();
        Some(m)
    }

    fn finish(&mut self, o: crate::game::Outcome) -> Result<crate::game::Outcome, VigmanGameError> {
        if let Some(done) = self.outcome {
            return Err(VigmanGameError::Over(done));
        }
        self.outcome = Some(o);
        Ok(o)
    }

    pub fn resign(&mut self, loser: Color) -> Result<crate::game::Outcome, VigmanGameError> {
        self.finish(crate::game::Outcome::Win {
            winner: loser.opposite(),
            reason: crate::game::WinReason::Resignation,
        })
    }

    pub fn time_out(&mut self, loser: Color) -> Result<crate::game::Outcome, VigmanGameError> {
        self.finish(crate::game::Outcome::Win {
            winner: loser.opposite(),
            reason: crate::game::WinReason::Timeout,
        })
    }

    pub fn agree_draw(&mut self) -> Result<crate::game::Outcome, VigmanGameError> {
        self.finish(crate::game::Outcome::Draw {
            reason: crate::game::DrawReason::Agreement,
        })
    }

    /// The points of the two games together as (White, Black), once over:
    /// 4–0, 0–4 or 2–2.
    pub fn points(&self) -> Option<(u32, u32)> {
        Some(match self.outcome?.winner() {
            Some(Color::White) => (4, 0),
            Some(Color::Black) => (0, 4),
            None => (2, 2),
        })
    }
}

/// Material and advancement of one board for White (men 100 and up to 20
/// for their progress, kings 300).
fn board_value(pos: &Position) -> i32 {
    let mut v = 0;
    for (sq, p) in pos.pieces() {
        let value = match p.kind {
            Kind::King => 300,
            Kind::Man => {
                let progress = match p.color {
                    Color::White => sq.rank(),
                    Color::Black => 7 - sq.rank(),
                };
                100 + 3 * i32::from(progress)
            }
        };
        v += if p.color == Color::White {
            value
        } else {
            -value
        };
    }
    v
}

/// The position's value for White: both boards' material and advancement.
pub fn evaluate(pos: &VigmanPosition) -> i32 {
    board_value(pos.board(Squares::Dark)) + board_value(pos.board(Squares::Light))
}

/// A won position's score in [`search`] (less the sub-moves to reach it).
pub const WIN: i32 = 1_000_000;

/// Level 8's transposition table: positions already searched in this
/// move's search, by hash. Two sub-moves of one turn on different boards
/// lead to one position in either order, so a search a turn or more deep
/// meets most positions more than once.
struct Table {
    entries: Vec<Entry>,
    mask: usize,
    /// How often each sub-move (board, from, to) refuted a position,
    /// weighted by depth: the order of the sub-moves the table names none of.
    history: Vec<u32>,
}

/// A searched position: its score (mates counted from this position by
/// the search's `to_tt`: Vigman's evaluation stays far below its
/// `WIN_BOUND`, and its wins far above), the depth it was searched to,
/// what the score is, and the best sub-move's index in `legal_moves`
/// (tried first next time).
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    depth: u8,
    bound: Bound,
    best: u16,
}

impl Table {
    /// A table of `2^bits` entries.
    fn new(bits: u32) -> Table {
        Table {
            entries: vec![Entry::default(); 1 << bits],
            mask: (1 << bits) - 1,
            history: vec![0; 2 * 64 * 64],
        }
    }

    fn history_slot(m: &VigmanMove) -> usize {
        let board = usize::from(m.squares == Squares::Light);
        (board * 64 + usize::from(m.mv.from().bit())) * 64 + usize::from(m.mv.to().bit())
    }

    fn get(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.bound != Bound::None && e.key == key).then_some(e)
    }

    fn put(&mut self, e: Entry) {
        let slot = &mut self.entries[e.key as usize & self.mask];
        // keep a deeper result of the same position
        if slot.key != e.key || slot.depth <= e.depth {
            *slot = e;
        }
    }
}

/// Alpha-beta over sub-moves, White maximising; the side changes every
/// second sub-move, so the search keeps the colour rather than negating
/// (a stored bound is White's too). With a `table`, a position searched
/// deep enough before answers from it, and its best sub-move is tried
/// first.
#[allow(clippy::too_many_arguments)]
fn minimax(
    pos: &VigmanPosition,
    depth: u32,
    mut alpha: i32,
    mut beta: i32,
    ply: i32,
    nodes: &mut u64,
    budget: u64,
    mut table: Option<&mut Table>,
) -> i32 {
    *nodes += 1;
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return match pos.side_to_move() {
            Color::White => -WIN + ply,
            Color::Black => WIN - ply,
        };
    }
    // a capture pending is never a resting point
    let forcing = moves[0].mv.is_capture();
    if (depth == 0 && !forcing) || *nodes >= budget || ply > 40 {
        return evaluate(pos);
    }
    let key = pos.hash();
    let (alpha0, beta0) = (alpha, beta);
    let mut first = 0;
    if let Some(e) = table.as_deref().and_then(|t| t.get(key)) {
        if u32::from(e.depth) >= depth {
            let s = from_tt(e.score, ply as usize);
            match e.bound {
                Bound::Exact => return s,
                Bound::Lower if s >= beta => return s,
                Bound::Upper if s <= alpha => return s,
                _ => {}
            }
        }
        if usize::from(e.best) < moves.len() {
            first = usize::from(e.best);
        }
    }
    let left = depth.saturating_sub(1);
    let white = pos.side_to_move() == Color::White;
    let mut best = if white { -WIN - 1 } else { WIN + 1 };
    let mut best_move = first;
    // with a table: its best first, then the rest by their history;
    // without one, in order (no list to build on this hot path)
    let ranked = table.as_deref().map(|t| {
        let mut rest: Vec<usize> = (0..moves.len()).filter(|&i| i != first).collect();
        rest.sort_by_key(|&i| std::cmp::Reverse(t.history[Table::history_slot(&moves[i])]));
        rest
    });
    let in_order = ranked.is_none().then_some(1..moves.len());
    let rest = ranked
        .into_iter()
        .flatten()
        .chain(in_order.into_iter().flatten());
    for i in std::iter::once(first).chain(rest) {
        let s = minimax(
            &pos.play(&moves[i]),
            left,
            alpha,
            beta,
            ply + 1,
            nodes,
            budget,
            table.as_deref_mut(),
        );
        if (white && s > best) || (!white && s < best) {
            best = s;
            best_move = i;
        }
        if white {
            alpha = alpha.max(s);
        } else {
            beta = beta.min(s);
        }
        if alpha >= beta {
            if let Some(t) = table.as_deref_mut() {
                let h = &mut t.history[Table::history_slot(&moves[i])];
                *h = h.saturating_add(depth * depth);
            }
            break;
        }
    }
    // a search cut short by the budget is thrown away: store nothing of it
    if let Some(t) = table.filter(|_| *nodes < budget) {
        t.put(Entry {
            key,
            score: to_tt(best, ply as usize),
            depth: depth.min(255) as u8,
            bound: if best <= alpha0 {
                Bound::Upper
            } else if best >= beta0 {
                Bound::Lower
            } else {
                Bound::Exact
            },
            best: best_move as u16,
        });
    }
    best
}

/// The AI's sub-move at `level` (1–8): a search as deep as the level's
/// depth and node budget allow ([`level_search`]; captures followed to
/// the end); weak levels
/// sometimes take the second best (by `seed`). `None` when no sub-move
/// exists.
pub fn choose_move(game: &VigmanGame, level: u8, seed: u64) -> Option<VigmanMove> {
    let pos = game.position();
    let moves = game.legal_moves();
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    let level = level.clamp(1, 8);
    let (depth, budget) = level_search(level);
    let miss = match level {
        1 => 40,
        2 => 25,
        3 => 10,
        _ => 0,
    };
    let white = pos.side_to_move() == Color::White;
    let mut table = (level >= TABLE_LEVEL).then(|| Table::new(TABLE_BITS));
    let (done, _) = deepen(
        pos,
        &game.positions,
        moves.clone(),
        depth,
        budget,
        miss > 0,
        table.as_mut(),
    );
    let scored = done.unwrap_or_else(|| {
        // not even one sub-move deep within the budget: the static view
        let mut s: Vec<(i32, VigmanMove)> = moves
            .iter()
            .map(|m| {
                let e = evaluate(&pos.play(m));
                (if white { e } else { -e }, *m)
            })
            .collect();
        s.sort_by_key(|e| std::cmp::Reverse(e.0));
        s
    });
    let mut rng = seed ^ pos.hash();
    if miss > 0 && crate::rng::splitmix(&mut rng) % 100 < miss {
        return Some(scored[1].1);
    }
    Some(scored[0].1)
}

/// A level's search: its deepest depth in sub-moves and its node budget,
/// doubled per level. Levels 1–7 search `level + 1` sub-moves deep;
/// level 8 searches with a transposition table and history ordering
/// ([`Table`]) up to 14, which its 5.12 M nodes take to 10–11 sub-moves
/// in most middlegames, against level 7's 8 (`vigman_depth_probe`). At
/// level 7's depth + 1 without the table it won no more games than 7
/// (51 % over 100, BENCHMARKS.md).
fn level_search(level: u8) -> (u32, u64) {
    if level >= TABLE_LEVEL {
        return (14, 20_000u64 << level);
    }
    (u32::from(level) + 1, 20_000u64 << level)
}

/// The first level that searches with a transposition table, and the
/// table's size (2^20 entries of 16 bytes: 16 MiB while it thinks).
const TABLE_LEVEL: u8 = 8;
const TABLE_BITS: u32 = 20;
const _: () = assert!(std::mem::size_of::<Entry>() == 16);

/// `pos`'s sub-moves `moves` scored from the mover's view, best first, by
/// the deepest search up to `depth` sub-moves that finished within
/// `budget` nodes (`None`: not even one sub-move deep), and that depth.
///
/// Deepened one sub-move at a time, the best first; an iteration that
/// runs out of the node budget is dropped whole, so every sub-move is
/// judged at the same depth (a single pass judged the last sub-moves by
/// whatever budget the first ones left, and deeper levels lost to
/// shallower ones). With `exact` every sub-move is scored exactly (the
/// levels that sometimes take the second best); else only the best
/// needs to be, and the rest are searched against it. A sub-move to a
/// position of `history` seen twice already scores as a draw.
#[allow(clippy::type_complexity)]
fn deepen(
    pos: &VigmanPosition,
    history: &[VigmanPosition],
    moves: Vec<VigmanMove>,
    depth: u32,
    budget: u64,
    exact: bool,
    mut table: Option<&mut Table>,
) -> (Option<Vec<(i32, VigmanMove)>>, u32) {
    let white = pos.side_to_move() == Color::White;
    let mut nodes = 0u64;
    let mut order = moves;
    let mut done = None;
    let mut reached = 0;
    for d in 1..=depth {
        let mut scored: Vec<(i32, VigmanMove)> = Vec::with_capacity(order.len());
        let mut best = -WIN - 1;
        let mut complete = true;
        for m in &order {
            let next = pos.play(m);
            // from the mover's view: only a better score than `best` matters
            let (alpha, beta) = match (exact, white) {
                (true, _) => (-WIN - 1, WIN + 1),
                (false, true) => (best, WIN + 1),
                (false, false) => (-WIN - 1, -best),
            };
            let s = minimax(
                &next,
                d - 1,
                alpha,
                beta,
                1,
                &mut nodes,
                budget,
                table.as_deref_mut(),
            );
            if nodes >= budget {
                complete = false;
                break;
            }
            // repetition avoidance: a position seen twice scores as a draw
            let seen = history.iter().filter(|p| **p == next).count();
            let s = if seen >= 2 { 0 } else { s };
            let s = if white { s } else { -s };
            best = best.max(s);
            scored.push((s, *m));
        }
        if !complete {
            break;
        }
        scored.sort_by_key(|e| std::cmp::Reverse(e.0));
        order = scored.iter().map(|e| e.1).collect();
        done = Some(scored);
        reached = d;
    }
    (done, reached)
}

/// The best sub-move of `pos` by a search `depth` sub-moves deep (captures
/// followed to the end) within `budget` nodes, and its score from the side
/// to move's view (a win: more than `WIN - 1_000`); `None` when no
/// sub-move exists. No history and no noise: the analysis and the opening
/// lists call it.
pub fn search(pos: &VigmanPosition, depth: u32, budget: u64) -> Option<(VigmanMove, i32)> {
    let white = pos.side_to_move() == Color::White;
    let mut nodes = 0u64;
    let mut best: Option<(VigmanMove, i32)> = None;
    for m in pos.legal_moves() {
        let s = minimax(
            &pos.play(&m),
            depth.max(1) - 1,
            -WIN - 1,
            WIN + 1,
            1,
            &mut nodes,
            budget,
            None,
        );
        let s = if white { s } else { -s };
        if best.is_none_or(|(_, b)| s > b) {
            best = Some((m, s));
        }
    }
    best
}

#[cfg(test)]
mod game_tests {
    use super::*;
    use crate::game::{DrawReason, Outcome, WinReason};

    #[test]
    fn a_turn_is_two_sub_moves_and_the_record_replays() {
        let mut g = VigmanGame::new();
        g.play_text("c3-d4").expect("dark sub-move");
        assert_eq!(g.position().side_to_move(), Color::White);
        let light = g
            .legal_moves()
            .into_iter()
            .find(|m| m.squares == Squares::Light)
            .expect("a light move");
        g.play(&light).expect("light sub-move");
        assert_eq!(g.position().side_to_move(), Color::Black);
        assert_eq!(g.moves().len(), 2);
        assert_eq!(g.undo(), Some(light));
        assert_eq!(g.position().side_to_move(), Color::White);
    }

    #[test]
    fn a_wrong_sub_move_lists_the_legal_ones_and_changes_nothing() {
        let mut g = VigmanGame::new();
        match g.play_text("a1-h8") {
            Err(VigmanGameError::Illegal { legal, .. }) => assert_eq!(legal.len(), 14),
            other => panic!("{other:?}"),
        }
        assert!(g.moves().is_empty());
    }

    #[test]
    fn resignation_and_the_sum_of_both_games() {
        let mut g = VigmanGame::new();
        assert_eq!(g.points(), None);
        g.resign(Color::Black).expect("resign");
        assert_eq!(g.points(), Some((4, 0)));
        assert!(g.play_text("c3-d4").is_err());
        let mut d = VigmanGame::new();
        d.agree_draw().expect("draw");
        assert_eq!(d.points(), Some((2, 2)));
    }

    #[test]
    fn kings_shuffling_draw_by_repetition() {
        // a king on each colour for each side, no capture anywhere
        let pos = VigmanPosition::parse_fen("W:WKc1,Kb1:BKh8,Kh7").expect("fen");
        let mut g = VigmanGame::from_position(pos);
        let cycle = [
            "c1-d2", "b1-a2", "h8-g7", "h7-g6", "d2-c1", "a2-b1", "g7-h8", "g6-h7",
        ];
        for text in cycle.iter().chain(cycle.iter()) {
            if g.is_over() {
                break;
            }
            g.play_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        }
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::Repetition
            })
        );
    }

    #[test]
    fn a_player_without_a_sub_move_loses_both_games() {
        // Black's only pieces are taken or blocked: White to capture the last
        let pos = VigmanPosition::parse_fen("W:Wc3,b2:Bd4").expect("fen");
        let mut g = VigmanGame::from_position(pos);
        g.play_text("c3:e5").expect("the capture");
        assert_eq!(g.outcome(), None, "White's second sub-move is due");
        g.play_text("b2-c3").expect("the second sub-move");
        assert_eq!(
            g.outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::NoLegalMoves
            })
        );
        assert_eq!(g.points(), Some((4, 0)));
    }

    #[test]
    fn the_ai_takes_a_free_piece_and_finishes_games() {
        let pos = VigmanPosition::parse_fen("W:Wc3,b2,h2:Bd4,a7").expect("fen");
        let g = VigmanGame::from_position(pos);
        let m = choose_move(&g, 4, 1).expect("a move");
        assert!(m.mv.is_capture());
        // level 1 against level 1 from the start: the game ends within
        // the move cap, and every AI sub-move was legal
        let mut g = VigmanGame::new();
        for i in 0..400 {
            let Some(m) = choose_move(&g, 1, i) else {
                break;
            };
            g.play(&m).expect("legal");
            if g.is_over() {
                break;
            }
        }
        assert!(g.moves().len() > 10);
    }

    /// Positions reached by seeded random sub-moves from the start (8–47
    /// sub-moves), each with more than one sub-move.
    pub(super) fn random_positions(count: usize, seed: u64) -> Vec<VigmanPosition> {
        let mut rng = seed;
        let mut positions = Vec::new();
        while positions.len() < count {
            let mut pos = VigmanPosition::initial();
            let plies = 8 + crate::rng::splitmix(&mut rng) % 40;
            for _ in 0..plies {
                let ms = pos.legal_moves();
                if ms.is_empty() {
                    break;
                }
                let i = (crate::rng::splitmix(&mut rng) % ms.len() as u64) as usize;
                pos = pos.play(&ms[i]);
            }
            if pos.legal_moves().len() > 1 {
                positions.push(pos);
            }
        }
        positions
    }

    /// Level 8's transposition table changes how fast the search is, not
    /// what it finds: on these positions of every stage and endings won
    /// within the depth, a search to a fixed depth without a node limit
    /// scores every root sub-move the same with the table as without it,
    /// and visits fewer positions. (Not a law: a position met again at
    /// another ply may take a deeper result from the table.)
    #[test]
    fn the_table_finds_the_same_scores_in_fewer_nodes() {
        let mut positions = random_positions(24, 11);
        for fen in [
            "W:Wc3,b2,h2:Bd4",
            "W:Wc3,b2,h2:Bd4,a7",
            "W:WKc3,b2:Bd4,Kh8,a7",
        ] {
            positions.push(VigmanPosition::parse_fen(fen).expect("fen"));
        }
        let mut mates = 0;
        let (mut plain_nodes, mut table_nodes) = (0u64, 0u64);
        for (n, p) in positions.iter().enumerate() {
            let depth = 6;
            let plain = deepen(p, &[], p.legal_moves(), depth, u64::MAX, true, None);
            let mut table = Table::new(16);
            let with = deepen(
                p,
                &[],
                p.legal_moves(),
                depth,
                u64::MAX,
                true,
                Some(&mut table),
            );
            assert_eq!((plain.1, with.1), (depth, depth));
            let sorted = |s: Option<Vec<(i32, VigmanMove)>>| {
                let mut s: Vec<(i32, String)> = s
                    .expect("scored")
                    .into_iter()
                    .map(|(v, m)| (v, m.to_string()))
                    .collect();
                s.sort();
                s
            };
            let (plain, with) = (sorted(plain.0), sorted(with.0));
            assert_eq!(plain, with, "position {n}: {}", p.to_fen());
            mates += plain.iter().filter(|(v, _)| v.abs() > WIN - 1_000).count();
            let count = |t: Option<&mut Table>| {
                let mut nodes = 0;
                minimax(p, depth, -WIN - 1, WIN + 1, 0, &mut nodes, u64::MAX, t);
                nodes
            };
            plain_nodes += count(None);
            table_nodes += count(Some(&mut Table::new(16)));
        }
        assert!(mates > 0, "no won ending among the positions");
        assert!(table_nodes < plain_nodes, "{table_nodes} >= {plain_nodes}");
    }

    /// A win stored from a position at one ply and read at another is
    /// counted from where it is read: a win 2 sub-moves after a position
    /// met 3 sub-moves from the root is, met 1 from the root, a win 3
    /// sub-moves from the root.
    #[test]
    fn a_stored_win_counts_from_where_it_is_read() {
        assert_eq!(from_tt(to_tt(WIN - 5, 3), 1), WIN - 3);
        assert_eq!(from_tt(to_tt(-WIN + 5, 3), 1), -WIN + 3);
        assert_eq!(from_tt(to_tt(250, 3), 1), 250);
    }

    /// A search cut short by the node budget leaves nothing in the table:
    /// searched again with the same table and no limit, every position
    /// gets its true value, not one that stopped halfway.
    #[test]
    fn a_search_cut_short_leaves_nothing_in_the_table() {
        for p in &random_positions(8, 17) {
            let depth = 4;
            let mut nodes = 0;
            let truth = minimax(p, depth, -WIN - 1, WIN + 1, 0, &mut nodes, u64::MAX, None);
            let mut table = Table::new(14);
            for budget in [50, 400, 3_000] {
                let mut nodes = 0;
                minimax(
                    p,
                    depth,
                    -WIN - 1,
                    WIN + 1,
                    0,
                    &mut nodes,
                    budget,
                    Some(&mut table),
                );
            }
            let mut nodes = 0;
            let again = minimax(
                p,
                depth,
                -WIN - 1,
                WIN + 1,
                0,
                &mut nodes,
                u64::MAX,
                Some(&mut table),
            );
            assert_eq!(truth, again, "{}", p.to_fen());
        }
    }

    /// The table keeps alpha-beta's promise under any window, searched
    /// again and again with one table: a score at or below alpha is at
    /// least the true value, one at or above beta at most it, and one
    /// between them is the true value (a bound stored as the wrong kind
    /// breaks it).
    #[test]
    fn a_score_from_the_table_keeps_its_window() {
        let mut rng = 5u64;
        let mut positions = random_positions(10, 13);
        positions.push(VigmanPosition::parse_fen("W:Wc3,b2,h2:Bd4").expect("fen"));
        for p in &positions {
            let depth = 4;
            let mut nodes = 0;
            let truth = minimax(p, depth, -WIN - 1, WIN + 1, 0, &mut nodes, u64::MAX, None);
            let mut table = Table::new(14);
            for _ in 0..60 {
                let mut r = |span: u64| (crate::rng::splitmix(&mut rng) % span) as i32;
                let alpha = truth - 150 + r(300);
                let beta = alpha + 1 + r(150);
                let d = depth - (r(2) as u32);
                let v = minimax(p, d, alpha, beta, 0, &mut nodes, u64::MAX, Some(&mut table));
                if d < depth {
                    continue; // fills the table with shallower entries
                }
                let fen = p.to_fen();
                if v <= alpha {
                    assert!(truth <= v, "{fen} ({alpha}, {beta}): {v} < truth {truth}");
                } else if v >= beta {
                    assert!(truth >= v, "{fen} ({alpha}, {beta}): {v} > truth {truth}");
                } else {
                    assert_eq!(truth, v, "{fen} ({alpha}, {beta})");
                }
            }
        }
    }
}

#[cfg(test)]
mod depth_probe {
    use super::*;

    /// How deep levels 5–8 search: the depth `choose_move`'s search
    /// finishes within each level's budget on 60 positions reached by
    /// seeded random sub-moves from the start (8–47 sub-moves). Run in
    /// release: `cargo test --release -p shashki-engine --lib
    /// vigman_depth_probe -- --ignored --nocapture` (BENCHMARKS.md).
    #[test]
    #[ignore]
    fn vigman_depth_probe() {
        let positions = super::game_tests::random_positions(60, 7);
        for level in 5u8..=8 {
            let (cap, budget) = level_search(level);
            let mut finished = vec![0usize; cap as usize + 1];
            for p in &positions {
                let mut table = (level >= TABLE_LEVEL).then(|| Table::new(TABLE_BITS));
                let (_, d) = deepen(p, &[], p.legal_moves(), cap, budget, false, table.as_mut());
                finished[d as usize] += 1;
            }
            println!(
                "level {level} (depth {cap}, {budget} nodes): positions by the depth finished {:?}",
                &finished[1..]
            );
            assert_eq!(finished.iter().sum::<usize>(), 60);
        }
    }
}
