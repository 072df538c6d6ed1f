//! The AI: iterative-deepening principal-variation search with a
//! transposition table, move ordering (hash move, captures, killers,
//! history), late-move reductions, a capture quiescence (a side that must
//! capture is never evaluated statically), draw awareness (repetition and the
//! 15-move king rule) and win scores by distance; plus eight human levels
//! ([`Level`], [`choose_move`]).
//!
//! ```
//! use shashki_engine::{Position, search::{Searcher, Limits}};
//! let mut s = Searcher::new(4);
//! let r = s.search(&Position::initial(), &[], &Limits::depth(4), |_| {}).unwrap();
//! assert!(Position::initial().legal_moves().contains(&r.best_move));
//! ```

pub mod eval;
mod level;
pub(crate) mod tt;
mod tuned;
pub mod wide;

pub use eval::{evaluate, evaluate_giveaway, Weights};
pub use level::{choose_move, choose_move_in, ChooseOptions, Level, LevelParams};
pub use wide::Evaluate;

use crate::moves::{generate, has_capture, Move};
use crate::position::Position;
use crate::rules::{Rules, Variant8};
use crate::square::{Board8, Shape};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tt::{Bound, Tt, NO_MOVE};

/// Larger than any score.
pub const INF: i32 = 32_000;
/// The score of winning right now; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 30_000;
/// Scores beyond ±`WIN_BOUND` are wins or losses found by search.
pub const WIN_BOUND: i32 = WIN - 1_000;
/// Deepest ply the search reaches (including quiescence).
pub const MAX_PLY: usize = 120;
/// Plies of king moves without a capture or man move after which the game is
/// drawn (15 moves each, Russian rules; other variants:
/// [`Rules::KINGS_ONLY_DRAW_PLIES`]).
pub const KING_MOVES_DRAW_PLIES: u32 = 30;

/// Search switches, so that `shashki match` can measure each feature.
#[derive(Clone, Debug)]
pub struct Options {
    pub tt: bool,
    pub lmr: bool,
    pub killers: bool,
    pub history: bool,
    pub threat_extension: bool,
    pub aspiration: bool,
    /// Reverse futility pruning: at depth ≤ 3, a quiet node whose static
    /// score beats beta by a margin per ply is cut.
    pub futility: bool,
    pub weights: Weights,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            tt: true,
            lmr: true,
            killers: true,
            history: true,
            threat_extension: true,
            aspiration: true,
            futility: true,
            weights: Weights::default(),
        }
    }
}

/// When to stop.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration (nominal depth in plies).
    pub depth: Option<u32>,
    /// Hard limit on the time for this move.
    pub movetime: Option<Duration>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Set from another thread to stop the search (it then returns the best
    /// move found so far).
    pub stop: Option<Arc<AtomicBool>>,
    /// Plies of king moves already played without a capture or man move
    /// (for the 15-move rule); 0 when unknown.
    pub quiet_plies: u32,
    /// The rules to play by (Russian unless told).
    pub variant: Variant8,
}

impl Limits {
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<S: Shape = Board8> {
    pub best_move: Move<S>,
    /// Centi-men from the side to move's view; beyond ±[`WIN_BOUND`] a win
    /// or loss in `WIN - |score|` plies.
    pub score: i32,
    /// Last completed iteration.
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Move<S>>,
}

/// Progress after each completed iteration.
#[derive(Clone, Debug)]
pub struct Info<S: Shape = Board8> {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Move<S>>,
}

impl<S: Shape> Info<S> {
    pub fn nps(&self) -> u64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            (self.nodes as f64 / s) as u64
        } else {
            0
        }
    }
}

/// A reusable searcher for the board `S` (8×8 unless named): owns the
/// transposition table and ordering tables. One thread; create one per
/// worker.
pub struct Searcher<S: Shape = Board8> {
    tt: Tt,
    pub options: Options,
    history: Vec<i32>,
    killers: Vec<[Option<Move<S>>; 2]>,
    lists: Vec<Vec<Move<S>>>,
    order: Vec<Vec<(i32, u8)>>,
    pv: Vec<Vec<Move<S>>>,
    stack: Vec<u64>,
    nodes: u64,
    seldepth: usize,
    start: Instant,
    deadline: Option<Instant>,
    node_limit: u64,
    stop: Option<Arc<AtomicBool>>,
    stopped: bool,
    root_best: Option<(Move<S>, i32)>,
    /// The moves the game allows at the root when it allows fewer than the
    /// position (Frisian's king-move limit); empty: all.
    root_allowed: Vec<Move<S>>,
}

