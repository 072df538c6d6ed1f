//! Leave days: `/tournament pause N [#id]` — a player of a running
//! tournament pauses all their games of it at once for N days, out of the
//! event's allowance (`/tournament new … leave N`, default 30). The clocks
//! move as a vacation's do ([`Service::pause_clocks`]): each game where it
//! is their turn gets N more days (and its reminders move with it), and a
//! turn that starts during the leave gets the rest of it on top.

use super::TournamentRefusal;
use crate::args;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::games;
use crate::core::i18n::num;
use crate::core::time::DAY;
use crate::core::tournaments::pick_tournament;
use crate::store::{self, TournamentId, TournamentStatus};

/// `/tournament pause N [#id]`.
pub(super) fn tournament_pause(
    ctx: &mut Ctx,
    days: Option<i64>,
    which: Option<TournamentId>,
) -> Res<()> {
    let t = pick_tournament(ctx, which, false)?;
    if t.status != TournamentStatus::Running {
        return Err(TournamentRefusal::NotRunning { id: t.id }.into());
    }
    let me = ctx.user_id()?;
    let p = store::tournament_player(ctx.c, t.id, me)?
        .filter(|p| p.withdrawn_at.is_none())
        .ok_or(TournamentRefusal::NotJoined { id: t.id })?;
    let left = (t.leave_days - p.leave_used).max(0);
    let Some(days) = days.filter(|d| *d > 0) else {
        return Err(TournamentRefusal::LeaveUsage { id: t.id, left }.into());
    };
    if days > left {
        return Err(TournamentRefusal::LeaveTooLong {
            id: t.id,
            left,
            days,
        }
        .into());
    }
    let until = p.leave_until.max(ctx.now) + days * DAY;
    store::set_tournament_leave(ctx.c, t.id, me, p.leave_used + days, until)?;
    let mut games = Vec::new();
    for tg in store::active_tournament_games(ctx.c, t.id)? {
        games.extend(store::game(ctx.c, tg.game_id)?.filter(|g| g.color_of(me).is_some()));
    }
    games::pause_clocks(ctx, me, &games, days, "leave-announce")?;
    let a = args![
        ("id", t.id),
        ("name", t.name.clone()),
        ("days", num(days)),
        ("left", num(left - days))
    ];
    ctx.tell_id("leave-set", Some(&a));
    Ok(())
}
