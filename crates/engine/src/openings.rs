//! Balanced opening lists made by the engine, for the tournaments of the
//! variants that have no federation ballot.
//!
//! Every line of the first [`OpeningParams::plies`] half-moves from the
//! variant's start is played (the legal moves of each position taken in the
//! order of their text, so the list reads alphabetically), lines that reach
//! a position already reached are dropped (the first one stays), and the
//! position each line reaches is searched to a fixed depth
//! ([`OpeningParams::depth`], no time limit, a fresh search for each so
//! that a score does not depend on the positions searched before). A line
//! is kept when its score is within [`OpeningParams::margin`] centi-men of
//! equality. The result depends only on the variant, the parameters and the
//! engine: it is deterministic.
//!
//! ```
//! use shashki_engine::{openings::{openings_with, OpeningParams}, Variant};
//! let list = openings_with(Variant::Frysk, &OpeningParams { plies: 2, depth: 4, margin: 60 });
//! assert!(!list.is_empty());
//! assert!(list.iter().all(|o| o.moves.len() == 2 && o.score.abs() <= 60));
//! ```

use crate::family::{AnyGame, Variant};
use crate::game::GameOn;
use crate::position::Color;
use crate::rules::Rules;
use crate::search::{Evaluate, Limits, Searcher};
use crate::towers;
use crate::vigman;
use std::collections::HashSet;
use std::fmt;

/// How a list is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpeningParams {
    /// Half-moves in each line.
    pub plies: u32,
    /// Depth of the search of the position each line reaches.
    pub depth: u32,
    /// The largest score (centi-men, either side) a kept line may have.
    pub margin: i32,
}

/// Transposition table of each search (the scores depend on its size).
const TT_MB: usize = 2;
/// Sub-moves searched in Vigman's game.
const VIGMAN_DEPTH: u32 = 5;
/// Node budget of a Vigman search (the scores depend on it).
const VIGMAN_NODES: u64 = 1 << 22;

impl OpeningParams {
    /// The parameters of the lists the bot uses: three half-moves (216
    /// distinct positions on 8×8, 369–447 on the wide boards), searched to
    /// depth 10 on 8×8, 8 on the wide boards and in Bashni (whose search
    /// has no transposition table), within ±0.60 of a man (the margin of
    /// the Russian 3-move list); in Vigman's game White's first turn (two
    /// sub-moves), searched 5 sub-moves deep within a node budget. About
    /// 20 s for all the lists on one core.
    pub fn of(variant: Variant) -> OpeningParams {
        if variant == Variant::Vigman {
            // White's first turn of two sub-moves
            return OpeningParams {
                plies: 2,
                depth: VIGMAN_DEPTH,
                margin: 60,
            };
        }
        OpeningParams {
            plies: 3,
            depth: match variant.board() {
                crate::family::BoardKind::Eight if !variant.has_towers() => 10,
                _ => 8,
            },
            margin: 60,
        }
    }
}

/// One opening: its moves from the start and where they lead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// The half-moves from the variant's start, as its players write them.
    pub moves: Vec<String>,
    /// The position they reach, in the variant's FEN.
    pub fen: String,
    /// The search's score of that position, centi-men from White's view.
    pub score: i32,
}

/// The engine's balanced list for `variant` with its usual parameters
/// ([`OpeningParams::of`]). Takes seconds: the bot reads a stored copy.
pub fn openings(variant: Variant) -> Vec<Opening> {
    openings_with(variant, &OpeningParams::of(variant))
}

/// The balanced list for `variant` made with `params`.
pub fn openings_with(variant: Variant, params: &OpeningParams) -> Vec<Opening> {
    let mut lines = Vec::new();
    let mut seen = HashSet::new();
    let mut path = Vec::new();
    walk(
        &variant.new_game(),
        params.plies,
        &mut path,
        &mut seen,
        &mut lines,
    );
    lines
        .into_iter()
        .filter_map(|(moves, game)| {
            let score = white_score(&game, params.depth)?;
            (score.abs() <= params.margin).then(|| Opening {
                moves,
                fen: game.fen(),
                score,
            })
        })
        .collect()
}

/// Every line of `plies` more half-moves from `game`, each to a position
/// not reached before.
fn walk(
    game: &AnyGame,
    plies: u32,
    path: &mut Vec<String>,
    seen: &mut HashSet<String>,
    out: &mut Vec<(Vec<String>, AnyGame)>,
) {
    if plies == 0 {
        if seen.insert(game.fen()) {
            out.push((path.clone(), game.clone()));
        }
        return;
    }
    let mut moves: Vec<(String, crate::family::AnyMove)> = game
        .legal_moves()
        .into_iter()
        .map(|m| (game.format_move(&m), m))
        .collect();
    moves.sort_by(|a, b| a.0.cmp(&b.0));
    for (text, mv) in moves {
        let mut next = game.clone();
        if next.play(&mv).is_err() || next.is_over() {
            continue;
        }
        path.push(text);
        walk(&next, plies - 1, path, seen, out);
        path.pop();
    }
}

