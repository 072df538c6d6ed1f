//! Resigning: `/resign [#game]`, or the resign button and its confirmation.

use super::play::resign_question;
use crate::args;
use crate::core::access::Need;
use crate::core::ctx::Ctx;
use crate::core::error::{corrupt, Res};
use crate::core::games::play::finish;
use crate::core::games::{game_by_id, load, my_game};
use crate::core::input::InputRefusal;
use crate::store::{GameId, GameRow};
use shashki_engine::Color;

pub(crate) fn cmd_resign(ctx: &mut Ctx, game: Option<GameId>) -> Res<()> {
    let row = my_game(ctx, game)?;
    resign(ctx, row)
}

/// The resign button: only a player of a game in progress is asked.
pub(crate) fn resign_button(ctx: &mut Ctx, game: GameId) -> Res<()> {
    let row = game_by_id(ctx, game)?;
    let me = ctx
        .gate(&row, Need::Play)?
        .ok_or(corrupt("a player without a colour"))?;
    let d = resign_question(ctx, &row, me);
    ctx.post(d);
    Ok(())
}

/// "Yes, resign": only for the player who was asked (`by`, when the
/// button says).
pub(crate) fn resign_confirmed(ctx: &mut Ctx, game: GameId, by: Option<u8>) -> Res<()> {
    let row = game_by_id(ctx, game)?;
    let me = ctx.gate(&row, Need::Play)?;
    let asked = by.map(|b| if b == 0 { Color::White } else { Color::Black });
    if asked.is_some_and(|c| Some(c) != me) {
        return Err(InputRefusal::ButtonInvalid.into());
    }
    resign(ctx, row)
}

pub(crate) fn resign(ctx: &mut Ctx, row: GameRow) -> Res<()> {
    let me = ctx
        .gate(&row, Need::Play)?
        .ok_or(corrupt("a player without a colour"))?;
    let mut l = load(ctx.c, row)?;
    let o = l.game.resign(me).map_err(corrupt)?;
    let a = args![("player", ctx.user.name.clone()), ("game", l.row.id)];
    let headline = ctx.t("resigned", Some(&a));
    finish(ctx, l, o, headline)
}
