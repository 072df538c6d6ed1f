//! Puzzles: positions where the side to move wins by force, found in
//! self-play (or in games read from PDN) and proven by the search.
//!
//! A puzzle is a start position and a solution *tree*. At every node the
//! solver (the side to move at the start) has one or two winning moves —
//! every other move is clearly not winning, checked by a full-window search
//! of every move ([`Searcher::root_scores`]) deeper than the search that
//! found the candidate. After each accepted move the defender plays its best
//! defence (the highest-scoring reply at the same depth). A line ends when
//! the solver's move leaves the defender without a move, or when the solver
//! has won material decisively (at least [`Settings::win_gain`] centi-men
//! over the start, with no capture pending for the defender). No puzzle is
//! solved in one move.
//!
//! Puzzles are stored as PDN, one game per puzzle: the `[FEN]` start, the
//! solution as the main line (algebraic notation), accepted alternatives as
//! variations, and tags for the rating estimate and the themes.
//!
//! ```
//! use shashki_engine::puzzle::{judge, Answer, Puzzle};
//! let pdn = r#"[FEN "W:WK5,21:BK3"]
//! 1. a7-c5 f8:b4 2. a3:c5 2-0"#;
//! let game = &shashki_engine::pdn::parse_pdn(pdn).unwrap()[0];
//! let p = Puzzle::from_pdn(game).unwrap();
//! assert_eq!(p.main_line().len(), 3);
//! let first = p.main_line()[0];
//! assert!(matches!(judge(&p.root, &first), Answer::Continue { .. }));
//! ```

use crate::fen::to_fen_numeric;
use crate::moves::Move;
use crate::notation::parse_move;
use crate::pdn::{PdnGame, PdnMove};
use crate::position::{Color, Position};
use crate::rng::splitmix;
use crate::search::{
    choose_move, ChooseOptions, Level, LevelParams, Limits, Options, Searcher, WIN_BOUND,
};
use std::collections::HashSet;
use std::fmt;
use std::time::Duration;

/// Value of a man in the material count (centi-men).
pub const MAN: i32 = 100;
/// Value of a king in the material count.
pub const KING: i32 = 250;

/// Material of `side` minus the other side's (man 100, king 250).
pub fn material(pos: &Position, side: Color) -> i32 {
    let (m, k) = pos.count(side);
    let (om, ok) = pos.count(side.opposite());
    (m as i32 - om as i32) * MAN + (k as i32 - ok as i32) * KING
}

/// How strict the generator and the verifier are.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Depth of the search that finds candidates.
    pub find_depth: u32,
    /// Depth of the search that proves them (every move, full window);
    /// deeper than `find_depth`.
    pub verify_depth: u32,
    /// A solver move wins when its score is at least this much above the
    /// solver's material at the start (or a forced game win).
    pub win_gain: i32,
    /// Every other move must score at most this much above it.
    pub not_win_gain: i32,
    /// Tolerance of the verifier on both thresholds (a later engine may
    /// score a little differently).
    pub slack: i32,
    /// A defender reply counts as best defence within this of the best.
    pub defence_slack: i32,
    /// Most accepted solver moves at one node.
    pub max_branches: usize,
    /// Fewest and most solver moves on every line.
    pub min_solver_moves: usize,
    pub max_solver_moves: usize,
    /// Start positions with fewer pieces are skipped (too bare to be fun).
    pub min_pieces: u32,
    /// Start positions more unbalanced than this are skipped.
    pub max_start_imbalance: i32,
    /// Transposition table of the proving searcher (fixed: proofs repeat).
    pub tt_mb: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            find_depth: 8,
            verify_depth: 10,
            win_gain: 150,
            not_win_gain: 60,
            slack: 25,
            defence_slack: 40,
            max_branches: 2,
            min_solver_moves: 2,
            max_solver_moves: 8,
            min_pieces: 5,
            max_start_imbalance: 200,
            tt_mb: 16,
        }
    }
}

/// One accepted solver move and what follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub mv: Move,
    /// The defender's reply and the next solver node; `None` when the
    /// puzzle is solved by this move.
    pub reply: Option<(Move, Node)>,
}

