//! The clocks of correspondence: reminders (a list per chat, see
//! `reminders.rs`; each once per move), losses on time (days per move or a
//! tournament's bank, see `games/clock.rs`), challenge expiry, the daily puzzle posts (each change its own transaction), the
//! heartbeat, and crediting downtime to every deadline after a restart.
//!
//! One sweep's notices for one chat (and thread) — reminders, losses on
//! time, expired challenges, tournaments past their end — go out as one
//! message ([`digest`]): a tournament's games start together, so their
//! reminders and time-outs come due together, and fifty of them must not
//! be fifty messages in one group. A chat with a single notice gets it as
//! it is (a time-out with its final board and PDN); in a digest a time-out
//! is its text (`/board #N`, `/pdn #N` show the rest).

use super::ctx::Actor;
use super::error::corrupt;
use super::notify::Notice;
use super::present::Draft;
use super::types::{Mention, Platform, Reply, Target};
use super::{puzzles, Service, ServiceError};
use crate::args;
use crate::core::games;
use crate::core::tournaments;
use crate::store::{self, ChallengeStatus, GameRow};
use crate::store::{GameId, OutboxId};
use std::collections::HashMap;

/// How long a processed update id is remembered (platforms redeliver
/// within minutes).
const UPDATE_MEMORY_SECS: i64 = 7 * 86_400;

/// How long where a game's board was posted is remembered without a new
/// board (longer than any deadline; a board older than that is posted anew).
const BOARD_MEMORY_SECS: i64 = 60 * 86_400;

/// How long a reply is kept in the outbox after it was sent.
const OUTBOX_MEMORY_SECS: i64 = 3_600;
/// How often the sweep looks for tournament games waiting for room that
/// other games' ends (not the tournament's own) may have freed.
const WAITING_GAMES_EVERY_SECS: i64 = 60;

/// How long a chat's failed daily post waits before it is tried again.
pub const DAILY_RETRY_SECS: i64 = 3_600;

impl Service {
    /// When the sweeper should next run (a deadline, a reminder or a
    /// challenge expiry), if anything is pending.
    pub fn next_wakeup(&self) -> Result<Option<i64>, ServiceError> {
        Ok(store::next_wakeup(self.lock().read())?)
    }

    /// Send due reminders, end games whose time ran out, expire challenges.
    /// Each change is its own transaction; the notices for one chat come
    /// back as one message (see [`digest`]).
    pub fn sweep(&self) -> Result<Vec<Reply>, ServiceError> {
        let now = self.now();
        let mut out: Vec<Swept> = Vec::new();
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
            out.extend(
                done.replies
                    .into_iter()
                    .map(|r| Swept::notice_if(r, |_| true)),
            );
        }
        let mut timed_out = false;
        for row in due {
            let game = row.id;
            timed_out |= row.deadline.is_some_and(|d| d <= now);
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
            // the reminder, or the final board of a game lost on time (not
            // what its end led to: a tournament's round, its standings)
            out.extend(
                done.replies
                    .into_iter()
                    .map(|r| Swept::notice_if(r, |r| r.game_id == Some(game))),
            );
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
            out.extend(
                done.replies
                    .into_iter()
                    .map(|r| Swept::notice_if(r, |_| true)),
            );
        }
        // tournament games waiting for room: after games lost on time (their
        // tournaments start nothing while the sweep ends them one by one),
        // and now and then for room other games freed
        let last = self
            .waiting_checked
            .load(std::sync::atomic::Ordering::Relaxed);
        if timed_out || now.saturating_sub(last) >= WAITING_GAMES_EVERY_SECS {
            self.waiting_checked
                .store(now, std::sync::atomic::Ordering::Relaxed);
            out.extend(
                tournaments::start_waiting_tournament_games(self)?
                    .into_iter()
                    .map(|r| Swept::notice_if(r, |_| false)),
            );
        }
        Ok(digest(out))
    }

    /// Post the daily puzzle in every chat where it is due now (call from
    /// the sweeper loop, at [`Service::next_daily_wakeup`]). Each chat's
    /// post is its own transaction and goes out once; one chat's that
    /// cannot be read or posted (its row damaged) is logged and skipped,
    /// the others posted; a failed post is tried again
    /// [`DAILY_RETRY_SECS`] later, not at the sweeper's next turn.
    pub fn daily_due(&self) -> Result<Vec<Reply>, ServiceError> {
        let now = self.now();
        let due = puzzles::dailies_due(self.lock().read(), now)?;
        let mut out = Vec::new();
        for chat_id in due {
            match self.system_action(chat_id, Actor::Service, None, puzzles::post_daily) {
                Ok(done) => out.extend(done.replies),
                Err(e) => {
                    tracing::error!(chat = %chat_id, error = %e, "a chat's daily post failed; tried again in an hour");
                    let until = now + DAILY_RETRY_SECS;
                    let put_off = self.lock().transaction(|c| {
                        crate::store::puzzles::postpone_daily(c, chat_id, now, until)
                    });
                    if let Err(e) = put_off {
                        tracing::error!(chat = %chat_id, error = %e, "putting a failed daily post off failed");
                    }
                }
            }
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

    /// A cheap read through the store (the last heartbeat): whether the
    /// database answers (`/healthz`).
    pub fn ping(&self) -> Result<(), ServiceError> {
        let store = self.lock();
        store::get_setting(store.read(), "heartbeat")?;
        Ok(())
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
            store::prune_placed_messages(c, now - BOARD_MEMORY_SECS)?;
            store::prune_notifications(c, now - BOARD_MEMORY_SECS)?;
            store::prune_outbox(c, now - OUTBOX_MEMORY_SECS)?;
            Ok(())
        })
    }
}

