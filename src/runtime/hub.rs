//! The [`Hub`]: what every adapter shares. Events go in (the service's
//! blocking calls run off the async threads), replies come out through the
//! deliverer ([`super::deliver`]: each chat's in its own delivery queue,
//! through its platform's transport), and the jobs the service asks for (AI
//! moves) run on a bounded pool of workers.
//! The hub is the only caller of [`Service::run_job`].
//!
//! Failures stay where they happen: a service call that fails or panics is
//! logged (with the update it was handling) and comes back as an error, or
//! as a short "something went wrong" for the person ([`Hub::serve`]); a job
//! that fails or panics is logged and tried again with backoff; the updates
//! of one chat are handled in its own lane ([`Hub::queue_update`]), so a
//! slow chat delays nobody else.

use super::deliver::{Deliverer, Delivery, ServiceLedger};
use super::health::Health;
use super::lanes::{panic_message, DropCounts, LaneKey, LaneLimits, Lanes, Shed, ShedReason, Work};
use super::metrics::{Depths, Metrics, Mover};
use super::shutdown::{stopped, Tracker};
use super::transport::{ChannelTransport, Origin, Transport};
use crate::core::i18n::{Catalog, Lang};
use crate::core::{
    Choice, Event, Job, Outcome, Platform, Reply, Service, ServiceError, Target, UserRef,
};
use crate::core::{GameId, Ply};
use crate::store;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot, watch, Notify, Semaphore};

/// Replies handed over as they are ([`Hub::register`]).
pub type ReplyTx = mpsc::UnboundedSender<Reply>;
pub type ReplyRx = mpsc::UnboundedReceiver<Reply>;

/// A request to the sweeper to sweep now; answered when the pass is done.
pub(super) type SweepRequest = oneshot::Sender<()>;

/// How often a job that fails is tried in a row before it is put back in
/// the queue for later (a round failed).
const JOB_ATTEMPTS: u32 = 4;
/// The pause after a job's first failure (doubled after each).
const JOB_BACKOFF: Duration = Duration::from_secs(1);
/// The longest a job that keeps failing is left alone between rounds.
const JOB_GIVE_UP_MAX: Duration = Duration::from_secs(3600);
/// After this many rounds a failing job is given up for good
/// ([`Service::job_failed_for_good`]: an analysis ends its live message
/// with "could not be made").
const JOB_ROUNDS_FOR_GOOD: u32 = 3;

/// A job's identity: (game, ply) for an AI move, (game, none) for the
/// analysis of a game.
type JobKey = (GameId, Option<Ply>);

fn job_key(job: &Job) -> JobKey {
    match *job {
        Job::AiMove { game, ply } => (game, Some(ply)),
        Job::Analyse { game } => (game, None),
    }
}

/// The jobs queued or running in this process (each also claimed in the
/// database's queue, see [`Hub::spawn_jobs`]).
#[derive(Default)]
struct Jobs {
    in_flight: std::collections::HashSet<JobKey>,
}

/// How this process works beside others on one database
/// (docs/operations.md, "Several processes").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProcessOptions {
    /// How long the sweeper's lease lasts unrenewed (it is renewed at
    /// least every third of it): another process sweeps within this after
    /// the holder dies.
    pub lease: Duration,
    /// How long a claim on a job or on owed replies lasts unrenewed (jobs
    /// are extended while the engine thinks, replies while they wait in
    /// this process's queues): another process takes them over within this
    /// after the claimant dies.
    pub claim: Duration,
    /// How often the outbox is looked at for replies other processes wrote
    /// (a worker's AI moves), and the queue for jobs they wrote.
    pub poll: Duration,
}

impl Default for ProcessOptions {
    fn default() -> Self {
        ProcessOptions {
            lease: Duration::from_secs(30),
            claim: Duration::from_secs(30),
            poll: Duration::from_millis(300),
        }
    }
}

