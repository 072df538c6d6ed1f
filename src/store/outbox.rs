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

/// Write a reply owed to `chat` (in the open transaction), claimed by
/// `claim` (holder, until) or by nobody; its id.
#[allow(clippy::too_many_arguments)] // one column each, as written
pub fn insert_outbox(
    c: &Tx,
    platform: &str,
    chat: &str,
    thread: Option<&str>,
    kind: &str,
    reply: &str,
    claim: Option<(&super::Holder, i64)>,
    now: i64,
) -> StoreResult<i64> {
    let (holder, until) = claim.map_or((None, 0), |(h, u)| (Some(h), u));
    // the id is given (one more than the last), as in insert_outbox_rows
    // (PostgreSQL's outbox has no sequence that could fall behind)
    c.row(
        "INSERT INTO outbox (id, platform, chat, thread, kind, reply, created_at,
                             claimed_by, claim_until)
         VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM outbox), ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
         RETURNING id",
        params![platform, chat, thread, kind, reply, now, holder, until],
        |r| r.get(0),
    )
}

/// A reply to write to the outbox (see [`insert_outbox_rows`]).
pub struct NewOutboxRow<'a> {
    pub platform: &'a str,
    pub chat: &'a str,
    pub thread: Option<&'a str>,
    pub kind: &'a str,
    pub reply: String,
    /// Claimed by the process that will send it (holder, until; see
    /// `store::claim_owed`), or by nobody: anyone's who serves its
    /// platform.
    pub claim: Option<(&'a super::Holder, i64)>,
}

/// How many rows one INSERT of [`insert_outbox_rows`] writes.
const ROWS_AT_ONCE: usize = 16;

/// Write several replies owed (in the open transaction), in order, with as
/// few statements as it takes (one for up to 16: the next ids counted from
/// the last in the same statement); their ids, in the same order.
pub fn insert_outbox_rows(c: &Tx, rows: &[NewOutboxRow], now: i64) -> StoreResult<Vec<i64>> {
    // each row's values, typed (PostgreSQL infers a parameter's type from
    // its cast, as it cannot from a column of a SELECT), numbered from 1
    // in the rows' order: its id is the last id + that number. SQLite
    // reads the last id before inserting any row (the SELECT reads the
    // table it inserts into), PostgreSQL with the statement's snapshot.
    let values = |n: usize| {
        (0..n)
            .map(|i| {
                let b = i * 8;
                format!(
                    "SELECT {} AS k, CAST(?{} AS TEXT) AS platform, CAST(?{} AS TEXT) AS chat,
                            CAST(?{} AS TEXT) AS thread, CAST(?{} AS TEXT) AS kind,
                            CAST(?{} AS TEXT) AS reply, CAST(?{} AS BIGINT) AS created_at,
                            CAST(?{} AS TEXT) AS claimed_by, CAST(?{} AS BIGINT) AS claim_until",
                    i + 1,
                    b + 1,
                    b + 2,
                    b + 3,
                    b + 4,
                    b + 5,
                    b + 6,
                    b + 7,
                    b + 8
                )
            })
            .collect::<Vec<_>>()
            .join(" UNION ALL ")
    };
    let sql = |n: usize| {
        format!(
            "INSERT INTO outbox (id, platform, chat, thread, kind, reply, created_at, claimed_by, claim_until)
             SELECT last.id + v.k, v.platform, v.chat, v.thread, v.kind, v.reply, v.created_at,
                    v.claimed_by, v.claim_until
             FROM (SELECT COALESCE(MAX(id), 0) AS id FROM outbox) AS last,
                  ({}) AS v
             ORDER BY v.k
             RETURNING id",
            values(n)
        )
    };
    let mut ids = Vec::with_capacity(rows.len());
    for chunk in rows.chunks(ROWS_AT_ONCE) {
        let mut args: Vec<&dyn rusqlite::ToSql> = Vec::with_capacity(chunk.len() * 8);
        let claims: Vec<(Option<&super::Holder>, i64)> = chunk
            .iter()
            .map(|r| r.claim.map_or((None, 0), |(h, u)| (Some(h), u)))
            .collect();
        for (r, (holder, until)) in chunk.iter().zip(&claims) {
            args.extend([
                &r.platform as &dyn rusqlite::ToSql,
                &r.chat,
                &r.thread,
                &r.kind,
                &r.reply,
                &now,
                holder,
                until,
            ]);
        }
        let mut got: Vec<i64> = c.all(&sql(chunk.len()), &args, |r| r.get(0))?;
        if got.len() != chunk.len() {
            return Err(rusqlite::Error::StatementChangedRows(got.len()).into());
        }
        // the rows' ids are the last + 1, + 2, …, in the rows' order
        got.sort_unstable();
        ids.extend(got);
    }
    Ok(ids)
}

