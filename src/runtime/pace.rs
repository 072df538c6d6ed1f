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

use std::collections::{HashMap, VecDeque};
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
