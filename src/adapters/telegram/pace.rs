//! Retries of the Bot API calls, each in its chat's turn.
//!
//! teloxide's `Throttle` adaptor keeps the rate limits, but on any 429 it
//! freezes its whole queue for the `retry_after` — one throttled chat would
//! hold up every other. Here each chat keeps its own pace and its own
//! freeze after a 429 (`runtime::pace`, with Telegram's numbers); only the
//! overall rate is shared.
//!
//! [`Pace::call`] sends a request, honours `retry_after` (that chat only),
//! and tries again a few times with backoff after a network failure.

use crate::runtime::{self, pace::PaceLimits, pace::PacedChat};
use std::time::Duration;
use teloxide::adaptors::throttle::Limits;
use teloxide::requests::{Output, Request};
use teloxide::types::ChatId;
use teloxide::RequestError;

/// Whether a request is paced as a message to the chat (the `send*`
/// methods, as `Throttle` counts them) or only waits out the chat's freeze.
pub use crate::runtime::pace::Kind;

/// The first pause before a call is tried again after a network failure
/// (doubled after each).
const NETWORK_BACKOFF: Duration = Duration::from_millis(500);

/// How often one call is tried again (`[telegram]` in the config).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retries {
    /// How many times a 429 is waited out.
    pub after_429: u32,
    /// How many times the call is sent again after a network failure.
    pub network: u32,
}

impl Default for Retries {
    fn default() -> Self {
        Retries {
            after_429: 5,
            network: 3,
        }
    }
}

/// A Telegram chat, paced: supergroups and channels have their own minute.
impl PacedChat for ChatId {
    fn is_group(&self) -> bool {
        self.is_channel_or_supergroup()
    }
}

/// The runtime's pace with Telegram's numbers (teloxide's `Limits`).
fn pace_limits(l: &Limits) -> PaceLimits {
    PaceLimits {
        per_sec_chat: l.messages_per_sec_chat,
        per_min_chat: l.messages_per_min_chat,
        per_min_group: l.messages_per_min_channel_or_supergroup,
        per_sec_overall: l.messages_per_sec_overall,
    }
}

/// Each chat's pace (the runtime's) and how often a call is tried again.
pub struct Pace {
    pace: runtime::pace::Pace<ChatId>,
    retries: Retries,
}

impl Pace {
    pub fn new(limits: Limits, retries: Retries) -> Pace {
        Pace {
            pace: runtime::pace::Pace::new(pace_limits(&limits)),
            retries,
        }
    }

    /// Send `req` in `chat`'s turn (none: at once); a 429 is waited out
    /// (freezing that chat alone), a network failure tried again with
    /// backoff. The last error if it never went through.
    pub async fn call<R>(
        &self,
        chat: Option<ChatId>,
        kind: Kind,
        req: R,
    ) -> Result<Output<R>, RequestError>
    where
        R: Request<Err = RequestError>,
    {
        self.call_with(chat, kind, req, self.retries.after_429)
            .await
    }

    /// [`Pace::call`], but a 429 comes back at once (the deliverer waits it
    /// out in the chat's queue); `chat` is frozen for its `retry_after` all
    /// the same.
    pub async fn call_once<R>(
        &self,
        chat: Option<ChatId>,
        kind: Kind,
        req: R,
    ) -> Result<Output<R>, RequestError>
    where
        R: Request<Err = RequestError>,
    {
        self.call_with(chat, kind, req, 0).await
    }

    async fn call_with<R>(
        &self,
        chat: Option<ChatId>,
        kind: Kind,
        req: R,
        after_429: u32,
    ) -> Result<Output<R>, RequestError>
    where
        R: Request<Err = RequestError>,
    {
        let mut waited = 0;
        let mut network = 0;
        let mut pause = NETWORK_BACKOFF;
        loop {
            if let Some(c) = chat {
                self.pace.turn(c, kind).await;
            }
            let err = match req.send_ref().await {
                Ok(out) => return Ok(out),
                Err(e) => e,
            };
            match &err {
                RequestError::RetryAfter(after) if after_429 == 0 => {
                    if let Some(c) = chat {
                        self.pace.freeze(c, after.duration());
                    }
                    return Err(err);
                }
                RequestError::RetryAfter(after) if waited < after_429 => {
                    waited += 1;
                    let after = after.duration();
                    tracing::warn!(chat = ?chat.map(|c| c.0), ?after, "telegram: 429, waiting");
                    match chat {
                        Some(c) => self.pace.freeze(c, after),
                        None => tokio::time::sleep(after).await,
                    }
                }
                RequestError::Network(_)
                | RequestError::Io(_)
                | RequestError::InvalidJson { .. }
                    if network < self.retries.network =>
                {
                    network += 1;
                    tracing::warn!(chat = ?chat.map(|c| c.0), error = %err, "telegram: a call failed; trying again");
                    tokio::time::sleep(pause).await;
                    pause *= 2;
                }
                _ => return Err(err),
            }
        }
    }
}
