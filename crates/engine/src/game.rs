//! A game: the start position, the moves played, and how it ended.
//!
//! Results (see `shared/RULES.md`): a player with no legal move loses (wins in
//! Poddavki); resignation and running out of time lose; a draw is agreed, or
//! follows from a draw rule. "A move" in the draw rules is one move by each
//! side, so the limits below are counted in plies (half-moves) or in the moves
//! of one side:
//! 1. the same position with the same side to move for the third time;
//! 2. 15 moves (30 plies) in a row of king moves only, no capture, no man moved;
//! 3. three or more kings against a lone king: the stronger side has not taken
//!    it by its 15th move counted from when that balance arose;
//! 4. a lone king on the long diagonal a1–h8 against three pieces with at
//!    least one king (3 kings, 2 kings and a man, a king and 2 men): the
//!    stronger side has not won within 5 of its moves;
//! 5. both sides have kings and the balance of forces has not changed (no
//!    capture, no crowning): 2–3 pieces 5 moves, 4–5 pieces 30 moves, 6–7
//!    pieces 60 moves.

use crate::moves::Move;
use crate::notation::{parse_move_among_in, MoveError};
use crate::position::{Color, Position};
use crate::rules::{EndgameDraws, Rules, Variant8};
use crate::square::{Bitboard, Shape, Square};
use std::fmt;

/// Plies of king-only moves that draw in Russian draughts (rule 2: 15 moves
/// by each side); other variants: [`Variant8::kings_only_draw_plies`].
pub const KINGS_ONLY_PLIES: u32 = 30;
/// Moves of the stronger side in three-or-more kings against a lone king.
pub const LONE_KING_MOVES: u32 = 15;
/// FMJD: moves of the stronger side with three pieces (one a king at least)
/// against a lone king.
pub const FMJD_THREE_PIECES_MOVES: u32 = 16;
/// FMJD: moves of the stronger side with one or two pieces (one a king)
/// against a lone king.
pub const FMJD_FEW_PIECES_MOVES: u32 = 5;
/// Frisian: moves of the side with two kings against a lone king.
pub const FRISIAN_TWO_KINGS_MOVES: u32 = 7;
/// Frisian: moves of each side with a king against a king.
pub const FRISIAN_KING_AGAINST_KING_MOVES: u32 = 2;
/// Moves of the stronger side against a lone king holding the long diagonal.
pub const LONG_DIAGONAL_MOVES: u32 = 5;

/// The long diagonal a1–h8 ("the main road").
pub const LONG_DIAGONAL: Bitboard = {
    let mut bb = 0u64;
    let mut i = 0;
    while i < 8 {
        bb |= match Square::from_coords(i, i) {
            Some(s) => s.bb(),
            None => 0,
        };
        i += 1;
    }
    bb
};

/// Moves without a change in the balance of forces that draw with `pieces`
/// on the board when both sides have kings (rule 5), if any.
pub fn balance_rule_moves(pieces: u32) -> Option<u32> {
    match pieces {
        2..=3 => Some(5),
        4..=5 => Some(30),
        6..=7 => Some(60),
        _ => None,
    }
}

/// Why a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser had no legal move (in Poddavki: the winner had none).
    NoLegalMoves,
    Resignation,
    /// The loser overstepped the move deadline.
    Timeout,
}

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    Agreement,
    /// The same position arose for the third time.
    Repetition,
    /// 15 moves by each side with kings only, no capture, no man moved.
    KingsOnly,
    /// Three or more kings did not take a lone king within 15 moves.
    LoneKing,
    /// A lone king held the long diagonal against three pieces for 5 moves.
    LongDiagonal,
    /// Both sides have kings and the balance of forces did not change for the
    /// number of moves the piece count allows.
    BalanceUnchanged {
        pieces: u32,
        moves: u32,
    },
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win { winner: Color, reason: WinReason },
    Draw { reason: DrawReason },
}

