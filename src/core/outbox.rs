//! The replies owed (the outbox, `store::outbox`): every reply the core
//! makes is written in the transaction of the change that made it; the
//! runtime sends them and says when each is done with.

use super::types::{Platform, Reply};
use super::{Service, ServiceError};
use crate::store;

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
    /// The replies still owed with an outbox id above `after`, oldest first
    /// (at most `limit`), each with its [`Reply::outbox`] id. A row that no
    /// longer reads as a reply (written by another version) is logged and
    /// marked failed.
    pub fn owed_replies(&self, after: i64, limit: i64) -> Result<Vec<Reply>, ServiceError> {
        let rows = store::owed_replies(self.lock().read(), after, limit)?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            match serde_json::from_str::<Reply>(&row.reply) {
                Ok(mut r) if Platform::from_key(&row.platform) == Some(r.platform) => {
                    r.outbox = vec![row.id];
                    out.push(r);
                }
                Ok(_) | Err(_) => {
                    tracing::error!(id = row.id, chat = %row.chat, "an owed reply does not read; dropped");
                    self.reply_done(row.id, Delivered::Failed)?;
                }
            }
        }
        Ok(out)
    }

    /// The outbox row `id` is done with (sent, or given up).
    pub fn reply_done(&self, id: i64, how: Delivered) -> Result<(), ServiceError> {
        let now = self.now();
        store::mark_outbox_done(self.lock().read(), id, how.key(), now)?;
        Ok(())
    }

    /// How many replies are owed.
    pub fn replies_owed(&self) -> Result<i64, ServiceError> {
        Ok(store::count_owed(self.lock().read())?)
    }
}