#[inline(always)]
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline(always)]
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Bits a square of board `S` may have (36 on 8×8): the history table's
/// side.
#[inline(always)]
const fn hist_bits<S: Shape>() -> usize {
    64 - S::ALL.leading_zeros() as usize
}

#[inline(always)]
fn hist_index<S: Shape>(pos: &Position<S>, mv: &Move<S>) -> usize {
    let n = const { hist_bits::<S>() };
    (pos.side_to_move() as usize * n + mv.from().bit() as usize) * n + mv.to().bit() as usize
}

/// Whether the side not to move could capture, were it its turn.
#[inline]
fn opponent_threatens<R: Rules>(pos: &Position<R::Shape>) -> bool {
    has_capture::<R>(&pos.with_side_to_move_fast())
}

/// The score of the side to move when it has no move: a loss, or a win in
/// giveaway games.
#[inline(always)]
fn stuck_score<R: Rules>(ply: usize) -> i32 {
    if R::STUCK_PLAYER_WINS {
        WIN - ply as i32
    } else {
        -WIN + ply as i32
    }
}

/// Every legal move under `R`.
fn legal<R: Rules>(pos: &Position<R::Shape>) -> Vec<Move<R::Shape>> {
    let mut v = Vec::with_capacity(32);
    generate::<R>(pos, &mut v);
    v
}

impl<S: Shape> Position<S> {
    /// The same position with the other side to move (hash updated).
    #[inline(always)]
    fn with_side_to_move_fast(&self) -> Position<S> {
        let mut p = *self;
        p.side = self.side.opposite();
        p.hash ^= crate::position::SIDE_KEY;
        p
    }
}

impl Searcher {
    /// A searcher with a transposition table of about `tt_mb` megabytes.
    pub fn new(tt_mb: usize) -> Searcher {
        Searcher::with_options(tt_mb, Options::default())
    }

    pub fn with_options(tt_mb: usize, options: Options) -> Searcher {
        Searcher::with_options_on(tt_mb, options)
    }

    /// Search `pos` (after the game's earlier positions `history`, oldest
    /// first, for repetitions) within `limits`, by the rules of
    /// `limits.variant`, calling `on_iteration` after each completed depth.
    /// `None` when the side to move has no move.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        on_iteration: impl FnMut(&Info),
    ) -> Option<SearchResult> {
        crate::with_rules!(limits.variant, R => {
            self.search_in::<R>(pos, history, limits, on_iteration)
        })
    }

    /// Exact scores of every root move at `depth` (full window, no
    /// pruning at the root), best first. Used by the weak levels.
    pub fn root_scores(
        &mut self,
        pos: &Position,
        history: &[u64],
        depth: u32,
        limits: &Limits,
    ) -> Vec<(Move, i32)> {
        crate::with_rules!(limits.variant, R => self.root_scores_in::<R>(pos, history, depth, limits))
    }
}

impl<S: Shape> Searcher<S> {
    /// A searcher for board `S` with a transposition table of about
    /// `tt_mb` megabytes (on 8×8, [`Searcher::new`]).
    pub fn new_on(tt_mb: usize) -> Searcher<S> {
        Searcher::with_options_on(tt_mb, Options::default())
    }

