//! A tournament's games start in stages: they count against the game
//! limits like any other game (`[limits] active_games_per_user`, `…_per_chat`).
//!
//! The schedule (a round robin's every pairing, a Swiss round's) goes on a
//! waiting list (`tournament_pending`); a pairing's games start, in schedule
//! order, as soon as both its players have room for them under the
//! per-user limit, the chat under its limit, and the chat's tournaments
//! under their share of it: half the chat's limit, so a large event never
//! takes the room of the chat's other games. A small event starts whole,
//! as before; a 64-player round robin of micro-matches starts about three
//! rounds and the rest as games finish — in the transaction of the game
//! that ends, or (for games lost on time, and room freed by other games)
//! in the sweep, one announcement per tournament and sweep.
//!
//! `/tournament start` is refused, with the numbers, when not even its
//! first round can start whole: the chat lacks the room, or players are at
//! their limit already.

use super::TournamentRefusal;
use crate::args;
use crate::core::ctx::{Actor, Ctx};
use crate::core::error::Res;
use crate::core::present::Draft;
use crate::core::tournaments::start_pairings;
use crate::core::types::{Reply, Target};
use crate::core::{Limits, Service, ServiceError};
use crate::store::UserId;
use crate::store::{
    self, PendingPairingRow, Seat, TournamentPlayerRow, TournamentRow, TournamentStatus,
};
use crate::tournament::Pairing;
use std::collections::HashMap;

/// Games a pairing of `t` starts: two for a micro-match, else one.
pub(super) fn games_per_pairing(t: &TournamentRow) -> i64 {
    if t.micro {
        2
    } else {
        1
    }
}

/// The most games a chat's tournaments may have in progress together: half
/// the chat's limit (the other half stays free for its other games).
pub(super) fn tournament_share(l: &Limits) -> i64 {
    (l.active_games_per_chat / 2).max(1)
}

/// Games started from the waiting list.
#[derive(Default)]
pub(super) struct Started {
    /// The lines announcing them.
    pub lines: Vec<String>,
    /// Their players (to call).
    pub players: Vec<UserId>,
    pub games: i64,
}

/// Put `pairings` of `round` on `t`'s waiting list, the `k`-th pairing
/// of the event first (its ballot index).
pub(super) fn schedule_pairings(
    ctx: &Ctx,
    t: &TournamentRow,
    round: u32,
    pairings: &[Pairing],
    k: usize,
) -> Res<()> {
    for (i, p) in pairings.iter().enumerate() {
        store::insert_pending_pairing(
            ctx.c,
            t.id,
            &PendingPairingRow {
                pairing_no: (k + i) as i64,
                round: i64::from(round),
                white_seq: p.white as i64,
                black_seq: p.black as i64,
            },
        )?;
    }
    Ok(())
}

/// Refuse `/tournament start` unless a whole round of `pairings`
/// pairings can start now: the chat's room (and its tournaments'
/// share), and each player's.
pub(super) fn room_for_a_round(
    ctx: &Ctx,
    t: &TournamentRow,
    players: &[TournamentPlayerRow],
    pairings: usize,
) -> Res<()> {
    let l = ctx.config().limits;
    let g = games_per_pairing(t);
    let games = pairings as i64 * g;
    let share = tournament_share(&l);
    let chat_active = store::count_active_games_in_chat(ctx.c, t.chat_id)?;
    let chat_tour = store::count_active_tournament_games_in_chat(ctx.c, t.chat_id)?;
    let room = (l.active_games_per_chat - chat_active)
        .min(share - chat_tour)
        .max(0);
    if games > room {
        return Err(TournamentRefusal::NoRoom {
            id: t.id,
            games,
            room,
            limit: l.active_games_per_chat,
            share,
        }
        .into());
    }
    let mut busy = Vec::new();
    for p in players.iter().filter(|p| p.withdrawn_at.is_none()) {
        if store::count_active_games_of(ctx.c, p.user_id, false)? + g > l.active_games_per_user {
            busy.push(ctx.seat_name(Seat::Human(p.user_id))?);
        }
    }
    if !busy.is_empty() {
        return Err(TournamentRefusal::PlayersBusy {
            id: t.id,
            names: busy.join(", "),
            games: g,
            limit: l.active_games_per_user,
        }
        .into());
    }
    Ok(())
}

