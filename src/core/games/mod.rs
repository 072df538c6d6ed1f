//! Games: challenges, moves, draws, resignations, showing a game, the AI,
//! vacations. This file finds the game an action means and loads it.

pub(crate) mod ai;
mod analyse;
pub(crate) mod challenge;
pub(crate) mod clock;
mod conditional;
mod draw;
mod play;
mod resign;
mod show;
mod takeback;
mod vacation;
pub(crate) mod variants;

use crate::core::access::AccessRefusal;
use crate::core::ctx::Ctx;
use crate::core::error::{corrupt, Res};
use crate::store::{self, GameFacts, GameId, GameRow, Tx};
use shashki_engine::{AnyGame, MoveError, Variant};

pub(crate) use ai::compute;
pub(crate) use analyse::cmd_analyse;
pub(crate) use challenge::{
    accept, accept_shared, challenge_link, cmd_accept, cmd_challenge, cmd_decline, decline,
    rematch, start_game_from,
};
pub(crate) use clock::{cmd_clock, reminders_of};
pub(crate) use conditional::cmd_if;
pub(crate) use conditional::ConditionalRefusal;
pub(crate) use draw::{cmd_draw, draw_decline, draw_offer_or_accept};
pub(crate) use play::{cmd_move, finish, finish_with, move_button, move_text, picker};
pub(crate) use resign::{cmd_resign, resign_button, resign_confirmed};
pub(crate) use show::{
    cmd_board, cmd_games, cmd_pdn, cmd_position, cmd_replay, flip, moves_to_play, pdn_text,
};
pub(crate) use takeback::TakebackRefusal;
pub(crate) use takeback::{cmd_takeback, takeback_accept, takeback_decline};
pub(crate) use vacation::{cmd_vacation, pause_clocks};

crate::core::error::refusals! {
    /// Finding a game and playing it: moves, draws, analyses, positions,
    /// vacations.
    pub enum GameRefusal {
        /// Not the asker's turn in any of their games here.
        NotYourTurnAnywhere => "not-your-turn",
        NoActiveGame => "no-active-game",
        /// Several games: the asker names one.
        WhichGame { games: Vec<GameId> } => "which-game" ["games" => games],
        IllegalMove { game: GameId, variant: Variant, error: MoveError } => "move-illegal" [
            "game" => game,
            "error" => crate::core::error::Arg::Move(*variant, error),
        ],
        DrawAlreadyOffered => "draw-already-offered",
        NoDrawToDecline => "draw-none-to-decline",
        /// `/analyse` of a game still being played.
        AnalyseUnfinished { game: GameId } => "analyse-unfinished" ["game" => game],
        TooManyAnalyses { limit: i64 } => "analyse-too-many" ["limit" => limit],
        /// Not a position (FEN).
        BadFen { error: String } => "bad-fen" ["error" => crate::core::error::Arg::TypedText(error)],
        /// `/position` without a FEN.
        PositionUsage => "position-usage",
        /// `/vacation` without a number of days.
        VacationUsage { left: i64 } => "vacation-usage" ["left" => left],
        VacationTooLong { left: i64, days: i64 } => "vacation-too-long" [
            "left" => left,
            "days" => days,
        ],
    }
}

/// A game as stored, and as the engine sees it (replayed from its moves,
/// since the draw rules need the history), in any variant.
#[derive(Debug, Clone)]
pub(crate) struct Loaded {
    pub row: GameRow,
    pub game: AnyGame,
}

/// What a typed move and the buttons are checked against: an 8×8 game at
/// its stored position (no replay); any other replayed from its moves, as
/// its rules may look back (Frisian limits a king's moves in a row).
pub(crate) fn position_of(c: &Tx, row: &GameRow) -> Res<AnyGame> {
    if row.variant.eight().is_none() {
        return Ok(load(c, row.clone())?.game);
    }
    variants::game_at(row.variant, &row.fen)
        .map_err(|e| corrupt(format!("game {} position: {e}", row.id)))
}

/// Rebuild a game from its start and its stored moves.
pub(crate) fn load(c: &Tx, row: GameRow) -> Res<Loaded> {
    let moves = store::game_moves(c, row.id)?;
    replay(row, &moves)
}

/// Rebuild a game from its start and `moves`, its stored moves.
pub(crate) fn replay(row: GameRow, moves: &[String]) -> Res<Loaded> {
    let mut game = variants::game_at(row.variant, &row.start_fen)
        .map_err(|e| corrupt(format!("game {} start: {e}", row.id)))?;
    for text in moves {
        game.play_text(text)
            .map_err(|e| corrupt(format!("game {} move {text}: {e}", row.id)))?;
    }
    Ok(Loaded { row, game })
}

/// A game by its number with its moves and facts (one read), if the asker
/// may see it (as [`game_by_id`]): to [`replay`] once it is to be played.
pub(crate) fn game_with_moves_by_id(
    ctx: &Ctx,
    id: GameId,
) -> Res<(GameRow, Vec<String>, GameFacts)> {
    let (row, moves, facts) =
        store::game_with_moves(ctx.c, id)?.ok_or(AccessRefusal::GameUnknown {
            game: format!("#{id}"),
        })?;
    ctx.gate(&row, crate::core::access::Need::See)?;
    Ok((row, moves, facts))
}

/// [`load`], and the game's facts, in one read: a game about to be
/// played.
pub(crate) fn load_to_play(c: &Tx, row: GameRow) -> Res<(Loaded, GameFacts)> {
    let (moves, facts) =
        store::game_history(c, row.id)?.ok_or(corrupt(format!("game {} vanished", row.id)))?;
    Ok((replay(row, &moves)?, facts))
}

/// A game by its number, if the asker may see it (see `access`).
pub(crate) fn game_by_id(ctx: &Ctx, id: GameId) -> Res<GameRow> {
    let row = store::game(ctx.c, id)?.ok_or(AccessRefusal::GameUnknown {
        game: format!("#{id}"),
    })?;
    ctx.gate(&row, crate::core::access::Need::See)?;
    Ok(row)
}

/// The one game of the asker in this chat a command without a number
/// means (`r`: the number, when given).
pub(crate) fn my_game(ctx: &Ctx, game: Option<GameId>) -> Res<GameRow> {
    if let Some(id) = game {
        return game_by_id(ctx, id);
    }
    let mut mine = store::active_games_of_in(ctx.c, ctx.user_id()?, ctx.chat.id)?;
    match mine.len() {
        0 => Err(GameRefusal::NoActiveGame.into()),
        1 => Ok(mine.remove(0)),
        _ => Err(GameRefusal::WhichGame {
            games: mine.iter().map(|g| g.id).collect(),
        }
        .into()),
    }
}

/// The game to show (`/board`, `/pdn`): the one numbered; else the
/// asker's game here; else the chat's game in progress; else the chat's
/// game that ended last.
pub(crate) fn shown_game(ctx: &Ctx, game: Option<GameId>) -> Res<GameRow> {
    if game.is_some() {
        return my_game(ctx, game);
    }
    let mut here = store::active_games_of_in(ctx.c, ctx.user_id()?, ctx.chat.id)?;
    if here.is_empty() {
        here = store::active_games_in_chat(ctx.c, ctx.chat.id)?;
    }
    match here.len() {
        0 => store::last_finished_game_in_chat(ctx.c, ctx.chat.id)?
            .ok_or_else(|| GameRefusal::NoActiveGame.into()),
        1 => Ok(here.remove(0)),
        _ => Err(GameRefusal::WhichGame {
            games: here.iter().map(|g| g.id).collect(),
        }
        .into()),
    }
}