impl Service {
    /// Where the message `key` (a game's living board `board:12`, a live
    /// message `live:analysis-12`) was placed on `platform`. Delivery
    /// bookkeeping (for editing in place, also after a restart); not part
    /// of any game change.
    pub fn placed_message(
        &self,
        platform: super::Platform,
        key: &str,
    ) -> Result<Option<store::PlacedRow>, ServiceError> {
        Ok(store::placed_message(
            self.lock().read(),
            platform.key(),
            key,
        )?)
    }

    /// Keep where the message `key` was placed on `platform`.
    pub fn set_placed_message(
        &self,
        platform: super::Platform,
        key: &str,
        at: &store::PlacedRow,
    ) -> Result<(), ServiceError> {
        let now = self.now();
        let store = self.lock();
        Ok(store::set_placed_message(
            store.read(),
            platform.key(),
            key,
            at,
            now,
        )?)
    }

    /// The thread an adapter opened for a game (its board asked for one,
    /// [`Reply::new_thread`](super::Reply::new_thread)): the game's later
    /// replies go there.
    pub fn set_game_thread(&self, game: GameId, thread: &str) -> Result<(), ServiceError> {
        let mut store = self.lock();
        store.transaction(|c| -> Result<(), ServiceError> {
            Ok(store::set_game_thread(c, game, Some(thread))?)
        })
    }