/// Start the waiting pairings of `t` there is room for, in schedule
/// order (a pairing whose player has no room waits; the ones after it
/// may start). A pairing of a player who withdrew never starts (the
/// standings count it as not played).
pub(super) fn start_waiting(ctx: &mut Ctx, t: &TournamentRow) -> Res<Started> {
    let mut started = Started::default();
    let pending = store::pending_pairings(ctx.c, t.id)?;
    if pending.is_empty() || t.status != TournamentStatus::Running {
        return Ok(started);
    }
    let l = ctx.config().limits;
    let g = games_per_pairing(t);
    let share = tournament_share(&l);
    let players = store::tournament_players(ctx.c, t.id)?;
    let by_seq: HashMap<i64, &TournamentPlayerRow> = players.iter().map(|p| (p.seq, p)).collect();
    let mut chat_active = store::count_active_games_in_chat(ctx.c, t.chat_id)?;
    let mut chat_tour = store::count_active_tournament_games_in_chat(ctx.c, t.chat_id)?;
    let mut active: HashMap<UserId, i64> = HashMap::new();
    // the event's games live in one thread: the one it started in
    let first = store::tournament_games(ctx.c, t.id)?
        .first()
        .map(|g| g.game_id);
    let thread = match first {
        Some(id) => store::game(ctx.c, id)?.and_then(|g| g.thread),
        None => ctx.thread.clone(),
    };
    let before = std::mem::replace(&mut ctx.thread, thread);
    for p in pending {
        if chat_active + g > l.active_games_per_chat || chat_tour + g > share {
            break;
        }
        let (Some(w), Some(b)) = (by_seq.get(&p.white_seq), by_seq.get(&p.black_seq)) else {
            continue;
        };
        if w.withdrawn_at.is_some() || b.withdrawn_at.is_some() {
            continue;
        }
        let mut room = true;
        for u in [w.user_id, b.user_id] {
            let n = match active.get(&u) {
                Some(n) => *n,
                None => {
                    let n = store::count_active_games_of(ctx.c, u, false)?;
                    active.insert(u, n);
                    n
                }
            };
            room &= n + g <= l.active_games_per_user;
        }
        if !room || !store::take_pending_pairing(ctx.c, t.id, p.pairing_no)? {
            continue;
        }
        let pairing = Pairing::new(p.white_seq as usize, p.black_seq as usize);
        let round = u32::try_from(p.round).unwrap_or(0);
        started.lines.extend(start_pairings(
            ctx,
            t,
            round,
            &[pairing],
            p.pairing_no as usize,
        )?);
        for u in [w.user_id, b.user_id] {
            *active.entry(u).or_default() += g;
            if !started.players.contains(&u) {
                started.players.push(u);
            }
        }
        chat_active += g;
        chat_tour += g;
        started.games += g;
    }
    ctx.thread = before;
    Ok(started)
}

/// Games of `t` waiting to start that still can (neither player has
/// withdrawn).
pub(super) fn playable_waiting(ctx: &Ctx, t: &TournamentRow) -> Res<i64> {
    let pending = store::pending_pairings(ctx.c, t.id)?;
    if pending.is_empty() {
        return Ok(0);
    }
    let players = store::tournament_players(ctx.c, t.id)?;
    let out: HashMap<i64, bool> = players
        .iter()
        .map(|p| (p.seq, p.withdrawn_at.is_some()))
        .collect();
    let gone = |seq: i64| out.get(&seq).copied().unwrap_or(true);
    let n = pending
        .iter()
        .filter(|p| !gone(p.white_seq) && !gone(p.black_seq))
        .count() as i64;
    Ok(n * games_per_pairing(t))
}

/// "N games wait to start …", if any do.
pub(super) fn waiting_line(ctx: &Ctx, t: &TournamentRow) -> Res<Option<String>> {
    let count = playable_waiting(ctx, t)?;
    Ok((count > 0).then(|| {
        let a = args![
            ("count", count),
            ("limit", ctx.config().limits.active_games_per_user)
        ];
        ctx.t("tournament-waiting", Some(&a))
    }))
}

/// Start what fits of `t`'s waiting list and say so in its chat, with
/// the players of the new games called. In a sweep (the service acts)
/// nothing starts here: the sweep starts each tournament's waiting
/// games once, at its end — fifty games lost on time must not be fifty
/// announcements.
pub(super) fn start_waiting_and_announce(ctx: &mut Ctx, t: &TournamentRow) -> Res<()> {
    if ctx.actor == Actor::Service {
        return Ok(());
    }
    announce_started(ctx, t)
}

fn announce_started(ctx: &mut Ctx, t: &TournamentRow) -> Res<()> {
    let started = start_waiting(ctx, t)?;
    if started.games == 0 {
        return Ok(());
    }
    let a = args![
        ("id", t.id),
        ("name", t.name.clone()),
        ("count", started.games)
    ];
    let mut d = Draft::text(
        Target::Chat(ctx.chat_of(t.chat_id)?),
        ctx.t("tournament-more-games", Some(&a)),
    );
    // the new games' thread (see start_waiting)
    if let Some(first) = store::tournament_games(ctx.c, t.id)?.first() {
        if let Some(g) = store::game(ctx.c, first.game_id)? {
            d.thread = Some(g.thread);
        }
    }
    for u in &started.players {
        d.mentions.extend(ctx.mention(Seat::Human(*u))?);
    }
    let mut lines = started.lines;
    lines.extend(waiting_line(ctx, t)?);
    ctx.post_lines(d, &lines);
    Ok(())
}

/// Start the waiting games of every running tournament that has room
/// for some now (the sweep: after games lost on time, and now and then
/// for room freed by other games); each tournament its own transaction.
/// A tournament whose games fail to start is logged and left for the
/// next look; the others go on.
pub(crate) fn start_waiting_tournament_games(svc: &Service) -> Result<Vec<Reply>, ServiceError> {
    let waiting = store::tournaments_waiting(svc.lock().read())?;
    let mut out = Vec::new();
    for t in waiting {
        let done = svc.system_action(t.chat_id, Actor::Service, None, |ctx| {
            let Some(t) = store::tournament(ctx.c, t.id)? else {
                return Ok(());
            };
            announce_started(ctx, &t)
        });
        match done {
            Ok(done) => out.extend(done.replies),
            Err(e) => tracing::error!(
                tournament = t.id.0,
                error = %e,
                "starting a tournament's waiting games failed"
            ),
        }
    }
    Ok(out)
}