/// A position with the solver to move: the accepted moves, main line first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub steps: Vec<Step>,
}

impl Node {
    /// The accepted step for `mv`, if any.
    pub fn step(&self, mv: &Move) -> Option<&Step> {
        self.steps.iter().find(|s| s.mv == *mv || s.mv.same_as(mv))
    }

    fn min_len(&self) -> usize {
        self.steps
            .iter()
            .map(|s| 1 + s.reply.as_ref().map_or(0, |(_, n)| n.min_len()))
            .min()
            .unwrap_or(0)
    }

    fn max_len(&self) -> usize {
        self.steps
            .iter()
            .map(|s| 1 + s.reply.as_ref().map_or(0, |(_, n)| n.max_len()))
            .max()
            .unwrap_or(0)
    }
}

/// What a puzzle is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The solver gives material away to win more (a combination).
    Shot,
    /// One capture takes three or more pieces.
    MultiCapture,
    /// A solver man is crowned on the way.
    Breakthrough,
    /// Kings on the board at the start.
    KingEndgame,
    /// Few pieces left (eight or fewer).
    Endgame,
    /// The line ends with the defender left without a move.
    GameWin,
}

impl Theme {
    pub const ALL: [Theme; 6] = [
        Theme::Shot,
        Theme::MultiCapture,
        Theme::Breakthrough,
        Theme::KingEndgame,
        Theme::Endgame,
        Theme::GameWin,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Theme::Shot => "shot",
            Theme::MultiCapture => "multi-capture",
            Theme::Breakthrough => "breakthrough",
            Theme::KingEndgame => "king-endgame",
            Theme::Endgame => "endgame",
            Theme::GameWin => "game-win",
        }
    }

    pub fn from_key(k: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.key() == k)
    }
}

/// A proven puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub start: Position,
    pub root: Node,
    /// Estimated Glicko rating of the puzzle (about 800–2400).
    pub rating: i32,
    /// 1 (easy) to 5 (hard).
    pub difficulty: u8,
    /// The shallowest search depth from which the engine keeps choosing an
    /// accepted move with a winning score.
    pub depth_needed: u32,
    pub themes: Vec<Theme>,
}

/// Why a position is not a puzzle (or a stored puzzle failed verification).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reject {
    NotQuiet,
    FewMoves,
    FewPieces,
    Unbalanced,
    NotWinning,
    /// A move that is neither clearly winning nor clearly not.
    Ambiguous(String),
    TooManyWins,
    TooShort,
    TooLong,
    Duplicate,
    /// Verification: a stored move is not legal or not winning, a winning
    /// move is missing, or a reply is not the best defence.
    Mismatch(String),
}

impl fmt::Display for Reject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reject::NotQuiet => write!(f, "a capture is pending at the start"),
            Reject::FewMoves => write!(f, "fewer than two legal moves at the start"),
            Reject::FewPieces => write!(f, "too few pieces"),
            Reject::Unbalanced => write!(f, "the start is already decided"),
            Reject::NotWinning => write!(f, "no winning move"),
            Reject::Ambiguous(m) => write!(f, "move {m} is neither clearly winning nor not"),
            Reject::TooManyWins => write!(f, "too many winning moves"),
            Reject::TooShort => write!(f, "a line is solved in one move"),
            Reject::TooLong => write!(f, "a line is too long"),
            Reject::Duplicate => write!(f, "duplicate"),
            Reject::Mismatch(m) => write!(f, "{m}"),
        }
    }
}

impl Puzzle {
    /// The solver's colour.
    pub fn solver(&self) -> Color {
        self.start.side_to_move()
    }

    /// A stable id: the start position's hash in hex.
    pub fn id(&self) -> String {
        format!("{:016x}", self.start.hash())
    }

    /// The main line: solver and defender moves alternating, ending with a
    /// solver move.
    pub fn main_line(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let mut node = &self.root;
        loop {
            let s = &node.steps[0];
            out.push(s.mv);
            match &s.reply {
                Some((r, n)) => {
                    out.push(*r);
                    node = n;
                }
                None => return out,
            }
        }
    }