impl Outcome {
    /// PDN result token: `2-0`, `0-2` or `1-1`.
    pub fn pdn_result(&self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Color::White,
                ..
            } => "2-0",
            Outcome::Win {
                winner: Color::Black,
                ..
            } => "0-2",
            Outcome::Draw { .. } => "1-1",
        }
    }

    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw { .. } => None,
        }
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawReason::Agreement => write!(f, "draw agreed"),
            DrawReason::Repetition => write!(f, "the same position occurred three times"),
            DrawReason::KingsOnly => write!(
                f,
                "15 moves with kings only, without a capture or a man moved"
            ),
            DrawReason::LoneKing => {
                write!(f, "three kings did not catch the lone king within 15 moves")
            }
            DrawReason::LongDiagonal => {
                write!(f, "the lone king held the long diagonal for 5 moves")
            }
            DrawReason::BalanceUnchanged { pieces, moves } => write!(
                f,
                "{moves} moves without a change in the balance of forces with {pieces} pieces"
            ),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let how = match reason {
                    WinReason::NoLegalMoves => "no legal moves",
                    WinReason::Resignation => "resignation",
                    WinReason::Timeout => "time",
                };
                write!(f, "{winner} wins ({how})")
            }
            Outcome::Draw { reason } => write!(f, "draw ({reason})"),
        }
    }
}

/// Why a move could not be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    /// The game has ended.
    Over(Outcome),
    /// The move text or move is not legal here.
    Move(MoveError),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Over(o) => write!(f, "the game is over: {o}"),
            GameError::Move(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GameError {}

impl From<MoveError> for GameError {
    fn from(e: MoveError) -> Self {
        GameError::Move(e)
    }
}

/// Counters behind the draw rules, kept for each position of the game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DrawCounters {
    /// Plies in a row of king moves without capture.
    pub kings_only_plies: u32,
    /// Plies since the last capture or crowning.
    pub balance_plies: u32,
    /// Moves of the stronger side since three-or-more kings against a lone
    /// king arose (0 when that is not the balance).
    pub lone_king_moves: u32,
    /// Moves of the stronger side while a lone king holds the long diagonal
    /// against three pieces (0 when that is not the case).
    pub long_diagonal_moves: u32,
}

/// The stronger side if `pos` is three or more kings against a lone king
/// (Russian rule 3), or, under FMJD rules, one to three pieces with a king
/// against a lone king, or, under Frisian rules, two kings (or one)
/// against a lone king.
fn lone_king_balance<S: Shape>(endgame: EndgameDraws, pos: &Position<S>) -> Option<Color> {
    [Color::White, Color::Black].into_iter().find(|&strong| {
        let weak = strong.opposite();
        let (men, kings) = pos.count(strong);
        pos.count(weak) == (0, 1)
            && match endgame {
                EndgameDraws::Russian => kings >= 3,
                EndgameDraws::Fmjd => kings >= 1 && men + kings <= 3,
                EndgameDraws::Frisian => men == 0 && (1..=2).contains(&kings),
                EndgameDraws::None => false,
            }
    })
}

/// The moves the stronger side has against a lone king (`lone_king_balance`).
fn lone_king_limit<S: Shape>(endgame: EndgameDraws, pos: &Position<S>) -> u32 {
    match endgame {
        EndgameDraws::Fmjd if pos.occupied().count_ones() <= 3 => FMJD_FEW_PIECES_MOVES,
        EndgameDraws::Fmjd => FMJD_THREE_PIECES_MOVES,
        EndgameDraws::Frisian if pos.occupied().count_ones() <= 2 => {
            FRISIAN_KING_AGAINST_KING_MOVES
        }
        EndgameDraws::Frisian => FRISIAN_TWO_KINGS_MOVES,
        _ => LONE_KING_MOVES,
    }
}

