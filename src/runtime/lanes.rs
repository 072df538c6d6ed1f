//! Lanes: one queue per chat. The work of one chat (its updates, then the
//! replies routed to it) runs one piece at a time; the work of different
//! chats runs concurrently, so a chat whose sends are slow or throttled
//! delays nobody else.
//!
//! Inside a chat's lane the waiting work is served round robin by sender:
//! each member has a queue of their own (their updates stay in order), and
//! so has the bot's own work for the chat (routed replies, in order); the
//! lane takes the first of one queue, then the first of the next, so a
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
    /// What it is, for the log (`update 123`, `reply`).
    label: String,
    /// An update (counted against the bounds while it waits).
    update: bool,
    _busy: TrackGuard,
}

/// Whose queue in a lane: a member's (their platform id), or the bot's
/// own work for the chat (`None`: routed replies).
type Who = Option<String>;

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
        self.queues
            .get(&Some(user.to_string()))
            .map_or(0, VecDeque::len)
    }

    fn push(&mut self, who: Who, item: Item) {
        if item.update {
            self.waiting += 1;
        }
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
                if item.update {
                    self.waiting = self.waiting.saturating_sub(1);
                }
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
                !m.stale(now) || queues.contains_key(&Some(id.clone()))
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
    /// the member `from` (`Some`: counted against the bounds, refused past
    /// them), or the bot's own work for the chat (`None`: never refused).
    pub(super) fn push(
        self: &Arc<Self>,
        key: LaneKey,
        from: Option<&str>,
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
        if let Some(user) = from {
            if let Err((reason, mine)) = lane.queue.admit(user, limits, now) {
                let (notify, dropped_before) = lane.queue.refused(user, now);
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
        }
        let item = Item {
            work,
            label,
            update: from.is_some(),
            _busy: tracker.enter(),
        };
        lane.queue.push(from.map(str::to_string), item);
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
    use tokio::sync::mpsc::unbounded_channel;

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

    /// A piece of work that waits for the returned sender (holding its
    /// lane until then).
    fn hold() -> (tokio::sync::oneshot::Sender<()>, Work) {
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        (
            tx,
            Box::pin(async move {
                let _ = rx.await;
            }),
        )
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn one_chat_in_order_others_alongside_and_panics_contained() {
        let lanes = Arc::new(Lanes::new(limits(8, 8, 0), Duration::from_millis(200)));
        let tracker = Tracker::default();
        let (tx, mut rx) = unbounded_channel::<String>();
        // chat a: slow work first, then a panic, then more work
        let t = tx.clone();
        lanes
            .push(
                key("a"),
                Some("u"),
                "slow".into(),
                Box::pin(async move {
                    tokio::time::sleep(Duration::from_millis(400)).await;
                    t.send("a1".into()).unwrap();
                }),
                &tracker,
            )
            .unwrap();
        lanes
            .push(
                key("a"),
                Some("u"),
                "boom".into(),
                Box::pin(async { panic!("boom") }),
                &tracker,
            )
            .unwrap();
        let t = tx.clone();
        lanes
            .push(
                key("a"),
                None,
                "after".into(),
                Box::pin(async move {
                    t.send("a2".into()).unwrap();
                }),
                &tracker,
            )
            .unwrap();
        // chat b is not held up by a's slow work
        let t = tx.clone();
        let start = Instant::now();
        lanes
            .push(
                key("b"),
                Some("u"),
                "quick".into(),
                Box::pin(async move {
                    t.send("b1".into()).unwrap();
                }),
                &tracker,
            )
            .unwrap();
        assert_eq!(rx.recv().await.unwrap(), "b1");
        assert!(start.elapsed() < Duration::from_millis(300));
        assert_eq!(rx.recv().await.unwrap(), "a1");
        assert_eq!(
            rx.recv().await.unwrap(),
            "a2",
            "the lane survived the panic"
        );
        assert!(tracker.wait_idle(Duration::from_secs(5)).await);
        // idle lanes leave
        let deadline = Instant::now() + Duration::from_secs(5);
        while lanes.active() > 0 {
            assert!(Instant::now() < deadline, "lanes retire when idle");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        // and come back on demand
        let t = tx.clone();
        lanes
            .push(
                key("a"),
                Some("u"),
                "again".into(),
                Box::pin(async move {
                    t.send("a3".into()).unwrap();
                }),
                &tracker,
            )
            .unwrap();
        assert_eq!(rx.recv().await.unwrap(), "a3");
    }

    /// One member's hundred updates, then another member's one: the other
    /// is served within the first few, and each member's own updates stay
    /// in order.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn members_are_served_in_turn() {
        let lanes = Arc::new(Lanes::new(limits(200, 200, 0), Duration::from_secs(5)));
        let tracker = Tracker::default();
        let (tx, mut rx) = unbounded_channel::<String>();
        let (gate, held) = hold();
        lanes
            .push(key("g"), Some("spammer"), "hold".into(), held, &tracker)
            .unwrap();
        tokio::time::sleep(Duration::from_millis(50)).await;
        for i in 0..100 {
            let t = tx.clone();
            lanes
                .push(
                    key("g"),
                    Some("spammer"),
                    format!("spam {i}"),
                    Box::pin(async move {
                        t.send(format!("spam {i}")).unwrap();
                    }),
                    &tracker,
                )
                .unwrap();
        }
        let t = tx.clone();
        lanes
            .push(
                key("g"),
                Some("player"),
                "move".into(),
                Box::pin(async move {
                    t.send("move".into()).unwrap();
                }),
                &tracker,
            )
            .unwrap();
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
        assert!(tracker.wait_idle(Duration::from_secs(5)).await);
    }

    /// The bot's own work for a chat (routed replies) is a queue of its own
    /// in the turn: in order, and not behind a member's flood.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn replies_keep_their_order_and_their_turn() {
        let lanes = Arc::new(Lanes::new(limits(64, 64, 0), Duration::from_secs(5)));
        let tracker = Tracker::default();
        let (tx, mut rx) = unbounded_channel::<String>();
        let (gate, held) = hold();
        lanes
            .push(key("g"), Some("a"), "hold".into(), held, &tracker)
            .unwrap();
        tokio::time::sleep(Duration::from_millis(50)).await;
        for (from, what) in [
            (Some("a"), "a1"),
            (Some("a"), "a2"),
            (None, "r1"),
            (Some("a"), "a3"),
            (None, "r2"),
        ] {
            let t = tx.clone();
            lanes
                .push(
                    key("g"),
                    from,
                    what.into(),
                    Box::pin(async move {
                        t.send(what.to_string()).unwrap();
                    }),
                    &tracker,
                )
                .unwrap();
        }
        gate.send(()).unwrap();
        let mut order = Vec::new();
        for _ in 0..5 {
            order.push(rx.recv().await.unwrap());
        }
        assert_eq!(order, ["a1", "r1", "a2", "r2", "a3"]);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_members_flood_is_shed_at_their_quota_and_told_once() {
        let lanes = Arc::new(Lanes::new(limits(10, 3, 0), Duration::from_secs(5)));
        let tracker = Tracker::default();
        let (gate, held) = hold();
        // the first update holds the lane
        lanes
            .push(key("a"), Some("spammer"), "hold".into(), held, &tracker)
            .unwrap();
        tokio::time::sleep(Duration::from_millis(50)).await;
        let mut refused = Vec::new();
        for i in 0..10 {
            let r = lanes.push(
                key("a"),
                Some("spammer"),
                format!("junk {i}"),
                Box::pin(async {}),
                &tracker,
            );
            if let Err(e) = r {
                refused.push(e);
            }
        }
        assert_eq!(refused.len(), 7, "three wait, the rest are refused");
        assert!(refused.iter().all(|e| e.reason == ShedReason::UserQueue));
        assert!(refused.iter().all(|e| e.mine == 3));
        let told: Vec<bool> = refused.iter().map(|e| e.notify).collect();
        assert_eq!(told, [true, false, false, false, false, false, false]);
        assert_eq!(refused[6].dropped_before, 5);
        // another member of the same chat still gets in
        lanes
            .push(
                key("a"),
                Some("player"),
                "move".into(),
                Box::pin(async {}),
                &tracker,
            )
            .unwrap();
        // replies are never refused
        lanes
            .push(key("a"), None, "reply".into(), Box::pin(async {}), &tracker)
            .unwrap();
        // counted
        let d = lanes.dropped();
        assert_eq!((d.user_queue, d.chat_queue, d.notices), (7, 0, 1));
        assert_eq!(d.total(), 7);
        // in the other chat the spammer is someone new
        lanes
            .push(
                key("b"),
                Some("spammer"),
                "b".into(),
                Box::pin(async {}),
                &tracker,
            )
            .unwrap();
        gate.send(()).unwrap();
        assert!(tracker.wait_idle(Duration::from_secs(5)).await);
        // once their queue is served, the spammer is taken again — and is
        // not told twice within the window
        lanes
            .push(
                key("a"),
                Some("spammer"),
                "later".into(),
                Box::pin(async {}),
                &tracker,
            )
            .unwrap();
        assert!(tracker.wait_idle(Duration::from_secs(5)).await);
        let (gate, held) = hold();
        lanes
            .push(key("a"), Some("spammer"), "hold".into(), held, &tracker)
            .unwrap();
        tokio::time::sleep(Duration::from_millis(50)).await;
        let mut again = Vec::new();
        for _ in 0..5 {
            if let Err(e) = lanes.push(
                key("a"),
                Some("spammer"),
                "junk".into(),
                Box::pin(async {}),
                &tracker,
            ) {
                again.push(e);
            }
        }
        assert_eq!(again.len(), 2);
        assert!(again.iter().all(|e| !e.notify), "one notice a window");
        gate.send(()).unwrap();
        assert!(tracker.wait_idle(Duration::from_secs(5)).await);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_chat_bound_is_the_backstop() {
        let lanes = Arc::new(Lanes::new(limits(3, 2, 0), Duration::from_secs(5)));
        let tracker = Tracker::default();
        let (gate, held) = hold();
        lanes
            .push(key("a"), Some("x"), "hold".into(), held, &tracker)
            .unwrap();
        tokio::time::sleep(Duration::from_millis(50)).await;
        let mut results = Vec::new();
        for who in ["u1", "u2", "u3", "u4", "u4"] {
            results.push(lanes.push(
                key("a"),
                Some(who),
                "w".into(),
                Box::pin(async {}),
                &tracker,
            ));
        }
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
        assert_eq!(lanes.dropped().chat_queue, 2);
        // another chat is not affected
        lanes
            .push(
                key("b"),
                Some("u4"),
                "b".into(),
                Box::pin(async {}),
                &tracker,
            )
            .unwrap();
        gate.send(()).unwrap();
        assert!(tracker.wait_idle(Duration::from_secs(5)).await);
        lanes
            .push(
                key("a"),
                Some("u4"),
                "later".into(),
                Box::pin(async {}),
                &tracker,
            )
            .unwrap();
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_rate_limits_what_one_member_gets_in_a_minute() {
        let lanes = Arc::new(Lanes::new(limits(64, 64, 4), Duration::from_secs(5)));
        let tracker = Tracker::default();
        let mut taken = 0;
        let mut refused = Vec::new();
        for _ in 0..10 {
            // each is done before the next comes: only the rate holds
            match lanes.push(
                key("a"),
                Some("fast"),
                "w".into(),
                Box::pin(async {}),
                &tracker,
            ) {
                Ok(()) => taken += 1,
                Err(e) => refused.push(e),
            }
            assert!(tracker.wait_idle(Duration::from_secs(5)).await);
        }
        assert_eq!(taken, 4);
        assert!(refused.iter().all(|e| e.reason == ShedReason::UserRate));
        assert_eq!(refused.iter().filter(|e| e.notify).count(), 1);
        assert_eq!(lanes.dropped().user_rate, 6);
        // someone else is not held by it
        lanes
            .push(
                key("a"),
                Some("slow"),
                "w".into(),
                Box::pin(async {}),
                &tracker,
            )
            .unwrap();
    }

    #[test]
    fn limits_are_sane() {
        let l = limits(0, 0, 0).sane();
        assert_eq!((l.per_chat, l.per_user), (1, 1));
        let l = limits(4, 8, 0).sane();
        assert_eq!(l.per_user, 4, "a member never more than the chat");
    }
}
