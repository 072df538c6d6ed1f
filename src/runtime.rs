//! The bot process: the adapters that have a token, the deadline sweeper
//! (with its scheduled jobs) and the heartbeat, in one tokio runtime; Ctrl-C / SIGTERM
//! stops taking updates, lets in-flight handlers and AI moves finish, and
//! writes a final heartbeat.
//!
//! [`Hub`] is what adapters share: it runs the service's blocking calls off
//! the async threads, runs the jobs (AI moves) the service asks for, routes
//! replies that did not come from an adapter's own update (sweeper, AI moves,
//! scheduled jobs) to the adapter of their platform, and wakes the sweeper when
//! something may have changed its next deadline.

use crate::config::FileConfig;
use crate::core::{Event, Job, Outcome, Platform, Reply, Service, ServiceError};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, watch, Notify};

/// Where replies for a platform go (the adapter's sender task reads it).
pub type ReplyTx = mpsc::UnboundedSender<Reply>;
pub type ReplyRx = mpsc::UnboundedReceiver<Reply>;

/// A job the sweeper runs when it is due (the daily puzzle posts and the
/// like): `next` says when (Unix seconds; `None`: nothing pending), `run`
/// does it and returns the replies to send. Both run on a blocking thread,
/// after the sweep; the sweeper sleeps until the earliest of all.
#[derive(Clone)]
pub struct Scheduled {
    pub name: &'static str,
    pub next: WhenDue,
    pub run: JobRun,
}

/// When a scheduled job is next due (Unix seconds), if at all.
pub type WhenDue = Arc<dyn Fn(&Service) -> Option<i64> + Send + Sync>;
/// A scheduled job's work: the replies to send.
pub type JobRun = Arc<dyn Fn(&Service) -> Vec<Reply> + Send + Sync>;

/// Counts tasks in flight so shutdown can wait for them.
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
    /// Wait until nothing is in flight (or the timeout passes).
    pub async fn wait_idle(&self, timeout: Duration) -> bool {
        let until = tokio::time::Instant::now() + timeout;
        loop {
            let notified = self.0 .1.notified();
            if self.in_flight() == 0 {
                return true;
            }
            if tokio::time::timeout_at(until, notified).await.is_err() {
                return self.in_flight() == 0;
            }
        }
    }
}

impl Drop for TrackGuard {
    fn drop(&mut self) {
        self.0 .0 .0.fetch_sub(1, Ordering::SeqCst);
        self.0 .0 .1.notify_waiters();
    }
}

/// What the adapters share.
#[derive(Clone)]
pub struct Hub {
    pub service: Arc<Service>,
    routes: Arc<Mutex<HashMap<Platform, ReplyTx>>>,
    wake: Arc<Notify>,
    tracker: Tracker,
    shutdown: watch::Receiver<bool>,
}

impl Hub {
    /// A hub and the sender that starts the shutdown (send `true`).
    pub fn new(service: Arc<Service>) -> (Hub, watch::Sender<bool>) {
        let (tx, rx) = watch::channel(false);
        (
            Hub {
                service,
                routes: Arc::default(),
                wake: Arc::new(Notify::new()),
                tracker: Tracker::default(),
                shutdown: rx,
            },
            tx,
        )
    }

    /// Register a platform's adapter: replies for it arrive on the receiver.
    pub fn register(&self, platform: Platform) -> ReplyRx {
        let (tx, rx) = mpsc::unbounded_channel();
        self.routes
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(platform, tx);
        rx
    }

    pub fn tracker(&self) -> &Tracker {
        &self.tracker
    }

    /// A receiver that turns `true` when the process is stopping.
    pub fn shutdown(&self) -> watch::Receiver<bool> {
        self.shutdown.clone()
    }

    pub fn is_shutting_down(&self) -> bool {
        *self.shutdown.borrow()
    }

    /// Tell the sweeper that deadlines may have changed.
    pub fn changed(&self) {
        self.wake.notify_one();
    }

    /// Handle an event on a blocking thread (one SQLite transaction).
    pub async fn handle(&self, event: Event) -> Result<Outcome, ServiceError> {
        let svc = Arc::clone(&self.service);
        let out = tokio::task::spawn_blocking(move || svc.handle(&event))
            .await
            .unwrap_or_else(|e| std::panic::resume_unwind(e.into_panic()));
        self.changed();
        out
    }

