//! Updates taken from a platform in order and acknowledged once handled
//! (their state committed, or dropped on purpose): a [`Watermark`] for a
//! platform that is asked "from where?" (Telegram's getUpdates offset), a
//! [`Handled`] that each update carries through its chat's lane and that
//! tells where the update came from — the watermark, or the request that
//! brought it (a webhook) — once it is handled; [`Hub::take_update`]
//! queues an update's handling with its [`Handled`], and answers for one
//! the lanes refuse.

use super::hub::Hub;
use super::transport::Origin;
use crate::core::Platform;
use std::collections::BTreeMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{oneshot, Notify};

/// Where an intake may acknowledge up to: updates are taken in order,
/// handled in their chats' lanes, and acknowledged once handled — one
/// still waiting in a slow chat's lane holds the mark back (while fewer
/// than `hold_ids` updates came after it, and for `hold_for`), so a crash
/// does not lose it. The mark never goes back.
#[derive(Debug)]
pub struct Watermark {
    /// The last mark given.
    confirmed: i64,
    /// One past the highest update taken.
    next: i64,
    /// Updates taken and not yet handled, with when they were taken.
    pending: BTreeMap<i64, Instant>,
    hold_ids: i64,
    hold_for: Duration,
}

impl Watermark {
    pub fn new(hold_ids: i64, hold_for: Duration) -> Watermark {
        Watermark {
            confirmed: 0,
            next: 0,
            pending: BTreeMap::new(),
            hold_ids,
            hold_for,
        }
    }

    /// Take update `id`, unless it was taken before (a batch that repeats
    /// updates still being handled).
    pub fn take(&mut self, id: i64, now: Instant) -> bool {
        if id < self.next || id < self.confirmed {
            return false;
        }
        self.next = id + 1;
        self.pending.insert(id, now);
        true
    }

    pub fn done(&mut self, id: i64) {
        self.pending.remove(&id);
    }

    /// The mark: the first update not acknowledged.
    pub fn mark(&mut self, now: Instant) -> i64 {
        let held = self
            .pending
            .iter()
            .find(|(id, at)| {
                self.next - **id <= self.hold_ids && now.duration_since(**at) < self.hold_for
            })
            .map(|(id, _)| *id);
        self.confirmed = held.unwrap_or(self.next).max(self.confirmed);
        self.confirmed
    }

    /// Whether the mark is held back by an update still being handled.
    pub fn holding(&self) -> bool {
        self.confirmed < self.next
    }
}

/// A [`Watermark`] shared with the work that handles its updates, and a
/// signal when one is handled (the mark may move on).
#[derive(Debug)]
pub struct Intake {
    marks: Mutex<Watermark>,
    handled: Notify,
}

impl Intake {
    pub fn new(hold_ids: i64, hold_for: Duration) -> Intake {
        Intake {
            marks: Mutex::new(Watermark::new(hold_ids, hold_for)),
            handled: Notify::new(),
        }
    }

    fn marks(&self) -> std::sync::MutexGuard<'_, Watermark> {
        self.marks.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// See [`Watermark::take`].
    pub fn take(&self, id: i64, now: Instant) -> bool {
        self.marks().take(id, now)
    }

    /// The mark to ask with, and whether an update still being handled
    /// holds it back.
    pub fn mark(&self, now: Instant) -> (i64, bool) {
        let mut m = self.marks();
        let mark = m.mark(now);
        (mark, m.holding())
    }

    /// Until an update is handled.
    pub async fn handled(&self) {
        self.handled.notified().await
    }

    fn done(&self, id: i64) {
        self.marks().done(id);
        self.handled.notify_one();
    }
}

/// An update taken, until it is handled: its state committed (or the
/// update deliberately dropped: nothing for the bot, a sender over their
/// quota). [`Handled::done`] says so; where the update came from hears it:
///
/// - taken under a watermark: the mark may move past it — also when it is
///   dropped without `done` (its work panicked), so one bad update cannot
///   hold the mark for ever;
/// - by a request (a webhook): the request hears "handled" — only by
///   `done`; dropped without it (a panic, a stop before its turn) the
///   sender is dropped and the request hears "not handled" (the platform
///   sends the update again; the core skips it if it was stored after all).
pub struct Handled(Option<Ack>);

enum Ack {
    Mark { intake: Arc<Intake>, id: i64 },
    Request(oneshot::Sender<()>),
}

impl Handled {
    /// Update `id`, taken under `intake`'s watermark.
    pub fn marked(intake: Arc<Intake>, id: i64) -> Handled {
        Handled(Some(Ack::Mark { intake, id }))
    }

    /// An update a request brought: `tx` hears when it is handled.
    pub fn requested(tx: oneshot::Sender<()>) -> Handled {
        Handled(Some(Ack::Request(tx)))
    }

    /// The update is handled (committed) or deliberately dropped.
    pub fn done(mut self) {
        match self.0.take() {
            Some(Ack::Mark { intake, id }) => intake.done(id),
            Some(Ack::Request(tx)) => {
                let _ = tx.send(()); // (the request may have gone)
            }
            None => {}
        }
    }
}

impl Drop for Handled {
    fn drop(&mut self) {
        // a request hears "not handled" from the sender dropped
        if let Some(Ack::Mark { intake, id }) = self.0.take() {
            intake.done(id);
        }
    }
}

/// Who sent an update (their queue in the chat's lane) and where a note
/// for them goes.
pub struct Sender {
    /// The chat's lane.
    pub lane: String,
    /// Their platform id (a channel's, for a post in its name).
    pub id: String,
    pub lang: Option<String>,
    /// Where they asked (`None`: nowhere to answer — an inline query, a
    /// bot).
    pub origin: Option<Origin>,
}

