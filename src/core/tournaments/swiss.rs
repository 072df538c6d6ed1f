//! Swiss tournaments in a chat: one round at a time. Round 1 is paired at
//! the start; when the last game of a round ends, the next round is paired
//! (Dutch system, [`crate::tournament::swiss`]) in that game's transaction
//! from the standings so far, until the rounds are played or no pairing is
//! left.

use crate::args;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::tournaments::stages::{
    playable_waiting, schedule_pairings, start_waiting, waiting_line,
};
use crate::core::tournaments::standings::{standings_drafts, standings_table};
use crate::core::types::Target;
use crate::store::{self, TournamentRow, UserId};
use crate::tournament::score::{ByeKind, Counted, Table};
use crate::tournament::swiss::{pair_round, Entrant, Float, Past};
use crate::tournament::{Color, Format, PlayerId};
use std::cmp::Ordering;

/// Points of `p` from the rounds before `round`: games and byes.
fn points_before(table: &Table, p: PlayerId, round: u32, round_win: u32) -> u32 {
    let games: u32 = table
        .games
        .iter()
        .filter(|g| g.round < round && (g.white == p || g.black == p))
        .filter_map(|g| g.points_of(p))
        .sum();
    let byes: u32 = table
        .byes
        .iter()
        .filter(|b| b.round < round && b.player == p)
        .map(|b| match b.kind {
            ByeKind::Full => round_win,
            ByeKind::Half => round_win / 2,
        })
        .sum();
    games + byes
}

/// What `p` did in `round`.
fn past(table: &Table, p: PlayerId, round: u32, micro: bool, round_win: u32) -> Past {
    let game: Option<&Counted> = table
        .games
        .iter()
        .find(|g| g.round == round && (g.white == p || g.black == p));
    if let Some(g) = game {
        let opponent = g.opponent(p);
        let colour = (!micro).then_some(if g.white == p {
            Color::White
        } else {
            Color::Black
        });
        let float = match points_before(table, p, round, round_win)
            .cmp(&points_before(table, opponent, round, round_win))
        {
            Ordering::Greater => Some(Float::Down),
            Ordering::Less => Some(Float::Up),
            Ordering::Equal => None,
        };
        return Past::Played {
            opponent,
            colour,
            float,
        };
    }
    match table
        .byes
        .iter()
        .find(|b| b.round == round && b.player == p)
        .map(|b| b.kind)
    {
        Some(ByeKind::Full) => Past::FullBye,
        Some(ByeKind::Half) => Past::HalfBye,
        None => Past::Absent,
    }
}

/// The rounds of a Swiss event paired so far (the last is the one being
/// played; some of its games may wait to start).
pub(super) fn swiss_paired(ctx: &Ctx, t: &TournamentRow) -> Res<u32> {
    let played = store::tournament_games(ctx.c, t.id)?
        .iter()
        .map(|g| g.round)
        .chain(store::tournament_byes(ctx.c, t.id)?.iter().map(|b| b.round))
        .chain(
            store::pending_pairings(ctx.c, t.id)?
                .iter()
                .map(|p| p.round),
        )
        .max()
        .unwrap_or(0);
    Ok(u32::try_from(played).unwrap_or(u32::MAX))
}

/// Pair and start `round` of the Swiss tournament `t` (the games the
/// limits have room for; the rest wait, see `stages.rs`): the lines
/// announcing its games (and bye), or `None` when no pairing exists.
pub(super) fn swiss_round(
    ctx: &mut Ctx,
    t: &TournamentRow,
    round: u32,
) -> Res<Option<Vec<String>>> {
    let players = store::tournament_players(ctx.c, t.id)?;
    let table = standings_table(ctx.c, t)?;
    let round_win = if t.micro { 4 } else { 2 };
    let entrants: Vec<Entrant> = players
        .iter()
        .filter(|p| p.withdrawn_at.is_none())
        .filter_map(|p| usize::try_from(p.seq).ok())
        .map(|p| Entrant {
            id: p,
            score: points_before(&table, p, round, round_win),
            history: (1..round)
                .map(|r| past(&table, p, r, t.micro, round_win))
                .collect(),
        })
        .collect();
    let Ok(pairing) = pair_round(&entrants, round_win) else {
        return Ok(None);
    };
    let k = store::tournament_games(ctx.c, t.id)?
        .iter()
        .map(|g| g.pairing_no + 1)
        .chain(
            store::pending_pairings(ctx.c, t.id)?
                .iter()
                .map(|p| p.pairing_no + 1),
        )
        .max()
        .unwrap_or(0);
    let k = usize::try_from(k).unwrap_or(0);
    schedule_pairings(ctx, t, round, &pairing.pairings, k)?;
    let mut lines = start_waiting(ctx, t)?.lines;
    lines.extend(waiting_line(ctx, t)?);
    if let Some(b) = pairing.bye {
        store::insert_tournament_bye(ctx.c, t.id, i64::from(round), b as i64, false)?;
        let user = players
            .iter()
            .find(|p| p.seq == b as i64)
            .map(|p| p.user_id)
            .unwrap_or(UserId(0));
        let name = ctx.seat_name(store::Seat::Human(user))?;
        let a = args![("round", round), ("player", name)];
        lines.push(ctx.t("tournament-bye", Some(&a)));
    }
    Ok(Some(lines))
}

/// The last game of a Swiss round has ended: pair the next round if
/// one is due. True if a round began (the tournament goes on).
pub(super) fn swiss_next_round(ctx: &mut Ctx, t: &TournamentRow) -> Res<bool> {
    let Format::Swiss { rounds } = t.format else {
        return Ok(false);
    };
    let next = swiss_paired(ctx, t)?.saturating_add(1);
    if next > rounds {
        return Ok(false);
    }
    let Some(lines) = swiss_round(ctx, t, next)? else {
        return Ok(false);
    };
    if store::count_active_tournament_games(ctx.c, t.id)? == 0 && playable_waiting(ctx, t)? == 0 {
        return Ok(false); // a round of byes alone: nothing to play
    }
    let a = args![
        ("id", t.id),
        ("name", t.name.clone()),
        ("round", next),
        ("rounds", rounds)
    ];
    let head = ctx.t("tournament-round", Some(&a));
    let target = Target::Chat(ctx.chat_of(t.chat_id)?);
    let mut mentions = Vec::new();
    for p in store::tournament_players(ctx.c, t.id)? {
        if p.withdrawn_at.is_none() {
            mentions.extend(ctx.mention(store::Seat::Human(p.user_id))?);
        }
    }
    for d in standings_drafts(ctx, target, t, head, lines, mentions)? {
        ctx.post(d);
    }
    Ok(true)
}