    /// [`Searcher::new_on`] with `options`.
    pub fn with_options_on(tt_mb: usize, options: Options) -> Searcher<S> {
        let bits = hist_bits::<S>();
        Searcher {
            tt: Tt::new(tt_mb),
            options,
            history: vec![0; 2 * bits * bits],
            killers: vec![[None; 2]; MAX_PLY + 1],
            lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            order: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(16)).collect(),
            stack: Vec::with_capacity(512),
            nodes: 0,
            seldepth: 0,
            start: Instant::now(),
            deadline: None,
            node_limit: u64::MAX,
            stop: None,
            stopped: false,
            root_best: None,
            root_allowed: Vec::new(),
        }
    }

    /// Limit the root to `moves` (the moves a game allows, when fewer
    /// than the position's: Frisian's king-move limit); empty for all.
    /// Only rule sets with such a limit look at it.
    pub fn set_root_moves(&mut self, moves: &[Move<S>]) {
        self.root_allowed.clear();
        self.root_allowed.extend_from_slice(moves);
    }

    /// The legal moves at the root under `R`, less those the game forbids.
    fn root_moves<R: Rules<Shape = S>>(&self, pos: &Position<S>) -> Vec<Move<S>> {
        let mut moves = legal::<R>(pos);
        if R::KING_MOVES_IN_A_ROW > 0 && !self.root_allowed.is_empty() {
            moves.retain(|m| self.root_allowed.contains(m));
        }
        moves
    }

    /// Forget everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    /// Nodes searched by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn begin(&mut self, history: &[u64], limits: &Limits) {
        self.start = Instant::now();
        self.deadline = limits.movetime.map(|t| self.start + t);
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.stop = limits.stop.clone();
        self.stopped = false;
        self.nodes = 0;
        self.seldepth = 0;
        self.tt.new_search();
        self.history.iter_mut().for_each(|h| *h /= 8);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.stack.clear();
        self.stack.extend_from_slice(history);
    }

    /// [`Searcher::search`] by the rules `R` on any board (the variant in
    /// `limits` is not read).
    pub fn search_in<R: Rules<Shape = S>>(
        &mut self,
        pos: &Position<S>,
        history: &[u64],
        limits: &Limits,
        mut on_iteration: impl FnMut(&Info<S>),
    ) -> Option<SearchResult<S>>
    where
        S: Evaluate,
    {
        let root_moves = self.root_moves::<R>(pos);
        if root_moves.is_empty() {
            return None;
        }
        self.begin(history, limits);
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 20)
            .clamp(1, MAX_PLY as u32 - 20);
        let mut best: Option<SearchResult<S>> = None;
        let mut prev_score = 0;
        for depth in 1..=max_depth {
            self.root_best = None;
            let mut delta = 40;
            let (mut alpha, mut beta) = if self.options.aspiration && depth >= 5 {
                (prev_score - delta, prev_score + delta)
            } else {
                (-INF, INF)
            };
            let score = loop {
                let s =
                    self.search_node::<R>(pos, depth as i32, alpha, beta, 0, limits.quiet_plies, 1);
                if self.stopped {
                    break s;
                }
                if s <= alpha {
                    alpha = (alpha - delta).max(-INF);
                    delta *= 3;
                } else if s >= beta {
                    beta = (beta + delta).min(INF);
                    delta *= 3;
                } else {
                    break s;
                }
            };
            if self.stopped {
                // a move that completed and beat the first one at this depth
                if let (Some((mv, s)), Some(b)) = (self.root_best, best.as_mut()) {
                    if mv != b.best_move && s > -WIN_BOUND {
                        b.best_move = mv;
                        b.score = s;
                        b.pv = vec![mv];
                    }
                }
                if best.is_some() {
                    break;
                }
                // not even depth 1 finished: take whatever we have
                let mv = self.root_best.map(|r| r.0).unwrap_or(root_moves[0]);
                best = Some(SearchResult {
                    best_move: mv,
                    score: self.root_best.map(|r| r.1).unwrap_or(0),
                    depth: 0,
                    seldepth: self.seldepth as u32,
                    nodes: self.nodes,
                    elapsed: self.start.elapsed(),
                    pv: vec![mv],
                });
                break;
            }
            prev_score = score;
            let pv = self.pv[0].clone();
            let mv = pv.first().copied().unwrap_or(root_moves[0]);
            let info = Info {
                depth,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                pv: pv.clone(),
            };
            on_iteration(&info);
            best = Some(SearchResult {
                best_move: mv,
                score,
                depth,
                seldepth: info.seldepth,
                nodes: self.nodes,
                elapsed: info.elapsed,
                pv,
            });
            if root_moves.len() == 1 && limits.movetime.is_some() && depth >= 2 {
                break; // forced: do not spend the player's time
            }
            if score.abs() > WIN_BOUND && (WIN - score.abs()) < depth as i32 - 4 {
                break; // the win or loss is proven and stable
            }
            if let Some(limit) = limits.movetime {
                // the next iteration would most likely not finish
                if self.start.elapsed() * 2 > limit {
                    break;
                }
            }
        }
        if let Some(b) = best.as_mut() {
            b.nodes = self.nodes;
            b.elapsed = self.start.elapsed();
        }
        best
    }

    /// [`Searcher::root_scores`] by the rules `R` on any board.
    pub fn root_scores_in<R: Rules<Shape = S>>(
        &mut self,
        pos: &Position<S>,
        history: &[u64],
        depth: u32,
        limits: &Limits,
    ) -> Vec<(Move<S>, i32)>
    where
        S: Evaluate,
    {
        let moves = self.root_moves::<R>(pos);
        self.begin(history, limits);
        let mut out = Vec::with_capacity(moves.len());
        let single = moves.len() == 1;
        for mv in moves {
            let child = pos.make(&mv);
            let quiet = if mv.is_capture() || !mv.is_king_move() {
                0
            } else {
                limits.quiet_plies + 1
            };
            let d = if single {
                depth as i32
            } else {
                depth as i32 - 1
            };
            self.stack.push(pos.hash());
            let s = -self.search_node::<R>(&child, d, -INF, INF, 1, quiet, 1);
            self.stack.pop();
            out.push((mv, s));
        }
        out.sort_by_key(|&(_, s)| -s);
        out
    }

    #[inline]
    fn check_limits(&mut self) {
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        if let Some(s) = &self.stop {
            if s.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        if let Some(d) = self.deadline {
            if Instant::now() >= d {
                self.stopped = true;
            }
        }
    }

    /// Has `hash` occurred earlier (game history or search path)? Only the
    /// last `quiet_plies` positions can match when an irreversible move was
    /// made inside the search; otherwise the game history is scanned in full
    /// (hashes include the side to move, so any entry may be compared).
    #[inline]
    fn is_repetition(&self, hash: u64, quiet_plies: u32, ply: usize) -> bool {
        let n = self.stack.len();
        let from = if (quiet_plies as usize) < ply {
            n.saturating_sub(quiet_plies as usize)
        } else {
            0
        };
        self.stack[from..].iter().rev().any(|&h| h == hash)
    }

    /// Leaf: static evaluation, or a loss when the side to move is stuck.
    #[inline]
    fn leaf<R: Rules<Shape = S>>(&mut self, pos: &Position<S>, ply: usize) -> i32
    where
        S: Evaluate,
    {
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if crate::moves::count_moves::<R>(pos) == 0 {
            return stuck_score::<R>(ply);
        }
        self.evaluate::<R>(pos)
    }

    /// The static evaluation under `R`, from the side to move's view.
    #[inline(always)]
    fn evaluate<R: Rules<Shape = S>>(&self, pos: &Position<S>) -> i32
    where
        S: Evaluate,
    {
        if R::CROWNING_WINS {
            wide::evaluate_race(pos)
        } else if R::STUCK_PLAYER_WINS {
            S::evaluate_giveaway(pos)
        } else {
            S::evaluate(pos, &self.options.weights)
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn search_node<R: Rules<Shape = S>>(
        &mut self,
        pos: &Position<S>,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        quiet_plies: u32,
        threat_budget: u8,
    ) -> i32
    where
        S: Evaluate,
    {
        self.pv[ply].clear();
        let pv_node = beta - alpha > 1;
        if ply > 0 {
            if quiet_plies >= 1 && self.is_repetition(pos.hash(), quiet_plies, ply) {
                return 0;
            }
            if quiet_plies >= R::KINGS_ONLY_DRAW_PLIES {
                return 0;
            }
            if R::CROWNING_WINS && pos.kings() != 0 {
                return stuck_score::<R>(ply); // the other side has crowned
            }
            alpha = alpha.max(-WIN + ply as i32);
            // the best is being stuck now (giveaway) or the opponent stuck next
            beta = beta.min(WIN - ply as i32 - i32::from(!R::STUCK_PLAYER_WINS));
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 2 {
            return self.evaluate::<R>(pos);
        }
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.check_limits();
        }
        if self.stopped {
            return 0;
        }

        let capture = has_capture::<R>(pos);
        let mut threat_budget = threat_budget;
        if depth <= 0 && !capture {
            if self.options.threat_extension && threat_budget > 0 && opponent_threatens::<R>(pos) {
                depth = 1;
                threat_budget -= 1;
            } else {
                return self.leaf::<R>(pos, ply);
            }
        }
        let depth = depth.max(0);

        // transposition table
        let key = pos.hash();
        let mut tt_move = NO_MOVE;
        if self.options.tt {
            if let Some(e) = self.tt.probe(key) {
                tt_move = e.mv;
                if !pv_node && e.depth as i32 >= depth && ply > 0 {
                    let s = from_tt(e.score as i32, ply);
                    match e.bound() {
                        Bound::Exact => return s,
                        Bound::Lower if s >= beta => return s,
                        Bound::Upper if s <= alpha => return s,
                        _ => {}
                    }
                }
            }
        }

        // reverse futility: far above beta with nothing hanging
        if self.options.futility
            && !pv_node
            && ply > 0
            && !capture
            && depth <= 3
            && beta.abs() < WIN_BOUND
            && !opponent_threatens::<R>(pos)
        {
            let e = self.evaluate::<R>(pos);
            if e - 60 * depth >= beta {
                return e;
            }
        }

        let mut moves = std::mem::take(&mut self.lists[ply]);
        moves.clear();
        generate::<R>(pos, &mut moves);
        if R::KING_MOVES_IN_A_ROW > 0 && ply == 0 && !self.root_allowed.is_empty() {
            moves.retain(|m| self.root_allowed.contains(m));
        }
        if moves.is_empty() {
            self.lists[ply] = moves;
            return stuck_score::<R>(ply);
        }
        let n = moves.len();

        // ordering scores
        let mut order = std::mem::take(&mut self.order[ply]);
        order.clear();
        let killers = self.killers[ply];
        for (i, mv) in moves.iter().enumerate() {
            let s = if i as u8 == tt_move {
                10_000_000
            } else if mv.is_capture() {
                let caps = mv.captured();
                1_000_000
                    + 1000 * caps.count_ones() as i32
                    + 500 * (caps & pos.kings()).count_ones() as i32
                    + 300 * mv.is_promotion() as i32
            } else if self.options.killers && killers[0] == Some(*mv) {
                900_000
            } else if self.options.killers && killers[1] == Some(*mv) {
                899_000
            } else if mv.is_promotion() {
                800_000
            } else if self.options.history {
                self.history[hist_index(pos, mv)].min(700_000)
            } else {
                0
            };
            order.push((s, i as u8));
        }

        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_idx = NO_MOVE;
        for k in 0..n {
            // selection sort step
            let mut j = k;
            for t in k + 1..n {
                if order[t].0 > order[j].0 {
                    j = t;
                }
            }
            order.swap(k, j);
            let (ord_score, idx) = order[k];
            let mv = moves[idx as usize];
            let child = pos.make(&mv);
            let child_quiet = if mv.is_capture() || !mv.is_king_move() {
                0
            } else {
                quiet_plies + 1
            };
            let new_depth = if n == 1 && ply < MAX_PLY / 2 {
                depth
            } else {
                depth - 1
            };
            self.stack.push(key);
            let score = if k == 0 {
                -self.search_node::<R>(
                    &child,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    child_quiet,
                    threat_budget,
                )
            } else {
                let reduce = if self.options.lmr
                    && depth >= 3
                    && k >= 3
                    && !capture
                    && !mv.is_promotion()
                    && ord_score < 899_000
                {
                    1 + (k >= 8 && depth >= 5) as i32
                } else {
                    0
                };
                let mut s = -self.search_node::<R>(
                    &child,
                    new_depth - reduce,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    child_quiet,
                    threat_budget,
                );
                if s > alpha && reduce > 0 {
                    s = -self.search_node::<R>(
                        &child,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        child_quiet,
                        threat_budget,
                    );
                }
                if s > alpha && s < beta {
                    s = -self.search_node::<R>(
                        &child,
                        new_depth,
                        -beta,
                        -alpha,
                        ply + 1,
                        child_quiet,
                        threat_budget,
                    );
                }
                s
            };
            self.stack.pop();
            if self.stopped {
                self.lists[ply] = moves;
                self.order[ply] = order;
                return 0;
            }
            if score > best {
                best = score;
                best_idx = idx;
                if score > alpha {
                    alpha = score;
                    // principal variation
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let line = &mut head[ply];
                    line.clear();
                    line.push(mv);
                    line.extend_from_slice(&tail[0]);
                    if ply == 0 {
                        self.root_best = Some((mv, score));
                    }
                    if score >= beta {
                        if !mv.is_capture() {
                            if self.options.killers && killers[0] != Some(mv) {
                                self.killers[ply] = [Some(mv), killers[0]];
                            }
                            if self.options.history {
                                let h = &mut self.history[hist_index(pos, &mv)];
                                *h += depth * depth;
                                if *h > 600_000 {
                                    self.history.iter_mut().for_each(|h| *h /= 2);
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        if self.options.tt {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > orig_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(
                key,
                depth,
                to_tt(best, ply),
                bound,
                if bound == Bound::Upper {
                    NO_MOVE
                } else {
                    best_idx
                },
            );
        }
        self.lists[ply] = moves;
        self.order[ply] = order;
        best
    }
}

/// Search `pos` with `limits` on a fresh searcher (convenience).
pub fn search(pos: &Position, history: &[u64], limits: &Limits) -> Option<SearchResult> {
    Searcher::new(16).search(pos, history, limits, |_| {})
}
