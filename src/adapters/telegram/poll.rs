//! getUpdates: the updates taken, queued in their chats' lanes, and
//! confirmed once handled.

use crate::core::Platform;
use crate::runtime::intake::Handled;
use std::sync::Arc;
use std::time::{Duration, Instant};
use teloxide::payloads::GetUpdatesSetters;
use teloxide::requests::Requester;
use teloxide::types::{AllowedUpdate, Update};
use teloxide::RequestError;

use super::Telegram;

/// How many updates past one still being handled may come in before the
/// offset moves past it anyway (getUpdates returns 100 at most).
pub(super) const HOLD_IDS: i64 = 50;
/// How long an update not yet handled holds the offset back.
pub(super) const HOLD_FOR: Duration = Duration::from_secs(20);

/// The updates polling asks for (and setWebhook, in webhook mode).
pub(super) fn allowed_updates() -> Vec<AllowedUpdate> {
    vec![
        AllowedUpdate::Message,
        AllowedUpdate::CallbackQuery,
        AllowedUpdate::InlineQuery,
    ]
}

impl Telegram {
    /// getUpdates until shutdown. Each new update goes to its chat's lane
    /// at once (a chat with too many waiting drops it); the offset confirms
    /// the updates handled (the runtime's [`Watermark`], within
    /// [`HOLD_IDS`] and [`HOLD_FOR`]), so a crash does not lose one still
    /// waiting in a slow chat's lane.
    ///
    /// [`Watermark`]: crate::runtime::intake::Watermark
    pub(super) async fn poll_loop(self: Arc<Self>) -> anyhow::Result<()> {
        let mut stop = self.hub.shutdown();
        let mut backoff = Duration::from_millis(500);
        let timeout = self.opts.poll_timeout.as_secs() as u32;
        loop {
            if *stop.borrow() {
                return Ok(());
            }
            let (offset, holding) = self.intake.mark(Instant::now());
            // the mark is an update id Telegram gave (a u32)
            let offset = i32::try_from(offset).unwrap_or(i32::MAX);
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
                if self.intake.take(i64::from(id), Instant::now()) {
                    fresh += 1;
                    let handled = Handled::marked(Arc::clone(&self.intake), i64::from(id));
                    self.dispatch(u, id, handled);
                }
            }
            if fresh == 0 && holding {
                // only updates still being handled came back: wait for one
                // to be done, or a moment
                tokio::select! {
                    _ = self.intake.handled() => {}
                    _ = tokio::time::sleep(Duration::from_millis(200)) => {}
                    _ = crate::runtime::stopped(&mut stop) => return Ok(()),
                }
            }
        }
    }

    /// Queue an update on its chat's lane, in the queue of its sender
    /// (`handled` says when it is handled: see [`Handled`]; a dropped
    /// update is the hub's to tell and counts as handled:
    /// [`crate::runtime::Hub::take_update`]).
    pub(super) fn dispatch(self: &Arc<Self>, u: Update, id: i32, handled: Handled) {
        let Some(from) = Self::sender(&u) else {
            handled.done(); // nothing for us
            return;
        };
        let tg = Arc::clone(self);
        let work = move |handled| async move { tg.on_update(u, handled).await };
        let label = format!("update {id}");
        self.hub
            .take_update(Platform::Telegram, from, label, handled, work);
    }
}
