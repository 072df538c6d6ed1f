//! Lanes: one queue of updates per chat. The updates of one chat are
//! handled one at a time; those of different chats concurrently, so a slow
//! chat delays nobody else. (Replies are not lane work: the deliverer has
//! a queue per chat of its own, `runtime::deliver`.)
//!
//! Inside a chat's lane the waiting updates are served round robin by
//! sender: each member has a queue of their own (their updates stay in
//! order); the lane takes the first of one queue, then the first of the next, so a
//! member's flood never pushes another member's update behind it.
//!
//! A lane is a lightweight task, started by the first work for its chat
//! and gone after [`IDLE`] without work. Each piece of work runs as a task
//! of its own: a panic in it is logged and the lane goes on with the next.
//!
//! What one member may have waiting is bounded ([`LaneLimits::per_user`],
//! and optionally [`LaneLimits::per_user_per_minute`] updates taken a
//! minute); the whole chat's waiting updates too ([`LaneLimits::per_chat`],
//! the backstop). An update past a bound is refused ([`Shed`]) — never
//! silently: it is counted ([`DropCounts`]), and the refusal says whether
//! the sender is to be told ([`Shed::notify`]: once per member and chat per
//! [`NOTICE_WINDOW`], so the notices cannot become a flood of their own).

use super::shutdown::{TrackGuard, Tracker};
use crate::core::Platform;
use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Notify;

/// A piece of work for a lane.
pub type Work = Pin<Box<dyn Future<Output = ()> + Send>>;

/// How long a lane lives without work.
pub const IDLE: Duration = Duration::from_secs(60);

/// How many updates may wait in one chat's lane by default.
pub const BOUND: usize = 64;

/// How many updates of one member may wait in one chat's lane by default.
pub const PER_USER: usize = 8;

/// The window of the per-member rate, and the least time between two
/// "slow down" notices to one member in one chat.
pub const NOTICE_WINDOW: Duration = Duration::from_secs(60);

/// Above this many members' records a lane forgets those with nothing
/// waiting and nothing to remember in the window.
const PRUNE_AT: usize = 256;

/// The chat a lane serves.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LaneKey {
    pub platform: Platform,
    pub chat: String,
}

/// How much may wait in a lane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LaneLimits {
    /// Updates of one chat waiting (all its members together): the
    /// backstop.
    pub per_chat: usize,
    /// Updates of one member waiting in one chat.
    pub per_user: usize,
    /// Updates of one member one chat's lane takes in [`NOTICE_WINDOW`]
    /// (a minute); 0: no such limit.
    pub per_user_per_minute: u32,
}

impl Default for LaneLimits {
    fn default() -> Self {
        LaneLimits {
            per_chat: BOUND,
            per_user: PER_USER,
            per_user_per_minute: 0,
        }
    }
}

impl LaneLimits {
    /// At least one of each may wait; a member never more than the chat.
    fn sane(self) -> LaneLimits {
        let per_chat = self.per_chat.max(1);
        LaneLimits {
            per_chat,
            per_user: self.per_user.clamp(1, per_chat),
            per_user_per_minute: self.per_user_per_minute,
        }
    }
}

/// Why an update was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShedReason {
    /// The sender has [`LaneLimits::per_user`] updates waiting in the chat.
    UserQueue,
    /// The sender had [`LaneLimits::per_user_per_minute`] updates taken in
    /// the chat within the last minute.
    UserRate,
    /// The chat has [`LaneLimits::per_chat`] updates waiting.
    ChatQueue,
}

/// An update refused (dropped): why, and whether to tell its sender.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shed {
    pub reason: ShedReason,
    /// The chat's updates waiting.
    pub waiting: usize,
    /// The sender's updates waiting in the chat.
    pub mine: usize,
    /// The first refusal of this sender in this chat within
    /// [`NOTICE_WINDOW`]: tell them (later ones in the window are not).
    pub notify: bool,
    /// The sender's updates refused in this chat since they were last
    /// told (this one not counted).
    pub dropped_before: u64,
}

impl std::fmt::Display for Shed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.reason {
            ShedReason::UserQueue => write!(
                f,
                "{} updates of this sender are waiting in this chat already",
                self.mine
            ),
            ShedReason::UserRate => {
                write!(f, "this sender's updates in this chat exceed their rate")
            }
            ShedReason::ChatQueue => write!(
                f,
                "{} updates of this chat are waiting already",
                self.waiting
            ),
        }
    }
}

impl std::error::Error for Shed {}

