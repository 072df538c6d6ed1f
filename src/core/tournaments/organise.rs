//! The organiser's tools: `/tournament cancel` (admins: the event ends, its
//! games in progress with no result), `/tournament missing` (the games
//! holding the event up) and `/tournament adjudicate GAME [RESULT]`
//! (admins: decide an unfinished game, or first ask the engine).

use super::TournamentRefusal;
use crate::args;
use crate::core::access::AccessRefusal;
use crate::core::ctx::Ctx;
use crate::core::error::{corrupt, Halt, Res};
use crate::core::games;
use crate::core::games::ai::{Eval, Work};
use crate::core::present::Draft;
use crate::core::tournaments::stages::waiting_line;
use crate::store::{self, GameId, GameResult, Seat, Termination, TournamentRow, TournamentStatus};
use shashki_engine::search::{WIN, WIN_BOUND};
use shashki_engine::AnyMove;

/// Scores closer to 0 than this (centi-men) are "about even".
const EVEN_BELOW: i32 = 25;

/// `/tournament cancel [#id]`: an open or running tournament ends as
/// cancelled; its games in progress end with no result (no ratings
/// change, no standings); one announcement.
pub(super) fn tournament_cancel(ctx: &mut Ctx, t: &TournamentRow) -> Res<()> {
    if t.status != TournamentStatus::Open && t.status != TournamentStatus::Running {
        return Err(TournamentRefusal::Over { id: t.id }.into());
    }
    let mut ended = 0i64;
    for tg in store::tournament_games(ctx.c, t.id)? {
        if store::cancel_game(ctx.c, tg.game_id, ctx.now)? {
            ended += 1;
        }
    }
    // the games that had not started never will
    store::drop_pending_pairings(ctx.c, t.id)?;
    if !store::set_tournament_status(ctx.c, t.id, t.status, TournamentStatus::Cancelled, ctx.now)? {
        return Err(TournamentRefusal::Over { id: t.id }.into());
    }
    let a = args![
        ("id", t.id),
        ("name", t.name.clone()),
        ("admin", ctx.user.name.clone()),
        ("games", ended)
    ];
    let mut d = Draft::text(ctx.here(), ctx.t("tournament-cancelled", Some(&a)));
    for p in store::tournament_players(ctx.c, t.id)? {
        if p.withdrawn_at.is_none() {
            d.mentions.extend(ctx.mention(Seat::Human(p.user_id))?);
        }
    }
    ctx.post(d);
    Ok(())
}

/// `/tournament missing [#id]`: the games still being played (in a
/// Swiss event, those of the current round), whose move and how long
/// they have.
pub(super) fn tournament_missing(ctx: &mut Ctx, t: &TournamentRow) -> Res<()> {
    let games = store::active_tournament_games(ctx.c, t.id)?;
    let waiting = waiting_line(ctx, t)?;
    if games.is_empty() {
        let a = args![("id", t.id), ("name", t.name.clone())];
        let mut text = ctx.t("tournament-missing-none", Some(&a));
        if let Some(w) = waiting {
            text.push('\n');
            text.push_str(&w);
        }
        ctx.say_text(text);
        return Ok(());
    }
    let swiss = matches!(t.format, crate::tournament::Format::Swiss { .. });
    let round = if swiss {
        games.iter().map(|g| g.round).max().unwrap_or(0)
    } else {
        0
    };
    let a = args![
        ("id", t.id),
        ("name", t.name.clone()),
        ("round", round),
        ("count", games.len() as i64)
    ];
    let head = ctx.t("tournament-missing", Some(&a));
    let mut lines = Vec::new();
    for tg in &games {
        let row = store::game(ctx.c, tg.game_id)?.ok_or(corrupt("a tournament game vanished"))?;
        let Some(side) = row.side_to_move() else {
            continue;
        };
        let left = match row.deadline {
            Some(d) if d <= ctx.now => ctx.t("tournament-overdue", None),
            Some(d) => ctx.duration_text(d - ctx.now),
            None => ctx.t("no-deadline", None),
        };
        let a = args![
            ("round", tg.round),
            ("game", row.id),
            ("white", ctx.seat_name(row.white)?),
            ("black", ctx.seat_name(row.black)?),
            ("player", ctx.seat_name(row.seat(side))?),
            ("left", left)
        ];
        lines.push(ctx.t("tournament-missing-line", Some(&a)));
    }
    lines.extend(waiting);
    let target = ctx.here();
    ctx.post_lines(Draft::text(target, head), &lines);
    Ok(())
}

