//! The clocks of correspondence: reminders (a list per chat, see
//! `reminders.rs`; each once per move), losses on time (days per move or a
//! tournament's bank, see `games/clock.rs`), challenge expiry, the daily puzzle posts (each change its own transaction), the
//! heartbeat, and crediting downtime to every deadline after a restart.

use super::ctx::Actor;
use super::error::corrupt;
use super::notify::Notice;
use super::present::Draft;
use super::types::Reply;
use super::{puzzles, Service, ServiceError};
use crate::args;
use crate::core::games;
use crate::store::{self, ChallengeStatus, GameRow};

/// How long a processed update id is remembered (platforms redeliver
/// within minutes).
const UPDATE_MEMORY_SECS: i64 = 7 * 86_400;

/// How long where a game's board was posted is remembered without a new
/// board (longer than any deadline; a board older than that is posted anew).
const BOARD_MEMORY_SECS: i64 = 60 * 86_400;

impl Service {
    /// When the sweeper should next run (a deadline, a reminder or a
    /// challenge expiry), if anything is pending.
    pub fn next_wakeup(&self) -> Result<Option<i64>, ServiceError> {
        Ok(store::next_wakeup(self.lock().read())?)
    }

    /// Send due reminders, end games whose time ran out, expire challenges.
    /// Each change is its own transaction.
    pub fn sweep(&self) -> Result<Vec<Reply>, ServiceError> {
        let now = self.now();
        let mut out = Vec::new();
        let (expired, due) = {
            let store = self.lock();
            (
                store::challenges_expired(store.read(), now)?,
                store::games_due(store.read(), now)?,
            )
        };
        for ch in expired {
            let done =
                self.system_action(ch.chat_id, Actor::Service, Some(ch.from_user), |ctx| {
                    ctx.thread = store::challenge_thread(ctx.c, ch.id)?;
                    if store::close_challenge(ctx.c, ch.id, ChallengeStatus::Expired, None)? {
                        ctx.say("challenge-expired", Some(&args![("id", ch.id)]));
                    }
                    Ok(())
                })?;
            out.extend(done.replies);
        }
        for row in due {
            let done = self.system_action(row.chat_id, Actor::Service, None, |ctx| {
                // re-read inside the transaction: a move may have come in
                let Some(row) = store::game(ctx.c, row.id)?.filter(GameRow::is_active) else {
                    return Ok(());
                };
                ctx.thread = row.thread.clone();
                let color = row
                    .side_to_move()
                    .ok_or(corrupt("a game without a side to move"))?;
                let seat = row.seat(color);
                if row.deadline.is_some_and(|d| d <= now) {
                    let mut l = games::load(ctx.c, row)?;
                    let o = l.game.time_out(color).map_err(corrupt)?;
                    let a = args![("player", ctx.seat_name(seat)?), ("game", l.row.id)];
                    let headline = ctx.t("timed-out", Some(&a));
                    games::finish(ctx, l, o, headline)?;
                } else if row.reminder_at.is_some_and(|r| r <= now) {
                    // the next reminder of this move comes after now: each
                    // once, and one only when the sweeper comes late
                    let next = match (row.deadline, row.time_for_move()) {
                        (Some(d), Some(total)) => {
                            games::reminders_of(ctx, row.chat_id)?.next_due(d, total, now)
                        }
                        _ => None,
                    };
                    store::mark_reminded(ctx.c, row.id, next)?;
                    let left = row.deadline.map(|d| d - now).unwrap_or(0);
                    let a = args![
                        ("player", ctx.call_name(seat)?),
                        ("game", row.id),
                        ("left", ctx.duration_text(left))
                    ];
                    let mut d = Draft::text(ctx.here(), ctx.t("reminder", Some(&a)));
                    d.mentions.extend(ctx.mention(seat)?);
                    d.game_id = Some(row.id);
                    ctx.post(d);
                    // and privately, to a player who asked for it
                    let n = Notice::Reminder {
                        n: row.reminders_sent,
                    };
                    ctx.notify(&row, seat, n, |cat, _, lang| {
                        Ok(args![(
                            "left",
                            crate::core::present::text::duration_text(cat, lang, left)
                        )])
                    })?;
                }
                Ok(())
            })?;
            out.extend(done.replies);
        }
        // tournaments past their end date: the chat hears once what is
        // left for the organiser to adjudicate (after the time-outs above)
        let ended = store::tournaments_past_end(self.lock().read(), now)?;
        for t in ended {
            let done = self.system_action(t.chat_id, Actor::Service, None, |ctx| {
                if !store::mark_end_announced(ctx.c, t.id)? {
                    return Ok(());
                }
                let count = store::count_active_tournament_games(ctx.c, t.id)?;
                if count > 0 {
                    let a = args![("id", t.id), ("name", t.name.clone()), ("count", count)];
                    ctx.say("tournament-past-end", Some(&a));
                }
                Ok(())
            })?;
            out.extend(done.replies);
        }
        Ok(out)
    }

