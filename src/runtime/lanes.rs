//! Lanes: one queue per chat. The work of one chat (its updates, then the
//! replies routed to it) runs strictly in order; the work of different
//! chats runs concurrently, so a chat whose sends are slow or throttled
//! delays nobody else.
//!
//! A lane is a lightweight task with its own channel, started by the first
//! work for its chat and gone after [`IDLE`] without work. Each piece of work
//! runs as a task of its own: a panic in it is logged and the lane goes on
//! with the next. At most [`Lanes::bound`] updates wait in one lane; more
//! are refused ([`LaneFull`]) — a flood in one chat is shed, not queued.

use super::shutdown::{TrackGuard, Tracker};
use crate::core::Platform;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;

/// A piece of work for a lane.
pub type Work = Pin<Box<dyn Future<Output = ()> + Send>>;

/// How long a lane lives without work.
pub const IDLE: Duration = Duration::from_secs(60);

/// How many updates may wait in one chat's lane by default.
pub const BOUND: usize = 64;

/// The chat a lane serves.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LaneKey {
    pub platform: Platform,
    pub chat: String,
}

/// An update refused because its chat already has this many waiting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LaneFull {
    pub waiting: usize,
}

impl std::fmt::Display for LaneFull {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} updates of this chat are waiting already",
            self.waiting
        )
    }
}

impl std::error::Error for LaneFull {}

struct Item {
    work: Work,
    /// What it is, for the log (`update 123`, `reply`).
    label: String,
    /// An update (counted against the bound while it waits).
    update: bool,
    _busy: TrackGuard,
}

struct Lane {
    id: u64,
    tx: mpsc::UnboundedSender<Item>,
    /// Updates waiting (not started yet).
    waiting: Arc<AtomicUsize>,
}

/// The lanes of every active chat.
pub(super) struct Lanes {
    map: Mutex<HashMap<LaneKey, Lane>>,
    next_id: AtomicU64,
    bound: AtomicUsize,
    idle: Duration,
}

impl Default for Lanes {
    fn default() -> Self {
        Lanes::new(BOUND, IDLE)
    }
}

impl Lanes {
    pub(super) fn new(bound: usize, idle: Duration) -> Lanes {
        Lanes {
            map: Mutex::default(),
            next_id: AtomicU64::new(0),
            bound: AtomicUsize::new(bound.max(1)),
            idle,
        }
    }

    pub(super) fn bound(&self) -> usize {
        self.bound.load(Ordering::Relaxed)
    }

    pub(super) fn set_bound(&self, n: usize) {
        self.bound.store(n.max(1), Ordering::Relaxed);
    }

    /// Lanes running now.
    pub(super) fn active(&self) -> usize {
        self.map.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// Queue `work` on `key`'s lane (starting it if needed). An update is
    /// refused when the lane has [`Lanes::bound`] updates waiting.
    pub(super) fn push(
        self: &Arc<Self>,
        key: LaneKey,
        label: String,
        update: bool,
        work: Work,
        tracker: &Tracker,
    ) -> Result<(), LaneFull> {
        let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        let lane = map.entry(key.clone()).or_insert_with(|| {
            let (tx, rx) = mpsc::unbounded_channel();
            let id = self.next_id.fetch_add(1, Ordering::Relaxed);
            let waiting = Arc::new(AtomicUsize::new(0));
            tokio::spawn(Arc::clone(self).run(key, id, rx, Arc::clone(&waiting)));
            Lane { id, tx, waiting }
        });
        if update {
            let waiting = lane.waiting.load(Ordering::SeqCst);
            if waiting >= self.bound() {
                return Err(LaneFull { waiting });
            }
            lane.waiting.fetch_add(1, Ordering::SeqCst);
        }
        let item = Item {
            work,
            label,
            update,
            _busy: tracker.enter(),
        };
        // the lane task ends only after leaving the map (under this lock),
        // so the receiver is there
        if let Err(mpsc::error::SendError(item)) = lane.tx.send(item) {
            if item.update {
                lane.waiting.fetch_sub(1, Ordering::SeqCst);
            }
            tracing::error!(work = %item.label, "a chat's lane was gone: work dropped");
        }
        Ok(())
    }

    /// One lane: its work in order, each piece as its own task; ends after
    /// [`Lanes::idle`] without work.
    async fn run(
        self: Arc<Self>,
        key: LaneKey,
        id: u64,
        mut rx: mpsc::UnboundedReceiver<Item>,
        waiting: Arc<AtomicUsize>,
    ) {
        loop {
            let item = match tokio::time::timeout(self.idle, rx.recv()).await {
                Ok(Some(item)) => item,
                Ok(None) => return,
                Err(_) => {
                    // idle: leave the map unless work came in meanwhile
                    let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
                    match rx.try_recv() {
                        Ok(item) => item,
                        Err(_) => {
                            if map.get(&key).is_some_and(|l| l.id == id) {
                                map.remove(&key);
                            }
                            return;
                        }
                    }
                }
            };
            if item.update {
                waiting.fetch_sub(1, Ordering::SeqCst);
            }
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

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn one_chat_in_order_others_alongside_and_panics_contained() {
        let lanes = Arc::new(Lanes::new(8, Duration::from_millis(200)));
        let tracker = Tracker::default();
        let (tx, mut rx) = unbounded_channel::<String>();
        // chat a: slow work first, then a panic, then more work
        let t = tx.clone();
        lanes
            .push(
                key("a"),
                "slow".into(),
                true,
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
                "boom".into(),
                true,
                Box::pin(async { panic!("boom") }),
                &tracker,
            )
            .unwrap();
        let t = tx.clone();
        lanes
            .push(
                key("a"),
                "after".into(),
                false,
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
                "quick".into(),
                true,
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
                "again".into(),
                true,
                Box::pin(async move {
                    t.send("a3".into()).unwrap();
                }),
                &tracker,
            )
            .unwrap();
        assert_eq!(rx.recv().await.unwrap(), "a3");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_flood_is_shed_past_the_bound() {
        let lanes = Arc::new(Lanes::new(3, Duration::from_secs(5)));
        let tracker = Tracker::default();
        let (gate_tx, gate_rx) = tokio::sync::oneshot::channel::<()>();
        // the first update holds the lane
        lanes
            .push(
                key("a"),
                "hold".into(),
                true,
                Box::pin(async move {
                    let _ = gate_rx.await;
                }),
                &tracker,
            )
            .unwrap();
        tokio::time::sleep(Duration::from_millis(50)).await;
        let mut refused = 0;
        for i in 0..10 {
            let r = lanes.push(
                key("a"),
                format!("junk {i}"),
                true,
                Box::pin(async {}),
                &tracker,
            );
            if let Err(e) = r {
                assert_eq!(e.waiting, 3);
                refused += 1;
            }
        }
        assert_eq!(refused, 7, "three wait, the rest are refused");
        // replies are never refused
        lanes
            .push(
                key("a"),
                "reply".into(),
                false,
                Box::pin(async {}),
                &tracker,
            )
            .unwrap();
        // another chat is not affected
        lanes
            .push(key("b"), "b".into(), true, Box::pin(async {}), &tracker)
            .unwrap();
        gate_tx.send(()).unwrap();
        assert!(tracker.wait_idle(Duration::from_secs(5)).await);
        lanes
            .push(key("a"), "later".into(), true, Box::pin(async {}), &tracker)
            .unwrap();
    }
}
