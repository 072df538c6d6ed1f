//! A game of Bashni: moves, history, undo, resignation, agreement, and the
//! Russian draw rules applied to the towers as the pieces they are (each
//! tower one piece of its owner, a man or a king as its top; a capture or
//! a crowning changes the balance).

use super::{TowerMove, TowerPosition};
use crate::game::{
    balance_rule_moves, DrawReason, Outcome, WinReason, LONE_KING_MOVES, LONG_DIAGONAL_MOVES,
};
use crate::position::{Color, Kind};
use std::fmt;

/// Plies of king-topped tower moves without a capture that draw (15 moves
/// each, as in Russian draughts).
pub const KINGS_ONLY_DRAW_PLIES: u32 = 30;

/// Why a move or an action was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TowerGameError {
    /// The game is over.
    Over,
    /// Not a legal move here (the text, cut to 32 characters).
    Illegal(String),
}

impl fmt::Display for TowerGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TowerGameError::Over => f.write_str("the game is over"),
            TowerGameError::Illegal(m) => write!(f, "{m} is not a legal move"),
        }
    }
}

impl std::error::Error for TowerGameError {}

/// The draw counters (a "move" is one by each side).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TowerCounters {
    /// Plies in a row of king-topped towers moving without a capture.
    pub kings_only_plies: u32,
    /// Plies since the last capture or crowning.
    pub balance_plies: u32,
    /// Moves of the stronger side with three or more king towers against a
    /// lone king tower.
    pub lone_king_moves: u32,
    /// Moves of the stronger side while a lone king tower holds the long
    /// diagonal against three towers.
    pub long_diagonal_moves: u32,
}

fn on_long_diagonal(pos: &TowerPosition, c: Color) -> bool {
    (0..8u8).any(|i| {
        let s = i * 4 + i / 2;
        pos.tower(s).top().map(|p| (p.color, p.kind)) == Some((c, Kind::King))
    })
}

fn lone_king(pos: &TowerPosition) -> Option<Color> {
    [Color::White, Color::Black].into_iter().find(|&strong| {
        pos.count_tops(strong.opposite()) == (0, 1) && pos.count_tops(strong).1 >= 3
    })
}

fn long_diagonal(pos: &TowerPosition) -> Option<Color> {
    [Color::White, Color::Black].into_iter().find(|&strong| {
        let weak = strong.opposite();
        let (m, k) = pos.count_tops(strong);
        pos.count_tops(weak) == (0, 1) && m + k == 3 && k >= 1 && on_long_diagonal(pos, weak)
    })
}

impl TowerCounters {
    fn after(self, before: &TowerPosition, mv: &TowerMove, after: &TowerPosition) -> Self {
        let mover = before.side_to_move();
        let changed = mv.is_capture() || mv.is_promotion();
        let king_move =
            before.tower(mv.from()).top().map(|p| p.kind) == Some(Kind::King) && !mv.is_capture();
        let step = |count: u32, was: Option<Color>, now: Option<Color>| match now {
            Some(strong) if !changed && was == now => count + u32::from(mover == strong),
            _ => 0,
        };
        TowerCounters {
            kings_only_plies: if king_move {
                self.kings_only_plies + 1
            } else {
                0
            },
            balance_plies: if changed { 0 } else { self.balance_plies + 1 },
            lone_king_moves: step(self.lone_king_moves, lone_king(before), lone_king(after)),
            long_diagonal_moves: step(
                self.long_diagonal_moves,
                long_diagonal(before),
                long_diagonal(after),
            ),
        }
    }

    fn draw(&self, pos: &TowerPosition) -> Option<DrawReason> {
        if self.kings_only_plies >= KINGS_ONLY_DRAW_PLIES {
            return Some(DrawReason::KingsOnly);
        }
        if self.long_diagonal_moves >= LONG_DIAGONAL_MOVES {
            return Some(DrawReason::LongDiagonal);
        }
        if self.lone_king_moves >= LONE_KING_MOVES {
            return Some(DrawReason::LoneKing);
        }
        let (wm, wk) = pos.count_tops(Color::White);
        let (bm, bk) = pos.count_tops(Color::Black);
        if wk > 0 && bk > 0 {
            let pieces = wm + wk + bm + bk;
            if let Some(moves) = balance_rule_moves(pieces) {
                if self.balance_plies >= 2 * moves {
                    return Some(DrawReason::BalanceUnchanged { pieces, moves });
                }
            }
        }
        None
    }
}