    /// Post the daily puzzle in every chat where it is due now (call from
    /// the sweeper loop, at [`Service::next_daily_wakeup`]). Each chat's
    /// post is its own transaction and goes out once.
    pub fn daily_due(&self) -> Result<Vec<Reply>, ServiceError> {
        let due = puzzles::dailies_due(self.lock().read(), self.now())?;
        let mut out = Vec::new();
        for chat_id in due {
            let done = self.system_action(chat_id, Actor::Service, None, puzzles::post_daily)?;
            out.extend(done.replies);
        }
        Ok(out)
    }

    /// When the next daily puzzle post is due (Unix seconds), if any chat
    /// has the daily puzzle on.
    pub fn next_daily_wakeup(&self) -> Result<Option<i64>, ServiceError> {
        Ok(puzzles::next_daily_wakeup(self.lock().read())?)
    }

    /// Call at start-up: if the service was down longer than the grace
    /// period since its last heartbeat, every pending deadline, reminder and
    /// challenge expiry moves by the downtime (players never lose on time
    /// because of us). Returns the downtime credited, in seconds.
    pub fn recover(&self) -> Result<i64, ServiceError> {
        let now = self.now();
        let mut store = self.lock();
        store.transaction(|c| -> Result<i64, ServiceError> {
            let last: Option<i64> =
                store::get_setting(c, "heartbeat")?.and_then(|v| v.parse().ok());
            let down = last.map(|t| now - t).unwrap_or(0);
            let credited = if down > self.env.config.downtime_grace_secs {
                let n = store::extend_all_deadlines(c, down)?;
                tracing::info!(
                    downtime = down,
                    games = n,
                    "deadlines extended after downtime"
                );
                down
            } else {
                0
            };
            store::set_setting(c, "heartbeat", &now.to_string())?;
            Ok(credited)
        })
    }

    /// Record that the service is alive (call every few seconds), and
    /// forget processed-update ids older than a week, and board messages not
    /// touched and private notifications sent two months ago (longer than
    /// any move may take).
    pub fn heartbeat(&self) -> Result<(), ServiceError> {
        let now = self.now();
        let mut store = self.lock();
        store.transaction(|c| -> Result<(), ServiceError> {
            store::set_setting(c, "heartbeat", &now.to_string())?;
            store::prune_updates(c, now - UPDATE_MEMORY_SECS)?;
            store::prune_board_messages(c, now - BOARD_MEMORY_SECS)?;
            store::prune_notifications(c, now - BOARD_MEMORY_SECS)?;
            store::prune_live_messages(c, now - BOARD_MEMORY_SECS)?;
            Ok(())
        })
    }
}

impl Service {
    /// Where the board of `game` was last posted on `platform`: (chat,
    /// message), platform ids as text. Adapter bookkeeping (for editing a
    /// board in place, also after a restart); not part of any game change.
    pub fn board_message(
        &self,
        platform: super::Platform,
        game: i64,
    ) -> Result<Option<(String, String)>, ServiceError> {
        Ok(store::board_message(
            self.lock().read(),
            platform.key(),
            game,
        )?)
    }

    /// Remember where the board of `game` was posted on `platform`.
    pub fn set_board_message(
        &self,
        platform: super::Platform,
        game: i64,
        chat: &str,
        message: &str,
    ) -> Result<(), ServiceError> {
        let now = self.now();
        let store = self.lock();
        Ok(store::set_board_message(
            store.read(),
            platform.key(),
            game,
            chat,
            message,
            now,
        )?)
    }

    /// The thread an adapter opened for a game (its board asked for one,
    /// [`Reply::new_thread`](super::Reply::new_thread)): the game's later
    /// replies go there.
    pub fn set_game_thread(&self, game: i64, thread: &str) -> Result<(), ServiceError> {
        let mut store = self.lock();
        store.transaction(|c| -> Result<(), ServiceError> {
            Ok(store::set_game_thread(c, game, Some(thread))?)
        })
    }

    /// A game's thread (forum topic) is gone: the platform refused a post
    /// there (closed, archived, deleted); the game's later replies go to
    /// its chat.
    pub fn forget_game_thread(&self, game: i64) -> Result<(), ServiceError> {
        let mut store = self.lock();
        store.transaction(|c| -> Result<(), ServiceError> {
            Ok(store::set_game_thread(c, game, None)?)
        })
    }

    /// Whether `message` in `chat` is a game's last board on `platform`.
    pub fn is_board_message(
        &self,
        platform: super::Platform,
        chat: &str,
        message: &str,
    ) -> Result<bool, ServiceError> {
        Ok(store::is_board_message(
            self.lock().read(),
            platform.key(),
            chat,
            message,
        )?)
    }

    /// Where the live message `key` ([`super::Reply::live`]) was posted on
    /// `platform`: (chat, message). Adapter bookkeeping, like the boards'.
    pub fn live_message(
        &self,
        platform: super::Platform,
        key: &str,
    ) -> Result<Option<(String, String)>, ServiceError> {
        Ok(store::live_message(
            self.lock().read(),
            platform.key(),
            key,
        )?)
    }

    /// Remember where the live message `key` was posted on `platform`.
    pub fn set_live_message(
        &self,
        platform: super::Platform,
        key: &str,
        chat: &str,
        message: &str,
    ) -> Result<(), ServiceError> {
        let now = self.now();
        let store = self.lock();
        Ok(store::set_live_message(
            store.read(),
            platform.key(),
            key,
            chat,
            message,
            now,
        )?)
    }
}
