//! Post-game analysis: every move of a game searched, marked (`!`, `?!`,
//! `?`, `??`) with the engine's better move, and each side's accuracy.
//!
//! For each ply the position before it is searched to a fixed depth: the
//! best move and its score. A move other than the best is scored by
//! searching the position after it one ply less deep (the same horizon). The
//! loss is the difference, from the mover's view, in centi-men.
//!
//! Marks (thresholds in centi-men of loss, see [`Thresholds`]); a move is
//! marked only when it also lowers the mover's expected result (below) by
//! 15, 10 or 5 points in a hundred — so in a position decided already, a
//! man more or less is not a mistake:
//! - `??` a blunder: a loss of 2.5 men or more, or a forced win given away
//!   (with less than 3 men left in hand), or a forced loss walked into (from
//!   less than 3 men down);
//! - `?`  a mistake: a loss of one man or more;
//! - `?!` an inaccuracy: half a man or more;
//! - `!`  the only good move: the best move, where every other move loses at
//!   least 1.5 men against it (searched one by one at the same depth).
//!
//! Accuracy: each move's score is turned into an expected result (a
//! logistic curve: one man up ≈ 69 %), and the move's accuracy is 100 minus
//! the drop in expected result in percent; a player's accuracy is the mean
//! over their moves. Forced moves (one legal move) count 100 and are not
//! marked.
//!
//! Every variant: [`analyse`] takes an 8×8 game ([`Game`], the tuned
//! evaluation); [`AnyGame::analyse`](crate::AnyGame::analyse) takes a game
//! of any [`Variant`](crate::Variant) — the 10×10 and 10×8 games through
//! the generic search ([`Searcher::search_in`]), Bashni through its own
//! ([`crate::towers::search_depth_until`], whose wins are put on this
//! module's scale), Vigman's game through its own (deepened one sub-move at
//! a time while the time lasts; a ply is a sub-move) — and gives the same report with each move also written
//! in the variant's notation ([`AnyAnalysis`]). The marks, thresholds and
//! accuracy are one code for all ([`Analysed`]).

use crate::family::{AnyGame, AnyMove, AnyPosition, Variant};
use crate::game::{Game, GameOn, Outcome};
use crate::moves::Move;
use crate::position::{Color, Position};
use crate::rules::{Rules, Variant8};
use crate::search::{Evaluate, Limits, Searcher, WIN, WIN_BOUND};
use crate::towers::{self, TowerGame, TowerMove};
use crate::vigman::{self, VigmanGame, VigmanMove};
use std::fmt;
use std::time::{Duration, Instant};

/// How deep and how long each search is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnalyseOptions {
    /// Nominal depth of the search of each position, in plies.
    pub depth: u32,
    /// Hard limit on one search, in milliseconds.
    pub movetime_ms: u64,
    pub thresholds: Thresholds,
}

impl Default for AnalyseOptions {
    fn default() -> Self {
        AnalyseOptions {
            depth: 12,
            movetime_ms: 1_000,
            thresholds: Thresholds::default(),
        }
    }
}

/// Losses (centi-men) from which a move is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Thresholds {
    pub inaccuracy: i32,
    pub mistake: i32,
    pub blunder: i32,
    /// How much worse every other move must be for `!`.
    pub only_move: i32,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            inaccuracy: 50,
            mistake: 100,
            blunder: 250,
            only_move: 150,
        }
    }
}

/// A move's mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// `!`
    Only,
    /// `?!`
    Inaccuracy,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
}

impl Mark {
    /// How bad a mark is: `!` 0, then `?!` 1, `?` 2, `??` 3.
    pub fn severity(self) -> u8 {
        match self {
            Mark::Only => 0,
            Mark::Inaccuracy => 1,
            Mark::Mistake => 2,
            Mark::Blunder => 3,
        }
    }
}

/// A mark as [`Mark`]'s `Display` writes it (`!`, `?!`, `?`, `??`).
impl std::str::FromStr for Mark {
    type Err = ();

    fn from_str(s: &str) -> Result<Mark, ()> {
        match s {
            "!" => Ok(Mark::Only),
            "?!" => Ok(Mark::Inaccuracy),
            "?" => Ok(Mark::Mistake),
            "??" => Ok(Mark::Blunder),
            _ => Err(()),
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mark::Only => "!",
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        })
    }
}

