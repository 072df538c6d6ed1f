//! The outbox (schema v20): the replies owed to the chats, written in the
//! transaction of the change that made them and marked once sent; and the
//! messages the bot placed and keeps track of (a game's living board, a
//! live message).

use super::{StoreResult, Tx};
use rusqlite::params;

/// A reply still owed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwedReply {
    pub id: i64,
    pub platform: String,
    pub chat: String,
    /// The reply, as JSON.
    pub reply: String,
    pub attempts: i64,
}

/// Write a reply owed to `chat` (in the open transaction); its id.
pub fn insert_outbox(
    c: &Tx,
    platform: &str,
    chat: &str,
    thread: Option<&str>,
    kind: &str,
    reply: &str,
    now: i64,
) -> StoreResult<i64> {
    c.sql()
        .prepare_cached(
            "INSERT INTO outbox (platform, chat, thread, kind, reply, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![platform, chat, thread, kind, reply, now])?;
    Ok(c.sql().last_insert_rowid())
}

/// The replies still owed, oldest first (at most `limit`, from id `after`
/// on).
pub fn owed_replies(c: &Tx, after: i64, limit: i64) -> StoreResult<Vec<OwedReply>> {
    let mut st = c.sql().prepare_cached(
        "SELECT id, platform, chat, reply, attempts FROM outbox
         WHERE sent_at IS NULL AND id > ?1 ORDER BY id LIMIT ?2",
    )?;
    let rows = st.query_map(params![after, limit], |r| {
        Ok(OwedReply {
            id: r.get(0)?,
            platform: r.get(1)?,
            chat: r.get(2)?,
            reply: r.get(3)?,
            attempts: r.get(4)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// How many replies are still owed.
pub fn count_owed(c: &Tx) -> StoreResult<i64> {
    Ok(c.sql()
        .prepare_cached("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL")?
        .query_row([], |r| r.get(0))?)
}

/// A reply is done with: sent, or refused for good (`outcome` says which).
/// False if it was done already.
pub fn mark_outbox_done(c: &Tx, id: i64, outcome: &str, now: i64) -> StoreResult<bool> {
    let n = c
        .sql()
        .prepare_cached(
            "UPDATE outbox SET sent_at = ?2, outcome = ?3, attempts = attempts + 1
             WHERE id = ?1 AND sent_at IS NULL",
        )?
        .execute(params![id, now, outcome])?;
    Ok(n == 1)
}

/// A try to send a reply failed and it stays owed.
pub fn note_outbox_attempt(c: &Tx, id: i64, why: &str) -> StoreResult<()> {
    c.sql()
        .prepare_cached("UPDATE outbox SET attempts = attempts + 1, outcome = ?2 WHERE id = ?1")?
        .execute(params![id, why])?;
    Ok(())
}

/// Forget replies done with before `before`.
pub fn prune_outbox(c: &Tx, before: i64) -> StoreResult<usize> {
    Ok(c.sql()
        .prepare_cached("DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ?1")?
        .execute([before])?)
}

/// A message the bot placed: its chat, thread, id, and whether it is a
/// picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedRow {
    pub chat: String,
    pub thread: Option<String>,
    pub message: String,
    pub media: bool,
}

/// Where the message `key` (`board:12`, `live:analysis-12`) was placed on
/// `platform`.
pub fn placed_message(c: &Tx, platform: &str, key: &str) -> StoreResult<Option<PlacedRow>> {
    use rusqlite::OptionalExtension;
    Ok(c.sql().prepare_cached(
        "SELECT chat, thread, message, media FROM placed_messages WHERE platform = ?1 AND key = ?2",
    )?
    .query_row(params![platform, key], |r| {
        Ok(PlacedRow {
            chat: r.get(0)?,
            thread: r.get(1)?,
            message: r.get(2)?,
            media: r.get(3)?,
        })
    })
    .optional()?)
}

/// Keep where the message `key` was placed on `platform`.
pub fn set_placed_message(
    c: &Tx,
    platform: &str,
    key: &str,
    at: &PlacedRow,
    now: i64,
) -> StoreResult<()> {
    c.sql()
        .prepare_cached(
            "INSERT INTO placed_messages (platform, key, chat, thread, message, media, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (platform, key) DO UPDATE
         SET chat = excluded.chat, thread = excluded.thread, message = excluded.message,
             media = excluded.media, updated_at = excluded.updated_at",
        )?
        .execute(params![
            platform, key, at.chat, at.thread, at.message, at.media, now
        ])?;
    Ok(())
}

/// Whether `message` in `chat` is a game's living board on `platform`.
pub fn is_board_message(c: &Tx, platform: &str, chat: &str, message: &str) -> StoreResult<bool> {
    use rusqlite::OptionalExtension;
    Ok(c.sql()
        .prepare_cached(
            "SELECT 1 FROM placed_messages
         WHERE platform = ?1 AND chat = ?2 AND message = ?3 AND key LIKE 'board:%'",
        )?
        .query_row(params![platform, chat, message], |_| Ok(()))
        .optional()?
        .is_some())
}

/// Forget the placed messages not touched since `before` (a game that long
/// without a move has ended, or its board is too old to edit).
pub fn prune_placed_messages(c: &Tx, before: i64) -> StoreResult<usize> {
    Ok(c.sql()
        .prepare_cached("DELETE FROM placed_messages WHERE updated_at < ?1")?
        .execute([before])?)
}