/// The long diagonal of board `S` from a1 to the opposite corner: a1–h8 on
/// 8×8; none on a board that is not square (10×8 has no corner-to-corner
/// diagonal, so Russian rule 4 does not arise there).
fn long_diagonal<S: Shape>() -> Bitboard {
    if S::WIDTH != S::HEIGHT {
        return 0;
    }
    (0..S::WIDTH)
        .filter_map(|i| Square::<S>::at(i, i))
        .fold(0, |bb, s| bb | s.bb())
}

/// The stronger side if a lone king holds the long diagonal against three
/// pieces, at least one of them a king (Russian rules only).
fn long_diagonal_balance<S: Shape>(endgame: EndgameDraws, pos: &Position<S>) -> Option<Color> {
    if endgame != EndgameDraws::Russian {
        return None;
    }
    let diagonal = long_diagonal::<S>();
    [Color::White, Color::Black].into_iter().find(|&strong| {
        let weak = strong.opposite();
        let (men, kings) = pos.count(strong);
        pos.count(weak) == (0, 1)
            && pos.pieces_of(weak) & diagonal != 0
            && men + kings == 3
            && kings >= 1
    })
}

impl DrawCounters {
    /// The counters after `mv` took `before` to `after`, under the endgame
    /// rules `endgame`.
    fn after<S: Shape>(
        self,
        endgame: EndgameDraws,
        before: &Position<S>,
        mv: &Move<S>,
        after: &Position<S>,
    ) -> DrawCounters {
        let mover = before.side_to_move();
        let changed = mv.is_capture() || mv.is_promotion();
        let step = |count: u32, was: Option<Color>, now: Option<Color>| match now {
            Some(strong) if !changed && was == now => count + u32::from(mover == strong),
            _ => 0,
        };
        DrawCounters {
            kings_only_plies: if mv.is_king_move() && !mv.is_capture() {
                self.kings_only_plies + 1
            } else {
                0
            },
            balance_plies: if changed { 0 } else { self.balance_plies + 1 },
            lone_king_moves: step(
                self.lone_king_moves,
                lone_king_balance(endgame, before),
                lone_king_balance(endgame, after),
            ),
            long_diagonal_moves: step(
                self.long_diagonal_moves,
                long_diagonal_balance(endgame, before),
                long_diagonal_balance(endgame, after),
            ),
        }
    }

    /// The draw rule (other than repetition) that ends the game at `pos`,
    /// with `kings_only_plies` the king-only limit and `endgame` the
    /// endgame rules.
    fn draw<S: Shape>(
        &self,
        endgame: EndgameDraws,
        kings_only_plies: u32,
        pos: &Position<S>,
    ) -> Option<DrawReason> {
        if self.kings_only_plies >= kings_only_plies {
            return Some(DrawReason::KingsOnly);
        }
        if self.long_diagonal_moves >= LONG_DIAGONAL_MOVES {
            return Some(DrawReason::LongDiagonal);
        }
        if self.lone_king_moves > 0 && self.lone_king_moves >= lone_king_limit(endgame, pos) {
            return Some(DrawReason::LoneKing);
        }
        if endgame != EndgameDraws::Russian {
            return None;
        }
        let both_have_kings = pos.pieces_of(Color::White) & pos.kings() != 0
            && pos.pieces_of(Color::Black) & pos.kings() != 0;
        let pieces = pos.occupied().count_ones();
        if both_have_kings {
            if let Some(moves) = balance_rule_moves(pieces) {
                if self.balance_plies >= 2 * moves {
                    return Some(DrawReason::BalanceUnchanged { pieces, moves });
                }
            }
        }
        None
    }
}

/// A game of draughts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    variant: Variant8,
    start_number: u32,
    /// positions[i] is the position before moves[i]; one more than moves.
    positions: Vec<Position>,
    counters: Vec<DrawCounters>,
    moves: Vec<Move>,
    outcome: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Variant8::Russian)
    }
}

impl Game {
    /// A game from the initial position.
    pub fn new(variant: Variant8) -> Game {
        Game::from_position(variant, variant.initial_position())
    }