    /// Solver moves on the shortest line of the tree.
    pub fn shortest_line(&self) -> usize {
        self.root.min_len()
    }

    /// Number of solver moves on the main line.
    pub fn solver_moves(&self) -> usize {
        self.main_line().len().div_ceil(2)
    }

    /// The solution in move-number notation, alternatives in parentheses:
    /// `1. c3-b4 a5:c3 2. d2:b4:d6 (2. …)`.
    pub fn solution_text(&self) -> String {
        let mut tokens = Vec::new();
        movetext(&node_line(&self.root), self.solver(), 0, true, &mut tokens);
        tokens.join(" ")
    }

    /// Read a puzzle written by [`Puzzle::to_pdn`].
    pub fn from_pdn(game: &PdnGame) -> Result<Puzzle, String> {
        let start = game.start_position().map_err(|e| e.to_string())?;
        let root = read_node(&start, &game.moves, 1)?;
        let num = |k: &str| game.tag(k).and_then(|v| v.trim().parse::<i64>().ok());
        let themes = game
            .tag("Themes")
            .unwrap_or("")
            .split_whitespace()
            .filter_map(Theme::from_key)
            .collect();
        Ok(Puzzle {
            start,
            root,
            rating: num("PuzzleRating").unwrap_or(1500) as i32,
            difficulty: num("Difficulty").unwrap_or(3).clamp(1, 5) as u8,
            depth_needed: num("DepthNeeded").unwrap_or(0) as u32,
            themes,
        })
    }

    /// The puzzle as one PDN game; `number` goes into the Round tag.
    pub fn to_pdn(&self, number: usize) -> String {
        let solver = match self.solver() {
            Color::White => "White",
            Color::Black => "Black",
        };
        let result = match self.solver() {
            Color::White => "2-0",
            Color::Black => "0-2",
        };
        let themes: Vec<&str> = self.themes.iter().map(|t| t.key()).collect();
        let mut out = String::new();
        out.push_str("[Event \"shashki puzzle\"]\n");
        out.push_str(&format!("[Round \"{number}\"]\n"));
        out.push_str(&format!("[PuzzleId \"{}\"]\n", self.id()));
        out.push_str(&format!("[ToMove \"{solver}\"]\n"));
        out.push_str(&format!("[PuzzleRating \"{}\"]\n", self.rating));
        out.push_str(&format!("[Difficulty \"{}\"]\n", self.difficulty));
        out.push_str(&format!("[DepthNeeded \"{}\"]\n", self.depth_needed));
        out.push_str(&format!("[Themes \"{}\"]\n", themes.join(" ")));
        out.push_str("[GameType \"25\"]\n");
        out.push_str(&format!("[FEN \"{}\"]\n", to_fen_numeric(&self.start)));
        out.push_str(&format!("[Result \"{result}\"]\n\n"));
        let moves = node_line(&self.root);
        let mut tokens = Vec::new();
        movetext(&moves, self.solver(), 0, true, &mut tokens);
        tokens.push(result.to_string());
        let mut len = 0;
        for t in tokens {
            if len > 0 && len + 1 + t.len() > 79 {
                out.push('\n');
                len = 0;
            } else if len > 0 {
                out.push(' ');
                len += 1;
            }
            len += t.len();
            out.push_str(&t);
        }
        out.push_str("\n\n");
        out
    }
}

/// The PDN moves of a node: the main step, alternatives as variations.
fn node_line(node: &Node) -> Vec<PdnMove> {
    let step_line = |s: &Step| -> Vec<PdnMove> {
        let mut v = vec![PdnMove {
            text: s.mv.to_string(),
            annotation: None,
            variations: Vec::new(),
        }];
        if let Some((r, n)) = &s.reply {
            v.push(PdnMove {
                text: r.to_string(),
                annotation: None,
                variations: Vec::new(),
            });
            v.extend(node_line(n));
        }
        v
    };
    let mut line = step_line(&node.steps[0]);
    for alt in &node.steps[1..] {
        line[0].variations.push(step_line(alt));
    }
    line
}

