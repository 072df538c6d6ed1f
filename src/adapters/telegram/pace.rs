//! Retries of the Bot API calls, each in its chat's turn.
//!
//! teloxide's `Throttle` adaptor keeps the rate limits, but on any 429 it
//! freezes its whole queue for the `retry_after` — one throttled chat would
//! hold up every other. Here each chat keeps its own pace and its own
//! freeze after a 429 (`runtime::pace`, with Telegram's numbers); only the
//! overall rate is shared.
//!
//! [`Pace::call`] sends a request through the runtime's
//! [`runtime::pace::Pace::call`]: it honours `retry_after` (that chat
//! only), and tries again a few times with backoff after a network failure
//! (what counts as one: [`Failure`]'s `transient`).

use super::transport::Failure;
use crate::runtime::{self, pace::PaceLimits, pace::PacedChat};
use teloxide::adaptors::throttle::Limits;
use teloxide::requests::{Output, Request};
use teloxide::types::ChatId;
use teloxide::RequestError;

/// Whether a request is paced as a message to the chat (the `send*`
/// methods, as `Throttle` counts them) or only waits out the chat's freeze.
pub use crate::runtime::pace::Kind;
/// How often one call is tried again (`[telegram]` in the config).
pub use crate::runtime::pace::Retries;

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
        let retries = Retries {
            after_429,
            ..self.retries
        };
        let req = &req;
        let send = move || async move { req.send_ref().await.map_err(Failure) };
        self.pace
            .call(chat, kind, retries, send)
            .await
            .map_err(|f| f.0)
    }
}
