//! Proving a position is a puzzle (building its solution tree) and
//! verifying a stored puzzle against the search.

use super::{legal, material_in, Node, Puzzle, PuzzleRules, Reject, Settings, Step};
use crate::moves::{has_capture, Move};
use crate::position::{Color, Position};
use crate::rules::Russian;
use crate::search::{Limits, Options, Searcher, WIN_BOUND};
use crate::square::Shape;
use std::marker::PhantomData;

/// The proving searcher: no late-move reductions, so that every move's
/// score is a full-width search (less sensitive to how the engine is tuned).
fn proving_searcher<S: Shape>(settings: &Settings) -> Searcher<S> {
    Searcher::with_options_on(
        settings.tt_mb,
        Options {
            lmr: false,
            ..Options::default()
        },
    )
}

/// Proves puzzles of the rule set `R` (Russian draughts unless named):
/// builds solution trees and checks stored ones.
pub struct Verifier<R: PuzzleRules = Russian> {
    pub settings: Settings,
    searcher: Searcher<R::Shape>,
    rules: PhantomData<R>,
}

impl Verifier {
    /// A verifier of Russian puzzles.
    pub fn new(settings: Settings) -> Verifier {
        Verifier::new_in(settings)
    }
}

impl<R: PuzzleRules> Verifier<R> {
    /// A verifier of the puzzles of `R` (on Russian, [`Verifier::new`]).
    pub fn new_in(settings: Settings) -> Verifier<R> {
        let searcher = proving_searcher(&settings);
        Verifier {
            settings,
            searcher,
            rules: PhantomData,
        }
    }

    fn fresh(&mut self) {
        self.searcher = proving_searcher(&self.settings);
    }

    pub(super) fn winning(&self, s: i32, m0: i32, slack: i32) -> bool {
        s > WIN_BOUND || s >= m0 + self.settings.win_gain - slack
    }

    fn not_winning(&self, s: i32, m0: i32, slack: i32) -> bool {
        s <= WIN_BOUND && s <= m0 + self.settings.not_win_gain + slack
    }

    /// Whether the solver's move into `after` ends the puzzle.
    fn solved(&self, after: &Position<R::Shape>, solver: Color, m0: i32) -> bool {
        legal::<R>(after).is_empty()
            || (!has_capture::<R>(after)
                && material_in::<R>(after, solver) >= m0 + self.settings.win_gain)
    }

    fn scores(&mut self, pos: &Position<R::Shape>, hist: &[u64]) -> Vec<(Move<R::Shape>, i32)> {
        self.searcher
            .root_scores_in::<R>(pos, hist, self.settings.verify_depth, &Limits::default())
    }

    /// Is `pos` worth proving? Checks that need no deep search.
    pub fn screen(&self, pos: &Position<R::Shape>) -> Result<(), Reject> {
        if has_capture::<R>(pos) {
            return Err(Reject::NotQuiet);
        }
        if legal::<R>(pos).len() < 2 {
            return Err(Reject::FewMoves);
        }
        if pos.occupied().count_ones() < self.settings.min_pieces {
            return Err(Reject::FewPieces);
        }
        if material_in::<R>(pos, pos.side_to_move()).abs() > self.settings.max_start_imbalance {
            return Err(Reject::Unbalanced);
        }
        Ok(())
    }

    /// Prove `start` as a puzzle: the solution tree, checked again from
    /// scratch, with its difficulty and themes.
    pub fn prove(&mut self, start: &Position<R::Shape>) -> Result<Puzzle<R>, Reject> {
        self.screen(start)?;
        self.fresh();
        let solver = start.side_to_move();
        let m0 = material_in::<R>(start, solver);
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
        pos: &Position<R::Shape>,
        hist: &mut Vec<u64>,
        m0: i32,
        n: usize,
    ) -> Result<Node<R::Shape>, Reject> {
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
    pub fn verify(&mut self, p: &Puzzle<R>) -> Result<(), Reject> {
        self.fresh();
        if p.root.min_len() < self.settings.min_solver_moves {
            return Err(Reject::TooShort);
        }
        let solver = p.start.side_to_move();
        let m0 = material_in::<R>(&p.start, solver);
        let mut hist = Vec::new();
        self.check(&p.start, &p.root, &mut hist, m0, 1)
    }

    fn check(
        &mut self,
        pos: &Position<R::Shape>,
        node: &Node<R::Shape>,
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
                    R::fen(pos),
                    n
                )));
            }
            if !stored && !self.not_winning(s, m0, slack) {
                return Err(Reject::Mismatch(format!(
                    "{}: move {mv} is not in the solution but scores {s}",
                    R::fen(pos)
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
}