/// One analysed ply (its moves `M`: 8×8 [`Move`]s unless named).
#[derive(Debug, Clone, PartialEq)]
pub struct PlyReport<M = Move> {
    pub mover: Color,
    pub played: M,
    /// The engine's choice (equal to `played` when the move was best).
    pub best: M,
    /// The best move's score, from the mover's view (centi-men).
    pub best_score: i32,
    /// The played move's score, from the mover's view.
    pub played_score: i32,
    /// Legal moves in the position.
    pub choices: usize,
    pub mark: Option<Mark>,
    /// 0–100.
    pub accuracy: f64,
}

impl<M> PlyReport<M> {
    /// Centi-men the played move gave away (0 for the best move).
    pub fn loss(&self) -> i32 {
        (self.best_score - self.played_score).max(0)
    }

    /// The score after the move, from White's view (for a graph).
    pub fn white_score(&self) -> i32 {
        match self.mover {
            Color::White => self.played_score,
            Color::Black => -self.played_score,
        }
    }
}

/// A whole game analysed (an 8×8 one unless named: its start `P`, its
/// moves `M`).
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis<P = Position, M = Move> {
    pub start: P,
    pub plies: Vec<PlyReport<M>>,
}

impl<P, M> Analysis<P, M> {
    /// The mean accuracy of `side`'s moves (100 with no moves).
    pub fn accuracy(&self, side: Color) -> f64 {
        let mine: Vec<f64> = self
            .plies
            .iter()
            .filter(|p| p.mover == side)
            .map(|p| p.accuracy)
            .collect();
        if mine.is_empty() {
            100.0
        } else {
            mine.iter().sum::<f64>() / mine.len() as f64
        }
    }

    /// How many of `side`'s moves got `mark`.
    pub fn count(&self, side: Color, mark: Mark) -> usize {
        self.plies
            .iter()
            .filter(|p| p.mover == side && p.mark == Some(mark))
            .count()
    }
}

impl Analysis {
    /// The moves as PDN movetext with marks and, after each mistake, the
    /// engine's better move as a comment: `12. c3:e5?? {better: g3-f4}`.
    pub fn movetext(&self, start_move_number: u32) -> String {
        self.movetext_in(crate::Variant8::Russian, start_move_number)
    }

    /// [`Analysis::movetext`] in the variant's notation and move numbering
    /// (`1. 11-15 22-18` in English draughts, where Black opens a move).
    pub fn movetext_in(&self, variant: crate::Variant8, start_move_number: u32) -> String {
        let mut out = String::new();
        let mut number = start_move_number.max(1);
        for (i, p) in self.plies.iter().enumerate() {
            if variant.numbering_side(p.mover) == Color::White {
                if i > 0 {
                    number += 1;
                }
                out.push_str(&format!("{number}. "));
            } else if i == 0 {
                out.push_str(&format!("{number}... "));
            }
            out.push_str(&variant.format_move(&p.played));
            if let Some(m) = p.mark {
                out.push_str(&m.to_string());
            }
            if matches!(
                p.mark,
                Some(Mark::Inaccuracy | Mark::Mistake | Mark::Blunder)
            ) {
                out.push_str(&format!(
                    " {{better: {} ({})}}",
                    variant.format_move(&p.best),
                    men(p.best_score - p.played_score)
                ));
            }
            out.push(' ');
        }
        out.trim_end().to_string()
    }
}

/// An advantage (centi-men) from which a game counts as decided: a forced
/// win given up for this much in hand is not a blunder.
const DECIDED: i32 = 300;

/// A score difference in men with a sign: `+1.5`.
pub fn men(centi: i32) -> String {
    if centi.abs() >= WIN_BOUND {
        return if centi > 0 {
            "+win".into()
        } else {
            "-win".into()
        };
    }
    format!("{:+.1}", f64::from(centi) / 100.0)
}

/// The expected result (0–1) of a score from the mover's view.
fn expected(score: i32) -> f64 {
    if score >= WIN_BOUND {
        return 1.0;
    }
    if score <= -WIN_BOUND {
        return 0.0;
    }
    1.0 / (1.0 + (-f64::from(score) / 125.0).exp())
}

/// Analyse a game of `variant` given as its start and moves (the draw
/// rules followed through [`Game`]). `progress(done, total)` is called
/// after each ply. An illegal move ends the analysis there.
pub fn analyse(
    variant: Variant8,
    start: &Position,
    moves: &[Move],
    opts: &AnalyseOptions,
    progress: impl FnMut(usize, usize),
) -> Analysis {
    let game = Game::from_position(variant, *start);
    let mut searcher = Searcher::new(32);
    Analysis {
        start: *start,
        plies: analyse_plies(game, &mut searcher, moves, opts, progress),
    }
}

