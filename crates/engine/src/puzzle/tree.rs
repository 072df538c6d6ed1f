//! The solution tree: accepted solver moves and the defender's replies,
//! and how an answer is judged against it.

use super::{Puzzle, PuzzleRules};
use crate::moves::Move;
use crate::position::Position;
use crate::square::{Board8, Shape};

/// One accepted solver move and what follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step<S: Shape = Board8> {
    pub mv: Move<S>,
    /// The defender's reply and the next solver node; `None` when the
    /// puzzle is solved by this move.
    pub reply: Option<(Move<S>, Node<S>)>,
}

/// A position with the solver to move: the accepted moves, main line first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node<S: Shape = Board8> {
    pub steps: Vec<Step<S>>,
}

impl<S: Shape> Node<S> {
    /// The accepted step for `mv`, if any.
    pub fn step(&self, mv: &Move<S>) -> Option<&Step<S>> {
        self.steps.iter().find(|s| s.mv == *mv || s.mv.same_as(mv))
    }

    pub(super) fn min_len(&self) -> usize {
        self.steps
            .iter()
            .map(|s| 1 + s.reply.as_ref().map_or(0, |(_, n)| n.min_len()))
            .min()
            .unwrap_or(0)
    }

    pub(super) fn max_len(&self) -> usize {
        self.steps
            .iter()
            .map(|s| 1 + s.reply.as_ref().map_or(0, |(_, n)| n.max_len()))
            .max()
            .unwrap_or(0)
    }
}

/// How an answer to one puzzle question is judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer<S: Shape = Board8> {
    /// An accepted move that ends the puzzle.
    Solved,
    /// An accepted move; the defender replies and the solver goes on.
    Continue { reply: Move<S>, next: Node<S> },
    /// A legal move that is not in the solution.
    Wrong,
}

/// Judge `mv` at `node`.
pub fn judge<S: Shape>(node: &Node<S>, mv: &Move<S>) -> Answer<S> {
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
pub fn walk<'a, R: PuzzleRules>(
    p: &'a Puzzle<R>,
    moves: &[Move<R::Shape>],
) -> Option<(Position<R::Shape>, &'a Node<R::Shape>)> {
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
