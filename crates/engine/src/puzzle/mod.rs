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
//! Everything here is generic over the rule set ([`PuzzleRules`]):
//! [`Puzzle`], [`Verifier`] and [`Miner`] default to Russian draughts (one
//! monomorphised instance, the code the Russian pack was made with);
//! `Puzzle<International>`, `Verifier::<International>::new_in` and
//! `Miner::<International>::new_in` make and prove the International pack,
//! written with the square numbers 1–50 (`[GameType "20"]`).
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
//!
//! The module by concept: the solution tree and how answers are judged
//! (`tree`), proving and verifying (`proof`), themes and rating (`grade`),
//! the self-play miner (`generate`) and the PDN pack format (`pack`).
//!
//! [`Searcher::root_scores`]: crate::search::Searcher::root_scores

use crate::fen::{parse_fen_full_in, parse_fen_on, to_fen_numeric, to_fen_on};
use crate::moves::{generate, Move};
use crate::notation::{parse_move, parse_move_among_on};
use crate::position::{Color, Position};
use crate::rules::{International, Rules, Russian, Variant8};
use crate::search::wide::WIDE_KING;
use crate::search::Evaluate;
use std::fmt;

mod generate;
mod grade;
mod pack;
mod proof;
mod tree;

pub use generate::{Miner, MinerStats};
pub use grade::Theme;
pub use pack::game_positions;
pub use proof::Verifier;
pub use tree::{judge, walk, Answer, Node, Step};

/// Value of a man in the material count (centi-men).
pub const MAN: i32 = 100;
/// Value of a king in the material count (Russian draughts).
pub const KING: i32 = 250;

/// A rule set puzzles are made for: its material count (on the scale of
/// its search's evaluation) and how its pack writes positions and moves.
pub trait PuzzleRules: Rules<Shape: Evaluate> + fmt::Debug + Eq {
    /// Value of a king in the material count (a man is [`MAN`]).
    const KING: i32;
    /// The PDN `GameType` of the pack.
    const GAME_TYPE: u32;
    /// A position's FEN in the pack (square numbers).
    fn fen(pos: &Position<Self::Shape>) -> String;
    /// Read a pack's FEN.
    fn read_fen(text: &str) -> Result<Position<Self::Shape>, String>;
    /// Read a pack's move in `pos`.
    fn read_move(pos: &Position<Self::Shape>, text: &str) -> Result<Move<Self::Shape>, String>;
}

impl PuzzleRules for Russian {
    const KING: i32 = KING;
    const GAME_TYPE: u32 = 25;
    fn fen(pos: &Position) -> String {
        to_fen_numeric(pos)
    }
    fn read_fen(text: &str) -> Result<Position, String> {
        parse_fen_full_in(Variant8::Russian, text)
            .map(|i| i.position)
            .map_err(|e| e.to_string())
    }
    fn read_move(pos: &Position, text: &str) -> Result<Move, String> {
        parse_move(pos, text).map_err(|e| e.to_string())
    }
}

/// International draughts: a king counts three men, as in the wide boards'
/// evaluation ([`WIDE_KING`]); FEN and moves in the square numbers 1–50,
/// every landing square of a capture written (`28x19x10`).
impl PuzzleRules for International {
    const KING: i32 = WIDE_KING;
    const GAME_TYPE: u32 = 20;
    fn fen(pos: &Position<Self::Shape>) -> String {
        to_fen_on(pos)
    }
    fn read_fen(text: &str) -> Result<Position<Self::Shape>, String> {
        parse_fen_on(text)
            .map(|i| i.position)
            .map_err(|e| e.to_string())
    }
    fn read_move(pos: &Position<Self::Shape>, text: &str) -> Result<Move<Self::Shape>, String> {
        let legal = legal::<Self>(pos);
        // the whole path as written by the pack, else any reading of it
        if let Some(m) = legal.iter().find(|m| m.to_string() == text) {
            return Ok(*m);
        }
        parse_move_among_on(&legal, text).map_err(|e| e.to_string())
    }
}

/// The legal moves of `pos` under `R`.
pub(crate) fn legal<R: Rules>(pos: &Position<R::Shape>) -> Vec<Move<R::Shape>> {
    let mut v = Vec::with_capacity(32);
    generate::<R>(pos, &mut v);
    v
}

/// Material of `side` minus the other side's (man 100, king 250), Russian.
pub fn material(pos: &Position, side: Color) -> i32 {
    material_in::<Russian>(pos, side)
}

/// [`material`] by the values of the rule set `R` (man [`MAN`], king
/// [`PuzzleRules::KING`]).
pub fn material_in<R: PuzzleRules>(pos: &Position<R::Shape>, side: Color) -> i32 {
    let (m, k) = pos.count(side);
    let (om, ok) = pos.count(side.opposite());
    (m as i32 - om as i32) * MAN + (k as i32 - ok as i32) * R::KING
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

/// A proven puzzle of the rule set `R` (Russian draughts unless named).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle<R: PuzzleRules = Russian> {
    pub start: Position<R::Shape>,
    pub root: Node<R::Shape>,
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

impl<R: PuzzleRules> Puzzle<R> {
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
    pub fn main_line(&self) -> Vec<Move<R::Shape>> {
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
}
