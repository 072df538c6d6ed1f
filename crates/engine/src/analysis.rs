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

use crate::game::Game;
use crate::moves::Move;
use crate::position::{Color, Position};
use crate::rules::Variant8;
use crate::search::{Limits, Searcher, WIN, WIN_BOUND};
use std::fmt;

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

/// One analysed ply.
#[derive(Debug, Clone, PartialEq)]
pub struct PlyReport {
    pub mover: Color,
    pub played: Move,
    /// The engine's choice (equal to `played` when the move was best).
    pub best: Move,
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

impl PlyReport {
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

/// A whole game analysed.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    pub start: Position,
    pub plies: Vec<PlyReport>,
}

impl Analysis {
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
    mut progress: impl FnMut(usize, usize),
) -> Analysis {
    let mut game = Game::from_position(variant, *start);
    let mut searcher = Searcher::new(32);
    let mut plies = Vec::with_capacity(moves.len());
    let limits = |depth: u32, g: &Game| Limits {
        depth: Some(depth.max(1)),
        movetime: Some(std::time::Duration::from_millis(opts.movetime_ms)),
        quiet_plies: g.counters().kings_only_plies,
        variant,
        ..Limits::default()
    };
    let t = opts.thresholds;
    for (i, played) in moves.iter().enumerate() {
        let pos = *game.position();
        let legal = game.legal_moves();
        if !legal.contains(played) {
            break;
        }
        let mover = pos.side_to_move();
        let history = game.history_hashes();
        let best = searcher.search(&pos, &history, &limits(opts.depth, &game), |_| {});
        let (best_move, best_score) = match best {
            Some(r) => (r.best_move, r.score),
            None => (*played, 0),
        };
        // the score of the move played, at the same horizon
        let score_after = |searcher: &mut Searcher, mv: &Move| -> i32 {
            let mut g = game.clone();
            if g.play(mv).is_err() {
                return best_score;
            }
            if let Some(o) = g.outcome() {
                return match o.winner() {
                    Some(w) if w == mover => WIN,
                    Some(_) => -WIN,
                    None => 0,
                };
            }
            let h = g.history_hashes();
            searcher
                .search(g.position(), &h, &limits(opts.depth - 1, &g), |_| {})
                .map(|r| -r.score)
                .unwrap_or(0)
        };
        let played_score = if *played == best_move || legal.len() == 1 {
            best_score
        } else {
            score_after(&mut searcher, played).min(best_score)
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
                .all(|m| best_score - score_after(&mut searcher, m) >= t.only_move);
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
        if game.play(played).is_err() {
            break;
        }
        progress(i + 1, moves.len());
    }
    Analysis {
        start: *start,
        plies,
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
    fn men_shows_a_sign_and_wins() {
        assert_eq!(men(150), "+1.5");
        assert_eq!(men(-40), "-0.4");
        assert_eq!(men(WIN - 3), "+win");
    }
}
