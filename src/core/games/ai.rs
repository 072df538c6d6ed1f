//! The AI: its moves run as jobs off the async threads (`Service::run_job`),
//! and engine work an event needs (the AI weighing a draw offer) runs
//! before the event's transaction, never inside it.

use crate::core::access::AccessRefusal;
use crate::core::ctx::Actor;
use crate::core::error::Halt;
use crate::core::games::analyse::{analyse_job, analyses_owing_final};
use crate::core::games::load;
use crate::core::games::play::play;
use crate::core::types::{Job, Outcome};
use crate::core::{Service, ServiceError};
use crate::store::{self, GameId, Ply, Seat};
use shashki_engine::analysis::mate_score;
use shashki_engine::rules::Rules;
use shashki_engine::search::{search, Evaluate, Level, Limits, Searcher, WIN};
use shashki_engine::{towers, AnyGame, AnyMove, GameOn};
use std::collections::HashMap;
use std::time::Duration;

/// The AI takes a draw offer when it stands at least this much worse
/// (centi-men, from its own point of view).
pub(crate) const AI_ACCEPTS_DRAW_BELOW: i32 = 150;

/// The depth of the AI's look at a draw offer.
const DRAW_EVAL_DEPTH: u32 = 8;

/// The depth of the engine's advice to a tournament organiser
/// adjudicating a game: a short search.
const ADVICE_DEPTH: u32 = 10;

/// The most the advice search takes.
const ADVICE_MOVETIME_MS: u64 = 3_000;

/// Engine work an event needs before its transaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Work {
    /// The score of a game's position at `ply` for the AI's side.
    DrawEval { game_id: GameId, ply: Ply },
    /// The score (White's view) and best move of a game's position at
    /// `ply`: the advice for `/tournament adjudicate`.
    Advice { game_id: GameId, ply: Ply },
}

/// What the engine found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Eval {
    /// Centi-men, from the view the [`Work`] names; beyond
    /// ±[`shashki_engine::search::WIN_BOUND`] a win found by search.
    pub score: i32,
    /// The best move, if the side to move has one.
    pub best: Option<AnyMove>,
    /// The depth searched.
    pub depth: u32,
    /// The position has moved on since the event asked (or the game is
    /// gone): the event finds that itself.
    pub stale: bool,
}

/// The results of [`Work`] done for one event.
pub(crate) type Evals = HashMap<Work, Eval>;

/// Do `work` with no lock held while the engine thinks.
pub(crate) fn compute(svc: &Service, work: Work, evals: &mut Evals) -> Result<(), ServiceError> {
    match work {
        Work::DrawEval { game_id, ply } => {
            let loaded = {
                let store = svc.lock();
                let row = store::game(store.read(), game_id)?;
                match row {
                    Some(row) => Some(load(store.read(), row).map_err(into_service)?),
                    None => None,
                }
            };
            let score = match loaded {
                Some(l) if l.row.ply == ply => {
                    let g = &l.game;
                    let ai_to_move = matches!(l.row.seat(g.side_to_move()), Seat::Ai(_));
                    let most = svc.config().ai_max_movetime;
                    score_of(g, DRAW_EVAL_DEPTH, most)
                        .map(|score| if ai_to_move { score } else { -score })
                        .unwrap_or(0)
                }
                // the game moved on: the event will find that itself
                _ => 0,
            };
            let eval = Eval {
                score,
                best: None,
                depth: DRAW_EVAL_DEPTH,
                stale: false,
            };
            evals.insert(work, eval);
        }
        Work::Advice { game_id, ply } => {
            let loaded = load_unlocked(svc, game_id)?;
            let eval = match loaded {
                Some(l) if l.row.ply == ply && l.row.is_active() => {
                    let g = &l.game;
                    let white = g.side_to_move() == shashki_engine::Color::White;
                    match advice_of(g) {
                        Some((score, best, depth)) => Eval {
                            score: if white { score } else { -score },
                            best: Some(best),
                            depth,
                            stale: false,
                        },
                        // no legal move: the side to move has lost
                        None => Eval {
                            score: if white { -WIN } else { WIN },
                            best: None,
                            depth: 0,
                            stale: false,
                        },
                    }
                }
                _ => Eval {
                    score: 0,
                    best: None,
                    depth: 0,
                    stale: true,
                },
            };
            evals.insert(work, eval);
        }
    }
    Ok(())
}