    /// Send replies to the adapters of their platforms (replies for a
    /// platform without a running adapter are logged and dropped).
    pub fn route(&self, replies: Vec<Reply>) {
        let routes = self.routes.lock().unwrap_or_else(|p| p.into_inner());
        for r in replies {
            match routes.get(&r.platform) {
                Some(tx) => {
                    if tx.send(r).is_err() {
                        tracing::warn!("adapter stopped: a reply was dropped");
                    }
                }
                None => tracing::debug!(platform = r.platform.key(), "no adapter for a reply"),
            }
        }
    }

    /// Run jobs (AI moves) in the background, each on a blocking thread;
    /// their replies are routed, and the jobs they ask for run in turn.
    pub fn spawn_jobs(&self, jobs: Vec<Job>) {
        for job in jobs {
            let hub = self.clone();
            let guard = self.tracker.enter();
            tokio::spawn(async move {
                let _guard = guard;
                let mut queue = vec![job];
                while let Some(job) = queue.pop() {
                    let svc = Arc::clone(&hub.service);
                    match tokio::task::spawn_blocking(move || svc.run_job(job)).await {
                        Ok(Ok(out)) => {
                            hub.route(out.replies);
                            queue.extend(out.jobs);
                        }
                        Ok(Err(e)) => tracing::error!(?job, error = %e, "job failed"),
                        Err(e) => tracing::error!(?job, error = %e, "job panicked"),
                    }
                    hub.changed();
                }
            });
        }
    }
}

/// Resolves when the shutdown flag turns true (or its sender is gone).
pub async fn stopped(rx: &mut watch::Receiver<bool>) {
    let _ = rx.wait_for(|s| *s).await;
}

/// Sleep until the next due item (or a change, or a minute), then sweep,
/// run the scheduled jobs that are due, and route what they say. Stops at
/// shutdown.
pub async fn sweeper(hub: Hub, scheduled: Vec<Scheduled>) {
    let mut stop = hub.shutdown();
    loop {
        let svc = Arc::clone(&hub.service);
        let jobs = scheduled.clone();
        let swept = tokio::task::spawn_blocking(move || {
            let mut out = match svc.sweep() {
                Ok(r) => r,
                Err(e) => {
                    tracing::error!(error = %e, "sweep failed");
                    Vec::new()
                }
            };
            for j in &jobs {
                if (j.next)(&svc).is_some_and(|t| t <= svc.now()) {
                    tracing::info!(job = j.name, "scheduled job due");
                    out.extend((j.run)(&svc));
                }
            }
            let mut next = svc.next_wakeup().unwrap_or_else(|e| {
                tracing::error!(error = %e, "next_wakeup failed");
                None
            });
            for j in &jobs {
                if let Some(t) = (j.next)(&svc) {
                    next = Some(next.map_or(t, |n| n.min(t)));
                }
            }
            (out, next, svc.now())
        })
        .await;
        let wait = match swept {
            Ok((replies, next, now)) => {
                if !replies.is_empty() {
                    tracing::info!(n = replies.len(), "sweeper: reminders, timeouts, expiries");
                }
                hub.route(replies);
                match next {
                    Some(at) => Duration::from_secs((at - now).clamp(0, 60) as u64),
                    None => Duration::from_secs(60),
                }
            }
            Err(e) => {
                tracing::error!(error = %e, "sweep panicked");
                Duration::from_secs(60)
            }
        };
        // a due item: sweep at once (but not in a tight loop if it stays due)
        let wait = wait.max(Duration::from_millis(200));
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = hub.wake.notified() => {
                // let a burst of changes settle
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            _ = stopped(&mut stop) => return,
        }
    }
}