/// Updates refused since the start, by reason, and the notices owed for
/// them (a counter a metrics endpoint can read).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DropCounts {
    pub user_queue: u64,
    pub user_rate: u64,
    pub chat_queue: u64,
    /// Refusals whose sender was to be told ([`Shed::notify`]).
    pub notices: u64,
}

impl DropCounts {
    /// Every update refused.
    pub fn total(&self) -> u64 {
        self.user_queue + self.user_rate + self.chat_queue
    }
}

#[derive(Default)]
struct Counters {
    user_queue: AtomicU64,
    user_rate: AtomicU64,
    chat_queue: AtomicU64,
    notices: AtomicU64,
}

struct Item {
    work: Work,
    /// What it is, for the log (`update 123`).
    label: String,
    _busy: TrackGuard,
}

/// Whose queue in a lane: a member's (their platform id).
type Who = String;

/// What a lane remembers of one member.
#[derive(Default)]
struct Member {
    /// When their updates were taken within the last window (kept only
    /// when there is a rate).
    taken: VecDeque<Instant>,
    /// When they were last told to slow down.
    told: Option<Instant>,
    /// Refused since they were last told.
    dropped: u64,
}

impl Member {
    fn forget_before(&mut self, now: Instant) {
        while self
            .taken
            .front()
            .is_some_and(|t| now.duration_since(*t) >= NOTICE_WINDOW)
        {
            self.taken.pop_front();
        }
    }

    /// Nothing worth keeping.
    fn stale(&self, now: Instant) -> bool {
        self.taken.is_empty()
            && self
                .told
                .is_none_or(|t| now.duration_since(t) >= NOTICE_WINDOW)
    }
}

/// The waiting work of one lane: a queue per sender, served round robin.
#[derive(Default)]
struct Queue {
    /// The senders with work waiting, in the order they are served next.
    ring: VecDeque<Who>,
    queues: HashMap<Who, VecDeque<Item>>,
    /// Updates waiting (all members).
    waiting: usize,
    members: HashMap<String, Member>,
}

impl Queue {
    fn waiting_of(&self, user: &str) -> usize {
        self.queues.get(user).map_or(0, VecDeque::len)
    }

    fn push(&mut self, who: Who, item: Item) {
        self.waiting += 1;
        let q = self.queues.entry(who.clone()).or_default();
        if q.is_empty() {
            self.ring.push_back(who);
        }
        q.push_back(item);
    }

    /// The next piece of work: the first of the next sender's queue.
    fn pop(&mut self) -> Option<Item> {
        while let Some(who) = self.ring.pop_front() {
            let Some(q) = self.queues.get_mut(&who) else {
                continue;
            };
            let item = q.pop_front();
            if q.is_empty() {
                self.queues.remove(&who);
            } else {
                self.ring.push_back(who);
            }
            if let Some(item) = item {
                self.waiting = self.waiting.saturating_sub(1);
                return Some(item);
            }
        }
        None
    }

    fn is_empty(&self) -> bool {
        self.ring.is_empty()
    }

    /// Take an update of `user`, or say why not.
    fn admit(
        &mut self,
        user: &str,
        limits: LaneLimits,
        now: Instant,
    ) -> Result<(), (ShedReason, usize)> {
        let mine = self.waiting_of(user);
        if self.members.len() >= PRUNE_AT {
            let queues = &self.queues;
            self.members.retain(|id, m| {
                m.forget_before(now);
                !m.stale(now) || queues.contains_key(id)
            });
        }
        let m = self.members.entry(user.to_string()).or_default();
        m.forget_before(now);
        let rate = limits.per_user_per_minute as usize;
        let reason = if mine >= limits.per_user {
            Some(ShedReason::UserQueue)
        } else if rate > 0 && m.taken.len() >= rate {
            Some(ShedReason::UserRate)
        } else if self.waiting >= limits.per_chat {
            Some(ShedReason::ChatQueue)
        } else {
            None
        };
        match reason {
            Some(r) => Err((r, mine)),
            None => {
                if rate > 0 {
                    m.taken.push_back(now);
                }
                Ok(())
            }
        }
    }

    /// A refusal of `user`'s update: whether to tell them (the first in
    /// the window), and how many were refused since they were last told.
    fn refused(&mut self, user: &str, now: Instant) -> (bool, u64) {
        let m = self.members.entry(user.to_string()).or_default();
        let notify = m
            .told
            .is_none_or(|t| now.duration_since(t) >= NOTICE_WINDOW);
        if notify {
            m.told = Some(now);
            let before = std::mem::take(&mut m.dropped);
            (true, before)
        } else {
            let before = m.dropped;
            m.dropped += 1;
            (false, before)
        }
    }
}

