//! getUpdates: the updates taken, queued in their chats' lanes, and
//! confirmed once handled.

use crate::core::Platform;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use teloxide::payloads::GetUpdatesSetters;
use teloxide::requests::Requester;
use teloxide::types::{AllowedUpdate, Update};
use teloxide::RequestError;

use super::Telegram;

/// How many updates past one still being handled may come in before the
/// offset moves past it anyway (getUpdates returns 100 at most).
pub(super) const HOLD_IDS: i32 = 50;
/// How long an update not yet handled holds the offset back.
pub(super) const HOLD_FOR: Duration = Duration::from_secs(20);

/// The getUpdates offset: updates are taken in order, handled in their
/// chats' lanes, and confirmed once handled — an update still waiting in a
/// slow chat's lane holds the offset back (within [`HOLD_IDS`] and
/// [`HOLD_FOR`]), so a crash does not lose it. The offset never goes back.
#[derive(Debug, Default)]
pub(super) struct Offsets {
    /// The last offset asked for.
    confirmed: i32,
    /// One past the highest update taken.
    next: i32,
    /// Updates taken and not yet handled, with when they were taken.
    pending: BTreeMap<i32, Instant>,
}

impl Offsets {
    /// Take update `id`, unless it was taken before (a batch that repeats
    /// updates still being handled).
    pub(super) fn take(&mut self, id: i32, now: Instant) -> bool {
        if id < self.next || id < self.confirmed {
            return false;
        }
        self.next = id + 1;
        self.pending.insert(id, now);
        true
    }

    pub(super) fn done(&mut self, id: i32) {
        self.pending.remove(&id);
    }

    /// The offset to ask with.
    pub(super) fn offset(&mut self, now: Instant) -> i32 {
        let held = self
            .pending
            .iter()
            .find(|(id, at)| self.next - **id <= HOLD_IDS && now.duration_since(**at) < HOLD_FOR)
            .map(|(id, _)| *id);
        self.confirmed = held.unwrap_or(self.next).max(self.confirmed);
        self.confirmed
    }

    /// Whether the offset is held back by an update still being handled.
    pub(super) fn holding(&self) -> bool {
        self.confirmed < self.next
    }
}

/// The updates polling asks for (and setWebhook, in webhook mode).
pub(super) fn allowed_updates() -> Vec<AllowedUpdate> {
    vec![
        AllowedUpdate::Message,
        AllowedUpdate::CallbackQuery,
        AllowedUpdate::InlineQuery,
    ]
}

/// An update taken, until it is handled: its state committed (or the
/// update deliberately dropped: nothing for the bot, a sender over their
/// quota). [`Handled::done`] says so; where the update came from hears it:
///
/// - polled: the offset may move past it — also when it is dropped
///   without `done` (its work panicked), so one bad update cannot hold the
///   offset for ever;
/// - by webhook: the request is answered 200 — only by `done`; dropped
///   without it (a panic, a stop before its turn) the request is answered
///   503 and Telegram delivers the update again (the core skips it if it
///   was stored after all).
pub(super) struct Handled(Option<Ack>);

enum Ack {
    Poll { tg: Arc<Telegram>, id: i32 },
    Hook(tokio::sync::oneshot::Sender<()>),
}

impl Handled {
    pub(super) fn polled(tg: Arc<Telegram>, id: i32) -> Handled {
        Handled(Some(Ack::Poll { tg, id }))
    }

    pub(super) fn hooked(tx: tokio::sync::oneshot::Sender<()>) -> Handled {
        Handled(Some(Ack::Hook(tx)))
    }

    /// The update is handled (committed) or deliberately dropped.
    pub(super) fn done(mut self) {
        match self.0.take() {
            Some(Ack::Poll { tg, id }) => Self::confirm(&tg, id),
            Some(Ack::Hook(tx)) => {
                let _ = tx.send(()); // (the request may have gone)
            }
            None => {}
        }
    }

    fn confirm(tg: &Telegram, id: i32) {
        tg.offsets
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .done(id);
        tg.handled.notify_one();
    }
}

impl Drop for Handled {
    fn drop(&mut self) {
        // a webhook's request hears "not handled" from the sender dropped
        if let Some(Ack::Poll { tg, id }) = self.0.take() {
            Self::confirm(&tg, id);
        }
    }
}