/// Write a heartbeat every `every` (the core measures downtime with it).
pub async fn heartbeat(hub: Hub, every: Duration) {
    let mut stop = hub.shutdown();
    loop {
        let svc = Arc::clone(&hub.service);
        if let Ok(Err(e)) = tokio::task::spawn_blocking(move || svc.heartbeat()).await {
            tracing::error!(error = %e, "heartbeat failed");
        }
        tokio::select! {
            _ = tokio::time::sleep(every) => {}
            _ = crate::runtime::stopped(&mut stop) => return,
        }
    }
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

/// Options of [`run`] beyond the config file.
#[derive(Default)]
pub struct RunOptions {
    /// Jobs the sweeper runs when they say they are due (daily puzzle posts
    /// at each chat's own time, and the like).
    pub scheduled: Vec<Scheduled>,
}

/// Run the bot until `stop` resolves: every adapter that has a token, the
/// sweeper and the heartbeat. Returns when everything has
/// stopped and the final heartbeat is written.
pub async fn run(
    config: FileConfig,
    service: Arc<Service>,
    opts: RunOptions,
    stop: impl std::future::Future<Output = ()>,
) -> anyhow::Result<()> {
    let credited = {
        let svc = Arc::clone(&service);
        tokio::task::spawn_blocking(move || svc.recover()).await??
    };
    if credited > 0 {
        tracing::info!(
            secs = credited,
            "the bot was down: running deadlines were extended"
        );
    }
    let (hub, stop_tx) = Hub::new(service);
    let mut adapters = tokio::task::JoinSet::new();
    if let Some(token) = config.telegram_token().cloned() {
        let opts = crate::adapters::telegram::TelegramOptions::from_config(&config.telegram);
        let rx = hub.register(Platform::Telegram);
        let h = hub.clone();
        adapters.spawn(async move {
            crate::adapters::telegram::run(h, token, opts, rx)
                .await
                .map_err(|e| anyhow::anyhow!("telegram: {e}"))
        });
    }
    if let Some(token) = config.discord_token().cloned() {
        let opts = crate::adapters::discord::DiscordOptions::from_config(&config.discord);
        let rx = hub.register(Platform::Discord);
        let h = hub.clone();
        adapters.spawn(async move {
            crate::adapters::discord::run(h, token, opts, rx)
                .await
                .map_err(|e| anyhow::anyhow!("discord: {e}"))
        });
    }
    if adapters.is_empty() {
        anyhow::bail!(
            "no adapter to start: set [telegram] token or [discord] token in the config, \
             or SHASHKI_TELEGRAM_TOKEN / SHASHKI_DISCORD_TOKEN"
        );
    }
    let background = [
        tokio::spawn(sweeper(hub.clone(), opts.scheduled)),
        tokio::spawn(heartbeat(hub.clone(), Duration::from_secs(30))),
    ];
    let mut failed = None;
    tokio::select! {
        _ = stop => {}
        Some(res) = adapters.join_next() => {
            // an adapter ended by itself: that is an error (bad token, ...)
            match res {
                Ok(Ok(())) => tracing::warn!("an adapter stopped"),
                Ok(Err(e)) => { tracing::error!(error = %e, "adapter failed"); failed = Some(e); }
                Err(e) => { tracing::error!(error = %e, "adapter panicked"); failed = Some(anyhow::anyhow!("adapter panicked: {e}")); }
            }
        }
    }
    // stop taking updates; let handlers and AI moves in flight finish
    let _ = stop_tx.send(true);
    let drained = hub.tracker().wait_idle(Duration::from_secs(30)).await;
    if !drained {
        tracing::warn!(
            n = hub.tracker().in_flight(),
            "tasks still running at shutdown"
        );
    }
    // adapters flush their queued replies and return
    let _ = tokio::time::timeout(Duration::from_secs(10), async {
        while adapters.join_next().await.is_some() {}
    })
    .await;
    adapters.abort_all();
    for b in background {
        let _ = tokio::time::timeout(Duration::from_secs(5), b).await;
    }
    let svc = Arc::clone(&hub.service);
    tokio::task::spawn_blocking(move || svc.heartbeat()).await??;
    tracing::info!("stopped");
    match failed {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_sweeper_runs_scheduled_jobs_when_due() {
        use crate::core::{Config, SystemClock, Target};
        use std::sync::atomic::AtomicBool;
        let dir = tempfile::tempdir().unwrap();
        let svc = Service::open(
            &dir.path().join("t.sqlite"),
            Config::default(),
            Arc::new(SystemClock),
        )
        .unwrap();
        let (hub, stop) = Hub::new(Arc::new(svc));
        let mut rx = hub.register(Platform::Console);
        let done = Arc::new(AtomicBool::new(false));
        let d = Arc::clone(&done);
        let job = Scheduled {
            name: "test",
            // due now until it has run
            next: Arc::new(move |s: &Service| (!d.load(Ordering::SeqCst)).then(|| s.now())),
            run: Arc::new({
                let done = Arc::clone(&done);
                move |_s: &Service| {
                    done.store(true, Ordering::SeqCst);
                    vec![Reply {
                        platform: Platform::Console,
                        target: Target::Chat("c".into()),
                        text: "daily".into(),
                        image: None,
                        diagram: None,
                        choices: vec![],
                        mentions: vec![],
                        game_id: None,
                        document: None,
                    }]
                }
            }),
        };
        let task = tokio::spawn(sweeper(hub.clone(), vec![job]));
        let r = tokio::time::timeout(Duration::from_secs(10), rx.recv())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(r.text, "daily");
        stop.send(true).unwrap();
        tokio::time::timeout(Duration::from_secs(5), task)
            .await
            .unwrap()
            .unwrap();
        assert!(rx.try_recv().is_err(), "ran once");
    }

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
    }
}
