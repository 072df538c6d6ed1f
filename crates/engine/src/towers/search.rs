//! The AI for Bashni: an alpha-beta search to a fixed depth (captures,
//! which are compulsory, searched on past it) over an evaluation that knows
//! towers.
//!
//! What a tower is worth to its owner:
//! - its top: a man 100 (+4 a rank advanced), a king 300;
//! - each own piece in a row under the top (the captures it stands before
//!   it changes hands): +45 — a tall tower of one's own colour is strong;
//! - each enemy prisoner in it: +35 (material the other side cannot use);
//! - a tower whose top alone guards a prisoner (the next piece is the
//!   enemy's, so one capture frees it and hands the tower over): −40;
//! - each own piece buried under prisoners: +15 (it comes back only if the
//!   tower is taken down that far).

use super::{coords, Sq, TowerMove, TowerPosition, SQUARES};
use crate::position::{Color, Kind};
use std::time::Instant;

/// A won position's score (less the plies to reach it).
pub const MATE: i32 = 1_000_000;
/// Plies the capture extension may reach.
const MAX_PLY: u32 = 64;

/// The evaluation from the side to move's point of view.
pub fn evaluate(pos: &TowerPosition) -> i32 {
    let me = pos.side_to_move();
    let mut score = 0;
    for s in 0..SQUARES as Sq {
        let t = pos.tower(s);
        let Some(top) = t.top() else { continue };
        let mut v = match top.kind {
            Kind::Man => {
                let rank = coords(s).1 as i32;
                100 + 4 * match top.color {
                    Color::White => rank,
                    Color::Black => 7 - rank,
                }
            }
            Kind::King => 300,
        };
        let guard = t.guard() as i32;
        let own = t.count(top.color) as i32;
        let prisoners = t.count(top.color.opposite()) as i32;
        v += 45 * (guard - 1) + 35 * prisoners + 15 * (own - guard);
        if guard == 1 && prisoners > 0 {
            v -= 40;
        }
        score += if top.color == me { v } else { -v };
    }
    score
}

/// What a search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchResult {
    pub best: Option<TowerMove>,
    /// From the side to move's point of view.
    pub score: i32,
    pub nodes: u64,
}

struct Searcher {
    nodes: u64,
    /// When to give up the iteration under way (checked every 1,024 nodes).
    deadline: Option<Instant>,
    stopped: bool,
}

impl Searcher {
    fn node(
        &mut self,
        pos: &TowerPosition,
        depth: i32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return -MATE + ply as i32;
        }
        let forced = moves[0].is_capture() || moves.len() == 1;
        if depth <= 0 && (!forced || ply >= MAX_PLY) {
            return evaluate(pos);
        }
        let next_depth = if depth <= 0 { 0 } else { depth - 1 };
        let mut best = -MATE - 1;
        for m in &moves {
            let v = -self.node(&pos.play(m), next_depth, ply + 1, -beta, -alpha);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Search `pos` to `depth` plies (iterative deepening, the best move of
/// each iteration tried first in the next).
pub fn search_depth(pos: &TowerPosition, depth: u32) -> SearchResult {
    search_depth_until(pos, depth, None)
}

/// [`search_depth`] that gives up at `deadline`: the result of the last
/// iteration finished by then (depth 1 always finishes).
pub fn search_depth_until(
    pos: &TowerPosition,
    depth: u32,
    deadline: Option<Instant>,
) -> SearchResult {
    let mut moves = pos.legal_moves();
    let mut s = Searcher {
        nodes: 0,
        deadline: None,
        stopped: false,
    };
    if moves.is_empty() {
        return SearchResult {
            best: None,
            score: -MATE,
            nodes: 0,
        };
    }
    let mut result = SearchResult {
        best: Some(moves[0]),
        score: 0,
        nodes: 0,
    };
    for d in 1..=depth.max(1) as i32 {
        if d == 2 {
            s.deadline = deadline;
        }
        let mut alpha = -MATE - 1;
        let mut best_i = 0;
        for (i, m) in moves.iter().enumerate() {
            let v = -s.node(&pos.play(m), d - 1, 1, -MATE - 1, -alpha);
            if v > alpha {
                alpha = v;
                best_i = i;
            }
        }
        if s.stopped {
            break;
        }
        moves[..=best_i].rotate_right(1);
        result.best = Some(moves[0]);
        result.score = alpha;
    }
    result.nodes = s.nodes;
    result
}

/// The move the AI plays at `level` (1–8: the search depth is the level).
pub fn choose_move(pos: &TowerPosition, level: u32) -> Option<TowerMove> {
    search_depth(pos, level.clamp(1, 8)).best
}
