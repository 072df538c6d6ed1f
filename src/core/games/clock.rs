//! A game's clock: the deadline and first reminder when a turn starts
//! (days per move, or a tournament's bank "N moves in D days" with the
//! unused time carried over), the pauses a player is owed (a vacation, a
//! tournament leave), and the banks after a move.
//!
//! A bank game keeps each side's time left when its turn starts
//! (`games.white_bank`, `black_bank`): the deadline of the side to move is
//! when the turn started + its bank + any pause. After a move the mover's
//! bank is what was left (the deadline − now, less the pause not used up),
//! and D days more when the move completes a period of N moves. So any
//! credit to the deadline (a vacation, leave, the bot's downtime) is credit
//! to the bank, and running out is the ordinary loss on time.

use crate::args;
use crate::core::access::Need;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::games::variants;
use crate::core::reminders::Reminders;
use crate::core::time::DAY;
use crate::store::{
    self, ChatId, GameFacts, GameId, GameRow, NextClock, Seat, TournamentId, UserId,
};
use shashki_engine::Color;

/// How a new game is timed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct TimeControl {
    /// Seconds per move (None: no limit, or a bank).
    pub spm: Option<i64>,
    /// A bank: each side's seconds at the start (the first period).
    pub bank: Option<i64>,
    /// The tournament the game belongs to (its leave pauses the clock).
    pub tournament: Option<TournamentId>,
}

impl TimeControl {
    pub(crate) fn per_move(spm: Option<i64>) -> TimeControl {
        TimeControl {
            spm,
            ..TimeControl::default()
        }
    }

    /// The time for the first move.
    fn first(self) -> Option<i64> {
        self.bank.or(self.spm)
    }
}

/// The reminders of a move in a chat: its own setting, else the
/// configured default.
pub(crate) fn reminders_of(ctx: &Ctx, chat_id: ChatId) -> Res<Reminders> {
    let setting = if chat_id == ctx.chat.id {
        ctx.chat.reminders.clone()
    } else {
        store::chat(ctx.c, chat_id)?.and_then(|c| c.reminders)
    };
    Ok(setting.unwrap_or_else(|| ctx.config().reminders.clone()))
}

/// How long `user`'s clock is paused from now: the rest of their
/// vacation and of their leave (`leave_until`, a tournament's).
fn pause_of(ctx: &Ctx, user: UserId, leave_until: i64) -> Res<i64> {
    let vacation = store::user(ctx.c, user)?
        .map(|u| (u.vacation_until - ctx.now).max(0))
        .unwrap_or(0);
    Ok(vacation + (leave_until - ctx.now).max(0))
}

/// The deadline and first reminder for `seat` whose turn starts now in
/// a game of `chat_id`, with `time` seconds for the move (None: no
/// limit); a player on vacation or leave gets the rest of it on top;
/// the AI has no clock.
pub(crate) fn turn_clock(
    ctx: &Ctx,
    chat_id: ChatId,
    seat: Seat,
    time: Option<i64>,
    leave_until: i64,
) -> Res<(Option<i64>, Option<i64>)> {
    let (Some(time), Seat::Human(id)) = (time, seat) else {
        return Ok((None, None));
    };
    let deadline = ctx.now + time + pause_of(ctx, id, leave_until)?;
    let reminder = reminders_of(ctx, chat_id)?.next_due(deadline, time, ctx.now);
    Ok((Some(deadline), reminder))
}

/// The clock of a new game whose `first` seat moves first.
pub(crate) fn start_clock(
    ctx: &Ctx,
    first: Seat,
    tc: TimeControl,
) -> Res<(Option<i64>, Option<i64>)> {
    let leave = match (tc.tournament, first) {
        (Some(t), Seat::Human(u)) => store::tournament_player(ctx.c, t, u)?
            .map(|p| p.leave_until)
            .unwrap_or(0),
        _ => 0,
    };
    turn_clock(ctx, ctx.chat.id, first, tc.first(), leave)
}

/// The clock after `row`'s side to move (`mover`) plays now: the
/// mover's bank settled, the opponent's turn timed (`over`: the game
/// ended, no clock). `passes`: the turn passes to the opponent — not
/// after the first sub-move of a turn of two (Vigman's), when the
/// mover's deadline, reminder and bank run on as they were.
pub(crate) fn clock_after_move(
    ctx: &Ctx,
    row: &GameRow,
    facts: Option<&GameFacts>,
    mover: Color,
    over: bool,
    passes: bool,
) -> Res<NextClock> {
    if !over && !passes {
        return Ok(NextClock {
            deadline: row.deadline,
            reminder_at: row.reminder_at,
            white_bank: row.white_bank,
            black_bank: row.black_bank,
        });
    }
    // a player's leave: read with the game, else now
    let leave_of = |u: UserId| -> Res<i64> {
        Ok(match facts {
            Some(f) => f.leave_of(row, u),
            None => store::leave_until_in_game(ctx.c, row.id, u)?,
        })
    };
    let mut next = NextClock {
        white_bank: row.white_bank,
        black_bank: row.black_bank,
        ..NextClock::default()
    };
    if let Some(bank) = row.bank(mover) {
        let left = match (row.deadline, row.seat(mover)) {
            (Some(d), Seat::Human(u)) => {
                let leave = leave_of(u)?;
                (d - ctx.now - pause_of(ctx, u, leave)?).max(0)
            }
            _ => bank,
        };
        let period = store::tournament_of_game(ctx.c, row.id)?
            .and_then(|t| t.bank_moves.zip(t.bank_days))
            .filter(|(n, _)| *n > 0);
        // the mover's turns in this game, this one included (Vigman's:
        // two sub-moves a turn)
        let moves = variants::turns_made(row.variant, &row.start_fen, row.ply.0) + 1;
        let earned = match period {
            Some((n, days)) if moves % n == 0 => days * DAY,
            _ => 0,
        };
        let bank = Some(left + earned);
        match mover {
            Color::White => next.white_bank = bank,
            Color::Black => next.black_bank = bank,
        }
    }
    if over {
        return Ok(next);
    }
    let seat = row.seat(mover.opposite());
    let time = match mover.opposite() {
        Color::White => next.white_bank,
        Color::Black => next.black_bank,
    }
    .or(row.seconds_per_move);
    let leave = match seat {
        Seat::Human(u) => leave_of(u)?,
        Seat::Ai(_) => 0,
    };
    let (deadline, reminder_at) = turn_clock(ctx, row.chat_id, seat, time, leave)?;
    next.deadline = deadline;
    next.reminder_at = reminder_at;
    Ok(next)
}

/// `/clock [#game]`: the time left in a game, for the asker alone (anyone
/// who may see the game; it changes nothing).
pub(crate) fn cmd_clock(ctx: &mut Ctx, game: Option<GameId>) -> Res<()> {
    let row = super::shown_game(ctx, game)?;
    ctx.gate(&row, Need::See)?;
    let clock = match ctx.clock_text(&row)? {
        Some(t) => t,
        None => ctx.t("no-deadline", None),
    };
    let text = ctx.t(
        "clock-of-game",
        Some(&args![("game", row.id), ("clock", clock)]),
    );
    ctx.tell(text);
    Ok(())
}
