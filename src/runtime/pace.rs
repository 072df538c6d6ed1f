//! The pace of a platform's sends, per chat: messages a second and a
//! minute in each chat (a group's minute limit may differ from a private
//! chat's), messages a second over all chats, and a chat's freeze after
//! the platform said "too many requests" (429) for it. Only messages count
//! against the limits; other calls (edits, answers to presses) wait out a
//! freeze only.
//!
//! One chat waiting for its turn holds up no other: the sends of a chat
//! run in that chat's lane (see [`super::lanes`]). A platform's transport
//! keeps one [`Pace`] and asks it for each call's turn; the numbers are the
//! platform's (Telegram's defaults: 1 a second and 20 a minute in a group,
//! 30 a second overall).
//!
//! [`Pace::call`] makes a call in its chat's turn and tries it again: a 429
//! is waited out (that chat alone frozen), a call that may not have
//! arrived is sent again after a pause, a bounded number of times each.

use super::transport::CallError;
use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::hash::Hash;
use std::sync::Mutex;
use std::time::Duration;
use tokio::time::Instant;

const SECOND: Duration = Duration::from_secs(1);
const MINUTE: Duration = Duration::from_secs(60);

/// How many messages may go out (0: no limit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaceLimits {
    /// Messages a second in one chat.
    pub per_sec_chat: u32,
    /// Messages a minute in one private chat.
    pub per_min_chat: u32,
    /// Messages a minute in one group (or channel).
    pub per_min_group: u32,
    /// Messages a second over all chats.
    pub per_sec_overall: u32,
}

/// The first pause before a call is tried again after a transient
/// failure (doubled after each).
const NETWORK_BACKOFF: Duration = Duration::from_millis(500);

/// How often one call is tried again (the platform's config).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retries {
    /// How many times a 429 is waited out.
    pub after_429: u32,
    /// How many times the call is sent again after a transient failure
    /// ([`CallError::transient`]).
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

/// Whether a call is paced as a message to the chat or only waits out
/// the chat's freeze.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Message,
    Other,
}

/// One chat of a platform: its id and whether it is a group.
pub trait PacedChat: Copy + Eq + Hash {
    fn is_group(&self) -> bool;
}

struct ChatPace {
    /// When this chat's last messages went out (the last minute).
    sent: VecDeque<Instant>,
    /// A 429 said to wait until then.
    frozen_until: Option<Instant>,
}

struct State<C> {
    chats: HashMap<C, ChatPace>,
    /// The last second's messages, all chats.
    overall: VecDeque<Instant>,
}

/// The pace of each chat and of the bot on one platform.
pub struct Pace<C> {
    limits: PaceLimits,
    state: Mutex<State<C>>,
}

/// Make a call the platform must answer before the adapter can start
/// (who the bot is, where to post updates): a failure `is_final` says is
/// for good (a rejected token, a refusal) comes back at once; any other
/// is tried again after 1 s, 2 s, 4 s … while the wait stays under 20 s
/// and the process is not `stopping`. `what` names the call in the log.
pub async fn at_start<T, E, F, Fut>(
    what: &str,
    is_final: impl Fn(&E) -> bool,
    stopping: impl Fn() -> bool,
    mut call: F,
) -> Result<T, E>
where
    E: std::fmt::Display,
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, E>>,
{
    let mut wait = SECOND;
    loop {
        match call().await {
            Ok(out) => return Ok(out),
            Err(e) if !is_final(&e) && wait < 20 * SECOND && !stopping() => {
                tracing::warn!(error = %e, "{what} failed; retrying");
                tokio::time::sleep(wait).await;
                wait *= 2;
            }
            Err(e) => return Err(e),
        }
    }
}

impl<C: PacedChat> Pace<C> {
    pub fn new(limits: PaceLimits) -> Pace<C> {
        Pace {
            limits,
            state: Mutex::new(State {
                chats: HashMap::new(),
                overall: VecDeque::new(),
            }),
        }
    }