impl Hub {
    /// Queue an update's handling on its chat's lane, in the queue of its
    /// sender: `work` gets `handled` in its turn. An update the lanes
    /// refuse (the sender's quota or rate, or the chat's bound) is dropped
    /// on purpose and counts as handled (`done`: the mark moves on, a
    /// webhook's request is answered); the sender hears it by the
    /// deliverer's rules ([`Hub::tell_shed`], which counts and logs every
    /// drop).
    pub fn take_update<F, Fut>(
        &self,
        platform: Platform,
        from: Sender,
        label: String,
        handled: Handled,
        work: F,
    ) where
        F: FnOnce(Handled) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        // the work gets `handled` through a slot this side can take back
        // when the lanes refuse the work
        let slot = Arc::new(Mutex::new(Some(handled)));
        let theirs = Arc::clone(&slot);
        let queued = async move {
            let handled = theirs.lock().unwrap_or_else(|p| p.into_inner()).take();
            if let Some(handled) = handled {
                work(handled).await;
            }
        };
        if let Err(shed) = self.queue_update(platform, &from.lane, &from.id, label, queued) {
            if let Some(handled) = slot.lock().unwrap_or_else(|p| p.into_inner()).take() {
                handled.done();
            }
            if let Some(origin) = from.origin {
                self.tell_shed(platform, &shed, &from.id, from.lang.as_deref(), origin);
            }
        }
    }
}

impl Hub {
    /// Run `event` through the core in its chat's lane (in its user's
    /// queue; `label` names it in the log) and deliver its outcome to
    /// `origin` ([`Hub::answer`]: its AI moves go to the hub even when
    /// answering fails, so no game waits for a move nobody makes) —
    /// "something went wrong" when the core failed, nothing when the work
    /// was dropped (it panicked, or the process stops). Whether the lanes
    /// took it, at once; the delivery, once awaited. An update the lanes
    /// refuse (a flood: nothing runs) goes to the deliverer all the same
    /// ([`Hub::tell_shed`]: the user may be told to slow down; a press is
    /// answered either way).
    pub fn serve_in_lane(
        &self,
        platform: Platform,
        event: crate::core::Event,
        origin: Origin,
        label: String,
    ) -> (bool, impl Future<Output = ()>) {
        let (tx, handling) = oneshot::channel();
        let (hub, user, lang) = (self.clone(), event.user.id.clone(), event.user.lang.clone());
        let work = async move {
            let _ = tx.send(hub.serve(event).await);
        };
        let queued = self.queue_update(platform, &origin.chat, &user, label, work);
        let (hub, taken) = (self.clone(), queued.is_ok());
        let delivered = async move {
            let delivery = match queued {
                Ok(()) => {
                    let out = handling.await.unwrap_or_else(|e| {
                        tracing::error!(error = %e, platform = platform.key(), "handling an update was dropped");
                        Default::default()
                    });
                    hub.answer(out, platform, origin)
                }
                Err(shed) => hub.tell_shed(platform, &shed, &user, lang.as_deref(), origin),
            };
            delivery.wait().await
        };
        (taken, delivered)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Telegram's bounds (getUpdates returns 100 at most).
    const HOLD_IDS: i64 = 50;
    const HOLD_FOR: Duration = Duration::from_secs(20);

    #[test]
    fn the_offset_waits_for_updates_being_handled_within_bounds() {
        let t0 = Instant::now();
        let mut o = Watermark::new(HOLD_IDS, HOLD_FOR);
        assert_eq!(o.mark(t0), 0);
        for id in 10..13 {
            assert!(o.take(id, t0));
        }
        // a batch that repeats them takes nothing
        assert!(!o.take(11, t0));
        o.done(10);
        o.done(12);
        // 11 is still being handled: the offset waits for it
        assert_eq!(o.mark(t0), 11);
        assert!(o.holding());
        o.done(11);
        assert_eq!(o.mark(t0), 13);
        assert!(!o.holding());
        // one stuck update holds the offset only for a while ...
        assert!(o.take(13, t0));
        assert_eq!(o.mark(t0 + HOLD_FOR / 2), 13);
        assert_eq!(o.mark(t0 + HOLD_FOR), 14);
        // ... and never goes back
        o.done(13);
        assert_eq!(o.mark(t0 + HOLD_FOR), 14);
        // or for so many updates after it
        let t1 = t0 + HOLD_FOR;
        assert!(o.take(14, t1));
        for id in 15..14 + HOLD_IDS {
            assert!(o.take(id, t1));
            o.done(id);
        }
        assert_eq!(o.mark(t1), 14);
        assert!(o.take(14 + HOLD_IDS, t1));
        o.done(14 + HOLD_IDS);
        assert_eq!(o.mark(t1), 15 + HOLD_IDS);
    }

    #[test]
    fn a_handled_update_is_acknowledged_also_when_its_work_is_dropped() {
        let t0 = Instant::now();
        let intake = Arc::new(Intake::new(HOLD_IDS, HOLD_FOR));
        assert!(intake.take(1, t0) && intake.take(2, t0));
        let (one, two) = (
            Handled::marked(Arc::clone(&intake), 1),
            Handled::marked(Arc::clone(&intake), 2),
        );
        assert_eq!(intake.mark(t0), (1, true));
        one.done();
        assert_eq!(intake.mark(t0), (2, true));
        drop(two); // its work panicked: the mark moves on all the same
        assert_eq!(intake.mark(t0), (3, false));
        // a request hears "handled" only from done
        let (tx, mut rx) = oneshot::channel();
        Handled::requested(tx).done();
        assert_eq!(rx.try_recv(), Ok(()));
        let (tx, mut rx) = oneshot::channel();
        drop(Handled::requested(tx));
        assert!(rx.try_recv().is_err());
    }
}
