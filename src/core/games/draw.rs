//! Draws by agreement: offer, accept, decline (`/draw`, the buttons). The
//! AI accepts when a search says it stands clearly worse; that search runs
//! before the transaction (see `ai::Work`), never inside it.

use super::ai::{Work, AI_ACCEPTS_DRAW_BELOW};
use super::GameRefusal;
use crate::args;
use crate::core::access::Need;
use crate::core::ctx::Ctx;
use crate::core::error::{corrupt, Halt, Res};
use crate::core::games::play::finish;
use crate::core::games::{load, my_game};
use crate::core::input::payload::Payload;
use crate::core::notify::Notice;
use crate::core::present::Draft;
use crate::store::{self, GameId, GameRow, Seat};

pub(crate) fn cmd_draw(ctx: &mut Ctx, game: Option<GameId>, decline: bool) -> Res<()> {
    let row = my_game(ctx, game)?;
    if decline {
        draw_decline(ctx, row)
    } else {
        draw_offer_or_accept(ctx, row)
    }
}

pub(crate) fn draw_offer_or_accept(ctx: &mut Ctx, row: GameRow) -> Res<()> {
    let me = ctx
        .gate(&row, Need::Play)?
        .ok_or(corrupt("a player without a colour"))?;
    let opp = row.seat(me.opposite());
    if row.draw_offer == Some(me.opposite()) {
        return agree_draw(ctx, row);
    }
    if row.draw_offer == Some(me) {
        return Err(GameRefusal::DrawAlreadyOffered.into());
    }
    if let Seat::Ai(_) = opp {
        let work = Work::DrawEval {
            game_id: row.id,
            ply: row.ply,
        };
        // the AI's own view of the position, computed with no lock held
        let Some(score) = ctx.evals.get(&work).map(|e| e.score) else {
            return Err(Halt::Compute(work));
        };
        if score <= -AI_ACCEPTS_DRAW_BELOW {
            return agree_draw(ctx, row);
        }
        ctx.tell_id("draw-ai-declines", None);
        return Ok(());
    }
    store::set_draw_offer(ctx.c, row.id, Some(me))?;
    let a = args![
        ("player", ctx.user.name.clone()),
        ("opponent", ctx.call_name(opp)?),
        ("game", row.id)
    ];
    let mut d = Draft::text(ctx.here(), ctx.t("draw-offered", Some(&a)));
    d.choices = vec![vec![
        Payload::Draw { game: row.id }.button(ctx.t("button-accept-draw", None)),
        Payload::DeclineDraw { game: row.id }.button(ctx.t("button-decline-draw", None)),
    ]];
    d.mentions.extend(ctx.mention(opp)?);
    d.game_id = Some(row.id);
    ctx.post(d);
    // the opponent may want to hear it privately (once a ply)
    let offerer = row.seat(me);
    ctx.notify(&row, opp, Notice::DrawOffered, |cat, c, lang| {
        Ok(args![(
            "player",
            crate::core::present::text::seat_name(cat, c, offerer, lang)?
        )])
    })?;
    Ok(())
}

fn agree_draw(ctx: &mut Ctx, row: GameRow) -> Res<()> {
    let mut l = load(ctx.c, row)?;
    let o = l.game.agree_draw().map_err(corrupt)?;
    let headline = ctx.t("draw-agreed", Some(&args![("game", l.row.id)]));
    finish(ctx, l, o, headline)
}

pub(crate) fn draw_decline(ctx: &mut Ctx, row: GameRow) -> Res<()> {
    let me = ctx
        .gate(&row, Need::Play)?
        .ok_or(corrupt("a player without a colour"))?;
    if row.draw_offer != Some(me.opposite()) {
        return Err(GameRefusal::NoDrawToDecline.into());
    }
    store::set_draw_offer(ctx.c, row.id, None)?;
    let a = args![("player", ctx.user.name.clone()), ("game", row.id)];
    ctx.say("draw-declined", Some(&a));
    Ok(())
}
