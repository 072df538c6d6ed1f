//! The entry list: `/tournament join`, `/tournament leave` (before the
//! start: off the list; after it: a withdrawal), `/tournament remove @name`
//! (admins: the same for someone else).

use super::swiss::swiss_paired;
use super::TournamentRefusal;
use crate::args;
use crate::core::ctx::Ctx;
use crate::core::error::{corrupt, Res};
use crate::core::input::commands::handle_tag;
use crate::core::tournaments::standings::tournament_maybe_over;
use crate::store::{self, GameResult, Termination, TournamentRow, TournamentStatus, UserId};
use crate::tournament::Format;

pub(crate) fn tournament_join(ctx: &mut Ctx, t: &TournamentRow) -> Res<()> {
    let me = ctx.user_id()?;
    // a running Swiss event takes late entries until half its rounds
    // are paired: a half-point bye for each round missed (FMJD practice)
    let mut missed = 0u32;
    if t.status == TournamentStatus::Running {
        let Format::Swiss { rounds } = t.format else {
            return Err(TournamentRefusal::NotOpen { id: t.id }.into());
        };
        missed = swiss_paired(ctx, t)?;
        if missed.saturating_mul(2) > rounds {
            return Err(TournamentRefusal::TooLate {
                id: t.id,
                rounds: i64::from(missed),
            }
            .into());
        }
    } else if t.status != TournamentStatus::Open {
        return Err(TournamentRefusal::NotOpen { id: t.id }.into());
    }
    if store::tournament_players(ctx.c, t.id)?.len() as i64 >= t.max_players {
        return Err(TournamentRefusal::Full {
            id: t.id,
            limit: t.max_players,
        }
        .into());
    }
    if !store::join_tournament(ctx.c, t.id, me, ctx.now)? {
        return Err(TournamentRefusal::AlreadyJoined { id: t.id }.into());
    }
    let players = store::tournament_players(ctx.c, t.id)?;
    if missed > 0 {
        let seq = players
            .iter()
            .find(|p| p.user_id == me)
            .map(|p| p.seq)
            .ok_or_else(|| corrupt("a player who just joined is not entered"))?;
        for round in 1..=missed {
            store::insert_tournament_bye(ctx.c, t.id, i64::from(round), seq, true)?;
        }
        let a = args![
            ("id", t.id),
            ("name", t.name.clone()),
            ("player", ctx.user.name.clone()),
            ("rounds", i64::from(missed)),
            ("next", i64::from(missed) + 1),
        ];
        ctx.say("tournament-joined-late", Some(&a));
        return Ok(());
    }
    let a = args![
        ("id", t.id),
        ("name", t.name.clone()),
        ("player", ctx.user.name.clone()),
        ("count", players.len() as i64)
    ];
    ctx.say("tournament-joined", Some(&a));
    Ok(())
}

/// `/tournament leave`: the asker leaves (or withdraws).
pub(crate) fn tournament_leave(ctx: &mut Ctx, t: &TournamentRow) -> Res<()> {
    let me = ctx.user_id()?;
    let name = ctx.user.name.clone();
    if !take_off(ctx, t, me, &name)? {
        return Err(TournamentRefusal::NotJoined { id: t.id }.into());
    }
    Ok(())
}

/// `/tournament remove @name`: an admin takes a player off (or
/// withdraws them); `handle` without the `@`.
pub(crate) fn tournament_remove(ctx: &mut Ctx, t: &TournamentRow, handle: &str) -> Res<()> {
    let user = store::user_by_handle(ctx.c, ctx.platform.key(), handle)?;
    let not_entered = || TournamentRefusal::NotEntered {
        id: t.id,
        name: handle_tag(handle),
    };
    let user = user.ok_or_else(not_entered)?;
    if !take_off(ctx, t, user.id, &user.name)? {
        return Err(not_entered().into());
    }
    Ok(())
}

/// Take `user` off an open tournament's list, or withdraw them from a
/// running one: their games in progress are lost (stored as ended by
/// withdrawal; the standings count them as forfeits or annul them), and
/// the tournament may end with it. False if they were not entered (or
/// had withdrawn already).
pub(super) fn take_off(ctx: &mut Ctx, t: &TournamentRow, user: UserId, name: &str) -> Res<bool> {
    match t.status {
        TournamentStatus::Open => {
            if !store::leave_tournament(ctx.c, t.id, user)? {
                return Ok(false);
            }
            let count = store::tournament_players(ctx.c, t.id)?.len() as i64;
            let a = args![
                ("id", t.id),
                ("name", t.name.clone()),
                ("player", name),
                ("count", count)
            ];
            let message = if user == ctx.user.id {
                "tournament-left"
            } else {
                "tournament-removed"
            };
            ctx.say(message, Some(&a));
            Ok(true)
        }
        TournamentStatus::Running => {
            if !store::withdraw_player(ctx.c, t.id, user, ctx.now)? {
                return Ok(false);
            }
            let mut lost = 0i64;
            for tg in store::tournament_games(ctx.c, t.id)? {
                let Some(row) = store::game(ctx.c, tg.game_id)?.filter(|g| g.is_active()) else {
                    continue;
                };
                let Some(colour) = row.color_of(user) else {
                    continue;
                };
                let result = GameResult::of_winner(Some(colour.opposite()));
                if store::finish_game(ctx.c, row.id, result, Termination::Withdrawal, ctx.now)? {
                    lost += 1;
                }
            }
            let a = args![
                ("id", t.id),
                ("name", t.name.clone()),
                ("player", name),
                ("games", lost)
            ];
            ctx.say("tournament-withdrawn", Some(&a));
            tournament_maybe_over(ctx, t)?;
            Ok(true)
        }
        _ => Err(TournamentRefusal::Over { id: t.id }.into()),
    }
}