/// What the analysis needs of a game of some variant: its legal moves and
/// rules (through the game type, so the draw rules are followed), and a
/// search of its current position to a depth within a time.
trait Analysed: Clone {
    type Move: Copy + PartialEq;
    type Searcher;
    fn legal(&self) -> Vec<Self::Move>;
    fn mover(&self) -> Color;
    /// Play a legal move; false if the game refuses it.
    fn advance(&mut self, mv: &Self::Move) -> bool;
    fn result(&self) -> Option<Outcome>;
    /// The best move and its score (centi-men, the side to move's view;
    /// wins beyond ±[`WIN_BOUND`]), searched `depth` plies deep.
    fn best(
        &self,
        s: &mut Self::Searcher,
        depth: u32,
        movetime: Duration,
    ) -> Option<(Self::Move, i32)>;
}

impl Analysed for Game {
    type Move = Move;
    type Searcher = Searcher;
    fn legal(&self) -> Vec<Move> {
        self.legal_moves()
    }
    fn mover(&self) -> Color {
        self.side_to_move()
    }
    fn advance(&mut self, mv: &Move) -> bool {
        self.play(mv).is_ok()
    }
    fn result(&self) -> Option<Outcome> {
        self.outcome()
    }
    fn best(&self, s: &mut Searcher, depth: u32, movetime: Duration) -> Option<(Move, i32)> {
        let limits = Limits {
            depth: Some(depth.max(1)),
            movetime: Some(movetime),
            quiet_plies: self.counters().kings_only_plies,
            variant: self.variant(),
            ..Limits::default()
        };
        s.search(self.position(), &self.history_hashes(), &limits, |_| {})
            .map(|r| (r.best_move, r.score))
    }
}

impl<R: Rules> Analysed for GameOn<R>
where
    R::Shape: Evaluate,
{
    type Move = Move<R::Shape>;
    type Searcher = Searcher<R::Shape>;
    fn legal(&self) -> Vec<Self::Move> {
        self.legal_moves()
    }
    fn mover(&self) -> Color {
        self.position().side_to_move()
    }
    fn advance(&mut self, mv: &Self::Move) -> bool {
        self.play(mv).is_ok()
    }
    fn result(&self) -> Option<Outcome> {
        self.outcome()
    }
    fn best(
        &self,
        s: &mut Searcher<R::Shape>,
        depth: u32,
        movetime: Duration,
    ) -> Option<(Self::Move, i32)> {
        let limits = Limits {
            depth: Some(depth.max(1)),
            movetime: Some(movetime),
            quiet_plies: self.counters().kings_only_plies,
            ..Limits::default()
        };
        // the game may allow fewer moves than the position (Frisian)
        s.set_root_moves(&self.legal_moves());
        s.search_in::<R>(self.position(), &self.history_hashes(), &limits, |_| {})
            .map(|r| (r.best_move, r.score))
    }
}

/// Bashni's and Vigman's searches keep no state between positions.
struct TowerSearch;

impl Analysed for TowerGame {
    type Move = TowerMove;
    type Searcher = TowerSearch;
    fn legal(&self) -> Vec<TowerMove> {
        self.legal_moves()
    }
    fn mover(&self) -> Color {
        self.position().side_to_move()
    }
    fn advance(&mut self, mv: &TowerMove) -> bool {
        self.play(mv).is_ok()
    }
    fn result(&self) -> Option<Outcome> {
        self.outcome()
    }
    fn best(
        &self,
        _: &mut TowerSearch,
        depth: u32,
        movetime: Duration,
    ) -> Option<(TowerMove, i32)> {
        let r = towers::search_depth_until(
            self.position(),
            depth.max(1),
            Some(Instant::now() + movetime),
        );
        r.best.map(|m| (m, tower_score(r.score)))
    }
}