fn movetext(moves: &[PdnMove], first: Color, ply0: usize, numbered: bool, out: &mut Vec<String>) {
    let mut need_number = numbered;
    for (i, m) in moves.iter().enumerate() {
        let ply = ply0 + i;
        let offset = ply + usize::from(first == Color::Black);
        let n = offset / 2 + 1;
        let black = offset % 2 == 1;
        if !black {
            out.push(format!("{n}."));
        } else if need_number {
            out.push(format!("{n}..."));
        }
        need_number = false;
        out.push(m.text.clone());
        for v in &m.variations {
            let mut inner = Vec::new();
            movetext(v, first, ply, true, &mut inner);
            if let Some(f) = inner.first_mut() {
                f.insert(0, '(');
            }
            if let Some(l) = inner.last_mut() {
                l.push(')');
            }
            out.extend(inner);
            need_number = true;
        }
    }
}

/// Rebuild a node from PDN: `line` starts with a solver move.
fn read_node(pos: &Position, line: &[PdnMove], ply: usize) -> Result<Node, String> {
    let Some(first) = line.first() else {
        return Err(format!("half-move {ply}: the line is empty"));
    };
    let mut steps = vec![read_step(pos, line, ply)?];
    for v in &first.variations {
        steps.push(read_step(pos, v, ply)?);
    }
    Ok(Node { steps })
}

fn read_step(pos: &Position, line: &[PdnMove], ply: usize) -> Result<Step, String> {
    let mv = parse_move(pos, &line[0].text).map_err(|e| format!("half-move {ply}: {e}"))?;
    let after = pos.make(&mv);
    let reply = match line.get(1) {
        None => None,
        Some(r) => {
            let rmv =
                parse_move(&after, &r.text).map_err(|e| format!("half-move {}: {e}", ply + 1))?;
            let next = after.make(&rmv);
            let node = read_node(&next, &line[2..], ply + 2)?;
            Some((rmv, node))
        }
    };
    Ok(Step { mv, reply })
}

/// The proving searcher: no late-move reductions, so that every move's
/// score is a full-width search (less sensitive to how the engine is tuned).
fn proving_searcher(settings: &Settings) -> Searcher {
    Searcher::with_options(
        settings.tt_mb,
        Options {
            lmr: false,
            ..Options::default()
        },
    )
}

/// Proves puzzles: builds solution trees and checks stored ones.
pub struct Verifier {
    pub settings: Settings,
    searcher: Searcher,
}

impl Verifier {
    pub fn new(settings: Settings) -> Verifier {
        let searcher = proving_searcher(&settings);
        Verifier { settings, searcher }
    }

    fn fresh(&mut self) {
        self.searcher = proving_searcher(&self.settings);
    }

    fn winning(&self, s: i32, m0: i32, slack: i32) -> bool {
        s > WIN_BOUND || s >= m0 + self.settings.win_gain - slack
    }

    fn not_winning(&self, s: i32, m0: i32, slack: i32) -> bool {
        s <= WIN_BOUND && s <= m0 + self.settings.not_win_gain + slack
    }

    /// Whether the solver's move into `after` ends the puzzle.
    fn solved(&self, after: &Position, solver: Color, m0: i32) -> bool {
        after.legal_moves().is_empty()
            || (!after.must_capture() && material(after, solver) >= m0 + self.settings.win_gain)
    }

    fn scores(&mut self, pos: &Position, hist: &[u64]) -> Vec<(Move, i32)> {
        self.searcher
            .root_scores(pos, hist, self.settings.verify_depth, &Limits::default())
    }

    /// Is `pos` worth proving? Checks that need no deep search.
    pub fn screen(&self, pos: &Position) -> Result<(), Reject> {
        if pos.must_capture() {
            return Err(Reject::NotQuiet);
        }
        if pos.legal_moves().len() < 2 {
            return Err(Reject::FewMoves);
        }
        if pos.occupied().count_ones() < self.settings.min_pieces {
            return Err(Reject::FewPieces);
        }
        if material(pos, pos.side_to_move()).abs() > self.settings.max_start_imbalance {
            return Err(Reject::Unbalanced);
        }
        Ok(())
    }

