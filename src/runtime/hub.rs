//! The [`Hub`]: what every adapter shares. Events go in (the service's
//! blocking calls run off the async threads), replies come out (to the
//! adapter that asked, or routed to the adapter of their platform), and the
//! jobs the service asks for (AI moves) run on a bounded pool of workers.
//! The hub is the only caller of [`Service::run_job`].

use super::shutdown::Tracker;
use crate::core::{Choice, Event, Job, Outcome, Platform, Reply, Service, ServiceError};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{mpsc, oneshot, watch, Notify, Semaphore};

/// Where replies for a platform go (the adapter's sender task reads it).
pub type ReplyTx = mpsc::UnboundedSender<Reply>;
pub type ReplyRx = mpsc::UnboundedReceiver<Reply>;

/// A request to the sweeper to sweep now; answered when the pass is done.
pub(super) type SweepRequest = oneshot::Sender<()>;

/// What every adapter shares (cheap to clone).
#[derive(Clone)]
pub struct Hub {
    pub(super) service: Arc<Service>,
    routes: Arc<Mutex<HashMap<Platform, ReplyTx>>>,
    /// Wakes the sweeper when deadlines may have changed.
    pub(super) wake: Arc<Notify>,
    /// The running sweeper's request line, if one runs.
    pub(super) sweeps: Arc<Mutex<Option<mpsc::UnboundedSender<SweepRequest>>>>,
    tracker: Tracker,
    /// One permit per AI worker: at most that many jobs think at once, the
    /// rest wait their turn (first come, first served).
    workers: Arc<Semaphore>,
    ai_workers: usize,
    /// Downtime credited to the deadlines at start, in seconds.
    pub(super) downtime: i64,
    shutdown: watch::Receiver<bool>,
}

/// The jobs of one [`Hub::spawn_jobs`] call, and the jobs they led to.
pub struct JobsDone(Tracker);

impl JobsDone {
    /// Wait until every one has run and its replies are routed.
    pub async fn wait(&self) {
        self.0.idle().await;
    }
}