impl Analysed for VigmanGame {
    type Move = VigmanMove;
    type Searcher = TowerSearch;
    fn legal(&self) -> Vec<VigmanMove> {
        self.legal_moves()
    }
    fn mover(&self) -> Color {
        self.position().side_to_move()
    }
    fn advance(&mut self, mv: &VigmanMove) -> bool {
        self.play(mv).is_ok()
    }
    fn result(&self) -> Option<Outcome> {
        self.outcome()
    }
    fn best(
        &self,
        _: &mut TowerSearch,
        depth: u32,
        movetime: Duration,
    ) -> Option<(VigmanMove, i32)> {
        // one sub-move deeper at a time while the next is likely to finish
        let start = Instant::now();
        let mut best = None;
        for d in 1..=depth.max(1) {
            let found = vigman::search(self.position(), d, VIGMAN_NODES);
            best = found.map(|(m, s)| (m, mate_score(s, vigman::WIN)));
            if start.elapsed() * 4 > movetime {
                break;
            }
        }
        best
    }
}

/// Nodes one depth of Vigman's search may take (about a second).
const VIGMAN_NODES: u64 = 2_000_000;

/// A Bashni score on this module's scale: a win in `n` plies (the tower
/// search's `MATE - n`) is `WIN - n`; other scores (centi-men) stay,
/// within the bounds.
pub(crate) fn tower_score(score: i32) -> i32 {
    mate_score(score, towers::MATE)
}

/// A score of a search whose win is `mate` less the plies (Bashni's
/// [`towers::MATE`], Vigman's [`vigman::WIN`]) on the search's scale: a
/// win in `n` plies is [`WIN`]` - n`, beyond [`WIN_BOUND`]; other scores
/// (centi-men) stay within the bound.
pub fn mate_score(score: i32, mate: i32) -> i32 {
    let plies = mate - score.saturating_abs();
    if plies < 1_000 {
        (WIN - plies).max(WIN_BOUND + 1) * score.signum()
    } else {
        score.clamp(-(WIN_BOUND - 1), WIN_BOUND - 1)
    }
}

/// The analysis of `moves` played from `game`: one report a ply.
fn analyse_plies<G: Analysed>(
    mut game: G,
    searcher: &mut G::Searcher,
    moves: &[G::Move],
    opts: &AnalyseOptions,
    mut progress: impl FnMut(usize, usize),
) -> Vec<PlyReport<G::Move>> {
    let movetime = Duration::from_millis(opts.movetime_ms);
    let mut plies = Vec::with_capacity(moves.len());
    let t = opts.thresholds;
    for (i, played) in moves.iter().enumerate() {
        let legal = game.legal();
        if !legal.contains(played) {
            break;
        }
        let mover = game.mover();
        let best = game.best(searcher, opts.depth, movetime);
        let (best_move, best_score) = best.unwrap_or((*played, 0));
        // the score of the move played, at the same horizon
        let score_after = |searcher: &mut G::Searcher, mv: &G::Move| -> i32 {
            let mut g = game.clone();
            if !g.advance(mv) {
                return best_score;
            }
            if let Some(o) = g.result() {
                return match o.winner() {
                    Some(w) if w == mover => WIN,
                    Some(_) => -WIN,
                    None => 0,
                };
            }
            // the score is the side to move's: the mover's again after the
            // first sub-move of a Vigman turn
            let again = g.mover() == mover;
            g.best(searcher, opts.depth.max(1) - 1, movetime)
                .map(|(_, s)| if again { s } else { -s })
                .unwrap_or(0)
        };
        let played_score = if *played == best_move || legal.len() == 1 {
            best_score
        } else {
            score_after(searcher, played).min(best_score)
        };
        let loss = (best_score - played_score).max(0);
        let drop = (expected(best_score) - expected(played_score)).max(0.0);
        let gave_away_win = best_score >= WIN_BOUND && played_score < DECIDED;
        let walked_into_loss = played_score <= -WIN_BOUND && best_score > -DECIDED;
        let mut mark = if legal.len() == 1 {
            None
        } else if gave_away_win || walked_into_loss || (loss >= t.blunder && drop >= 0.15) {
            Some(Mark::Blunder)
        } else if loss >= t.mistake && drop >= 0.10 {
            Some(Mark::Mistake)
        } else if loss >= t.inaccuracy && drop >= 0.05 {
            Some(Mark::Inaccuracy)
        } else {
            None
        };
        if mark.is_none() && *played == best_move && (2..=12).contains(&legal.len()) {
            let others_worse = legal
                .iter()
                .filter(|m| *m != played)
                .all(|m| best_score - score_after(searcher, m) >= t.only_move);
            if others_worse && best_score > -WIN_BOUND {
                mark = Some(Mark::Only);
            }
        }
        let accuracy = if legal.len() == 1 {
            100.0
        } else {
            (100.0 * (1.0 - (expected(best_score) - expected(played_score)).max(0.0)))
                .clamp(0.0, 100.0)
        };
        plies.push(PlyReport {
            mover,
            played: *played,
            best: best_move,
            best_score,
            played_score,
            choices: legal.len(),
            mark,
            accuracy,
        });
        if !game.advance(played) {
            break;
        }
        progress(i + 1, moves.len());
    }
    plies
}