/// The replies still owed, oldest first (at most `limit`, from id `after`
/// on).
pub fn owed_replies(c: &Tx, after: i64, limit: i64) -> StoreResult<Vec<OwedReply>> {
    let rows = c.all(
        "SELECT id, platform, chat, reply, attempts FROM outbox
         WHERE sent_at IS NULL AND id > ?1 ORDER BY id LIMIT ?2",
        params![after, limit],
        |r| {
            Ok(OwedReply {
                id: r.get(0)?,
                platform: r.get(1)?,
                chat: r.get(2)?,
                reply: r.get(3)?,
                attempts: r.get(4)?,
            })
        },
    )?;
    Ok(rows)
}

/// How many replies are still owed.
pub fn count_owed(c: &Tx) -> StoreResult<i64> {
    c.row(
        "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL",
        params![],
        |r| r.get(0),
    )
}

/// A reply is done with: sent, or refused for good (`outcome` says which).
/// False if it was done already.
pub fn mark_outbox_done(c: &Tx, id: i64, outcome: &str, now: i64) -> StoreResult<bool> {
    let n = c.exec(
        "UPDATE outbox SET sent_at = ?2, outcome = ?3, attempts = attempts + 1
             WHERE id = ?1 AND sent_at IS NULL",
        params![id, now, outcome],
    )?;
    Ok(n == 1)
}

/// Several replies are done with (as [`mark_outbox_done`] for each), in
/// one statement for up to 64; how many were not done already.
pub fn mark_outbox_done_all(c: &Tx, ids: &[i64], outcome: &str, now: i64) -> StoreResult<usize> {
    let mut n = 0;
    for chunk in ids.chunks(64) {
        let marks: Vec<String> = (0..chunk.len()).map(|i| format!("?{}", i + 3)).collect();
        let sql = format!(
            "UPDATE outbox SET sent_at = ?1, outcome = ?2, attempts = attempts + 1
                 WHERE sent_at IS NULL AND id IN ({})",
            marks.join(", ")
        );
        let mut args: Vec<&dyn rusqlite::ToSql> = vec![&now, &outcome];
        args.extend(chunk.iter().map(|i| i as &dyn rusqlite::ToSql));
        n += c.exec(&sql, &args)?;
    }
    Ok(n)
}

/// Forget replies done with before `before`.
pub fn prune_outbox(c: &Tx, before: i64) -> StoreResult<usize> {
    c.exec(
        "DELETE FROM outbox WHERE sent_at IS NOT NULL AND sent_at < ?1",
        params![before],
    )
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
    c.one(
        "SELECT chat, thread, message, media FROM placed_messages WHERE platform = ?1 AND key = ?2",
        params![platform, key],
        |r| {
            Ok(PlacedRow {
                chat: r.get(0)?,
                thread: r.get(1)?,
                message: r.get(2)?,
                media: r.get(3)?,
            })
        },
    )
}

/// Keep where the message `key` was placed on `platform`.
pub fn set_placed_message(
    c: &Tx,
    platform: &str,
    key: &str,
    at: &PlacedRow,
    now: i64,
) -> StoreResult<()> {
    c.exec(
        "INSERT INTO placed_messages (platform, key, chat, thread, message, media, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (platform, key) DO UPDATE
         SET chat = excluded.chat, thread = excluded.thread, message = excluded.message,
             media = excluded.media, updated_at = excluded.updated_at",
        params![platform, key, at.chat, at.thread, at.message, at.media, now],
    )?;
    Ok(())
}

/// Whether `message` in `chat` is a game's living board on `platform`.
pub fn is_board_message(c: &Tx, platform: &str, chat: &str, message: &str) -> StoreResult<bool> {
    Ok(c.one(
        "SELECT 1 FROM placed_messages
         WHERE platform = ?1 AND chat = ?2 AND message = ?3 AND key LIKE 'board:%'",
        params![platform, chat, message],
        |_| Ok(()),
    )?
    .is_some())
}

/// Forget the placed messages not touched since `before` (a game that long
/// without a move has ended, or its board is too old to edit).
pub fn prune_placed_messages(c: &Tx, before: i64) -> StoreResult<usize> {
    c.exec(
        "DELETE FROM placed_messages WHERE updated_at < ?1",
        params![before],
    )
}