/// The advice on a game of any variant (a tournament's, adjudicated):
/// the side to move's score, the best move and the depth reached, in at
/// most [`ADVICE_DEPTH`] plies and [`ADVICE_MOVETIME_MS`]; `None` when the
/// side to move has no move. (8×8: the tuned search as ever; the wide
/// boards: theirs, among the game's own moves; Bashni: its own, 6 plies;
/// Vigman's: its own, 6 sub-moves.)
fn advice_of(g: &AnyGame) -> Option<(i32, AnyMove, u32)> {
    fn wide<R: Rules>(
        g: &GameOn<R>,
        wrap: fn(shashki_engine::Move<R::Shape>) -> AnyMove,
    ) -> Option<(i32, AnyMove, u32)>
    where
        R::Shape: Evaluate,
    {
        let mut searcher = Searcher::<R::Shape>::new_on(16);
        // the game's own moves (Frisian limits its kings' moves)
        searcher.set_root_moves(&g.legal_moves());
        let limits = Limits {
            movetime: Some(Duration::from_millis(ADVICE_MOVETIME_MS)),
            quiet_plies: g.counters().kings_only_plies,
            ..Limits::depth(ADVICE_DEPTH)
        };
        let r = searcher.search_in::<R>(g.position(), &g.history_hashes(), &limits, |_| {})?;
        Some((r.score, wrap(r.best_move), r.depth))
    }
    match g {
        AnyGame::Eight(g) => {
            let limits = Limits {
                depth: Some(ADVICE_DEPTH),
                movetime: Some(Duration::from_millis(ADVICE_MOVETIME_MS)),
                quiet_plies: g.counters().kings_only_plies,
                variant: g.variant(),
                ..Limits::default()
            };
            let r = search(g.position(), &g.history_hashes(), &limits)?;
            Some((r.score, AnyMove::Eight(r.best_move), r.depth))
        }
        AnyGame::International(g) => wide(g, AnyMove::Ten),
        AnyGame::Frisian(g) => wide(g, AnyMove::Ten),
        AnyGame::Frysk(g) => wide(g, AnyMove::Ten),
        AnyGame::Antidraughts(g) => wide(g, AnyMove::Ten),
        AnyGame::Breakthrough(g) => wide(g, AnyMove::Ten),
        AnyGame::Russian10x8(g) => wide(g, AnyMove::TenByEight),
        AnyGame::Bashni(t) => {
            const DEPTH: u32 = 6;
            let r = towers::search_depth(t.position(), DEPTH);
            let score = mate_score(r.score, towers::MATE);
            Some((score, AnyMove::Towers(r.best?), DEPTH))
        }
        // Vigman's own search, a sub-move a ply, within a node budget;
        // its win put on the search's scale
        AnyGame::Vigman(v) => {
            let (best, score) = shashki_engine::vigman::search(
                v.position(),
                VIGMAN_ADVICE_DEPTH,
                VIGMAN_ADVICE_NODES,
            )?;
            Some((
                mate_score(score, shashki_engine::vigman::WIN),
                AnyMove::Vigman(best),
                VIGMAN_ADVICE_DEPTH,
            ))
        }
    }
}

/// How deep (sub-moves) and within how many nodes the organiser's advice
/// on a Vigman game searches (about a second).
const VIGMAN_ADVICE_DEPTH: u32 = 6;
const VIGMAN_ADVICE_NODES: u64 = 1_000_000;

/// The most nodes the AI's look at a draw offer in Vigman's game takes.
const VIGMAN_DRAW_NODES: u64 = 200_000;

/// The score of the side to move in a game of any variant (centi-men),
/// searched to `depth` plies within `most`; `None` when it has no move.
/// (The 8×8 games by the tuned 8×8 search, the wide boards by theirs,
/// Bashni by its own at no more than 4 plies, Vigman's by its own at no
/// more than 6 sub-moves.)
fn score_of(g: &AnyGame, depth: u32, most: Duration) -> Option<i32> {
    fn wide<R: Rules>(g: &GameOn<R>, depth: u32, most: Duration) -> Option<i32>
    where
        R::Shape: Evaluate,
    {
        let mut searcher = Searcher::<R::Shape>::new_on(16);
        let limits = Limits {
            movetime: Some(most),
            quiet_plies: g.counters().kings_only_plies,
            ..Limits::depth(depth)
        };
        searcher
            .search_in::<R>(g.position(), &g.history_hashes(), &limits, |_| {})
            .map(|r| r.score)
    }
    match g {
        AnyGame::Eight(e) => {
            let limits = Limits {
                variant: e.variant(),
                ..Limits::depth(depth)
            };
            search(e.position(), &e.history_hashes(), &limits).map(|r| r.score)
        }
        AnyGame::International(g) => wide(g, depth, most),
        AnyGame::Frisian(g) => wide(g, depth, most),
        AnyGame::Frysk(g) => wide(g, depth, most),
        AnyGame::Antidraughts(g) => wide(g, depth, most),
        AnyGame::Breakthrough(g) => wide(g, depth, most),
        AnyGame::Russian10x8(g) => wide(g, depth, most),
        AnyGame::Bashni(t) => {
            let r = towers::search_depth(t.position(), depth.min(4));
            r.best.map(|_| mate_score(r.score, towers::MATE))
        }
        // Vigman's own search, a sub-move a ply, within a node budget
        AnyGame::Vigman(v) => {
            shashki_engine::vigman::search(v.position(), depth.min(6), VIGMAN_DRAW_NODES)
                .map(|(_, score)| mate_score(score, shashki_engine::vigman::WIN))
        }
    }
}