    /// Prove `start` as a puzzle: the solution tree, checked again from
    /// scratch, with its difficulty and themes.
    pub fn prove(&mut self, start: &Position) -> Result<Puzzle, Reject> {
        self.screen(start)?;
        self.fresh();
        let solver = start.side_to_move();
        let m0 = material(start, solver);
        let mut hist = Vec::new();
        let root = self.build(start, &mut hist, m0, 1)?;
        if root.min_len() < self.settings.min_solver_moves {
            return Err(Reject::TooShort);
        }
        let mut p = Puzzle {
            start: *start,
            root,
            rating: 0,
            difficulty: 0,
            depth_needed: 0,
            themes: Vec::new(),
        };
        // the same check the verifier runs, on a fresh table
        self.verify(&p)?;
        self.describe(&mut p);
        Ok(p)
    }

    fn build(
        &mut self,
        pos: &Position,
        hist: &mut Vec<u64>,
        m0: i32,
        n: usize,
    ) -> Result<Node, Reject> {
        if n > self.settings.max_solver_moves {
            return Err(Reject::TooLong);
        }
        let solver = pos.side_to_move();
        let scores = self.scores(pos, hist);
        let mut accepted = Vec::new();
        for &(mv, s) in &scores {
            if self.winning(s, m0, 0) {
                accepted.push(mv);
            } else if !self.not_winning(s, m0, 0) {
                return Err(Reject::Ambiguous(mv.to_string()));
            }
        }
        if accepted.is_empty() {
            return Err(Reject::NotWinning);
        }
        if accepted.len() > self.settings.max_branches {
            return Err(Reject::TooManyWins);
        }
        let mut steps = Vec::new();
        for mv in accepted {
            let after = pos.make(&mv);
            if self.solved(&after, solver, m0) {
                steps.push(Step { mv, reply: None });
                continue;
            }
            hist.push(pos.hash());
            let replies = self.scores(&after, hist);
            let reply = replies[0].0;
            let next = after.make(&reply);
            hist.push(after.hash());
            let node = self.build(&next, hist, m0, n + 1);
            hist.truncate(hist.len() - 2);
            steps.push(Step {
                mv,
                reply: Some((reply, node?)),
            });
        }
        Ok(Node { steps })
    }

    /// Check a stored puzzle against the search: at every solver node the
    /// stored moves win and every other move clearly does not; every
    /// defender reply is its best defence; every line ends solved and has
    /// at least two solver moves.
    pub fn verify(&mut self, p: &Puzzle) -> Result<(), Reject> {
        self.fresh();
        if p.root.min_len() < self.settings.min_solver_moves {
            return Err(Reject::TooShort);
        }
        let solver = p.start.side_to_move();
        let m0 = material(&p.start, solver);
        let mut hist = Vec::new();
        self.check(&p.start, &p.root, &mut hist, m0, 1)
    }

    fn check(
        &mut self,
        pos: &Position,
        node: &Node,
        hist: &mut Vec<u64>,
        m0: i32,
        n: usize,
    ) -> Result<(), Reject> {
        if n > self.settings.max_solver_moves {
            return Err(Reject::TooLong);
        }
        let slack = self.settings.slack;
        let solver = pos.side_to_move();
        let scores = self.scores(pos, hist);
        for &(mv, s) in &scores {
            let stored = node.step(&mv).is_some();
            if stored && !self.winning(s, m0, slack) {
                return Err(Reject::Mismatch(format!(
                    "{} at {}: stored move {mv} scores {s}",
                    to_fen_numeric(pos),
                    n
                )));
            }
            if !stored && !self.not_winning(s, m0, slack) {
                return Err(Reject::Mismatch(format!(
                    "{}: move {mv} is not in the solution but scores {s}",
                    to_fen_numeric(pos)
                )));
            }
        }
        for step in &node.steps {
            if !scores.iter().any(|(m, _)| *m == step.mv) {
                return Err(Reject::Mismatch(format!("{} is not legal", step.mv)));
            }
            let after = pos.make(&step.mv);
            let solved = self.solved(&after, solver, m0);
            match &step.reply {
                None if solved => {}
                None => {
                    return Err(Reject::Mismatch(format!(
                        "the line ending with {} is not solved",
                        step.mv
                    )))
                }
                Some(_) if solved => {
                    return Err(Reject::Mismatch(format!(
                        "the line goes on after {} solved it",
                        step.mv
                    )))
                }
                Some((reply, next_node)) => {
                    hist.push(pos.hash());
                    let replies = self.scores(&after, hist);
                    let best = replies[0].1;
                    let Some(&(_, rs)) = replies.iter().find(|(m, _)| m == reply) else {
                        hist.pop();
                        return Err(Reject::Mismatch(format!("reply {reply} is not legal")));
                    };
                    if rs < best - self.settings.defence_slack {
                        hist.pop();
                        return Err(Reject::Mismatch(format!(
                            "reply {reply} scores {rs}, the best defence {} scores {best}",
                            replies[0].0
                        )));
                    }
                    let next = after.make(reply);
                    hist.push(after.hash());
                    let r = self.check(&next, next_node, hist, m0, n + 1);
                    hist.truncate(hist.len() - 2);
                    r?;
                }
            }
        }
        Ok(())
    }

