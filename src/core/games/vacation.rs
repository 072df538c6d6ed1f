//! Vacations: `/vacation N` pauses the player's clocks for N days (a yearly
//! allowance), and tells the opponents. [`Service::pause_clocks`] is the
//! one way a player's clocks pause (a tournament's leave uses it too).

use super::GameRefusal;
use crate::args;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::i18n::num;
use crate::core::present::Draft;
use crate::core::time::{year_of, DAY};
use crate::core::types::Target;
use crate::store::{self, ChatId, GameId, GameRow, Seat, UserId};

pub(crate) fn cmd_vacation(ctx: &mut Ctx, days: Option<i64>) -> Res<()> {
    let me = ctx.user_id()?;
    let year = year_of(ctx.now);
    let used = if ctx.user.vacation_year == year {
        ctx.user.vacation_days
    } else {
        0
    };
    let left = ctx.config().vacation_days_per_year - used;
    let Some(days) = days.filter(|d| *d > 0) else {
        return Err(GameRefusal::VacationUsage { left }.into());
    };
    if days > left {
        return Err(GameRefusal::VacationTooLong { left, days }.into());
    }
    let start = ctx.user.vacation_until.max(ctx.now);
    let until = start + days * DAY;
    store::set_vacation(ctx.c, me, year, used + days, until)?;
    let games = store::active_games_of(ctx.c, me)?;
    pause_clocks(ctx, me, &games, days, "vacation-announce")?;
    ctx.tell_id(
        "vacation-set",
        Some(&args![("days", num(days)), ("left", left - days)]),
    );
    Ok(())
}

/// Pause `me`'s clocks in `games` for `days` days: the deadline (and
/// the reminders) of each where it is their turn moves on, in this
/// transaction; the opponents are told by `message` (a vacation, a
/// tournament leave), one message per chat.
pub(crate) fn pause_clocks(
    ctx: &mut Ctx,
    me: UserId,
    games: &[GameRow],
    days: i64,
    message: &str,
) -> Res<()> {
    let mut by_chat: Vec<(ChatId, Vec<GameId>, Vec<Seat>)> = Vec::new();
    for row in games {
        let Some(color) = row.color_of(me).filter(|_| row.is_active()) else {
            continue;
        };
        if row.deadline.is_some() && row.side_to_move() == Some(color) {
            store::shift_game_clock(ctx.c, row.id, days * DAY)?;
        }
        let opp = row.seat(color.opposite());
        match by_chat.iter_mut().find(|(chat, _, _)| *chat == row.chat_id) {
            Some((_, games, opps)) => {
                games.push(row.id);
                if !opps.contains(&opp) {
                    opps.push(opp);
                }
            }
            None => by_chat.push((row.chat_id, vec![row.id], vec![opp])),
        }
    }
    for (chat_id, games, opps) in by_chat {
        let mut names = Vec::new();
        let mut mentions = Vec::new();
        for opp in &opps {
            names.push(ctx.call_name(*opp)?);
            mentions.extend(ctx.mention(*opp)?);
        }
        let games_text = games
            .iter()
            .map(|g| format!("#{g}"))
            .collect::<Vec<_>>()
            .join(", ");
        let a = args![
            ("player", ctx.user.name.clone()),
            ("days", num(days)),
            ("games", games_text),
            ("count", num(i64::try_from(games.len()).unwrap_or(i64::MAX))),
            ("opponent", names.join(", "))
        ];
        let mut d = Draft::text(
            Target::Chat(ctx.chat_of(chat_id)?),
            ctx.t(message, Some(&a)),
        );
        d.mentions = mentions;
        d.game_id = games.first().copied().filter(|_| games.len() == 1);
        ctx.post(d);
    }
    Ok(())
}
