//! Stopping: the stop signal (Ctrl-C, SIGTERM), the shutdown flag every
//! task watches, and the [`Tracker`] that counts work in flight so the
//! shutdown can let it finish.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{watch, Notify};

/// Counts tasks in flight so shutdown (or a caller) can wait for them.
#[derive(Clone, Default)]
pub struct Tracker(Arc<(AtomicUsize, Notify)>);

/// Held while a task is in flight.
pub struct TrackGuard(Tracker);

impl Tracker {
    pub fn enter(&self) -> TrackGuard {
        self.0 .0.fetch_add(1, Ordering::SeqCst);
        TrackGuard(self.clone())
    }

    pub fn in_flight(&self) -> usize {
        self.0 .0.load(Ordering::SeqCst)
    }

    /// Wait until nothing is in flight.
    pub async fn idle(&self) {
        loop {
            // registered before the check: a guard dropped in between
            // still wakes it
            let notified = self.0 .1.notified();
            if self.in_flight() == 0 {
                return;
            }
            notified.await;
        }
    }

    /// Wait until nothing is in flight or the timeout passes; whether it is
    /// idle.
    pub async fn wait_idle(&self, timeout: Duration) -> bool {
        tokio::time::timeout(timeout, self.idle()).await.is_ok()
    }
}

impl Drop for TrackGuard {
    fn drop(&mut self) {
        self.0 .0 .0.fetch_sub(1, Ordering::SeqCst);
        self.0 .0 .1.notify_waiters();
    }
}

/// Resolves when the shutdown flag turns true (or its sender is gone).
pub async fn stopped(rx: &mut watch::Receiver<bool>) {
    let _ = rx.wait_for(|s| *s).await;
}

/// Wait for Ctrl-C or SIGTERM.
pub async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => tracing::info!("Ctrl-C: shutting down"),
        _ = term => tracing::info!("SIGTERM: shutting down"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn tracker_waits_for_guards() {
        let t = Tracker::default();
        let g = t.enter();
        assert_eq!(t.in_flight(), 1);
        assert!(!t.wait_idle(Duration::from_millis(20)).await);
        let t2 = t.clone();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(20)).await;
            drop(g);
        });
        assert!(t2.wait_idle(Duration::from_secs(5)).await);
        t2.idle().await;
    }
}