/// A game of any variant analysed ([`AnyGame::analyse`]): the report of
/// [`analyse`], with each ply's moves also written as the players of the
/// variant write them.
#[derive(Debug, Clone, PartialEq)]
pub struct AnyAnalysis {
    pub variant: Variant,
    pub report: Analysis<AnyPosition, AnyMove>,
    /// Each ply's move played, in the variant's notation at its turn.
    pub played_texts: Vec<String>,
    /// Each ply's engine move, in the variant's notation at its turn.
    pub best_texts: Vec<String>,
}

impl AnyAnalysis {
    /// The plies analysed.
    pub fn plies(&self) -> &[PlyReport<AnyMove>] {
        &self.report.plies
    }

    /// The mean accuracy of `side`'s moves (100 with no moves).
    pub fn accuracy(&self, side: Color) -> f64 {
        self.report.accuracy(side)
    }

    /// How many of `side`'s moves got `mark`.
    pub fn count(&self, side: Color, mark: Mark) -> usize {
        self.report.count(side, mark)
    }

    /// The moves as PDN movetext with marks and the better moves, in the
    /// variant's notation and move numbering (as
    /// [`Analysis::movetext_in`]; in English draughts Black opens a move,
    /// in Vigman's game a number covers two turns of two sub-moves).
    pub fn movetext(&self, start_move_number: u32) -> String {
        let numbering = |mover: Color| match self.variant.eight() {
            Some(v) => v.numbering_side(mover),
            None => mover,
        };
        let mut out = String::new();
        let mut number = start_move_number.max(1);
        let plies = &self.report.plies;
        for (i, p) in plies.iter().enumerate() {
            // a turn begins where the mover changes (Vigman: two sub-moves)
            let turn_begins = i == 0 || plies[i - 1].mover != p.mover;
            if numbering(p.mover) == Color::White && turn_begins {
                if i > 0 {
                    number += 1;
                }
                out.push_str(&format!("{number}. "));
            } else if i == 0 {
                out.push_str(&format!("{number}... "));
            }
            out.push_str(self.played_texts.get(i).map_or("", String::as_str));
            if let Some(m) = p.mark {
                out.push_str(&m.to_string());
            }
            if matches!(
                p.mark,
                Some(Mark::Inaccuracy | Mark::Mistake | Mark::Blunder)
            ) {
                out.push_str(&format!(
                    " {{better: {} ({})}}",
                    self.best_texts.get(i).map_or("", String::as_str),
                    men(p.best_score - p.played_score)
                ));
            }
            out.push(' ');
        }
        out.trim_end().to_string()
    }
}