/// What every adapter shares (cheap to clone).
#[derive(Clone)]
pub struct Hub {
    pub(super) service: Arc<Service>,
    /// Every reply goes out through it (see [`super::deliver`]).
    deliverer: Arc<Deliverer>,
    /// Wakes the sweeper when deadlines may have changed.
    pub(super) wake: Arc<Notify>,
    /// The running sweeper's request line, if one runs.
    pub(super) sweeps: Arc<Mutex<Option<mpsc::UnboundedSender<SweepRequest>>>>,
    tracker: Tracker,
    /// One permit per AI worker: at most that many jobs think at once, the
    /// rest wait their turn (first come, first served).
    workers: Arc<Semaphore>,
    ai_workers: usize,
    jobs: Arc<Mutex<Jobs>>,
    /// Wakes the job pump ([`super::procs`]): a worker is free.
    pub(super) job_wake: Arc<Notify>,
    /// Leases, claims and polling (see [`ProcessOptions`]).
    procs: Arc<Mutex<ProcessOptions>>,
    lanes: Arc<Lanes>,
    catalog: Arc<Catalog>,
    /// Downtime credited to the deadlines at start, in seconds.
    pub(super) downtime: i64,
    shutdown: watch::Receiver<bool>,
    /// What `/metrics` shows.
    metrics: Arc<Metrics>,
    /// Whether each platform is connected (`/healthz`).
    health: Arc<Health>,
    /// Counts the changes handled (events, jobs): what the web board's
    /// live pages wait on ([`Hub::watch_changes`]).
    changes: Arc<watch::Sender<u64>>,
}

/// What [`Hub::handle_aside`] hands back.
#[derive(Debug, Clone, Default)]
pub struct Aside {
    /// The refusal's message id, when the event was refused.
    pub refused: Option<&'static str>,
    /// The texts for the acting person alone (the refusal's among them).
    pub told: Vec<String>,
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

/// Takes a job out of the in-flight set when its task ends (also when it
/// panics or is cancelled).
struct Claim {
    jobs: Arc<Mutex<Jobs>>,
    key: JobKey,
}

impl Drop for Claim {
    fn drop(&mut self) {
        self.jobs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .in_flight
            .remove(&self.key);
    }
}

impl Hub {
    /// A hub with one AI worker per CPU core, and the sender that starts
    /// the shutdown (send `true`).
    pub fn new(service: Arc<Service>) -> (Hub, watch::Sender<bool>) {
        Hub::with_ai_workers(service, cpu_cores())
    }

    /// A hub with `n` AI workers (0: it runs no job — a bot process whose
    /// engine work `shashki worker` processes do).
    pub fn with_ai_workers(service: Arc<Service>, n: usize) -> (Hub, watch::Sender<bool>) {
        let (tx, rx) = watch::channel(false);
        let tracker = Tracker::default();
        let ledger = Arc::new(ServiceLedger(Arc::clone(&service)));
        let metrics = Arc::new(Metrics::new());
        let deliverer = Deliverer::with_metrics(ledger, tracker.clone(), Arc::clone(&metrics));
        (
            Hub {
                service,
                deliverer,
                wake: Arc::new(Notify::new()),
                sweeps: Arc::default(),
                tracker,
                workers: Arc::new(Semaphore::new(n)),
                ai_workers: n,
                jobs: Arc::default(),
                job_wake: Arc::new(Notify::new()),
                procs: Arc::default(),
                lanes: Arc::default(),
                catalog: Arc::new(Catalog::new()),
                downtime: 0,
                shutdown: rx,
                metrics,
                health: Arc::default(),
                changes: Arc::new(watch::channel(0).0),
            },
            tx,
        )
    }

    /// Replies for `platform` handed over as they are, on the receiver (a
    /// front end that shows every reply as a message: the console, tests).
    pub fn register(&self, platform: Platform) -> ReplyRx {
        let (tx, rx) = mpsc::unbounded_channel();
        self.set_transport(Arc::new(ChannelTransport { platform, tx }));
        rx
    }

    /// The transport replies for its platform go out through (replacing
    /// one set before).
    /// It counts as connected (see [`Hub::set_connected`]).
    pub fn set_transport(&self, t: Arc<dyn Transport>) {
        let platform = t.platform();
        self.deliverer.set_transport(t);
        self.set_connected(platform, true);
    }

    /// Like [`Hub::set_transport`], for an adapter whose connection comes
    /// later (Discord's gateway): replies can go out, but the platform
    /// counts as disconnected until the adapter says it is up.
    pub fn attach_transport(&self, t: Arc<dyn Transport>) {
        self.deliverer.set_transport(t);
    }

    /// A transport for `platform` is coming: its replies wait for it
    /// (others are left owed in the outbox). Until it is set the platform
    /// counts as disconnected (`/healthz` answers 503).
    pub fn expect_transport(&self, platform: Platform) {
        self.deliverer.expect(platform);
        self.health.expect(platform);
        self.metrics.connected(platform, false);
    }