struct Lane {
    id: u64,
    queue: Queue,
    /// Wakes the lane's task when work comes in.
    wake: Arc<Notify>,
}

/// The lanes of every active chat.
pub(super) struct Lanes {
    map: Mutex<HashMap<LaneKey, Lane>>,
    next_id: AtomicU64,
    limits: Mutex<LaneLimits>,
    idle: Duration,
    counters: Counters,
}

impl Default for Lanes {
    fn default() -> Self {
        Lanes::new(LaneLimits::default(), IDLE)
    }
}

impl Lanes {
    pub(super) fn new(limits: LaneLimits, idle: Duration) -> Lanes {
        Lanes {
            map: Mutex::default(),
            next_id: AtomicU64::new(0),
            limits: Mutex::new(limits.sane()),
            idle,
            counters: Counters::default(),
        }
    }

    pub(super) fn limits(&self) -> LaneLimits {
        *self.limits.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(super) fn set_limits(&self, limits: LaneLimits) {
        *self.limits.lock().unwrap_or_else(|p| p.into_inner()) = limits.sane();
    }

    /// Lanes running now.
    pub(super) fn active(&self) -> usize {
        self.map.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// Updates waiting in every lane.
    pub(super) fn waiting(&self) -> usize {
        self.map
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .values()
            .map(|l| l.queue.waiting)
            .sum()
    }

    /// Updates refused so far.
    pub(super) fn dropped(&self) -> DropCounts {
        let c = &self.counters;
        DropCounts {
            user_queue: c.user_queue.load(Ordering::Relaxed),
            user_rate: c.user_rate.load(Ordering::Relaxed),
            chat_queue: c.chat_queue.load(Ordering::Relaxed),
            notices: c.notices.load(Ordering::Relaxed),
        }
    }

    /// Queue `work` on `key`'s lane (starting it if needed): an update of
    /// the member `from`, counted against the bounds and refused past them.
    pub(super) fn push(
        self: &Arc<Self>,
        key: LaneKey,
        from: &str,
        label: String,
        work: Work,
        tracker: &Tracker,
    ) -> Result<(), Shed> {
        let limits = self.limits();
        let now = Instant::now();
        let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        let lane = map.entry(key.clone()).or_insert_with(|| {
            let id = self.next_id.fetch_add(1, Ordering::Relaxed);
            let wake = Arc::new(Notify::new());
            tokio::spawn(Arc::clone(self).run(key, id, Arc::clone(&wake)));
            Lane {
                id,
                queue: Queue::default(),
                wake,
            }
        });
        if let Err((reason, mine)) = lane.queue.admit(from, limits, now) {
            let (notify, dropped_before) = lane.queue.refused(from, now);
            let c = &self.counters;
            match reason {
                ShedReason::UserQueue => &c.user_queue,
                ShedReason::UserRate => &c.user_rate,
                ShedReason::ChatQueue => &c.chat_queue,
            }
            .fetch_add(1, Ordering::Relaxed);
            if notify {
                c.notices.fetch_add(1, Ordering::Relaxed);
            }
            return Err(Shed {
                reason,
                waiting: lane.queue.waiting,
                mine,
                notify,
                dropped_before,
            });
        }
        let item = Item {
            work,
            label,
            _busy: tracker.enter(),
        };
        lane.queue.push(from.to_string(), item);
        lane.wake.notify_one();
        Ok(())
    }

    /// The next piece of work of lane `id`, if it has one.
    fn next(&self, key: &LaneKey, id: u64) -> Option<Item> {
        let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        map.get_mut(key)
            .filter(|l| l.id == id)
            .and_then(|l| l.queue.pop())
    }

    /// One lane: its work round robin by sender, each piece as its own
    /// task; ends after [`Lanes::idle`] without work.
    async fn run(self: Arc<Self>, key: LaneKey, id: u64, wake: Arc<Notify>) {
        loop {
            let Some(item) = self.next(&key, id) else {
                // (a push between the look and the wait leaves a permit)
                if tokio::time::timeout(self.idle, wake.notified())
                    .await
                    .is_err()
                {
                    // idle: leave the map unless work came in meanwhile
                    let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
                    match map.get(&key) {
                        Some(l) if l.id == id && !l.queue.is_empty() => continue,
                        Some(l) if l.id == id => {
                            map.remove(&key);
                            return;
                        }
                        _ => return,
                    }
                }
                continue;
            };
            let Item {
                work, label, _busy, ..
            } = item;
            match tokio::spawn(work).await {
                Ok(()) => {}
                Err(e) if e.is_panic() => tracing::error!(
                    platform = key.platform.key(),
                    chat = %key.chat,
                    work = %label,
                    panic = %panic_message(e.into_panic().as_ref()),
                    "a chat's work panicked; the chat goes on"
                ),
                Err(e) => tracing::warn!(
                    platform = key.platform.key(),
                    chat = %key.chat,
                    work = %label,
                    error = %e,
                    "a chat's work was cancelled"
                ),
            }
            drop(_busy);
        }
    }
}

/// The message of a panic's payload (a `&str` or a `String`, as `panic!`
/// makes them).
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(not a string)".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;
    use tokio::sync::mpsc::{unbounded_channel, UnboundedSender};

    fn key(chat: &str) -> LaneKey {
        LaneKey {
            platform: Platform::Console,
            chat: chat.into(),
        }
    }

    fn limits(per_chat: usize, per_user: usize, per_minute: u32) -> LaneLimits {
        LaneLimits {
            per_chat,
            per_user,
            per_user_per_minute: per_minute,
        }
    }

    /// Lanes under test and the tracker of their work.
    struct Bench {
        lanes: Arc<Lanes>,
        tracker: Tracker,
    }

    impl Bench {
        fn new(limits: LaneLimits, idle: Duration) -> Bench {
            Bench {
                lanes: Arc::new(Lanes::new(limits, idle)),
                tracker: Tracker::default(),
            }
        }

        /// Queue `work` from `from` in `chat`'s lane.
        fn push(&self, chat: &str, from: &str, work: Work) -> Result<(), Shed> {
            self.lanes
                .push(key(chat), from, "w".into(), work, &self.tracker)
        }

        /// Queue work that says `what` on `tx` when it runs.
        fn say(
            &self,
            chat: &str,
            from: &str,
            what: &str,
            tx: &UnboundedSender<String>,
        ) -> Result<(), Shed> {
            let (t, what) = (tx.clone(), what.to_string());
            self.push(
                chat,
                from,
                Box::pin(async move {
                    t.send(what).unwrap();
                }),
            )
        }

        /// Queue work that does nothing.
        fn nothing(&self, chat: &str, from: &str) -> Result<(), Shed> {
            self.push(chat, from, Box::pin(async {}))
        }

        /// Queue work that holds `chat`'s lane until the returned sender
        /// says so (or is dropped), and let it start.
        async fn hold(&self, chat: &str, from: &str) -> tokio::sync::oneshot::Sender<()> {
            let (tx, rx) = tokio::sync::oneshot::channel::<()>();
            self.push(
                chat,
                from,
                Box::pin(async move {
                    let _ = rx.await;
                }),
            )
            .unwrap();
            tokio::time::sleep(Duration::from_millis(50)).await;
            tx
        }

        async fn idle(&self) -> bool {
            self.tracker.wait_idle(Duration::from_secs(5)).await
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn one_chat_in_order_others_alongside_and_panics_contained() {
        let b = Bench::new(limits(8, 8, 0), Duration::from_millis(200));
        let (tx, mut rx) = unbounded_channel::<String>();
        // chat a: slow work first, then a panic, then more work
        let t = tx.clone();
        b.push(
            "a",
            "u",
            Box::pin(async move {
                tokio::time::sleep(Duration::from_millis(400)).await;
                t.send("a1".into()).unwrap();
            }),
        )
        .unwrap();
        b.push("a", "u", Box::pin(async { panic!("boom") }))
            .unwrap();
        b.say("a", "u", "a2", &tx).unwrap();
        // chat b is not held up by a's slow work
        let start = Instant::now();
        b.say("b", "u", "b1", &tx).unwrap();
        assert_eq!(rx.recv().await.unwrap(), "b1");
        assert!(start.elapsed() < Duration::from_millis(300));
        assert_eq!(rx.recv().await.unwrap(), "a1");
        assert_eq!(
            rx.recv().await.unwrap(),
            "a2",
            "the lane survived the panic"
        );
        assert!(b.idle().await);
        // idle lanes leave
        let deadline = Instant::now() + Duration::from_secs(5);
        while b.lanes.active() > 0 {
            assert!(Instant::now() < deadline, "lanes retire when idle");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        // and come back on demand
        b.say("a", "u", "a3", &tx).unwrap();
        assert_eq!(rx.recv().await.unwrap(), "a3");
    }

    /// One member's hundred updates, then another member's one: the other
    /// is served within the first few, and each member's own updates stay
    /// in order.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn members_are_served_in_turn() {
        let b = Bench::new(limits(200, 200, 0), Duration::from_secs(5));
        let (tx, mut rx) = unbounded_channel::<String>();
        let gate = b.hold("g", "spammer").await;
        for i in 0..100 {
            b.say("g", "spammer", &format!("spam {i}"), &tx).unwrap();
        }
        b.say("g", "player", "move", &tx).unwrap();
        gate.send(()).unwrap();
        let mut order = Vec::new();
        for _ in 0..101 {
            order.push(rx.recv().await.unwrap());
        }
        let at = order.iter().position(|s| s == "move").unwrap();
        assert!(at <= 2, "the other member's update came {at}th: {order:?}");
        let spam: Vec<&String> = order.iter().filter(|s| *s != "move").collect();
        let expected: Vec<String> = (0..100).map(|i| format!("spam {i}")).collect();
        assert!(
            spam.iter().zip(&expected).all(|(a, b)| *a == b),
            "one member's updates stay in order"
        );
        assert!(b.idle().await);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_members_flood_is_shed_at_their_quota_and_told_once() {
        let b = Bench::new(limits(10, 3, 0), Duration::from_secs(5));
        // the first update holds the lane
        let gate = b.hold("a", "spammer").await;
        let refused: Vec<Shed> = (0..10)
            .filter_map(|_| b.nothing("a", "spammer").err())
            .collect();
        assert_eq!(refused.len(), 7, "three wait, the rest are refused");
        assert!(refused.iter().all(|e| e.reason == ShedReason::UserQueue));
        assert!(refused.iter().all(|e| e.mine == 3));
        let told: Vec<bool> = refused.iter().map(|e| e.notify).collect();
        assert_eq!(told, [true, false, false, false, false, false, false]);
        assert_eq!(refused[6].dropped_before, 5);
        // another member of the same chat still gets in
        b.nothing("a", "player").unwrap();
        // counted
        let d = b.lanes.dropped();
        assert_eq!((d.user_queue, d.chat_queue, d.notices), (7, 0, 1));
        assert_eq!(d.total(), 7);
        // in the other chat the spammer is someone new
        b.nothing("b", "spammer").unwrap();
        gate.send(()).unwrap();
        assert!(b.idle().await);
        // once their queue is served, the spammer is taken again — and is
        // not told twice within the window
        b.nothing("a", "spammer").unwrap();
        assert!(b.idle().await);
        let gate = b.hold("a", "spammer").await;
        let again: Vec<Shed> = (0..5)
            .filter_map(|_| b.nothing("a", "spammer").err())
            .collect();
        assert_eq!(again.len(), 2);
        assert!(again.iter().all(|e| !e.notify), "one notice a window");
        gate.send(()).unwrap();
        assert!(b.idle().await);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_chat_bound_is_the_backstop() {
        let b = Bench::new(limits(3, 2, 0), Duration::from_secs(5));
        let gate = b.hold("a", "x").await;
        let results: Vec<Result<(), Shed>> = ["u1", "u2", "u3", "u4", "u4"]
            .into_iter()
            .map(|who| b.nothing("a", who))
            .collect();
        assert!(results[..3].iter().all(Result::is_ok));
        let full: Vec<Shed> = results[3..].iter().filter_map(|r| r.err()).collect();
        assert_eq!(full.len(), 2);
        assert!(full
            .iter()
            .all(|e| e.reason == ShedReason::ChatQueue && e.waiting == 3));
        assert_eq!(
            full.iter().map(|e| e.notify).collect::<Vec<_>>(),
            [true, false]
        );
        assert_eq!(b.lanes.dropped().chat_queue, 2);
        // another chat is not affected
        b.nothing("b", "u4").unwrap();
        gate.send(()).unwrap();
        assert!(b.idle().await);
        b.nothing("a", "u4").unwrap();
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_rate_limits_what_one_member_gets_in_a_minute() {
        let b = Bench::new(limits(64, 64, 4), Duration::from_secs(5));
        let mut taken = 0;
        let mut refused = Vec::new();
        for _ in 0..10 {
            // each is done before the next comes: only the rate holds
            match b.nothing("a", "fast") {
                Ok(()) => taken += 1,
                Err(e) => refused.push(e),
            }
            assert!(b.idle().await);
        }
        assert_eq!(taken, 4);
        assert!(refused.iter().all(|e| e.reason == ShedReason::UserRate));
        assert_eq!(refused.iter().filter(|e| e.notify).count(), 1);
        assert_eq!(b.lanes.dropped().user_rate, 6);
        // someone else is not held by it
        b.nothing("a", "slow").unwrap();
    }

    #[test]
    fn limits_are_sane() {
        let l = limits(0, 0, 0).sane();
        assert_eq!((l.per_chat, l.per_user), (1, 1));
        let l = limits(4, 8, 0).sane();
        assert_eq!(l.per_user, 4, "a member never more than the chat");
    }
}