    /// A game's thread (forum topic) is gone: the platform refused a post
    /// there (closed, archived, deleted); the game's later replies go to
    /// its chat.
    pub fn forget_game_thread(&self, game: GameId) -> Result<(), ServiceError> {
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
}

/// A reply of a sweep, and whether it is a notice (merged with the chat's
/// other notices of the sweep).
struct Swept {
    reply: Reply,
    notice: bool,
}

impl Swept {
    /// A message to a chat that `is` says is the notice: a notice (a
    /// private notification never is).
    fn notice_if(reply: Reply, is: impl Fn(&Reply) -> bool) -> Swept {
        let notice = matches!(reply.target, Target::Chat(_))
            && reply.live.is_none()
            && reply.new_thread.is_none()
            && is(&reply);
        Swept { reply, notice }
    }
}

/// Where a notice goes: one digest each.
type Place = (Platform, String, Option<String>);

/// One message per chat (and thread) for the notices of one sweep, where
/// the first of them stood; everything else as it came. A single notice is
/// left as it is; several become their texts, one under the other, with
/// every person called — cut into as few messages as the platform's length
/// limit allows. The boards and buttons of the notices are left out: a
/// time-out's final board, its PDN and its rematch button are one
/// `/board #N` or `/pdn #N` away, and fifty of them are a flood.
fn digest(swept: Vec<Swept>) -> Vec<Reply> {
    enum Slot {
        One(Box<Reply>),
        Notices(Place),
    }
    let mut slots = Vec::new();
    let mut notices: HashMap<Place, Vec<Reply>> = HashMap::new();
    for Swept { reply, notice } in swept {
        match (&reply.target, notice) {
            (Target::Chat(chat), true) => {
                let place = (reply.platform, chat.clone(), reply.thread.clone());
                let list = notices.entry(place.clone()).or_default();
                if list.is_empty() {
                    slots.push(Slot::Notices(place));
                }
                list.push(reply);
            }
            _ => slots.push(Slot::One(Box::new(reply))),
        }
    }
    let mut out = Vec::new();
    for slot in slots {
        match slot {
            Slot::One(r) => out.push(*r),
            Slot::Notices(place) => {
                let mut list = notices.remove(&place).unwrap_or_default();
                if list.len() == 1 {
                    out.extend(list.pop());
                } else {
                    out.extend(merged(place, list));
                }
            }
        }
    }
    out
}

/// Whether a message's text calls `m` by handle (`@anna`, not `@annabel`)
/// or by name.
fn names(text: &str, m: &Mention) -> bool {
    let by_handle = m.handle.as_ref().is_some_and(|h| {
        let at = format!("@{h}");
        text.match_indices(&at).any(|(i, _)| {
            !text
                .get(i + at.len()..)
                .and_then(|rest| rest.chars().next())
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
    });
    by_handle || (!m.name.is_empty() && text.contains(&m.name))
}

/// Several notices for one place as one message (or as few as fit).
fn merged((platform, chat, thread): Place, list: Vec<Reply>) -> Vec<Reply> {
    // the outbox rows of them all: done once the first message is out
    let owed: Vec<OutboxId> = list.iter().flat_map(|r| r.outbox.iter().copied()).collect();
    let game = list.first().and_then(|r| r.game_id);
    let one_game = list.iter().all(|r| r.game_id == game);
    let mut people: Vec<Mention> = Vec::new();
    for m in list.iter().flat_map(|r| r.mentions.iter()) {
        if !people
            .iter()
            .any(|p| p.platform_user_id == m.platform_user_id)
        {
            people.push(m.clone());
        }
    }
    let texts: Vec<&str> = list.iter().map(|r| r.text.as_str()).collect();
    // a person the text does not name is written out after it by the
    // adapter: room for them in the first message
    let whole = texts.join("\n");
    let unnamed: Vec<&Mention> = people.iter().filter(|m| !names(&whole, m)).collect();
    let reserve: usize = unnamed
        .iter()
        .map(|m| m.name.chars().count().max(24) + 1)
        .sum();
    let max = platform.limits().text_max.max(2);
    let first_max = max.saturating_sub(reserve).max(max / 2);
    let mut pieces: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut len = 0usize;
    for t in texts {
        let limit = if pieces.is_empty() { first_max } else { max };
        let n = t.chars().count();
        if len > 0 && len + 1 + n > limit {
            pieces.push(std::mem::take(&mut cur));
            len = 0;
        }
        if len > 0 {
            cur.push('\n');
            len += 1;
        }
        cur.push_str(t);
        len += n;
        // one notice longer than a message: cut inside it
        loop {
            let limit = if pieces.is_empty() { first_max } else { max };
            if len <= limit {
                break;
            }
            let head: String = cur.chars().take(limit).collect();
            cur = cur.chars().skip(limit).collect();
            len -= limit;
            pieces.push(head);
        }
    }
    if len > 0 || pieces.is_empty() {
        pieces.push(cur);
    }
    let mut out: Vec<Reply> = pieces
        .into_iter()
        .map(|text| {
            let mentions = people.iter().filter(|m| names(&text, m)).cloned().collect();
            Reply {
                mentions,
                thread: thread.clone(),
                game_id: if one_game { game } else { None },
                ..Reply::text(platform, Target::Chat(chat.clone()), text)
            }
        })
        .collect();
    if let Some(first) = out.first_mut() {
        first.mentions.extend(unnamed.into_iter().cloned());
        first.outbox = owed;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notice(
        platform: Platform,
        chat: &str,
        thread: Option<&str>,
        text: &str,
        who: &str,
    ) -> Swept {
        let mut r = Reply::text(platform, Target::Chat(chat.into()), text);
        r.thread = thread.map(str::to_string);
        r.mentions = vec![Mention {
            platform_user_id: who.into(),
            name: who.to_uppercase(),
            handle: Some(who.into()),
        }];
        Swept {
            reply: r,
            notice: true,
        }
    }

    #[test]
    fn notices_merge_per_chat_and_thread_where_the_first_stood() {
        let p = Platform::Telegram;
        let other = Swept {
            reply: Reply::text(p, Target::Chat("g".into()), "standings"),
            notice: false,
        };
        let private = Swept::notice_if(
            Reply::text(p, Target::Private { user: "a".into() }, "psst"),
            |_| true,
        );
        assert!(!private.notice, "a private notification is never merged");
        let out = digest(vec![
            notice(p, "g", None, "@a, your move in game #1", "a"),
            other,
            notice(p, "h", None, "@c, your move in game #3", "c"),
            notice(p, "g", None, "@b, your move in game #2", "b"),
            notice(p, "g", Some("7"), "@d, your move in game #4", "d"),
            notice(p, "g", None, "@a, your move in game #5", "a"),
            private,
        ]);
        let shown: Vec<(&str, Option<&str>, usize)> = out
            .iter()
            .map(|r| (r.text.as_str(), r.thread.as_deref(), r.mentions.len()))
            .collect();
        assert_eq!(
            shown,
            [
                (
                    "@a, your move in game #1\n@b, your move in game #2\n@a, your move in game #5",
                    None,
                    2
                ),
                ("standings", None, 0),
                ("@c, your move in game #3", None, 1),
                ("@d, your move in game #4", Some("7"), 1),
                ("psst", None, 0),
            ]
        );
        // the merged message stands for the outbox rows of all its notices
        // (the deliverer marks them done together); the others for their own
        let owed = |i: i64, mut s: Swept| {
            s.reply.outbox = vec![OutboxId(i)];
            s
        };
        let out = digest(vec![
            owed(1, notice(p, "g", None, "@a, game #1", "a")),
            owed(2, notice(p, "h", None, "@c, game #3", "c")),
            owed(3, notice(p, "g", None, "@b, game #2", "b")),
        ]);
        let rows: Vec<Vec<i64>> = out
            .iter()
            .map(|r| r.outbox.iter().map(|id| id.0).collect())
            .collect();
        assert_eq!(rows, [vec![1, 3], vec![2]]);
    }

    #[test]
    fn a_digest_too_long_for_one_message_is_cut_between_notices() {
        let p = Platform::Discord; // 2,000 characters a message
        let swept: Vec<Swept> = (0..100)
            .map(|i| {
                let line = format!("@p{i}, your move in game #{i}: 12 h left.");
                notice(p, "g", None, &line, &format!("p{i}"))
            })
            .collect();
        let out = digest(swept);
        assert!(out.len() > 1 && out.len() < 5, "{}", out.len());
        let mut seen = 0;
        for r in &out {
            assert!(r.text.chars().count() <= 2000);
            for line in r.text.lines() {
                assert!(line.starts_with(&format!("@p{seen}, ")), "{line}");
                // each message calls the people it names
                assert!(r
                    .mentions
                    .iter()
                    .any(|m| m.platform_user_id == format!("p{seen}")));
                seen += 1;
            }
            assert_eq!(r.mentions.len(), r.text.lines().count());
        }
        assert_eq!(seen, 100, "every notice, whole and in order");
    }
}