    /// A game from any position (its result is checked at once: a side to
    /// move without a legal move has lost).
    pub fn from_position(variant: Variant8, start: Position) -> Game {
        let mut g = Game {
            variant,
            start_number: 1,
            positions: vec![start],
            counters: vec![DrawCounters::default()],
            moves: Vec::new(),
            outcome: None,
        };
        g.outcome = g.rule_outcome();
        g
    }

    /// Set the number of the first move (from a FEN's `F` field or a PDN).
    pub fn set_start_move_number(&mut self, n: u32) {
        self.start_number = n.max(1);
    }

    pub fn start_move_number(&self) -> u32 {
        self.start_number
    }

    pub fn variant(&self) -> Variant8 {
        self.variant
    }

    pub fn start_position(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("at least the start")
    }

    /// Every position so far, the start first and the current one last.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Number of half-moves played.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The number of the move now to be played.
    pub fn move_number(&self) -> u32 {
        crate::notation::move_number(
            self.variant
                .numbering_side(self.positions[0].side_to_move()),
            self.start_number,
            self.ply(),
        )
        .0
    }

    pub fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }

    /// The draw-rule counters of the current position.
    pub fn counters(&self) -> DrawCounters {
        *self.counters.last().expect("at least the start")
    }

    /// Hashes of the positions before the current one (for repetition checks
    /// in search).
    pub fn history_hashes(&self) -> Vec<u64> {
        self.positions[..self.positions.len() - 1]
            .iter()
            .map(Position::hash)
            .collect()
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        self.position().legal_moves_in(self.variant)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// How many times the current position has occurred (counting itself).
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions.iter().filter(|p| *p == now).count()
    }

    /// The outcome the rules give the current position, if any.
    fn rule_outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if self.legal_moves().is_empty() {
            let stuck = pos.side_to_move();
            let winner = if self.variant.stuck_player_wins() {
                stuck
            } else {
                stuck.opposite()
            };
            return Some(Outcome::Win {
                winner,
                reason: WinReason::NoLegalMoves,
            });
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            });
        }
        self.counters()
            .draw(
                self.variant.endgame_draws(),
                self.variant.kings_only_draw_plies(),
                pos,
            )
            .map(|reason| Outcome::Draw { reason })
    }

    /// Play a legal move. Returns the outcome if the move ended the game.
    pub fn play(&mut self, mv: &Move) -> Result<Option<Outcome>, GameError> {
        if let Some(o) = self.outcome {
            return Err(GameError::Over(o));
        }
        let before = *self.position();
        let legal = self.legal_moves();
        if !legal.contains(mv) {
            return Err(GameError::Move(MoveError::Illegal {
                input: mv.to_string(),
                reason: None,
                legal: {
                    let mut v: Vec<String> = legal.iter().map(Move::to_string).collect();
                    v.sort();
                    v
                },
            }));
        }
        let after = before.make(mv);
        let counters = self
            .counters()
            .after(self.variant.endgame_draws(), &before, mv, &after);
        self.moves.push(*mv);
        self.positions.push(after);
        self.counters.push(counters);
        self.outcome = self.rule_outcome();
        Ok(self.outcome)
    }

    /// Parse a move as a person writes it (see [`crate::notation`]; square
    /// numbers in the variant's numbering) and play it.
    pub fn play_text(&mut self, text: &str) -> Result<Move, GameError> {
        if let Some(o) = self.outcome {
            return Err(GameError::Over(o));
        }
        let mv = parse_move_among_in(self.variant, self.position(), &self.legal_moves(), text)?;
        self.play(&mv)?;
        Ok(mv)
    }

    /// Take back the last move (any result is cleared).
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.counters.pop();
        self.outcome = self.rule_outcome();
        Some(mv)
    }

    /// `loser` resigns.
    pub fn resign(&mut self, loser: Color) -> Result<Outcome, GameError> {
        self.finish(Outcome::Win {
            winner: loser.opposite(),
            reason: WinReason::Resignation,
        })
    }

    /// `loser` overstepped the deadline.
    pub fn time_out(&mut self, loser: Color) -> Result<Outcome, GameError> {
        self.finish(Outcome::Win {
            winner: loser.opposite(),
            reason: WinReason::Timeout,
        })
    }

    /// Both players agreed to a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        self.finish(Outcome::Draw {
            reason: DrawReason::Agreement,
        })
    }

    fn finish(&mut self, o: Outcome) -> Result<Outcome, GameError> {
        if let Some(done) = self.outcome {
            return Err(GameError::Over(done));
        }
        self.outcome = Some(o);
        Ok(o)
    }
}