/// A game of Bashni.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TowerGame {
    positions: Vec<TowerPosition>,
    counters: Vec<TowerCounters>,
    moves: Vec<TowerMove>,
    outcome: Option<Outcome>,
}

impl Default for TowerGame {
    fn default() -> Self {
        TowerGame::new()
    }
}

impl TowerGame {
    pub fn new() -> TowerGame {
        TowerGame::from_position(TowerPosition::initial())
    }

    /// A game from any position (a side to move without a move has lost).
    pub fn from_position(start: TowerPosition) -> TowerGame {
        let mut g = TowerGame {
            positions: vec![start],
            counters: vec![TowerCounters::default()],
            moves: Vec::new(),
            outcome: None,
        };
        g.outcome = g.rule_outcome();
        g
    }

    pub fn position(&self) -> &TowerPosition {
        self.positions.last().expect("a game has a position")
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &TowerPosition {
        &self.positions[0]
    }

    pub fn moves(&self) -> &[TowerMove] {
        &self.moves
    }

    pub fn counters(&self) -> TowerCounters {
        *self.counters.last().expect("a game has counters")
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The hashes of the positions so far, oldest first.
    pub fn history_hashes(&self) -> Vec<u64> {
        self.positions.iter().map(|p| p.hash()).collect()
    }

    pub fn legal_moves(&self) -> Vec<TowerMove> {
        if self.is_over() {
            Vec::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// How often the current position (with the same side to move) has
    /// occurred.
    pub fn repetitions(&self) -> usize {
        let h = self.position().hash();
        let now = self.position();
        self.positions
            .iter()
            .filter(|p| p.hash() == h && *p == now)
            .count()
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if pos.legal_moves().is_empty() {
            return Some(Outcome::Win {
                winner: pos.side_to_move().opposite(),
                reason: WinReason::NoLegalMoves,
            });
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            });
        }
        self.counters()
            .draw(pos)
            .map(|reason| Outcome::Draw { reason })
    }

    /// Play a legal move; the result if it ends the game.
    pub fn play(&mut self, mv: &TowerMove) -> Result<Option<Outcome>, TowerGameError> {
        if self.is_over() {
            return Err(TowerGameError::Over);
        }
        let before = *self.position();
        if !before.legal_moves().contains(mv) {
            return Err(TowerGameError::Illegal(mv.notation()));
        }
        let after = before.play(mv);
        let counters = self.counters().after(&before, mv, &after);
        self.positions.push(after);
        self.counters.push(counters);
        self.moves.push(*mv);
        self.outcome = self.rule_outcome();
        Ok(self.outcome)
    }

    /// Play a move written as text (`c3-d4`, `c3:e5:g7`).
    pub fn play_text(&mut self, text: &str) -> Result<TowerMove, TowerGameError> {
        if self.is_over() {
            return Err(TowerGameError::Over);
        }
        let mv = self
            .position()
            .parse_move(text)
            .ok_or_else(|| TowerGameError::Illegal(text.chars().take(32).collect()))?;
        self.play(&mv)?;
        Ok(mv)
    }

    /// Take back the last move.
    pub fn undo(&mut self) -> Option<TowerMove> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.counters.pop();
        self.outcome = self.rule_outcome();
        Some(mv)
    }

    pub fn resign(&mut self, loser: Color) -> Result<Outcome, TowerGameError> {
        self.finish(Outcome::Win {
            winner: loser.opposite(),
            reason: WinReason::Resignation,
        })
    }

    /// `loser` overstepped the move deadline.
    pub fn time_out(&mut self, loser: Color) -> Result<Outcome, TowerGameError> {
        self.finish(Outcome::Win {
            winner: loser.opposite(),
            reason: WinReason::Timeout,
        })
    }

    pub fn agree_draw(&mut self) -> Result<Outcome, TowerGameError> {
        self.finish(Outcome::Draw {
            reason: DrawReason::Agreement,
        })
    }

    fn finish(&mut self, o: Outcome) -> Result<Outcome, TowerGameError> {
        if self.is_over() {
            return Err(TowerGameError::Over);
        }
        self.outcome = Some(o);
        Ok(o)
    }

    /// The game as PDN: `[GameType "25"]` (Russian draughts' number, no
    /// number exists for Bashni) with `[Variant "bashni"]`, the start as a
    /// Bashni FEN when it is not the initial position, and the moves.
    pub fn to_pdn(&self) -> String {
        let mut out = String::from("[GameType \"25\"]\n[Variant \"bashni\"]\n");
        let start = &self.positions[0];
        if *start != TowerPosition::initial() {
            out.push_str(&format!("[FEN \"{}\"]\n", super::to_tower_fen(start)));
        }
        let result = self.outcome.map(|o| o.pdn_result()).unwrap_or("*");
        out.push_str(&format!("[Result \"{result}\"]\n\n"));
        let mut black_first = start.side_to_move() == Color::Black;
        let mut n = 1;
        for (i, m) in self.moves.iter().enumerate() {
            if i == 0 && black_first {
                out.push_str(&format!("{n}... {m} "));
                n += 1;
                black_first = false;
                continue;
            }
            let white_turn = self.positions[i].side_to_move() == Color::White;
            if white_turn {
                out.push_str(&format!("{n}. {m} "));
            } else {
                out.push_str(&format!("{m} "));
                n += 1;
            }
        }
        out.push_str(result);
        out.push('\n');
        out
    }

    /// Read a game written by [`TowerGame::to_pdn`] (tags, then move
    /// numbers, moves and the result; `{…}` comments skipped).
    pub fn from_pdn(text: &str) -> Result<TowerGame, TowerPdnError> {
        let mut start = TowerPosition::initial();
        let mut body = String::new();
        for line in text.lines() {
            let line = line.trim();
            if let Some(tag) = line.strip_prefix('[') {
                let tag = tag.strip_suffix(']').ok_or(TowerPdnError::BadTag)?;
                let (name, value) = tag.split_once(' ').ok_or(TowerPdnError::BadTag)?;
                let value = value.trim().trim_matches('"');
                if name == "FEN" {
                    start = super::parse_tower_fen(value).map_err(TowerPdnError::Fen)?;
                }
            } else {
                body.push_str(line);
                body.push(' ');
            }
        }
        let mut game = TowerGame::from_position(start);
        let mut in_comment = false;
        for token in body.split_whitespace() {
            if in_comment || token.starts_with('{') {
                in_comment = !token.ends_with('}');
                continue;
            }
            let token = token.trim_end_matches(['!', '?']);
            let token = match token.rfind('.') {
                Some(i) => &token[i + 1..],
                None => token,
            };
            if token.is_empty() || matches!(token, "*" | "2-0" | "0-2" | "1-1") {
                continue;
            }
            game.play_text(token)
                .map_err(|_| TowerPdnError::Move(token.chars().take(32).collect()))?;
        }
        Ok(game)
    }
}

/// Why a Bashni PDN was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TowerPdnError {
    /// A `[…]` line that is not `[Name "value"]`.
    BadTag,
    /// The FEN tag.
    Fen(super::TowerFenError),
    /// A move that is not legal where it stands.
    Move(String),
}

impl fmt::Display for TowerPdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TowerPdnError::BadTag => f.write_str("a tag must be [Name \"value\"]"),
            TowerPdnError::Fen(e) => write!(f, "FEN: {e}"),
            TowerPdnError::Move(m) => write!(f, "{m} is not a legal move"),
        }
    }
}

impl std::error::Error for TowerPdnError {}