/// The score of `game`'s position searched to `depth`, from White's view;
/// `None` when the side to move has no move.
fn white_score(game: &AnyGame, depth: u32) -> Option<i32> {
    fn wide<R: Rules>(g: &GameOn<R>, depth: u32) -> Option<i32>
    where
        R::Shape: Evaluate,
    {
        let mut s = Searcher::<R::Shape>::new_on(TT_MB);
        s.set_root_moves(&g.legal_moves());
        let limits = Limits {
            depth: Some(depth),
            quiet_plies: g.counters().kings_only_plies,
            ..Limits::default()
        };
        s.search_in::<R>(g.position(), &g.history_hashes(), &limits, |_| {})
            .map(|r| r.score)
    }
    let score = match game {
        AnyGame::Eight(e) => {
            let limits = Limits {
                depth: Some(depth),
                quiet_plies: e.counters().kings_only_plies,
                variant: e.variant(),
                ..Limits::default()
            };
            Searcher::new(TT_MB)
                .search(e.position(), &e.history_hashes(), &limits, |_| {})
                .map(|r| r.score)
        }
        AnyGame::International(g) => wide(g, depth),
        AnyGame::Frisian(g) => wide(g, depth),
        AnyGame::Frysk(g) => wide(g, depth),
        AnyGame::Antidraughts(g) => wide(g, depth),
        AnyGame::Breakthrough(g) => wide(g, depth),
        AnyGame::Russian10x8(g) => wide(g, depth),
        AnyGame::Bashni(t) => {
            let r = towers::search_depth(t.position(), depth);
            r.best.map(|_| crate::analysis::tower_score(r.score))
        }
        AnyGame::Vigman(v) => vigman::search(v.position(), depth, VIGMAN_NODES)
            .map(|(_, s)| crate::analysis::mate_score(s, vigman::WIN)),
    }?;
    Some(match game.side_to_move() {
        Color::White => score,
        Color::Black => -score,
    })
}

/// Why a stored opening line does not replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// The 0-based half-move that failed.
    pub ply: usize,
    pub text: String,
    pub reason: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "half-move {} ({}): {}",
            self.ply + 1,
            self.text,
            self.reason
        )
    }
}

impl std::error::Error for ReplayError {}

/// Play `moves` from `variant`'s start; each must be legal and written
/// exactly as the engine writes it (so that a stored list has one form).
pub fn replay(variant: Variant, moves: &[String]) -> Result<AnyGame, ReplayError> {
    let mut game = variant.new_game();
    for (ply, text) in moves.iter().enumerate() {
        let err = |reason: String| ReplayError {
            ply,
            text: text.chars().take(40).collect(),
            reason,
        };
        let mv = game.parse_move(text).map_err(|e| err(e.to_string()))?;
        let written = game.format_move(&mv);
        if written != *text {
            return Err(err(format!("written {written}")));
        }
        game.play(&mv).map_err(|e| err(e.to_string()))?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUICK: OpeningParams = OpeningParams {
        plies: 2,
        depth: 4,
        margin: 60,
    };

    #[test]
    fn a_quick_list_in_every_variant_is_balanced_distinct_legal_and_deterministic() {
        for v in Variant::ALL {
            let list = openings_with(v, &QUICK);
            assert!(!list.is_empty(), "{v}");
            let fens: HashSet<&str> = list.iter().map(|o| o.fen.as_str()).collect();
            assert_eq!(fens.len(), list.len(), "{v}: a position twice");
            for o in &list {
                assert!(o.score.abs() <= QUICK.margin, "{v} {o:?}");
                assert_eq!(o.moves.len(), 2, "{v} {o:?}");
                let g = replay(v, &o.moves).unwrap_or_else(|e| panic!("{v} {o:?}: {e}"));
                assert_eq!(g.fen(), o.fen, "{v}");
                assert!(!g.is_over(), "{v} {o:?}");
            }
            assert_eq!(openings_with(v, &QUICK), list, "{v}: not deterministic");
        }
    }

    #[test]
    fn a_line_to_a_position_reached_before_is_dropped_and_unbalanced_ones_are_left_out() {
        // Russian, 4 plies: 805 positions from more lines than that
        let all = OpeningParams {
            plies: 4,
            depth: 1,
            margin: i32::MAX,
        };
        let list = openings_with(Variant::Russian, &all);
        assert_eq!(list.len(), 805);
        // a tight margin keeps fewer
        let tight = openings_with(
            Variant::Russian,
            &OpeningParams {
                plies: 2,
                depth: 4,
                margin: 5,
            },
        );
        let wide = openings_with(
            Variant::Russian,
            &OpeningParams {
                plies: 2,
                depth: 4,
                margin: i32::MAX,
            },
        );
        assert_eq!(wide.len(), 49);
        assert!(tight.len() < wide.len());
        assert!(wide.iter().any(|o| o.score.abs() > 5));
    }

    #[test]
    fn replay_refuses_an_illegal_or_differently_written_move() {
        let ok = replay(Variant::International, &["32-28".into(), "19-23".into()]);
        assert!(ok.is_ok());
        let e = replay(Variant::International, &["32-28".into(), "32-27".into()]).unwrap_err();
        assert_eq!(e.ply, 1);
        // the engine writes c3-d4
        assert!(replay(Variant::Russian, &["c3d4".into()]).is_err());
        assert!(replay(Variant::Russian, &["c3-d4".into()]).is_ok());
    }
}