impl Telegram {
    /// getUpdates until shutdown. Each new update goes to its chat's lane
    /// at once (a chat with too many waiting drops it); the offset confirms
    /// the updates handled (see [`Offsets`]).
    pub(super) async fn poll_loop(self: Arc<Self>) -> anyhow::Result<()> {
        let mut stop = self.hub.shutdown();
        let mut backoff = Duration::from_millis(500);
        let timeout = self.opts.poll_timeout.as_secs() as u32;
        loop {
            if *stop.borrow() {
                return Ok(());
            }
            let (offset, holding) = {
                let mut o = self.offsets.lock().unwrap_or_else(|p| p.into_inner());
                let offset = o.offset(Instant::now());
                (offset, o.holding())
            };
            // while an update is being handled below the offset, Telegram
            // returns it at once: ask without waiting, and pace the asking
            let req = self
                .bot
                .get_updates()
                .offset(offset)
                .timeout(if holding { 0 } else { timeout })
                .allowed_updates(allowed_updates());
            let updates = tokio::select! {
                r = req => r,
                _ = crate::runtime::stopped(&mut stop) => return Ok(()),
            };
            let updates = match updates {
                Ok(u) => {
                    backoff = Duration::from_millis(500);
                    // /healthz (issue 22): polling works
                    self.hub.set_connected(Platform::Telegram, true);
                    u
                }
                Err(RequestError::Api(teloxide::ApiError::InvalidToken)) => {
                    anyhow::bail!("the token was rejected");
                }
                Err(e) => {
                    tracing::warn!(error = %e, "telegram: getUpdates failed; retrying");
                    self.hub.set_connected(Platform::Telegram, false);
                    tokio::select! {
                        _ = tokio::time::sleep(backoff) => {}
                        _ = crate::runtime::stopped(&mut stop) => return Ok(()),
                    }
                    backoff = (backoff * 2).min(Duration::from_secs(30));
                    continue;
                }
            };
            let mut fresh = 0;
            for u in updates {
                let id = u.id.0 as i32;
                let taken = self
                    .offsets
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .take(id, Instant::now());
                if taken {
                    fresh += 1;
                    self.dispatch(u, id, Handled::polled(Arc::clone(&self), id));
                }
            }
            if fresh == 0 && holding {
                // only updates still being handled came back: wait for one
                // to be done, or a moment
                tokio::select! {
                    _ = self.handled.notified() => {}
                    _ = tokio::time::sleep(Duration::from_millis(200)) => {}
                    _ = crate::runtime::stopped(&mut stop) => return Ok(()),
                }
            }
        }
    }

    /// Queue an update on its chat's lane, in the queue of its sender
    /// (`handled` says when it is handled: see [`Handled`]). A dropped
    /// update (the sender's quota or rate, or the chat's bound) is the
    /// hub's to tell (`Hub::tell_shed`; it counts and logs every drop);
    /// it counts as handled.
    pub(super) fn dispatch(self: &Arc<Self>, u: Update, id: i32, handled: Handled) {
        let Some(from) = Self::sender(&u) else {
            handled.done(); // nothing for us
            return;
        };
        // the work gets `handled` through a slot this side can take back
        // when the lanes refuse the work
        let slot = Arc::new(std::sync::Mutex::new(Some(handled)));
        let tg = Arc::clone(self);
        let theirs = Arc::clone(&slot);
        let work = async move {
            let handled = theirs.lock().unwrap_or_else(|p| p.into_inner()).take();
            if let Some(handled) = handled {
                tg.on_update(u, handled).await;
            }
        };
        if let Err(shed) = self.hub.queue_update(
            Platform::Telegram,
            &from.lane,
            &from.id,
            format!("update {id}"),
            work,
        ) {
            // dropped on purpose: handled (the offset moves on, a webhook
            // request is answered); the sender hears it by the deliverer's
            // rules
            if let Some(handled) = slot.lock().unwrap_or_else(|p| p.into_inner()).take() {
                handled.done();
            }
            if let Some(origin) = from.origin {
                self.hub.tell_shed(
                    Platform::Telegram,
                    &shed,
                    &from.id,
                    from.lang.as_deref(),
                    origin,
                );
            }
        }
    }
}
