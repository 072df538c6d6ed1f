//! Private notifications (`/notify`): who wants them, which were sent;
//! the thread (a Telegram forum topic, a Discord thread) challenges and
//! games live in, and whether a chat gives each game a thread.

use super::ChatId;
use super::GameId;
use super::Ply;
use super::Tx;
use super::UserId;
use super::{ChallengeId, StoreResult};
use rusqlite::params;

/// Whether the user wants private notifications.
pub fn user_notify(c: &Tx, user: UserId) -> StoreResult<bool> {
    Ok(c.one(
        "SELECT notify FROM users WHERE id = ?1",
        params![user],
        |r| r.get(0),
    )?
    .unwrap_or(false))
}

pub fn set_user_notify(c: &Tx, user: UserId, on: bool) -> StoreResult<()> {
    c.exec(
        "UPDATE users SET notify = ?2 WHERE id = ?1",
        params![user, on],
    )?;
    Ok(())
}

/// Record that notification `kind` of `game` at `ply` goes out to `user`.
/// False if it was recorded before (it went out already).
pub fn mark_notified(
    c: &Tx,
    game: GameId,
    ply: Ply,
    kind: &str,
    user: UserId,
    now: i64,
) -> StoreResult<bool> {
    let n = c.exec(
        "INSERT INTO notifications_sent (game_id, ply, kind, user_id, sent_at)
             VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING",
        params![game, ply, kind, user, now],
    )?;
    Ok(n == 1)
}

/// Forget notifications sent before `before` (their move is long over).
pub fn prune_notifications(c: &Tx, before: i64) -> StoreResult<usize> {
    c.exec(
        "DELETE FROM notifications_sent WHERE sent_at < ?1",
        params![before],
    )
}

/// The thread a game is played in (None: the chat itself).
pub fn game_thread(c: &Tx, game: GameId) -> StoreResult<Option<String>> {
    Ok(c.one(
        "SELECT thread FROM games WHERE id = ?1",
        params![game],
        |r| r.get(0),
    )?
    .flatten())
}

pub fn set_game_thread(c: &Tx, game: GameId, thread: Option<&str>) -> StoreResult<()> {
    c.exec(
        "UPDATE games SET thread = ?2 WHERE id = ?1",
        params![game, thread],
    )?;
    Ok(())
}

/// The thread a challenge was posted in (None: the chat itself).
pub fn challenge_thread(c: &Tx, challenge: ChallengeId) -> StoreResult<Option<String>> {
    Ok(c.one(
        "SELECT thread FROM challenges WHERE id = ?1",
        params![challenge],
        |r| r.get(0),
    )?
    .flatten())
}

pub fn set_challenge_thread(
    c: &Tx,
    challenge: ChallengeId,
    thread: Option<&str>,
) -> StoreResult<()> {
    c.exec(
        "UPDATE challenges SET thread = ?2 WHERE id = ?1",
        params![challenge, thread],
    )?;
    Ok(())
}

/// Whether each new game in the chat gets a thread of its own
/// (`/settings threads on`).
pub fn chat_threads(c: &Tx, chat: ChatId) -> StoreResult<bool> {
    Ok(c.one(
        "SELECT threads FROM chats WHERE id = ?1",
        params![chat],
        |r| r.get(0),
    )?
    .unwrap_or(false))
}

pub fn set_chat_threads(c: &Tx, chat: ChatId, on: bool) -> StoreResult<()> {
    c.exec(
        "UPDATE chats SET threads = ?2 WHERE id = ?1",
        params![chat, on],
    )?;
    Ok(())
}
