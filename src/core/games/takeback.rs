//! `/takeback [#game]`: take back your last move and the AI's answer —
//! only in casual games, which here are the games against the AI (they do
//! not count for ratings); never in a game between people (rated) or a
//! tournament's.

use crate::args;
use crate::core::access::Need;
use crate::core::ctx::Ctx;
use crate::core::error::{corrupt, Refusal, Res};
use crate::core::Service;
use crate::store::{self, Seat};

impl Service {
    pub(crate) fn cmd_takeback(&self, ctx: &mut Ctx, r: Option<&str>) -> Res<()> {
        let row = self.my_game(ctx, r)?;
        let me = ctx
            .gate(&row, Need::Play)?
            .ok_or(Refusal::NotAPlayer { game: row.id })?;
        let casual = matches!(row.seat(me.opposite()), Seat::Ai(_));
        if !casual || store::tournament_game_of(ctx.c, row.id)?.is_some() {
            return Err(Refusal::TakebackRated { game: row.id }.into());
        }
        if row.side_to_move() != Some(me) {
            return Err(Refusal::TakebackWait { game: row.id }.into());
        }
        // your last move and the AI's answer
        let to = row.ply - 2;
        if to < 0 {
            return Err(Refusal::TakebackNothing { game: row.id }.into());
        }
        let l = self.load(ctx.c, row)?;
        let back = *l
            .game
            .positions()
            .get(usize::try_from(to).unwrap_or(usize::MAX))
            .ok_or(corrupt("a takeback past the start"))?;
        if !store::take_back(ctx.c, l.row.id, l.row.ply, to, &back.to_fen(), ctx.now)? {
            return Err(Refusal::ButtonStale.into());
        }
        let row = store::game(ctx.c, l.row.id)?.ok_or(corrupt("a game vanished"))?;
        let loaded = self.load(ctx.c, row)?;
        let a = args![("game", loaded.row.id), ("player", ctx.user.name.clone())];
        let headline = ctx.t("takeback-done", Some(&a));
        let d = ctx.board_draft(&loaded, headline)?;
        ctx.post(d);
        Ok(())
    }
}