/// A game read and replayed under the store's lock, which is let go
/// before the caller thinks.
fn load_unlocked(
    svc: &Service,
    game_id: GameId,
) -> Result<Option<crate::core::games::Loaded>, ServiceError> {
    let store = svc.lock();
    match store::game(store.read(), game_id)? {
        Some(row) => Ok(Some(load(store.read(), row).map_err(into_service)?)),
        None => Ok(None),
    }
}

impl Service {
    /// The AI moves the games are waiting for (call at start-up and now and
    /// then: a job lost with a crash is found again here, so no game waits
    /// for the AI forever). Running one twice is harmless: the second finds
    /// the ply moved on.
    pub fn pending_jobs(&self) -> Result<Vec<Job>, ServiceError> {
        let store = self.lock();
        let mut jobs: Vec<Job> = store::games_waiting_for_ai(store.read())?
            .into_iter()
            .map(|(game, ply)| Job::AiMove { game, ply })
            .collect();
        jobs.extend(
            store::pending_analyses(store.read())?
                .into_iter()
                .map(|game| Job::Analyse { game }),
        );
        // analyses whose live message still owes its final text
        jobs.extend(analyses_owing_final(store.read(), self.now()).map_err(into_service)?);
        Ok(jobs)
    }

    /// Run a job (call it off the async threads: the AI thinks here).
    pub fn run_job(&self, job: Job) -> Result<Outcome, ServiceError> {
        self.run_job_reporting(job, &|_| {})
    }

    /// Run a job, handing what it reports on its way (an analysis'
    /// progress) to `progress` as it comes; the outcome is what it ends
    /// with.
    pub fn run_job_reporting(
        &self,
        job: Job,
        progress: crate::core::types::Progress,
    ) -> Result<Outcome, ServiceError> {
        match job {
            Job::AiMove { game, ply } => ai_move(self, game, ply),
            Job::Analyse { game } => analyse_job(self, game, progress),
        }
    }
}

fn ai_move(svc: &Service, game_id: GameId, ply: Ply) -> Result<Outcome, ServiceError> {
    // read the game, then think without holding the store
    let loaded = {
        let store = svc.lock();
        let Some(row) = store::game(store.read(), game_id)? else {
            return Ok(Outcome::default());
        };
        load(store.read(), row).map_err(into_service)?
    };
    let (row, g) = (&loaded.row, &loaded.game);
    let Seat::Ai(level) = row.seat(g.side_to_move()) else {
        return Ok(Outcome::default());
    };
    if !row.is_active() || row.ply != ply || g.is_over() {
        return Ok(Outcome::default());
    }
    let level = Level::new(level).unwrap_or(Level::MAX);
    let mut params = level.params();
    params.movetime = params.movetime.min(svc.config().ai_max_movetime);
    let seed = (game_id.0 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ply.0 as u64;
    // the 8×8 games' tuned search, the wide boards' generic one, Bashni's
    // and Vigman's own: the engine's choice at the level, within the
    // bot's move time
    let chosen = g
        .choose_move_with(level, params, seed)
        .map(|c| (c.mv, c.nodes, c.elapsed));
    let Some((best_move, nodes, elapsed)) = chosen else {
        return Ok(Outcome::default());
    };
    // play it through the gate if the game is still where it was (a
    // resignation or a redelivered job may have come first)
    let human = [row.white, row.black].into_iter().find_map(Seat::user_id);
    let chat_id = row.chat_id;
    let searched = (nodes, elapsed);
    let mut out = svc.system_action(chat_id, Actor::Ai, human, |ctx| {
        let row = store::game(ctx.c, game_id)?.ok_or(AccessRefusal::GameUnknown {
            game: game_id.to_string(),
        })?;
        ctx.thread = row.thread.clone();
        ctx.gate(&row, crate::core::access::Need::Move { ply: Some(ply) })?;
        // the moves up to `ply` cannot have changed: reuse the replay
        let l = crate::core::games::Loaded {
            row,
            game: loaded.game,
        };
        play(ctx, l, best_move)
    })?;
    out.tally.search = Some(searched);
    Ok(out)
}

pub(crate) fn into_service(h: Halt) -> ServiceError {
    match h {
        Halt::Failed(e) => e,
        Halt::Refused(_) | Halt::Compute(_) => ServiceError::Internal("loading a game was refused"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shashki_engine::search::WIN_BOUND;
    use shashki_engine::Variant;

    #[test]
    fn a_bashni_win_is_read_on_the_search_scale() {
        // a Bashni win in one ply: White takes Black's last man, which goes
        // under White's man; Black has no tower left to move
        let g = Variant::Bashni.game_from_fen("W:Wc3:Bd4").unwrap();
        let (score, best, _) = advice_of(&g).expect("a move");
        assert!(score > WIN_BOUND, "a win: {score}");
        assert_eq!(WIN - score, 1, "in one ply: {best:?}");
    }
}