/// The analysis of every move of `game` from its start (see
/// [`AnyGame::analyse`]).
pub(crate) fn analyse_any(
    game: &AnyGame,
    opts: &AnalyseOptions,
    progress: impl FnMut(usize, usize),
) -> AnyAnalysis {
    fn wide<R: Rules>(
        g: &GameOn<R>,
        opts: &AnalyseOptions,
        progress: impl FnMut(usize, usize),
    ) -> Vec<PlyReport<Move<R::Shape>>>
    where
        R::Shape: Evaluate,
    {
        let start = GameOn::<R>::from_position(g.positions()[0]);
        let mut searcher = Searcher::<R::Shape>::new_on(32);
        analyse_plies(start, &mut searcher, g.moves(), opts, progress)
    }
    fn wrap<M, N>(plies: Vec<PlyReport<M>>, f: impl Fn(M) -> N) -> Vec<PlyReport<N>> {
        plies
            .into_iter()
            .map(|p| PlyReport {
                mover: p.mover,
                played: f(p.played),
                best: f(p.best),
                best_score: p.best_score,
                played_score: p.played_score,
                choices: p.choices,
                mark: p.mark,
                accuracy: p.accuracy,
            })
            .collect()
    }
    let plies = match game {
        AnyGame::Eight(e) => {
            let a = analyse(e.variant(), e.start_position(), e.moves(), opts, progress);
            wrap(a.plies, AnyMove::Eight)
        }
        AnyGame::International(g) => wrap(wide(g, opts, progress), AnyMove::Ten),
        AnyGame::Frisian(g) => wrap(wide(g, opts, progress), AnyMove::Ten),
        AnyGame::Frysk(g) => wrap(wide(g, opts, progress), AnyMove::Ten),
        AnyGame::Antidraughts(g) => wrap(wide(g, opts, progress), AnyMove::Ten),
        AnyGame::Breakthrough(g) => wrap(wide(g, opts, progress), AnyMove::Ten),
        AnyGame::Russian10x8(g) => wrap(wide(g, opts, progress), AnyMove::TenByEight),
        AnyGame::Bashni(t) => {
            let start = TowerGame::from_position(*t.start_position());
            wrap(
                analyse_plies(start, &mut TowerSearch, t.moves(), opts, progress),
                AnyMove::Towers,
            )
        }
        AnyGame::Vigman(v) => {
            let start = VigmanGame::from_position(*v.start_position());
            wrap(
                analyse_plies(start, &mut TowerSearch, v.moves(), opts, progress),
                AnyMove::Vigman,
            )
        }
    };
    // each move written at its turn: replay the game from its start
    let variant = game.variant();
    let mut replay = variant.game_from_fen(&game.start_fen()).ok();
    let (mut played_texts, mut best_texts) = (Vec::new(), Vec::new());
    for p in &plies {
        match replay.as_mut() {
            Some(r) => {
                played_texts.push(r.format_move(&p.played));
                best_texts.push(r.format_move(&p.best));
                let _ = r.play(&p.played);
            }
            None => {
                played_texts.push(String::new());
                best_texts.push(String::new());
            }
        }
    }
    AnyAnalysis {
        variant,
        report: Analysis {
            start: game.start_position(),
            plies,
        },
        played_texts,
        best_texts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_of(texts: &[&str]) -> (Position, Vec<Move>) {
        // the moves from the start position
        let mut g = Game::from_position(Variant8::Russian, Position::initial());
        let mut moves = Vec::new();
        for t in texts {
            let mv = crate::notation::parse_move(g.position(), t).unwrap();
            g.play(&mv).unwrap();
            moves.push(mv);
        }
        (Position::initial(), moves)
    }

    #[test]
    fn a_move_that_hangs_a_man_for_nothing_is_marked_and_the_better_move_given() {
        // White: e3, a1; Black: g5, a7. 1.e3-f4?? gives the man away
        // (g5:e3, no recapture); e3-d4 was safe
        let start = Position::from_fen("W:We3,a1:Bg5,a7").unwrap();
        let mut g = Game::from_position(Variant8::Russian, start);
        let mut moves = Vec::new();
        for t in ["e3-f4", "g5:e3"] {
            let mv = crate::notation::parse_move(g.position(), t).unwrap();
            g.play(&mv).unwrap();
            moves.push(mv);
        }
        let opts = AnalyseOptions {
            depth: 8,
            movetime_ms: 2_000,
            ..AnalyseOptions::default()
        };
        let a = analyse(Variant8::Russian, &start, &moves, &opts, |_, _| {});
        assert_eq!(a.plies.len(), 2);
        let hang = &a.plies[0];
        assert!(
            hang.loss() >= opts.thresholds.mistake,
            "loss {} ({:?})",
            hang.loss(),
            hang
        );
        assert!(matches!(hang.mark, Some(Mark::Mistake | Mark::Blunder)));
        assert_ne!(hang.best, hang.played);
        // the forced capture is not marked and counts 100
        assert_eq!(a.plies[1].mark, None);
        assert_eq!(a.plies[1].accuracy, 100.0);
        assert!(a.accuracy(Color::White) < a.accuracy(Color::Black));
        let text = a.movetext(1);
        assert!(text.starts_with("1. e3-f4?"), "{text}");
        assert!(text.contains(&format!("{{better: {}", hang.best)), "{text}");
    }

    #[test]
    fn quiet_opening_moves_are_not_marked_and_progress_is_reported() {
        let (start, moves) = game_of(&["c3-d4", "f6-g5", "g3-f4"]);
        let opts = AnalyseOptions {
            depth: 6,
            ..AnalyseOptions::default()
        };
        let mut seen = Vec::new();
        let a = analyse(Variant8::Russian, &start, &moves, &opts, |d, n| {
            seen.push((d, n))
        });
        assert_eq!(seen, vec![(1, 3), (2, 3), (3, 3)]);
        for p in &a.plies {
            assert!(
                !matches!(p.mark, Some(Mark::Mistake | Mark::Blunder)),
                "{p:?}"
            );
        }
        assert!(a.accuracy(Color::White) > 80.0);
    }

    #[test]
    fn marks_read_back_what_they_write_and_rank_by_severity() {
        let all = [Mark::Only, Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];
        for m in all {
            assert_eq!(m.to_string().parse::<Mark>(), Ok(m));
        }
        assert!(all.windows(2).all(|w| w[0].severity() < w[1].severity()));
        assert_eq!("".parse::<Mark>(), Err(()));
        assert_eq!("!!".parse::<Mark>(), Err(()));
    }

    #[test]
    fn an_international_move_that_hangs_two_men_is_a_blunder() {
        // 1. 32-28?? lets 23 take 28 and 37 (23x41); 50-44 keeps the
        // balance (numeric squares: 32 d4, 37 c3, 23 f6, 41 b2)
        let mut g = Variant::International
            .game_from_fen("W:W32,37,50:B23,3,4")
            .unwrap();
        g.play_text("32-28").unwrap();
        g.play_text("23x41").unwrap();
        let opts = AnalyseOptions {
            depth: 8,
            movetime_ms: 5_000,
            ..AnalyseOptions::default()
        };
        let mut seen = Vec::new();
        let a = g.analyse(&opts, |d, n| seen.push((d, n)));
        assert_eq!(seen, vec![(1, 2), (2, 2)]);
        assert_eq!(a.plies().len(), 2);
        let blunder = &a.plies()[0];
        assert_eq!(blunder.mark, Some(Mark::Blunder), "{blunder:?}");
        assert!(blunder.loss() >= 300, "{blunder:?}");
        assert_ne!(blunder.best, blunder.played);
        assert!(matches!(blunder.played, AnyMove::Ten(_)));
        // the forced capture is not marked
        assert_eq!(a.plies()[1].mark, None);
        assert_eq!(a.played_texts, vec!["32-28", "23x41"]);
        assert_eq!(a.count(Color::White, Mark::Blunder), 1);
        assert!(a.accuracy(Color::White) < a.accuracy(Color::Black));
        let text = a.movetext(1);
        assert!(
            text.starts_with(&format!("1. 32-28?? {{better: {}", a.best_texts[0])),
            "{text}"
        );
        assert!(text.ends_with("23x41"), "{text}");
        assert_eq!(
            a.report.start,
            Variant::International
                .game_from_fen("W:W32,37,50:B23,3,4")
                .unwrap()
                .position()
        );
    }

    #[test]
    fn a_bashni_move_that_hangs_a_man_is_flagged() {
        // as the Russian test: 1. e3-f4?? g5:e3, the man goes under Black's
        let mut g = Variant::Bashni.game_from_fen("W:We3,a1:Bg5,a7").unwrap();
        g.play_text("e3-f4").unwrap();
        g.play_text("g5:e3").unwrap();
        let opts = AnalyseOptions {
            depth: 6,
            ..AnalyseOptions::default()
        };
        let a = g.analyse(&opts, |_, _| {});
        assert_eq!(a.plies().len(), 2);
        let hang = &a.plies()[0];
        assert!(
            matches!(hang.mark, Some(Mark::Mistake | Mark::Blunder)),
            "{hang:?}"
        );
        assert!(hang.loss() >= opts.thresholds.mistake, "{hang:?}");
        assert_eq!(a.plies()[1].mark, None);
        assert_eq!(a.played_texts, vec!["e3-f4", "g5:e3"]);
    }

    #[test]
    fn a_vigman_first_sub_move_is_scored_for_the_side_that_moves_again() {
        // White two men up; after a first sub-move White moves again, so
        // the search of the position after it is White's score, not Black's
        let mut g = Variant::Vigman
            .game_from_fen("W:Wc3,e3,b2,d2:Bh8,a8")
            .unwrap();
        for t in ["e3-f4", "b2-a3", "h8-g7", "a8-b7"] {
            g.play_text(t).unwrap();
        }
        let opts = AnalyseOptions {
            depth: 6,
            ..AnalyseOptions::default()
        };
        let a = g.analyse(&opts, |_, _| {});
        assert_eq!(a.plies().len(), 4);
        let first = &a.plies()[0];
        assert_eq!(first.mover, Color::White);
        assert!(first.played_score > 100, "{first:?}");
        assert!(
            !matches!(first.mark, Some(Mark::Mistake | Mark::Blunder)),
            "{first:?}"
        );
        assert_eq!(a.plies()[2].mover, Color::Black);
        assert!(a.plies()[2].best_score < -100, "{:?}", a.plies()[2]);
        // one move number for the two turns of two sub-moves
        assert!(a.movetext(1).starts_with("1. e3-f4"), "{}", a.movetext(1));
        assert_eq!(a.movetext(1).matches(". ").count(), 1, "{}", a.movetext(1));
    }

    #[test]
    fn a_vigman_sub_move_left_hanging_is_seen_on_a_slow_machine() {
        // d4-e5 leaves the man to f6:d4 (no White piece near to take
        // back): marked even with no time at all a position (a busy or
        // slow machine), the capture being the answer's first sub-move
        let mut g = Variant::Vigman.game_from_fen("W:Wa1,c3:Bf6,g7").unwrap();
        for t in ["c3-d4", "d4-e5", "f6:d4", "g7-f6"] {
            g.play_text(t).unwrap();
        }
        let opts = AnalyseOptions {
            depth: 12,
            movetime_ms: 0,
            ..AnalyseOptions::default()
        };
        let a = g.analyse(&opts, |_, _| {});
        let hang = &a.plies()[1];
        assert_eq!(hang.mover, Color::White);
        assert!(
            matches!(hang.mark, Some(Mark::Mistake | Mark::Blunder)),
            "{hang:?}"
        );
    }

    #[test]
    fn every_variant_is_analysed_move_by_move() {
        let opts = AnalyseOptions {
            depth: 4,
            movetime_ms: 2_000,
            ..AnalyseOptions::default()
        };
        let level = crate::search::Level::new(1).unwrap();
        for v in Variant::ALL {
            let mut g = v.new_game();
            for seed in 0..8 {
                let Some(mv) = g.choose_move(level, seed) else {
                    break;
                };
                g.play(&mv).unwrap();
            }
            let mut calls = 0;
            let a = g.analyse(&opts, |_, _| calls += 1);
            assert_eq!(a.variant, v);
            assert_eq!(a.plies().len(), g.ply(), "{v}");
            assert_eq!(calls, g.ply(), "{v}");
            assert_eq!(a.played_texts, g.move_texts(), "{v}");
            assert_eq!(a.report.start, v.new_game().position(), "{v}");
            for (p, played) in a.plies().iter().zip(g.moves()) {
                assert_eq!(p.played, played, "{v}");
                assert!((0.0..=100.0).contains(&p.accuracy), "{v} {p:?}");
                assert!(
                    p.best_score.abs() <= WIN && p.played_score <= p.best_score,
                    "{v} {p:?}"
                );
            }
            assert!(a.best_texts.iter().all(|t| !t.is_empty()), "{v}");
        }
    }

    #[test]
    fn an_eight_by_eight_game_gets_the_report_of_analyse() {
        let mut g = Variant::Russian.new_game();
        for t in ["c3-d4", "f6-e5", "d4:f6", "g7:e5", "g3-f4"] {
            g.play_text(t).unwrap();
        }
        let opts = AnalyseOptions {
            depth: 6,
            movetime_ms: 60_000,
            ..AnalyseOptions::default()
        };
        let any = g.analyse(&opts, |_, _| {});
        let e = g.eight().unwrap();
        let eight = analyse(e.variant(), e.start_position(), e.moves(), &opts, |_, _| {});
        assert_eq!(any.plies().len(), 5);
        for (a, b) in any.plies().iter().zip(&eight.plies) {
            assert_eq!(a.played, AnyMove::Eight(b.played));
            assert_eq!(a.best, AnyMove::Eight(b.best));
            assert_eq!(
                (a.best_score, a.played_score, a.mark, a.choices),
                (b.best_score, b.played_score, b.mark, b.choices)
            );
        }
        assert_eq!(any.movetext(1), eight.movetext_in(Variant8::Russian, 1));
    }

    #[test]
    fn men_shows_a_sign_and_wins() {
        assert_eq!(men(150), "+1.5");
        assert_eq!(men(-40), "-0.4");
        assert_eq!(men(WIN - 3), "+win");
    }
}