    /// Difficulty, rating estimate and themes.
    fn describe(&mut self, p: &mut Puzzle) {
        let solver = p.solver();
        let m0 = material(&p.start, solver);
        // the shallowest depth from which the search keeps an accepted move
        let mut per_depth = Vec::new();
        let mut s = Searcher::new(self.settings.tt_mb);
        s.search(
            &p.start,
            &[],
            &Limits::depth(self.settings.verify_depth),
            |info| {
                if let Some(mv) = info.pv.first() {
                    per_depth.push((info.depth, p.root.step(mv).is_some(), info.score));
                }
            },
        );
        let mut needed = self.settings.verify_depth;
        for &(d, ok, sc) in per_depth.iter().rev() {
            if ok && self.winning(sc, m0, 0) {
                needed = d;
            } else {
                break;
            }
        }
        p.depth_needed = needed;

        let line = p.main_line();
        let mut pos = p.start;
        let mut themes = Vec::new();
        let mut sacrifices = 0;
        for (i, mv) in line.iter().enumerate() {
            let solver_move = i % 2 == 0;
            if solver_move {
                if mv.capture_count() >= 3 {
                    themes.push(Theme::MultiCapture);
                }
                if mv.is_promotion() {
                    themes.push(Theme::Breakthrough);
                }
                // a sacrifice: the defender's reply takes material
                if let Some(r) = line.get(i + 1) {
                    if r.is_capture() && mv.capture_count() < r.capture_count() {
                        sacrifices += 1;
                    }
                }
            }
            pos = pos.make(mv);
        }
        if sacrifices > 0 {
            themes.push(Theme::Shot);
        }
        if p.start.kings() != 0 {
            themes.push(Theme::KingEndgame);
        }
        if p.start.occupied().count_ones() <= 8 {
            themes.push(Theme::Endgame);
        }
        if pos.legal_moves().is_empty() {
            themes.push(Theme::GameWin);
        }
        themes.sort();
        themes.dedup();
        p.themes = themes;
        let solver_moves = p.solver_moves() as i32;
        let start_moves = p.start.legal_moves().len() as i32;
        let rating = 900
            + 110 * (solver_moves - 2)
            + 120 * sacrifices.min(3)
            + 55 * needed as i32
            + 6 * start_moves.min(15)
            + 60 * i32::from(p.root.max_len() > p.root.min_len());
        p.rating = rating.clamp(800, 2400);
        p.difficulty = match p.rating {
            ..=1150 => 1,
            1151..=1350 => 2,
            1351..=1550 => 3,
            1551..=1750 => 4,
            _ => 5,
        };
    }
}

/// Finds puzzles: plays games between weak levels (they miss shots, so the
/// other side gets them) and proves every promising position.
pub struct Miner {
    pub verifier: Verifier,
    finder: Searcher,
    seen: HashSet<u64>,
    rng: u64,
    /// Positions looked at, candidates proved, puzzles found.
    pub stats: MinerStats,
}

