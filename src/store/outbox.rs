//! The outbox (schema v20): the replies owed to the chats, written in the
//! transaction of the change that made them and marked once sent.

use super::StoreResult;
use rusqlite::{params, Connection};

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
    c: &Connection,
    platform: &str,
    chat: &str,
    thread: Option<&str>,
    kind: &str,
    reply: &str,
    now: i64,
) -> StoreResult<i64> {
    c.prepare_cached(
        "INSERT INTO outbox (platform, chat, thread, kind, reply, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![platform, chat, thread, kind, reply, now])?;
    Ok(c.last_insert_rowid())
}

/// The replies still owed, oldest first (at most `limit`, from id `after`
/// on).
pub fn owed_replies(c: &Connection, after: i64, limit: i64) -> StoreResult<Vec<OwedReply>> {
    let mut st = c.prepare_cached(
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
pub fn count_owed(c: &Connection) -> StoreResult<i64> {
    Ok(
        c.prepare_cached("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL")?
            .query_row([], |r| r.get(0))?,
    )
}

/// A reply is done with: sent, or refused for good (`outcome` says which).
/// False if it was done already.
pub fn mark_outbox_done(c: &Connection, id: i64, outcome: &str, now: i64) -> StoreResult<bool> {
    let n = c
        .prepare_cached(
            "UPDATE outbox SET sent_at = ?2, outcome = ?3, attempts = attempts + 1
             WHERE id = ?1 AND sent_at IS NULL",
        )?
        .execute(params![id, now, outcome])?;
    Ok(n == 1)
}

/// A try to send a reply failed and it stays owed.
pub fn note_outbox_attempt(c: &Connection, id: i64, why: &str) -> StoreResult<()> {
    c.prepare_cached("UPDATE outbox SET attempts = attempts + 1, outcome = ?2 WHERE id = ?1")?
        .execute(params![id, why])?;
    Ok(())
}

/// Forget replies done with before `before`.
pub fn prune_outbox(c: &Connection, before: i64) -> StoreResult<usize> {
    Ok(
        c.prepare_cached("DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ?1")?
            .execute([before])?,
    )
}
