//! What a proven puzzle is about and how hard it is: its themes, the
//! search depth it needs, its rating estimate and difficulty.

use super::{legal, material_in, Puzzle, PuzzleRules, Verifier};
use crate::search::{Limits, Searcher};

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

impl<R: PuzzleRules> Verifier<R> {
    /// Difficulty, rating estimate and themes.
    pub(super) fn describe(&mut self, p: &mut Puzzle<R>) {
        let solver = p.solver();
        let m0 = material_in::<R>(&p.start, solver);
        // the shallowest depth from which the search keeps an accepted move
        let mut per_depth = Vec::new();
        let mut s = Searcher::<R::Shape>::new_on(self.settings.tt_mb);
        s.search_in::<R>(
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
        if legal::<R>(&pos).is_empty() {
            themes.push(Theme::GameWin);
        }
        themes.sort();
        themes.dedup();
        p.themes = themes;
        let solver_moves = p.solver_moves() as i32;
        let start_moves = legal::<R>(&p.start).len() as i32;
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