/// The run of non-capturing moves one king of a side has made in a row
/// (Frisian's king-move limit): the square it stands on and how many.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KingRun {
    /// The king's square as a bit (meaningful when `moves > 0`).
    pub square: u8,
    /// Non-capturing moves in a row by that king; 0 after any other move.
    pub moves: u32,
}

/// A game under a compile-time rule set `R` on any board: the wide
/// boards' games (International, Frisian, Frysk!, Antidraughts,
/// Breakthrough, Russian on 10×8) and the 8×8 ones alike. It plays moves,
/// keeps the history and applies the rules' results and draw rules:
/// repetition (the third time, same side to move), the king-only limit
/// ([`Rules::KINGS_ONLY_DRAW_PLIES`]), the endgame rules
/// ([`Rules::ENDGAME_DRAWS`]), a side without a move losing (winning in
/// giveaway games), Breakthrough's first crowning, and Frisian's limit of
/// three non-capturing moves in a row by one king while its side has men
/// ([`Rules::KING_MOVES_IN_A_ROW`]), which removes moves from
/// [`GameOn::legal_moves`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameOn<R: Rules> {
    /// positions[i] is the position before moves[i]; one more than moves.
    positions: Vec<Position<R::Shape>>,
    counters: Vec<DrawCounters>,
    /// Each side's king run (White, Black) at each position.
    runs: Vec<[KingRun; 2]>,
    moves: Vec<Move<R::Shape>>,
    outcome: Option<Outcome>,
}

impl<R: Rules> Default for GameOn<R> {
    fn default() -> Self {
        GameOn::new()
    }
}

impl<R: Rules> GameOn<R> {
    /// A game from the rules' start position ([`crate::rules::start`]).
    pub fn new() -> GameOn<R> {
        GameOn::from_position(crate::rules::start::<R>())
    }

    /// A game from any position (its result is checked at once).
    pub fn from_position(start: Position<R::Shape>) -> GameOn<R> {
        let mut g = GameOn {
            positions: vec![start],
            counters: vec![DrawCounters::default()],
            runs: vec![[KingRun::default(); 2]],
            moves: Vec::new(),
            outcome: None,
        };
        g.outcome = g.rule_outcome();
        g
    }