    /// An adapter says whether its platform is connected now (its polling
    /// or gateway works, or fails); `/healthz` answers 503 while a
    /// configured platform is not.
    pub fn set_connected(&self, platform: Platform, up: bool) {
        if self.health.set(platform, up) {
            if up {
                tracing::info!(platform = platform.key(), "connected");
            } else {
                tracing::warn!(platform = platform.key(), "disconnected");
            }
        }
        self.metrics.connected(platform, up);
    }

    /// `platform`'s connection has these parts (Discord's shards this
    /// process runs): it counts as connected only while every one is up
    /// ([`Hub::set_part_connected`]).
    pub fn expect_parts(&self, platform: Platform, parts: impl IntoIterator<Item = u32>) {
        self.health.expect_parts(platform, parts);
    }

    /// Part `part` (a shard) of `platform`'s connection is up or down;
    /// the platform is connected while all its parts are.
    pub fn set_part_connected(&self, platform: Platform, part: u32, up: bool) {
        let all = self.health.set_part(platform, part, up);
        if !up {
            tracing::warn!(platform = platform.key(), part, "a connection part is down");
        }
        self.set_connected(platform, all);
    }

    /// The parts of `platform`'s connection not up now (shards).
    pub fn parts_down(&self, platform: Platform) -> Vec<u32> {
        self.health.parts_down(platform)
    }

    /// The platforms configured and not connected now.
    pub fn disconnected(&self) -> Vec<&'static str> {
        self.health.down()
    }

    /// The process's metrics.
    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    /// The metrics in the Prometheus text format, with the queue depths
    /// read now.
    pub fn encode_metrics(&self) -> String {
        self.metrics.encode(Depths {
            lane_waiting: self.lanes.waiting(),
            lanes: self.lanes.active(),
            jobs_in_flight: self.jobs_in_flight(),
            dropped: self.lanes.dropped(),
        })
    }