/// Counters of a mining run.
#[derive(Clone, Debug, Default)]
pub struct MinerStats {
    pub games: u64,
    pub positions: u64,
    pub candidates: u64,
    pub found: u64,
    pub rejected: std::collections::BTreeMap<String, u64>,
}

impl Miner {
    pub fn new(settings: Settings, seed: u64) -> Miner {
        Miner {
            verifier: Verifier::new(settings),
            finder: Searcher::new(8),
            seen: HashSet::new(),
            rng: seed,
            stats: MinerStats::default(),
        }
    }

    /// Positions already used (start hashes and final positions), so that
    /// a later run does not repeat an earlier pack.
    pub fn mark_seen(&mut self, p: &Puzzle) {
        self.seen.insert(p.start.hash());
        self.seen.insert(final_hash(p));
    }

    /// A self-play game from `opening` (moves played first): the positions
    /// after each ply, the start included.
    pub fn selfplay(&mut self, start: &Position) -> Vec<Position> {
        self.stats.games += 1;
        let mut pos = *start;
        let mut out = vec![pos];
        let mut hist = Vec::new();
        // a few random moves for variety
        let random_plies = 2 + (splitmix(&mut self.rng) % 5) as usize;
        let levels = [
            2 + (splitmix(&mut self.rng) % 4) as u8,
            2 + (splitmix(&mut self.rng) % 4) as u8,
        ];
        let mut searcher = Searcher::new(2);
        for ply in 0..160 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = if ply < random_plies {
                moves[(splitmix(&mut self.rng) % moves.len() as u64) as usize]
            } else {
                let level = Level::new(levels[ply % 2]).unwrap_or(Level::MIN);
                let options = ChooseOptions {
                    history: &hist,
                    params: LevelParams {
                        movetime: Duration::from_secs(5),
                        ..level.params()
                    },
                    seed: splitmix(&mut self.rng),
                    ..ChooseOptions::default()
                };
                match choose_move(&mut searcher, &pos, &options) {
                    Some(r) => r.best_move,
                    None => break,
                }
            };
            hist.push(pos.hash());
            pos = pos.make(&mv);
            out.push(pos);
            if pos.occupied().count_ones() <= 3 {
                break;
            }
        }
        out
    }

    /// Try `pos` as a puzzle start.
    pub fn try_position(&mut self, pos: &Position) -> Result<Puzzle, Reject> {
        self.stats.positions += 1;
        if self.seen.contains(&pos.hash()) {
            return Err(Reject::Duplicate);
        }
        self.verifier.screen(pos)?;
        let solver = pos.side_to_move();
        let m0 = material(pos, solver);
        let r = self
            .finder
            .search(
                pos,
                &[],
                &Limits::depth(self.verifier.settings.find_depth),
                |_| {},
            )
            .ok_or(Reject::FewMoves)?;
        if !self.verifier.winning(r.score, m0, 0) {
            return Err(Reject::NotWinning);
        }
        self.stats.candidates += 1;
        self.seen.insert(pos.hash());
        let p = self.verifier.prove(pos)?;
        let fh = final_hash(&p);
        if !self.seen.insert(fh) {
            return Err(Reject::Duplicate);
        }
        self.stats.found += 1;
        Ok(p)
    }

    /// Try every position of a game; returns the puzzles found.
    pub fn mine_positions(&mut self, positions: &[Position]) -> Vec<Puzzle> {
        let mut out = Vec::new();
        for (i, pos) in positions.iter().enumerate() {
            if i < 6 {
                continue;
            }
            match self.try_position(pos) {
                Ok(p) => out.push(p),
                Err(e) => {
                    let key = match e {
                        Reject::Ambiguous(_) => "ambiguous".to_string(),
                        Reject::Mismatch(_) => "mismatch".to_string(),
                        other => other.to_string(),
                    };
                    *self.stats.rejected.entry(key).or_default() += 1;
                }
            }
        }
        out
    }
}

/// Hash of the position at the end of the main line (two puzzles found a
/// move apart in one game end in the same place).
fn final_hash(p: &Puzzle) -> u64 {
    let mut pos = p.start;
    for mv in p.main_line() {
        pos = pos.make(&mv);
    }
    pos.hash() ^ 0x5bd1_e995
}

