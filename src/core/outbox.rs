//! The replies owed (the outbox, `store::outbox`): every reply the core
//! makes is written in the transaction of the change that made it; the
//! runtime sends them and says when each is done with.

use super::present::{finish_draft, Draft};
use super::types::{Platform, Reply};
use super::{Config, Service, ServiceError};
use crate::store::{self, Tx};

/// Make `drafts` replies on `platform` and write each to the outbox in
/// the open transaction `c` (see `store::outbox`): they are owed from
/// the moment the change that made them commits.
pub(crate) fn owe(
    svc: &Service,
    config: &Config,
    c: &Tx,
    drafts: Vec<Draft>,
    platform: Platform,
    now: i64,
) -> Result<Vec<Reply>, ServiceError> {
    drafts
        .into_iter()
        .map(|d| owe_reply(svc, c, finish_draft(config, d, platform), now))
        .collect()
}

/// A reply as the outbox keeps it.
fn outbox_json(r: &Reply) -> Result<String, ServiceError> {
    serde_json::to_string(r).map_err(|e| ServiceError::Corrupt(format!("a reply as JSON: {e}")))
}

/// Write `replies` to the outbox in the open transaction `c`, in order,
/// with as few statements as it takes (a batch's); each claimed by this
/// process when it sends its platform's replies (`Service::reply_claim`).
pub(crate) fn owe_all(
    svc: &Service,
    c: &Tx,
    replies: &mut [&mut Reply],
    now: i64,
) -> Result<(), ServiceError> {
    let rows = replies
        .iter()
        .map(|r| {
            Ok(store::NewOutboxRow {
                platform: r.platform.key(),
                chat: r.chat_id(),
                thread: r.thread.as_deref(),
                kind: r.kind(),
                reply: outbox_json(r)?,
                claim: svc.reply_claim(r.platform),
            })
        })
        .collect::<Result<Vec<_>, ServiceError>>()?;
    let ids = store::insert_outbox_rows(c, &rows, now)?;
    drop(rows);
    for (r, id) in replies.iter_mut().zip(ids) {
        r.outbox = vec![id];
    }
    Ok(())
}

/// Write `reply` to the outbox in the open transaction `c`.
pub(crate) fn owe_reply(
    svc: &Service,
    c: &Tx,
    mut reply: Reply,
    now: i64,
) -> Result<Reply, ServiceError> {
    let json = outbox_json(&reply)?;
    let id = store::insert_outbox(
        c,
        reply.platform.key(),
        reply.chat_id(),
        reply.thread.as_deref(),
        reply.kind(),
        &json,
        svc.reply_claim(reply.platform),
        now,
    )?;
    reply.outbox = vec![id];
    Ok(reply)
}

/// How a reply owed was done with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivered {
    /// The platform took it.
    Sent,
    /// The platform refuses it for good (a private message to someone who
    /// never started the bot): dropped.
    Refused,
    /// Every try failed: given up (the state it shows is stored; `/board`
    /// shows it again).
    Failed,
}

impl Delivered {
    fn key(self) -> &'static str {
        match self {
            Delivered::Sent => "sent",
            Delivered::Refused => "refused",
            Delivered::Failed => "failed",
        }
    }
}

impl Service {
    /// An outbox row read back as its reply (with its id); one that no
    /// longer reads (written by another version) is logged and marked
    /// failed: None.
    pub(crate) fn read_owed(
        &self,
        id: i64,
        platform: &str,
        chat: &str,
        json: &str,
    ) -> Result<Option<Reply>, ServiceError> {
        match (
            serde_json::from_str::<Reply>(json),
            Platform::from_key(platform),
        ) {
            (Ok(mut r), Some(platform)) => {
                r.platform = platform;
                r.outbox = vec![id];
                Ok(Some(r))
            }
            _ => {
                tracing::error!(id, chat = %chat, "an owed reply does not read; dropped");
                self.reply_done(id, Delivered::Failed)?;
                Ok(None)
            }
        }
    }

    /// The outbox row `id` is done with (sent, or given up).
    pub fn reply_done(&self, id: i64, how: Delivered) -> Result<(), ServiceError> {
        let now = self.now();
        store::mark_outbox_done(self.lock().read(), id, how.key(), now)?;
        Ok(())
    }

    /// The outbox rows `ids` are done with, all in one statement.
    pub fn replies_done(&self, ids: &[i64], how: Delivered) -> Result<(), ServiceError> {
        let now = self.now();
        store::mark_outbox_done_all(self.lock().read(), ids, how.key(), now)?;
        Ok(())
    }

    /// How many replies are owed.
    pub fn replies_owed(&self) -> Result<i64, ServiceError> {
        Ok(store::count_owed(self.lock().read())?)
    }
}