    /// Whether the database answers a cheap read within `within`: `Err`
    /// with a short reason when not.
    pub async fn database_answers(&self, within: Duration) -> Result<(), String> {
        match tokio::time::timeout(within, self.blocking(|svc| svc.ping())).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(format!("database: {e}")),
            Err(_) => Err(format!("database: no answer within {within:?}")),
        }
    }

    pub fn tracker(&self) -> &Tracker {
        &self.tracker
    }

    /// How many AI jobs may run at once.
    pub fn ai_workers(&self) -> usize {
        self.ai_workers
    }

    /// The service this hub calls.
    pub fn service(&self) -> &Arc<Service> {
        &self.service
    }

    /// Leases, claims and polling.
    pub fn process_options(&self) -> ProcessOptions {
        *self.procs.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Set them (before the sweeper and the process's tasks start).
    pub fn set_process_options(&self, o: ProcessOptions) {
        *self.procs.lock().unwrap_or_else(|p| p.into_inner()) = o;
    }

    /// The platforms whose replies this hub sends (a transport is set or
    /// coming).
    pub fn platforms(&self) -> Vec<Platform> {
        self.deliverer.platforms()
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
        self.changes.send_modify(|n| *n = n.wrapping_add(1));
    }

    /// The catalogue (what the adapters' menus and command lists are
    /// written from, through the core's `input::spec`).
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// A catalogue message in the language `lang` names, else the
    /// service's default.
    pub fn say(&self, lang: Option<&str>, id: &str) -> String {
        let lang = lang
            .and_then(Lang::from_code)
            .unwrap_or(self.service.config().default_lang);
        self.catalog.get(lang, id, None)
    }

    /// Wakes at every change handled (an event, an AI move): a live page
    /// then reads whether its game moved.
    pub fn watch_changes(&self) -> watch::Receiver<u64> {
        self.changes.subscribe()
    }

    /// Run a read or a small write of the service on a blocking thread (the
    /// web board's views and links); a panic there is logged and comes
    /// back as [`ServiceError::Internal`].
    pub async fn call<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Service) -> Result<T, ServiceError> + Send + 'static,
    ) -> Result<T, ServiceError> {
        self.blocking(f).await
    }

    /// Handle an event of a front end that shows the acting person's own
    /// answers itself (the web board): the event is handled like any
    /// other; the replies for the chat go out through the deliverer as an
    /// event's do (the game's living board follows), its jobs start, and
    /// the replies for the person alone ([`Target::User`]) come back to be
    /// shown — marked sent in the outbox, not sent to the chat.
    pub async fn handle_aside(&self, event: Event) -> Result<Aside, ServiceError> {
        let user = event.user.id.clone();
        let out = self.handle(event).await?;
        let (mine, rest): (Vec<Reply>, Vec<Reply>) = out
            .replies
            .into_iter()
            .partition(|r| matches!(&r.target, Target::User { user: u, .. } if *u == user));
        let delivery = self.deliverer.deliver(rest, None);
        self.spawn_jobs(out.jobs);
        let ids: Vec<crate::core::OutboxId> = mine.iter().flat_map(|r| r.outbox.clone()).collect();
        let told = mine
            .into_iter()
            .map(|r| crate::core::strip_markup(&r.text))
            .collect();
        if !ids.is_empty() {
            let done = self
                .blocking(move |svc| {
                    for id in ids {
                        svc.reply_done(id, crate::core::Delivered::Sent)?;
                    }
                    Ok(())
                })
                .await;
            if let Err(e) = done {
                tracing::warn!(error = %e, "marking the web board's answers sent failed");
            }
        }
        delivery.wait().await;
        Ok(Aside {
            refused: out.tally.refusal,
            told,
        })
    }

    /// Run a service call on a blocking thread. A panic there is logged and
    /// comes back as [`ServiceError::Internal`].
    pub(super) async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Service) -> Result<T, ServiceError> + Send + 'static,
    ) -> Result<T, ServiceError> {
        let svc = Arc::clone(&self.service);
        match tokio::task::spawn_blocking(move || f(&svc)).await {
            Ok(r) => r,
            Err(e) if e.is_panic() => {
                tracing::error!(
                    panic = %panic_message(e.into_panic().as_ref()),
                    "a service call panicked"
                );
                Err(ServiceError::Internal("a service call panicked"))
            }
            Err(_) => Err(ServiceError::Internal("a service call was cancelled")),
        }
    }

    /// Handle an event on a blocking thread (one SQLite transaction). The
    /// caller sends the replies (it knows the update they answer) and hands
    /// the jobs to [`Hub::spawn_jobs`]. A failure or a panic is logged with
    /// the update's id and returned as an error; the hub goes on.
    pub async fn handle(&self, event: Event) -> Result<Outcome, ServiceError> {
        let platform = event.platform;
        let update = event.update_id.clone();
        let chat = event.chat.id.clone();
        let out = self.blocking(move |svc| svc.handle(&event)).await;
        self.metrics.update_handled(platform, out.is_ok());
        if let Ok(o) = &out {
            self.metrics.tally(&o.tally, Mover::Player);
        }
        if let Err(e) = &out {
            tracing::error!(
                platform = platform.key(),
                update = update.as_deref().unwrap_or("-"),
                chat = %chat,
                error = %e,
                "handling an update failed"
            );
        }
        self.changed();
        out
    }

    /// Handle an event like [`Hub::handle`], but a failure comes back as
    /// [`Hub::failure_reply`]: the person hears that something went wrong
    /// (the update counts as handled; nothing of it was stored).
    pub async fn serve(&self, event: Event) -> Outcome {
        // what the note needs (the event goes to the blocking thread)
        let (platform, chat, user) = (event.platform, event.chat.id.clone(), event.user.clone());
        match self.handle(event).await {
            Ok(out) => out,
            Err(_) => Outcome {
                replies: vec![self.apology(platform, chat, &user)],
                ..Outcome::default()
            },
        }
    }

    /// "Something went wrong" for the person who sent `event`, in their
    /// language (the platform's word for it, else the default).
    pub fn failure_reply(&self, event: &Event) -> Reply {
        let mut r = self.apology(event.platform, event.chat.id.clone(), &event.user);
        r.thread = event.thread.clone();
        r
    }

    fn apology(&self, platform: Platform, chat: String, user: &UserRef) -> Reply {
        let lang = user
            .lang
            .as_deref()
            .and_then(Lang::from_code)
            .unwrap_or(self.service.config().default_lang);
        Reply::text(
            platform,
            Target::User {
                chat,
                user: user.id.clone(),
            },
            self.catalog.get(lang, "something-went-wrong", None),
        )
    }

    /// Handle an event and deliver its replies (with no origin: each a
    /// message of its own), start its jobs, and return once the replies are
    /// delivered, with a handle to wait for the jobs.
    pub async fn submit(&self, event: Event) -> Result<JobsDone, ServiceError> {
        let out = self.handle(event).await?;
        let delivery = self.deliverer.deliver(out.replies, None);
        let jobs = self.spawn_jobs(out.jobs);
        delivery.wait().await;
        Ok(jobs)
    }

    /// Answer an update: deliver its replies (see [`Hub::deliver`]; the
    /// pressed message keeps its buttons when the core says so) and
    /// start its jobs — at once, so the AI thinks while the replies go out,
    /// unless a reply opens a thread for its game (the AI's move must find
    /// the thread: then once the replies are out). The handle says when the
    /// replies are delivered.
    pub fn answer(&self, out: Outcome, platform: Platform, origin: Origin) -> Delivery {
        let opens_thread = out.replies.iter().any(|r| r.new_thread.is_some());
        let delivery = self
            .deliverer
            .answer(out.replies, (platform, origin), out.keep_pressed);
        if !opens_thread {
            self.spawn_jobs(out.jobs);
            return delivery;
        }
        let hub = self.clone();
        let done = delivery.clone();
        let guard = self.tracker.enter();
        tokio::spawn(async move {
            let _guard = guard;
            done.wait().await;
            hub.spawn_jobs(out.jobs);
        });
        delivery
    }

    /// Deliver the replies of an update of `platform` from `origin` (its
    /// chat and thread, the person's message, the press to answer): each
    /// chat's in its delivery queue, in order. The handle says when they
    /// are delivered (dropping it is fine).
    pub fn deliver(&self, replies: Vec<Reply>, platform: Platform, origin: Origin) -> Delivery {
        self.deliverer.deliver(replies, Some((platform, origin)))
    }

    /// The cards offered to `name` typing the bot's name in any chat (see
    /// `core::inline::offers`); none when reading them fails.
    pub async fn inline_offers(
        &self,
        name: String,
        lang: Option<String>,
    ) -> Vec<crate::core::Offer> {
        self.blocking(move |svc| crate::core::inline::offers(svc, &name, lang.as_deref()))
            .await
            .inspect_err(|e| tracing::warn!(error = %e, "reading the inline offers failed"))
            .unwrap_or_default()
    }

    /// The games in a chat where it is the user's turn, with their legal
    /// moves (for autocomplete).
    pub async fn moves_to_play(
        &self,
        platform: Platform,
        chat: String,
        user: String,
    ) -> Result<Vec<(GameId, Vec<Choice>)>, ServiceError> {
        self.blocking(move |svc| {
            let games = svc.read_as(platform, &chat, &user, crate::core::moves_to_play)?;
            Ok(games.unwrap_or_default())
        })
        .await
    }

    /// Queue the handling of an update from the member `user` (their
    /// platform id) on its chat's lane: it runs after that member's earlier
    /// updates, in turn with the chat's other members' (round robin), and
    /// alongside other chats' work. Refused ([`Shed`]) past the member's
    /// quota or rate, or when the whole chat has too many waiting
    /// ([`Hub::lane_limits`]); the refusal is counted and logged here, and
    /// when [`Shed::notify`] says so the adapter tells the member
    /// ([`Hub::shed_notice`]) — once a window, never once per update.
    /// `label` names it in the log (`update 123`). Shutdown waits for
    /// queued work.
    pub fn queue_update(
        &self,
        platform: Platform,
        chat: &str,
        user: &str,
        label: impl Into<String>,
        work: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), Shed> {
        let key = LaneKey {
            platform,
            chat: chat.to_string(),
        };
        let label = label.into();
        let r = self.lanes.push(
            key,
            user,
            label.clone(),
            Box::pin(work) as Work,
            &self.tracker,
        );
        if let Err(shed) = &r {
            // the first refusal of a window is a warning (with how many
            // were refused since the last); the rest are counted
            if shed.notify {
                tracing::warn!(
                    platform = platform.key(),
                    chat = %chat,
                    user = %user,
                    work = %label,
                    reason = ?shed.reason,
                    waiting = shed.waiting,
                    theirs = shed.mine,
                    dropped_since_last_notice = shed.dropped_before,
                    "an update was dropped (the sender is told to slow down)"
                );
            } else {
                tracing::debug!(
                    platform = platform.key(),
                    chat = %chat,
                    user = %user,
                    work = %label,
                    reason = ?shed.reason,
                    "an update was dropped"
                );
            }
        }
        r
    }

    /// What may wait in one chat's lane.
    pub fn lane_limits(&self) -> LaneLimits {
        self.lanes.limits()
    }

    /// Set what may wait in one chat's lane (at least one update of each
    /// kind; a member never more than the chat).
    pub fn set_lane_limits(&self, limits: LaneLimits) {
        self.lanes.set_limits(limits);
    }

    /// Chats with a lane now (work queued or recently done).
    pub fn active_lanes(&self) -> usize {
        self.lanes.active()
    }

    /// The updates dropped so far, by reason (for metrics).
    pub fn dropped_updates(&self) -> DropCounts {
        self.lanes.dropped()
    }

    /// What a member whose update was refused is told, in their language
    /// (the platform's word for it, else the default): "slow down" for
    /// their own quota or rate, "too many requests in this chat" when the
    /// whole chat is full.
    pub fn shed_notice(&self, shed: &Shed, lang: Option<&str>) -> String {
        let lang = lang
            .and_then(Lang::from_code)
            .unwrap_or(self.service.config().default_lang);
        let key = match shed.reason {
            ShedReason::UserQueue | ShedReason::UserRate => "slow-down",
            ShedReason::ChatQueue => "chat-busy",
        };
        self.catalog.get(lang, key, None)
    }

    /// Tell `user`, whose update from `origin` the lanes refused (`shed`),
    /// through the deliverer like any reply: when the lanes say to tell
    /// them, a note for them alone where they asked (by the deliverer's
    /// rules: a press's toast, an interaction's ephemeral answer, a reply
    /// to their message); a press is answered either way.
    pub fn tell_shed(
        &self,
        platform: Platform,
        shed: &Shed,
        user: &str,
        lang: Option<&str>,
        origin: Origin,
    ) -> Delivery {
        let mut replies = Vec::new();
        if shed.notify {
            let to = Target::User {
                chat: origin.chat.clone(),
                user: user.to_string(),
            };
            replies.push(Reply {
                thread: origin.thread.clone(),
                ..Reply::text(platform, to, self.shed_notice(shed, lang))
            });
        }
        self.deliver(replies, platform, origin)
    }

    /// Deliver replies that answer no update (AI moves, jobs): each chat's
    /// in its delivery queue, after what is queued there. Replies for a
    /// platform without a front end are left owed.
    pub fn route(&self, replies: Vec<Reply>) -> Delivery {
        self.deliverer.deliver(replies, None)
    }

    /// Claim and deliver the replies owed (in the outbox: committed, not
    /// yet sent) of the platforms with a front end that no other process
    /// is sending — left when this or another process stopped or crashed,
    /// or written by a process that sends nothing (a worker's AI moves) —
    /// in order. At start, then every [`ProcessOptions::poll`]. How many.
    pub async fn resume_owed_replies(&self) -> usize {
        let platforms = self.platforms();
        if platforms.is_empty() {
            return 0;
        }
        let ttl = self.process_options().claim;
        let mut n = 0;
        loop {
            let p = platforms.clone();
            let owed = match self
                .blocking(move |svc| svc.claim_owed_replies(&p, ttl, 500))
                .await
            {
                Ok(o) => o,
                Err(e) => {
                    tracing::error!(error = %e, "claiming the replies owed failed");
                    return n;
                }
            };
            if owed.is_empty() {
                break;
            }
            n += owed.len();
            self.deliverer.resume(owed);
        }
        n
    }

    /// Run jobs (AI moves, analyses: written to the database's queue by
    /// the transaction that made them) in the background on this process's
    /// workers, each once claimed in the queue; their replies are routed,
    /// and the jobs they ask for run in turn. A job already queued or
    /// running here, claimed by another process, or done, is not started.
    /// The handle says when all of them are done here (dropping it is
    /// fine). A hub with no workers starts none: other processes' workers
    /// claim them from the queue.
    pub fn spawn_jobs(&self, jobs: Vec<Job>) -> JobsDone {
        let batch = Tracker::default();
        for job in jobs {
            self.spawn_job(job, &batch);
        }
        JobsDone(batch)
    }

    /// The backstop: queue the jobs the games are waiting for
    /// ([`Service::pending_jobs`]) that the queue lacks, and start here
    /// those not queued or running here already: at start-up, and now and
    /// then from the sweeper. How many were started here.
    pub async fn resume_pending_jobs(&self) -> usize {
        let queued = self.blocking(|svc| svc.queue_pending_jobs()).await;
        match queued {
            Ok(0) => {}
            Ok(n) => tracing::info!(n, "queued the jobs games were waiting for"),
            Err(e) => tracing::error!(error = %e, "queueing the pending jobs failed"),
        }
        self.job_wake.notify_one();
        if self.ai_workers == 0 {
            return 0;
        }
        let pending = match self.blocking(|svc| svc.pending_jobs()).await {
            Ok(p) => p,
            Err(e) => {
                tracing::error!(error = %e, "looking for pending jobs failed");
                return 0;
            }
        };
        let fresh: Vec<Job> = {
            let jobs = self.jobs.lock().unwrap_or_else(|p| p.into_inner());
            pending
                .into_iter()
                .filter(|j| !jobs.in_flight.contains(&job_key(j)))
                .collect()
        };
        if !fresh.is_empty() {
            tracing::info!(n = fresh.len(), "starting the AI moves games wait for");
        }
        let n = fresh.len();
        self.spawn_jobs(fresh);
        n
    }

    /// How many jobs are queued or running.
    pub fn jobs_in_flight(&self) -> usize {
        self.jobs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .in_flight
            .len()
    }

    /// Mark `key` queued or running here; false when it is already.
    fn take_key(&self, key: JobKey) -> Option<Claim> {
        let fresh = self
            .jobs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .in_flight
            .insert(key);
        fresh.then(|| Claim {
            jobs: Arc::clone(&self.jobs),
            key,
        })
    }

    fn spawn_job(&self, job: Job, batch: &Tracker) {
        if self.ai_workers == 0 {
            return;
        }
        let Some(claim) = self.take_key(job_key(&job)) else {
            tracing::debug!(?job, "job already queued or running");
            return;
        };
        let guards = (self.tracker.enter(), batch.enter());
        let hub = self.clone();
        let batch = batch.clone();
        tokio::spawn(async move {
            let _guards = guards;
            let _claim = claim;
            // the semaphore is never closed
            let Ok(permit) = Arc::clone(&hub.workers).acquire_owned().await else {
                return;
            };
            let ttl = hub.process_options().claim;
            match hub.blocking(move |svc| svc.claim_job(job, ttl)).await {
                Ok(Some(claimed)) => hub.run_claimed(claimed, permit, &batch).await,
                Ok(None) => tracing::debug!(?job, "job done or run by another process"),
                Err(e) => tracing::error!(?job, error = %e, "claiming a job failed"),
            }
        });
    }

    /// Claim the next job of the queue (moves first) if a worker is free,
    /// and run it; false when no worker is free or no job is waiting (the
    /// job pump's step, [`super::procs`]).
    pub(super) async fn claim_next(&self) -> bool {
        let Ok(permit) = Arc::clone(&self.workers).try_acquire_owned() else {
            return false;
        };
        let ttl = self.process_options().claim;
        let claimed = match self.blocking(move |svc| svc.claim_next_job(ttl)).await {
            Ok(Some(c)) => c,
            Ok(None) => return false,
            Err(e) => {
                tracing::error!(error = %e, "claiming a job failed");
                return false;
            }
        };
        let job: Job = claimed.job.into();
        let Some(claim) = self.take_key(job_key(&job)) else {
            // queued here already (its claim ran out while it waited for a
            // worker): that task runs it, the claim is ours again
            return true;
        };
        let guards = self.tracker.enter();
        let hub = self.clone();
        tokio::spawn(async move {
            let _guards = guards;
            let _claim = claim;
            hub.run_claimed(claimed, permit, &Tracker::default()).await;
        });
        true
    }

    /// Run a job claimed in the queue on the worker `permit`: its claim
    /// extended while the engine thinks; done: out of the queue, its
    /// replies routed, the jobs it made started; failing: tried again with
    /// backoff, then put back in the queue for later (and an analysis
    /// given up after a few rounds).
    async fn run_claimed(
        &self,
        claimed: store::ClaimedJob,
        permit: tokio::sync::OwnedSemaphorePermit,
        batch: &Tracker,
    ) {
        let hub = self;
        let kind = claimed.job.kind;
        let job: Job = claimed.job.into();
        let id = claimed.id;
        let ttl = hub.process_options().claim;
        let mut stop = hub.shutdown();
        let mut pause = JOB_BACKOFF;
        let mut permit = Some(permit);
        for attempt in 1..=JOB_ATTEMPTS {
            let permit = match permit.take() {
                Some(p) => p,
                // the semaphore is never closed
                None => match Arc::clone(&hub.workers).acquire_owned().await {
                    Ok(p) => p,
                    Err(_) => return,
                },
            };
            // what the job reports on its way (an analysis' progress) is
            // routed at once, or owed for another process to send
            let reporter = hub.clone();
            let started = Instant::now();
            let run = hub.blocking(move |svc| {
                svc.run_job_reporting(job, &|o: Outcome| reporter.report(o.replies))
            });
            tokio::pin!(run);
            // the claim is extended while the engine thinks
            let mut tick = tokio::time::interval_at(
                tokio::time::Instant::now() + ttl / 3,
                (ttl / 3).max(Duration::from_millis(10)),
            );
            let res = loop {
                tokio::select! {
                    res = &mut run => break res,
                    _ = tick.tick() => {
                        match hub.blocking(move |svc| svc.extend_job(id, ttl)).await {
                            Ok(true) => {}
                            Ok(false) => tracing::warn!(?job, "a job's claim was taken over while it ran"),
                            Err(e) => tracing::warn!(?job, error = %e, "extending a job's claim failed"),
                        }
                    }
                }
            };
            drop(permit);
            hub.job_wake.notify_one();
            hub.metrics.job_ran(kind, started.elapsed());
            match res {
                Ok(out) => {
                    hub.metrics.tally(&out.tally, Mover::Ai);
                    if let Err(e) = hub.blocking(move |svc| svc.finish_job(id)).await {
                        // still claimed: run again after the claim, finding
                        // nothing to do
                        tracing::warn!(?job, error = %e, "taking a done job off the queue failed");
                    }
                    let delivery = hub.route(out.replies);
                    for next in out.jobs {
                        hub.spawn_job(next, batch);
                    }
                    hub.changed();
                    // the job is done when its replies are delivered
                    delivery.wait().await;
                    return;
                }
                Err(e) => tracing::error!(?job, attempt, error = %e, "job failed"),
            }
            if attempt == JOB_ATTEMPTS || hub.is_shutting_down() {
                break;
            }
            tokio::select! {
                _ = tokio::time::sleep(pause) => {}
                _ = stopped(&mut stop) => break,
            }
            pause *= 2;
        }
        // back in the queue, anyone's again later each round
        let before = u32::try_from(claimed.attempts.max(0)).unwrap_or(u32::MAX);
        let wait =
            (Duration::from_secs(60) * 2u32.saturating_pow(before.min(16))).min(JOB_GIVE_UP_MAX);
        let rounds = match hub.blocking(move |svc| svc.fail_job(id, wait)).await {
            Ok(Some(r)) => r,
            Ok(None) => return,
            Err(e) => {
                tracing::error!(?job, error = %e, "putting a failed job back failed");
                return;
            }
        };
        tracing::error!(?job, rounds, retry_in = ?wait, "job gave up for now");
        let for_good = rounds >= i64::from(JOB_ROUNDS_FOR_GOOD);
        if for_good && matches!(job, Job::Analyse { .. }) && !hub.is_shutting_down() {
            match hub.blocking(move |svc| svc.job_failed_for_good(job)).await {
                Ok(out) => {
                    let _ = hub.blocking(move |svc| svc.drop_job(id)).await;
                    hub.route(out.replies).wait().await
                }
                Err(e) => tracing::error!(?job, error = %e, "giving a job up failed"),
            }
        }
    }

    /// What a job reports on its way: routed at once to the platforms this
    /// process sends, written to the outbox for the others (a worker's).
    /// Called on the job's blocking thread.
    fn report(&self, replies: Vec<Reply>) {
        let (here, elsewhere): (Vec<Reply>, Vec<Reply>) = replies
            .into_iter()
            .partition(|r| self.deliverer.serves(r.platform));
        if !here.is_empty() {
            self.route(here);
        }
        if !elsewhere.is_empty() {
            let mut owed = elsewhere;
            if let Err(e) = self.service.owe_replies(&mut owed) {
                tracing::warn!(error = %e, "a job's progress report was not kept");
            }
        }
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
#[path = "hub_tests.rs"]
mod tests;