/// The number of CPU cores (the default number of AI workers).
pub fn cpu_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl Hub {
    /// A hub with one AI worker per CPU core, and the sender that starts
    /// the shutdown (send `true`).
    pub fn new(service: Arc<Service>) -> (Hub, watch::Sender<bool>) {
        Hub::with_ai_workers(service, cpu_cores())
    }

    /// A hub with `n` AI workers (at least one).
    pub fn with_ai_workers(service: Arc<Service>, n: usize) -> (Hub, watch::Sender<bool>) {
        let n = n.max(1);
        let (tx, rx) = watch::channel(false);
        (
            Hub {
                service,
                routes: Arc::default(),
                wake: Arc::new(Notify::new()),
                sweeps: Arc::default(),
                tracker: Tracker::default(),
                workers: Arc::new(Semaphore::new(n)),
                ai_workers: n,
                downtime: 0,
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

    /// How many AI jobs may run at once.
    pub fn ai_workers(&self) -> usize {
        self.ai_workers
    }

    /// The downtime (seconds) the deadlines were extended by at start.
    pub fn downtime_credited(&self) -> i64 {
        self.downtime
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

    /// Run a service call on a blocking thread (a panic there panics here).
    pub(super) async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Service) -> T + Send + 'static,
    ) -> T {
        let svc = Arc::clone(&self.service);
        tokio::task::spawn_blocking(move || f(&svc))
            .await
            .unwrap_or_else(|e| std::panic::resume_unwind(e.into_panic()))
    }

    /// Handle an event on a blocking thread (one SQLite transaction). The
    /// caller sends the replies (it knows the update they answer) and hands
    /// the jobs to [`Hub::spawn_jobs`].
    pub async fn handle(&self, event: Event) -> Result<Outcome, ServiceError> {
        let out = self.blocking(move |svc| svc.handle(&event)).await;
        self.changed();
        out
    }

    /// Handle an event whose replies all go through the reply route: route
    /// them, start its jobs, and return a handle to wait for the jobs.
    pub async fn submit(&self, event: Event) -> Result<JobsDone, ServiceError> {
        let out = self.handle(event).await?;
        self.route(out.replies);
        Ok(self.spawn_jobs(out.jobs))
    }

    /// Every legal move of a game as a button (for menus of all moves).
    pub async fn legal_move_choices(&self, game_id: i64) -> Result<Vec<Choice>, ServiceError> {
        self.blocking(move |svc| svc.legal_move_choices(game_id))
            .await
    }

    /// The games in a chat where it is the user's turn, with their legal
    /// moves (for autocomplete).
    pub async fn moves_to_play(
        &self,
        platform: Platform,
        chat: String,
        user: String,
    ) -> Result<Vec<(i64, Vec<Choice>)>, ServiceError> {
        self.blocking(move |svc| svc.moves_to_play(platform, &chat, &user))
            .await
    }

    /// Send replies to the adapter of their platform (replies for a
    /// platform without a running adapter are logged and dropped).
    pub fn route(&self, replies: Vec<Reply>) {
        if replies.is_empty() {
            return;
        }
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

    /// Run jobs (AI moves) in the background on the worker pool; their
    /// replies are routed, and the jobs they ask for run in turn. The
    /// handle says when all of them are done (dropping it is fine).
    pub fn spawn_jobs(&self, jobs: Vec<Job>) -> JobsDone {
        let batch = Tracker::default();
        for job in jobs {
            self.spawn_job(job, &batch);
        }
        JobsDone(batch)
    }

    fn spawn_job(&self, job: Job, batch: &Tracker) {
        let guards = (self.tracker.enter(), batch.enter());
        let hub = self.clone();
        let batch = batch.clone();
        tokio::spawn(async move {
            let _guards = guards;
            // the semaphore is never closed
            let Ok(permit) = Arc::clone(&hub.workers).acquire_owned().await else {
                return;
            };
            let svc = Arc::clone(&hub.service);
            let res = tokio::task::spawn_blocking(move || svc.run_job(job)).await;
            drop(permit);
            match res {
                Ok(Ok(out)) => {
                    hub.route(out.replies);
                    for next in out.jobs {
                        hub.spawn_job(next, &batch);
                    }
                }
                Ok(Err(e)) => tracing::error!(?job, error = %e, "job failed"),
                Err(e) => tracing::error!(?job, error = %e, "job panicked"),
            }
            hub.changed();
        });
    }

    /// Ask the sweeper for a pass now (deadlines, reminders, scheduled
    /// jobs) and wait until its replies are routed. Returns at once when no
    /// sweeper runs.
    pub async fn sweep_now(&self) {
        let (tx, rx) = oneshot::channel();
        let sent = self
            .sweeps
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .is_some_and(|s| s.send(tx).is_ok());
        if sent {
            let _ = rx.await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Config, ServiceError, SystemClock, Target};
    use std::time::Duration;

    fn service(dir: &tempfile::TempDir) -> Arc<Service> {
        let config = Config {
            ai_max_movetime: Duration::from_millis(20),
            board_size: 160,
            ..Config::default()
        };
        Arc::new(
            Service::open(&dir.path().join("t.sqlite"), config, Arc::new(SystemClock)).unwrap(),
        )
    }

    fn event(text: &str) -> Event {
        Event {
            platform: Platform::Console,
            chat: crate::core::ChatRef {
                id: "c".into(),
                title: None,
                is_private: false,
            },
            user: crate::core::UserRef {
                id: "anna".into(),
                name: "Anna".into(),
                handle: Some("anna".into()),
                lang: Some("en".into()),
                is_admin: false,
            },
            input: crate::core::Input::Text(text.into()),
            update_id: None,
            bare_moves: true,
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn submitted_events_reply_through_the_route_and_wait_for_the_ai(
    ) -> Result<(), ServiceError> {
        let dir = tempfile::tempdir().unwrap();
        let (hub, _stop) = Hub::with_ai_workers(service(&dir), 1);
        assert_eq!(hub.ai_workers(), 1);
        let mut rx = hub.register(Platform::Console);
        // the AI plays White: its first move is a job
        let done = hub.submit(event("/challenge ai 1 black")).await?;
        tokio::time::timeout(Duration::from_secs(30), done.wait())
            .await
            .expect("the AI moved");
        let mut texts = Vec::new();
        while let Ok(r) = rx.try_recv() {
            assert_eq!(r.target, Target::Chat("c".into()));
            texts.push(r.text);
        }
        assert!(texts[0].contains("Game #1"), "{texts:?}");
        assert!(texts.len() >= 2, "the AI's move came through the route");
        assert_eq!(hub.tracker().in_flight(), 0);
        Ok(())
    }

    #[tokio::test]
    async fn sweep_now_without_a_sweeper_returns() {
        let dir = tempfile::tempdir().unwrap();
        let (hub, _stop) = Hub::new(service(&dir));
        assert!(hub.ai_workers() >= 1);
        tokio::time::timeout(Duration::from_secs(1), hub.sweep_now())
            .await
            .expect("no sweeper: no wait");
    }
}