/// How an answer to one puzzle question is judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// An accepted move that ends the puzzle.
    Solved,
    /// An accepted move; the defender replies and the solver goes on.
    Continue { reply: Move, next: Node },
    /// A legal move that is not in the solution.
    Wrong,
}

/// Judge `mv` at `node`.
pub fn judge(node: &Node, mv: &Move) -> Answer {
    match node.step(mv) {
        Some(Step { reply: None, .. }) => Answer::Solved,
        Some(Step {
            reply: Some((r, n)),
            ..
        }) => Answer::Continue {
            reply: *r,
            next: n.clone(),
        },
        None => Answer::Wrong,
    }
}

/// Follow `moves` (solver and defender alternating) from the root: the
/// position and node reached, if the moves are on the tree.
pub fn walk<'a>(p: &'a Puzzle, moves: &[Move]) -> Option<(Position, &'a Node)> {
    let mut pos = p.start;
    let mut node = &p.root;
    let mut i = 0;
    while i < moves.len() {
        let step = node.step(&moves[i])?;
        pos = pos.make(&step.mv);
        let (r, n) = step.reply.as_ref()?;
        if moves.get(i + 1)? != r {
            return None;
        }
        pos = pos.make(r);
        node = n;
        i += 2;
    }
    Some((pos, node))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdn::parse_pdn;

    #[test]
    fn writes_and_reads_a_tree_with_alternatives() {
        let start = Position::from_fen("W:Wc3,d2,g3:Ba5,c5,e7,h8").unwrap();
        let m = |p: &Position, t: &str| parse_move(p, t).unwrap();
        let a = m(&start, "c3-b4");
        let p1 = start.make(&a);
        let r = m(&p1, "c5:a3");
        let p2 = p1.make(&r);
        let fin = p2.legal_moves()[0];
        let alt = m(&start, "c3-d4");
        let q1 = start.make(&alt);
        let rr = q1.legal_moves()[0];
        let q2 = q1.make(&rr);
        let fin2 = q2.legal_moves()[0];
        let puzzle = Puzzle {
            start,
            root: Node {
                steps: vec![
                    Step {
                        mv: a,
                        reply: Some((
                            r,
                            Node {
                                steps: vec![Step {
                                    mv: fin,
                                    reply: None,
                                }],
                            },
                        )),
                    },
                    Step {
                        mv: alt,
                        reply: Some((
                            rr,
                            Node {
                                steps: vec![Step {
                                    mv: fin2,
                                    reply: None,
                                }],
                            },
                        )),
                    },
                ],
            },
            rating: 1234,
            difficulty: 2,
            depth_needed: 5,
            themes: vec![Theme::Shot, Theme::MultiCapture],
        };
        let text = puzzle.to_pdn(7);
        assert!(text.contains("[FEN \"W:W"), "{text}");
        assert!(text.contains("1. c3-b4 (1. c3-d4"), "{text}");
        let g = &parse_pdn(&text).unwrap()[0];
        let back = Puzzle::from_pdn(g).unwrap();
        assert_eq!(back, puzzle);
        assert_eq!(back.solver_moves(), 2);
        assert!(matches!(judge(&back.root, &alt), Answer::Continue { .. }));
        let wrong = start
            .legal_moves()
            .into_iter()
            .find(|x| *x != a && *x != alt)
            .unwrap();
        assert_eq!(judge(&back.root, &wrong), Answer::Wrong);
        let (pos, node) = walk(&back, &[a, r]).unwrap();
        assert_eq!(pos, p2);
        assert_eq!(judge(node, &fin), Answer::Solved);
    }

    #[test]
    fn black_to_move_numbers() {
        let mut tokens = Vec::new();
        let mv = |t: &str| PdnMove {
            text: t.into(),
            annotation: None,
            variations: Vec::new(),
        };
        let mut first = mv("a");
        first.variations.push(vec![mv("x"), mv("y")]);
        movetext(
            &[first, mv("b"), mv("c")],
            Color::Black,
            0,
            true,
            &mut tokens,
        );
        assert_eq!(tokens.join(" "), "1... a (1... x 2. y) 2. b c");
    }
}
