//! Pacing and retries of the Bot API calls, per chat.
//!
//! teloxide's `Throttle` adaptor keeps the rate limits, but on any 429 it
//! freezes its whole queue for the `retry_after` — one throttled chat would
//! hold up every other. Here each chat keeps its own pace (messages a
//! second and a minute, Telegram's limits by default) and its own freeze
//! after a 429; only the overall rate is shared. The sends of one chat run
//! in that chat's lane (see `runtime::lanes`), so a chat waiting for its
//! turn waits alone.
//!
//! [`Pace::call`] sends a request, honours `retry_after` (that chat only),
//! and tries again a few times with backoff after a network failure.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::Duration;
use teloxide::adaptors::throttle::Limits;
use teloxide::requests::{Output, Request};
use teloxide::types::ChatId;
use teloxide::RequestError;
use tokio::time::Instant;

const SECOND: Duration = Duration::from_secs(1);
const MINUTE: Duration = Duration::from_secs(60);

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

#[derive(Default)]
struct ChatPace {
    /// When this chat's last messages went out (the last minute).
    sent: VecDeque<Instant>,
    /// A 429 said to wait until then.
    frozen_until: Option<Instant>,
}

#[derive(Default)]
struct State {
    chats: HashMap<ChatId, ChatPace>,
    /// The last second's messages, all chats.
    overall: VecDeque<Instant>,
}

/// The pace of each chat and of the bot.
pub struct Pace {
    limits: Limits,
    retries: Retries,
    state: Mutex<State>,
}

/// Whether a request is paced as a message to the chat (the `send*`
/// methods, as `Throttle` counts them) or only waits out the chat's freeze.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Message,
    Other,
}

impl Pace {
    pub fn new(limits: Limits, retries: Retries) -> Pace {
        Pace {
            limits,
            retries,
            state: Mutex::default(),
        }
    }

    /// When `chat` may send next (`None`: now, and it is counted).
    fn slot(&self, chat: ChatId, kind: Kind, now: Instant) -> Option<Instant> {
        let l = &self.limits;
        let mut s = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let per_min = if chat.is_channel_or_supergroup() {
            l.messages_per_min_channel_or_supergroup
        } else {
            l.messages_per_min_chat
        } as usize;
        let per_sec = l.messages_per_sec_chat as usize;
        let overall = l.messages_per_sec_overall as usize;
        while s.overall.front().is_some_and(|t| now - *t >= SECOND) {
            s.overall.pop_front();
        }
        let mut at = now;
        if kind == Kind::Message && overall > 0 && s.overall.len() >= overall {
            if let Some(t) = s.overall.get(s.overall.len() - overall) {
                at = at.max(*t + SECOND);
            }
        }
        let c = s.chats.entry(chat).or_default();
        while c.sent.front().is_some_and(|t| now - *t >= MINUTE) {
            c.sent.pop_front();
        }
        if let Some(f) = c.frozen_until {
            if f > now {
                at = at.max(f);
            } else {
                c.frozen_until = None;
            }
        }
        if kind == Kind::Message {
            let n = c.sent.len();
            if per_min > 0 && n >= per_min {
                if let Some(t) = c.sent.get(n - per_min) {
                    at = at.max(*t + MINUTE);
                }
            }
            let last_sec = c.sent.iter().filter(|t| now - **t < SECOND).count();
            if per_sec > 0 && last_sec >= per_sec {
                if let Some(t) = c.sent.get(n.saturating_sub(per_sec)) {
                    at = at.max(*t + SECOND);
                }
            }
        }
        if at > now {
            return Some(at);
        }
        if kind == Kind::Message {
            c.sent.push_back(now);
            s.overall.push_back(now);
        }
        // forget quiet chats
        if s.chats.len() > 1024 {
            s.chats
                .retain(|_, c| !c.sent.is_empty() || c.frozen_until.is_some_and(|f| f > now));
        }
        None
    }

    /// Wait for `chat`'s turn.
    pub async fn turn(&self, chat: ChatId, kind: Kind) {
        while let Some(at) = self.slot(chat, kind, Instant::now()) {
            tokio::time::sleep_until(at).await;
        }
    }

    /// A 429 for `chat`: nothing goes to it for `after`.
    pub fn freeze(&self, chat: ChatId, after: Duration) {
        let until = Instant::now() + after;
        let mut s = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let c = s.chats.entry(chat).or_default();
        c.frozen_until = Some(c.frozen_until.map_or(until, |f| f.max(until)));
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
                self.turn(c, kind).await;
            }
            let err = match req.send_ref().await {
                Ok(out) => return Ok(out),
                Err(e) => e,
            };
            match &err {
                RequestError::RetryAfter(after) if after_429 == 0 => {
                    if let Some(c) = chat {
                        self.freeze(c, after.duration());
                    }
                    return Err(err);
                }
                RequestError::RetryAfter(after) if waited < after_429 => {
                    waited += 1;
                    let after = after.duration();
                    tracing::warn!(chat = ?chat.map(|c| c.0), ?after, "telegram: 429, waiting");
                    match chat {
                        Some(c) => self.freeze(c, after),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(per_sec_chat: u32, per_min_chat: u32, overall: u32) -> Limits {
        Limits {
            messages_per_sec_chat: per_sec_chat,
            messages_per_min_chat: per_min_chat,
            messages_per_min_channel_or_supergroup: per_min_chat,
            messages_per_sec_overall: overall,
        }
    }

    #[test]
    fn each_chat_keeps_its_own_pace() {
        let p = Pace::new(limits(1, 20, 30), Retries::default());
        let t0 = Instant::now();
        let (a, b) = (ChatId(1), ChatId(2));
        assert_eq!(p.slot(a, Kind::Message, t0), None);
        // a second message to A waits a second; B goes at once
        assert_eq!(p.slot(a, Kind::Message, t0), Some(t0 + SECOND));
        assert_eq!(p.slot(b, Kind::Message, t0), None);
        // edits are not paced
        assert_eq!(p.slot(a, Kind::Other, t0), None);
        assert_eq!(p.slot(a, Kind::Message, t0 + SECOND), None);
    }

    #[test]
    fn a_freeze_holds_its_chat_alone() {
        let p = Pace::new(limits(100, 1000, 1000), Retries::default());
        let (a, b) = (ChatId(1), ChatId(-100)); // a user, a group
        p.freeze(a, Duration::from_secs(30));
        let now = Instant::now();
        let at = p.slot(a, Kind::Other, now).expect("A waits");
        assert!(at >= now + Duration::from_secs(29));
        assert!(p.slot(a, Kind::Message, now).is_some());
        assert_eq!(p.slot(b, Kind::Message, now), None);
        // the freeze is over later
        assert_eq!(
            p.slot(a, Kind::Message, now + Duration::from_secs(31)),
            None
        );
    }

    #[test]
    fn the_minute_and_the_overall_limits() {
        let p = Pace::new(limits(100, 3, 4), Retries::default());
        let t0 = Instant::now();
        let a = ChatId(1);
        for _ in 0..3 {
            assert_eq!(p.slot(a, Kind::Message, t0), None);
        }
        assert_eq!(p.slot(a, Kind::Message, t0), Some(t0 + MINUTE));
        // one more overall, then everyone waits for the second to pass
        assert_eq!(p.slot(ChatId(2), Kind::Message, t0), None);
        assert_eq!(p.slot(ChatId(3), Kind::Message, t0), Some(t0 + SECOND));
    }
}