    /// The current position.
    pub fn position(&self) -> &Position<R::Shape> {
        self.positions.last().expect("at least the start")
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &[Position<R::Shape>] {
        &self.positions
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move<R::Shape>] {
        &self.moves
    }

    /// The draw-rule counters of the current position.
    pub fn counters(&self) -> DrawCounters {
        *self.counters.last().expect("at least the start")
    }

    /// The side to move's king run (Frisian's limit).
    pub fn king_run(&self) -> KingRun {
        let runs = self.runs.last().expect("at least the start");
        runs[self.position().side_to_move().index()]
    }

    /// Hashes of the positions before the current one (for the search's
    /// repetition checks).
    pub fn history_hashes(&self) -> Vec<u64> {
        self.positions[..self.positions.len() - 1]
            .iter()
            .map(Position::hash)
            .collect()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The legal moves now: the position's, less a king's fourth
    /// non-capturing move in a row where the rules limit it.
    pub fn legal_moves(&self) -> Vec<Move<R::Shape>> {
        let pos = self.position();
        let mut v = Vec::with_capacity(32);
        crate::moves::generate::<R>(pos, &mut v);
        if R::KING_MOVES_IN_A_ROW > 0 {
            let us = pos.side_to_move();
            let run = self.king_run();
            let has_men = pos.pieces_of(us) & !pos.kings() != 0;
            if has_men && run.moves >= R::KING_MOVES_IN_A_ROW {
                v.retain(|m| m.is_capture() || m.from().bit() != run.square);
            }
        }
        v
    }

    /// How many times the current position has occurred (counting itself).
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions.iter().filter(|p| *p == now).count()
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if self.legal_moves().is_empty() {
            let stuck = pos.side_to_move();
            let winner = if R::STUCK_PLAYER_WINS {
                stuck
            } else {
                stuck.opposite()
            };
            return Some(Outcome::Win {
                winner,
                reason: WinReason::NoLegalMoves,
            });
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            });
        }
        self.counters()
            .draw(R::ENDGAME_DRAWS, R::KINGS_ONLY_DRAW_PLIES, pos)
            .map(|reason| Outcome::Draw { reason })
    }

    /// Play a legal move. Returns the outcome if the move ended the game.
    pub fn play(&mut self, mv: &Move<R::Shape>) -> Result<Option<Outcome>, GameError> {
        if let Some(o) = self.outcome {
            return Err(GameError::Over(o));
        }
        let legal = self.legal_moves();
        if !legal.contains(mv) {
            let mut names: Vec<String> = legal
                .iter()
                .map(|m| crate::notation::format_move_on(&legal, m))
                .collect();
            names.sort();
            return Err(GameError::Move(MoveError::Illegal {
                input: mv.to_string(),
                reason: None,
                legal: names,
            }));
        }
        let before = *self.position();
        let after = before.make(mv);
        let counters = self.counters().after(R::ENDGAME_DRAWS, &before, mv, &after);
        let mut runs = *self.runs.last().expect("at least the start");
        let run = &mut runs[before.side_to_move().index()];
        *run = if mv.is_king_move() && !mv.is_capture() {
            KingRun {
                square: mv.to().bit(),
                moves: if run.moves > 0 && run.square == mv.from().bit() {
                    run.moves + 1
                } else {
                    1
                },
            }
        } else {
            KingRun::default()
        };
        self.moves.push(*mv);
        self.positions.push(after);
        self.counters.push(counters);
        self.runs.push(runs);
        self.outcome = self.rule_outcome();
        Ok(self.outcome)
    }

    /// Parse a move as its players write it ([`crate::notation::parse_move_on`])
    /// and play it.
    pub fn play_text(&mut self, text: &str) -> Result<Move<R::Shape>, GameError> {
        if let Some(o) = self.outcome {
            return Err(GameError::Over(o));
        }
        let mv = crate::notation::parse_move_among_on(&self.legal_moves(), text)?;
        self.play(&mv)?;
        Ok(mv)
    }

    /// Take back the last move (any result is cleared).
    pub fn undo(&mut self) -> Option<Move<R::Shape>> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.counters.pop();
        self.runs.pop();
        self.outcome = self.rule_outcome();
        Some(mv)
    }

    /// `loser` resigns.
    pub fn resign(&mut self, loser: Color) -> Result<Outcome, GameError> {
        self.finish(Outcome::Win {
            winner: loser.opposite(),
            reason: WinReason::Resignation,
        })
    }

    /// Both players agreed to a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        self.finish(Outcome::Draw {
            reason: DrawReason::Agreement,
        })
    }

    /// `loser` overstepped the move deadline.
    pub fn time_out(&mut self, loser: Color) -> Result<Outcome, GameError> {
        self.finish(Outcome::Win {
            winner: loser.opposite(),
            reason: WinReason::Timeout,
        })
    }

    fn finish(&mut self, o: Outcome) -> Result<Outcome, GameError> {
        if let Some(done) = self.outcome {
            return Err(GameError::Over(done));
        }
        self.outcome = Some(o);
        Ok(o)
    }
}