/// `/tournament adjudicate GAME [RESULT]`: an admin decides an
/// unfinished game of a running tournament of this chat (the end of
/// the game and the tournament's bookkeeping in this transaction); with
/// no result, the engine's advice, computed before the transaction.
pub(super) fn tournament_adjudicate(
    ctx: &mut Ctx,
    id: GameId,
    result: Option<GameResult>,
) -> Res<()> {
    let row = games::game_by_id(ctx, id)?;
    let tg = store::tournament_game_of(ctx.c, row.id)?.ok_or_else(|| {
        TournamentRefusal::NotATournamentGame {
            game: format!("#{id}"),
        }
    })?;
    let t = store::tournament(ctx.c, tg.tournament_id)?
        .filter(|t| t.chat_id == ctx.chat.id)
        .ok_or(TournamentRefusal::NotATournamentGame {
            game: format!("#{id}"),
        })?;
    if t.status != TournamentStatus::Running {
        return Err(TournamentRefusal::Over { id: t.id }.into());
    }
    if !row.is_active() {
        return Err(AccessRefusal::GameOver { game: row.id }.into());
    }
    let Some(result) = result else {
        return adjudication_advice(ctx, &row);
    };
    let l = games::load(ctx.c, row)?;
    let a = args![
        ("game", l.row.id),
        ("id", t.id),
        ("admin", ctx.user.name.clone()),
        ("white", ctx.seat_name(l.row.white)?),
        ("black", ctx.seat_name(l.row.black)?),
    ];
    let headline = ctx.t("tournament-adjudicated", Some(&a));
    games::finish_with(ctx, l, result, Termination::Adjudicated, headline)
}

/// The engine's look at an unfinished game, for the admin alone.
fn adjudication_advice(ctx: &mut Ctx, row: &store::GameRow) -> Res<()> {
    let work = Work::Advice {
        game_id: row.id,
        ply: row.ply,
    };
    let Some(eval) = ctx.evals.get(&work).copied() else {
        return Err(Halt::Compute(work));
    };
    if eval.stale {
        // the game moved on while the engine thought: ask again
        return Err(AccessRefusal::ButtonStale.into());
    }
    let side = row
        .side_to_move()
        .ok_or(corrupt("a game with no side to move"))?;
    let best = match eval.best {
        // 8×8: algebraic, as ever; the others in their own notation
        Some(AnyMove::Eight(m)) => m.to_string(),
        Some(m) => games::position_of(ctx.c, row)?.format_move(&m),
        None => ctx.t("advice-no-move", None),
    };
    let a = args![
        ("game", row.id),
        ("white", ctx.seat_name(row.white)?),
        ("black", ctx.seat_name(row.black)?),
        ("player", ctx.seat_name(row.seat(side))?),
        ("depth", i64::from(eval.depth)),
        ("eval", eval_text(ctx, &eval)),
        ("best", best)
    ];
    ctx.tell_id("tournament-advice", Some(&a));
    Ok(())
}

/// The evaluation in words: a win found by search, about even, or who is
/// better by how many men (White's view in `eval.score`).
fn eval_text(ctx: &Ctx, eval: &Eval) -> String {
    let side = if eval.score > 0 { "white" } else { "black" };
    let abs = eval.score.saturating_abs();
    if abs > WIN_BOUND {
        let a = args![("side", side), ("plies", i64::from(WIN - abs))];
        return ctx.t("advice-eval-win", Some(&a));
    }
    let men = format!("{:.2}", f64::from(abs) / 100.0);
    if abs < EVEN_BELOW {
        let signed = format!("{:+.2}", f64::from(eval.score) / 100.0);
        return ctx.t("advice-eval-even", Some(&args![("men", signed)]));
    }
    ctx.t(
        "advice-eval-better",
        Some(&args![("side", side), ("men", men)]),
    )
}