    /// When `chat` may send next (`None`: now, and it is counted).
    pub(crate) fn slot(&self, chat: C, kind: Kind, now: Instant) -> Option<Instant> {
        let l = &self.limits;
        let mut s = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let per_min = if chat.is_group() {
            l.per_min_group
        } else {
            l.per_min_chat
        } as usize;
        let per_sec = l.per_sec_chat as usize;
        let overall = l.per_sec_overall as usize;
        while s.overall.front().is_some_and(|t| now - *t >= SECOND) {
            s.overall.pop_front();
        }
        let mut at = now;
        if kind == Kind::Message && overall > 0 && s.overall.len() >= overall {
            if let Some(t) = s.overall.get(s.overall.len() - overall) {
                at = at.max(*t + SECOND);
            }
        }
        let c = s.chats.entry(chat).or_insert_with(|| ChatPace {
            sent: VecDeque::new(),
            frozen_until: None,
        });
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
    pub async fn turn(&self, chat: C, kind: Kind) {
        while let Some(at) = self.slot(chat, kind, Instant::now()) {
            tokio::time::sleep_until(at).await;
        }
    }

    /// Make a call (`send`, once per try) in `chat`'s turn (none: at
    /// once): a 429 is waited out up to `retries.after_429` times,
    /// freezing that chat alone (with `after_429` 0 the error comes back
    /// at once — the caller waits it out — and the chat is frozen all the
    /// same); a transient failure is tried again up to `retries.network`
    /// times with backoff — a new message ([`Kind::Message`]: not
    /// idempotent) only when it surely never reached the platform
    /// ([`CallError::unsent`]), so a retry never shows it twice (an answer
    /// that did not parse, or a timeout, may follow a message that went
    /// out). The last error if it never went through.
    pub async fn call<T, E, F, Fut>(
        &self,
        chat: Option<C>,
        kind: Kind,
        retries: Retries,
        mut send: F,
    ) -> Result<T, E>
    where
        C: std::fmt::Debug,
        E: CallError,
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<T, E>>,
    {
        let mut waited = 0;
        let mut network = 0;
        let mut pause = NETWORK_BACKOFF;
        loop {
            if let Some(c) = chat {
                self.turn(c, kind).await;
            }
            let err = match send().await {
                Ok(out) => return Ok(out),
                Err(e) => e,
            };
            match err.retry_after() {
                Some(after) if retries.after_429 == 0 => {
                    if let Some(c) = chat {
                        self.freeze(c, after);
                    }
                    return Err(err);
                }
                Some(after) if waited < retries.after_429 => {
                    waited += 1;
                    tracing::warn!(?chat, ?after, "429, waiting");
                    match chat {
                        Some(c) => self.freeze(c, after),
                        None => tokio::time::sleep(after).await,
                    }
                }
                None if network < retries.network
                    && match kind {
                        Kind::Message => err.unsent(),
                        Kind::Other => err.transient(),
                    } =>
                {
                    network += 1;
                    tracing::warn!(?chat, error = %err, "a call failed; trying again");
                    tokio::time::sleep(pause).await;
                    pause *= 2;
                }
                _ => return Err(err),
            }
        }
    }

    /// A 429 for `chat`: nothing goes to it for `after`.
    pub fn freeze(&self, chat: C, after: Duration) {
        let until = Instant::now() + after;
        let mut s = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let c = s.chats.entry(chat).or_insert_with(|| ChatPace {
            sent: VecDeque::new(),
            frozen_until: None,
        });
        c.frozen_until = Some(c.frozen_until.map_or(until, |f| f.max(until)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A failed call: a 429 (for this long) or a transient failure.
    #[derive(Debug)]
    enum Failed {
        TooMany(Duration),
        /// The network failed after the request may have gone out.
        Network,
        /// No connection was made.
        Unsent,
        Refused,
    }

    impl std::fmt::Display for Failed {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "{self:?}")
        }
    }

    impl CallError for Failed {
        fn retry_after(&self) -> Option<Duration> {
            match self {
                Failed::TooMany(d) => Some(*d),
                _ => None,
            }
        }
        fn not_modified(&self) -> bool {
            false
        }
        fn forbidden(&self) -> bool {
            matches!(self, Failed::Refused)
        }
        fn thread_gone(&self) -> bool {
            false
        }
        fn transient(&self) -> bool {
            matches!(self, Failed::Network | Failed::Unsent)
        }
        fn unsent(&self) -> bool {
            matches!(self, Failed::Unsent)
        }
    }

    /// A call that fails with `fails` in turn, then goes through; how
    /// often it was sent.
    async fn call(
        p: &Pace<Chat>,
        chat: Option<Chat>,
        retries: Retries,
        fails: Vec<Failed>,
    ) -> (Result<u32, Failed>, u32) {
        call_as(p, chat, Kind::Other, retries, fails).await
    }

    /// [`call`], paced and retried as `kind`.
    async fn call_as(
        p: &Pace<Chat>,
        chat: Option<Chat>,
        kind: Kind,
        retries: Retries,
        fails: Vec<Failed>,
    ) -> (Result<u32, Failed>, u32) {
        let fails = std::cell::RefCell::new(fails.into_iter());
        let sent = std::cell::Cell::new(0);
        let res = p
            .call(chat, kind, retries, || {
                sent.set(sent.get() + 1);
                let next = fails.borrow_mut().next();
                async move { next.map_or(Ok(7), Err) }
            })
            .await;
        (res, sent.get())
    }

    #[tokio::test]
    async fn a_call_at_start_is_tried_again_unless_final_or_stopping() {
        // fails `n` times with `e`, then answers how often it was called
        let run = |n: u32, e: &'static str, stopping: bool| async move {
            let calls = std::cell::Cell::new(0);
            let res = at_start(
                "test",
                |e: &&str| *e == "refused",
                || stopping,
                || {
                    calls.set(calls.get() + 1);
                    let c = calls.get();
                    async move {
                        if c <= n {
                            Err(e)
                        } else {
                            Ok(c)
                        }
                    }
                },
            )
            .await;
            (res, calls.get())
        };
        assert_eq!(run(1, "network", false).await, (Ok(2), 2));
        assert_eq!(run(1, "refused", false).await, (Err("refused"), 1));
        assert_eq!(run(1, "network", true).await, (Err("network"), 1));
    }

    #[tokio::test]
    async fn a_call_waits_out_429s_and_network_failures_a_bounded_number_of_times() {
        let p = Pace::new(limits(100, 1000, 1000));
        let ms = Duration::from_millis(1);
        let r = |after_429, network| Retries { after_429, network };
        // two 429s and a network failure: tried again, it goes through
        let fails = vec![Failed::TooMany(ms), Failed::Network, Failed::TooMany(ms)];
        let (res, sent) = call(&p, Some(Chat(1)), r(2, 1), fails).await;
        assert_eq!((res.ok(), sent), (Some(7), 4));
        // one 429 too many: the last error comes back
        let fails = vec![Failed::TooMany(ms), Failed::TooMany(ms)];
        let (res, sent) = call(&p, None, r(1, 1), fails).await;
        assert!(matches!(res, Err(Failed::TooMany(_))), "{res:?}");
        assert_eq!(sent, 2);
        // one network failure too many; a refusal is never tried again
        let fails = vec![Failed::Network, Failed::Network];
        let (res, sent) = call(&p, None, r(5, 1), fails).await;
        assert!(matches!(res, Err(Failed::Network)), "{res:?}");
        assert_eq!(sent, 2);
        let (res, sent) = call(&p, None, r(5, 5), vec![Failed::Refused]).await;
        assert!(matches!(res, Err(Failed::Refused)), "{res:?}");
        assert_eq!(sent, 1);
        // no 429 waited out here: it comes back at once, the chat frozen
        let hour = Duration::from_secs(3600);
        let (res, sent) = call(&p, Some(Chat(2)), r(0, 3), vec![Failed::TooMany(hour)]).await;
        assert!(matches!(res, Err(Failed::TooMany(_))), "{res:?}");
        assert_eq!(sent, 1);
        let now = Instant::now();
        assert!(p.slot(Chat(2), Kind::Other, now).is_some_and(|t| t > now));
        assert_eq!(p.slot(Chat(1), Kind::Other, now), None);
    }

    #[tokio::test]
    async fn a_new_message_is_sent_again_only_when_it_surely_did_not_go_out() {
        let p = Pace::new(limits(100, 1000, 1000));
        let r = Retries {
            after_429: 1,
            network: 3,
        };
        // no connection made: sent again, it goes through
        let (res, sent) = call_as(&p, None, Kind::Message, r, vec![Failed::Unsent]).await;
        assert_eq!((res.ok(), sent), (Some(7), 2));
        // the network failed after it may have gone out (a timeout, an
        // answer that did not parse): not sent again, it would show twice
        let (res, sent) = call_as(&p, None, Kind::Message, r, vec![Failed::Network]).await;
        assert!(matches!(res, Err(Failed::Network)), "{res:?}");
        assert_eq!(sent, 1);
        // an edit or an answer may be made again: it is
        let (res, sent) = call_as(&p, None, Kind::Other, r, vec![Failed::Network]).await;
        assert_eq!((res.ok(), sent), (Some(7), 2));
    }

    /// A chat: positive ids private, negative ones groups.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    struct Chat(i64);

    impl PacedChat for Chat {
        fn is_group(&self) -> bool {
            self.0 < 0
        }
    }

    fn limits(per_sec_chat: u32, per_min_chat: u32, overall: u32) -> PaceLimits {
        PaceLimits {
            per_sec_chat,
            per_min_chat,
            per_min_group: per_min_chat,
            per_sec_overall: overall,
        }
    }

    #[test]
    fn each_chat_keeps_its_own_pace() {
        let p = Pace::new(limits(1, 20, 30));
        let t0 = Instant::now();
        let (a, b) = (Chat(1), Chat(2));
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
        let p = Pace::new(limits(100, 1000, 1000));
        let (a, b) = (Chat(1), Chat(-100)); // a user, a group
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
        let p = Pace::new(limits(100, 3, 4));
        let t0 = Instant::now();
        let a = Chat(1);
        for _ in 0..3 {
            assert_eq!(p.slot(a, Kind::Message, t0), None);
        }
        assert_eq!(p.slot(a, Kind::Message, t0), Some(t0 + MINUTE));
        // one more overall, then everyone waits for the second to pass
        assert_eq!(p.slot(Chat(2), Kind::Message, t0), None);
        assert_eq!(p.slot(Chat(3), Kind::Message, t0), Some(t0 + SECOND));
    }

    #[test]
    fn a_group_has_its_own_minute() {
        let p = Pace::new(PaceLimits {
            per_sec_chat: 100,
            per_min_chat: 5,
            per_min_group: 2,
            per_sec_overall: 0,
        });
        let t0 = Instant::now();
        let (user, group) = (Chat(1), Chat(-1));
        for _ in 0..2 {
            assert_eq!(p.slot(group, Kind::Message, t0), None);
            assert_eq!(p.slot(user, Kind::Message, t0), None);
        }
        assert_eq!(p.slot(group, Kind::Message, t0), Some(t0 + MINUTE));
        assert_eq!(p.slot(user, Kind::Message, t0), None);
    }
}
