//! The bot process, in one tokio runtime: each adapter it is handed, the
//! [`Hub`] they share (events in, replies out, AI jobs on a bounded pool of
//! workers), the sweeper with its scheduled jobs, and the heartbeat.
//! Ctrl-C / SIGTERM (or the end of an adapter, such as the console's input)
//! drains: it stops taking updates, lets the updates queued in the lanes
//! be handled, the AI moves in flight finish and the deliverer send what
//! the outbox owes — for at most [`RunOptions::drain`]; what is not sent
//! by then stays owed in the outbox — and writes a final heartbeat.
//!
//! The runtime knows no platform: an adapter is anything that implements
//! [`Adapter`]; `shashki run` and `shashki console` build theirs and hand
//! them to [`run`].
//!
//! - [`hub`]: the [`Hub`] — events in, replies out, AI workers.
//! - [`deliver`]: the deliverer — every reply by one set of rules, each
//!   chat's in its own queue, marked sent in the outbox.
//! - [`transport`]: what a platform does for the deliverer.
//! - [`lanes`]: one queue per chat — a chat's work one piece at a time,
//!   its members served in turn, chats side by side.
//! - [`pace`]: a platform's sends paced per chat (its rate limits, a
//!   chat frozen after a 429), one chat's wait holding up no other; a
//!   call tried again after a 429 or a network failure.
//! - [`intake`]: updates taken in order and acknowledged once handled
//!   (the watermark a platform is polled from, a webhook's answer);
//!   [`webhook`]: the HTTP side of a platform's webhook (its secret, the
//!   body's bound, the answer once the update is handled).
//! - [`sweeper`]: deadlines, scheduled jobs, heartbeat.
//! - [`shutdown`]: the stop signal and the tracker of work in flight.
//! - [`metrics`], [`health`], [`http`]: what the operator sees —
//!   `/metrics` and `/healthz` on `[http] listen`.

pub mod deliver;
pub mod health;
pub mod http;
pub mod hub;
pub mod intake;
pub mod lanes;
pub mod metrics;
pub mod pace;
pub mod procs;
pub mod shutdown;
pub mod sweeper;
#[cfg(test)]
mod test_fixtures;
pub mod transport;
pub mod webhook;

pub use deliver::{Deliverer, Delivery, Ledger};
pub use hub::{cpu_cores, Aside, Hub, JobsDone, ProcessOptions, ReplyRx, ReplyTx};
pub use lanes::{
    panic_message, DropCounts, LaneKey, LaneLimits, Shed, ShedReason, BOUND as DEFAULT_LANE_BOUND,
    NOTICE_WINDOW,
};
pub use shutdown::{stop_signal, stopped, TrackGuard, Tracker};
pub use sweeper::{JobRun, Scheduled, WhenDue};
pub use transport::{
    CallError, Caps, ChannelTransport, Fut, Origin, Place, Placed, Press, Pressed, SendError,
    Transport,
};

use crate::core::{Platform, Roles, Service};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

/// What an adapter's run comes to: `Ok` when it stopped (at shutdown, or
/// at the end of its input), `Err` when it cannot go on (a rejected token).
pub type AdapterFuture = Pin<Box<dyn Future<Output = anyhow::Result<()>> + Send>>;

/// A front end, as the runtime sees it: a platform, and a task that
/// translates the platform's updates into events for the hub and gives the
/// hub its [`Transport`] (every reply goes out through the hub's
/// deliverer), until the hub shuts down.
pub trait Adapter: Send {
    /// The platform whose replies this adapter's transport sends.
    fn platform(&self) -> Platform;

    /// Run until the hub shuts down (or the platform is gone); set the
    /// platform's transport on the hub ([`Hub::set_transport`]) once it can
    /// send (replies wait for it).
    fn run(self: Box<Self>, hub: Hub) -> AdapterFuture;
}

/// Options of [`run`].
pub struct RunOptions {
    /// Jobs the sweeper runs when they say they are due (daily puzzle posts
    /// at each chat's own time, and the like).
    pub scheduled: Vec<Scheduled>,
    /// How many AI moves may be computed at once (`None`: one per CPU
    /// core; 0: none here — `shashki worker` processes think).
    pub ai_workers: Option<usize>,
    /// Leases, claims and polling among processes on one database.
    pub procs: ProcessOptions,
    /// How many updates may wait in one chat's lane, and of one member.
    pub lanes: LaneLimits,
    /// Where to serve `/healthz` and `/metrics` (none: not served).
    pub http: Option<std::net::SocketAddr>,
    /// How long the drain at a stop may take (`[runtime] drain_seconds`).
    pub drain: Duration,
    /// More routes for the same HTTP server (the web board), made with the
    /// hub once it exists.
    pub routes: Option<Routes>,
}

/// Routes an adapter adds to `[http] listen` (the runtime knows no
/// adapter: it is handed them).
pub type Routes = Box<dyn FnOnce(Hub) -> axum::Router + Send>;

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            scheduled: Vec::new(),
            ai_workers: None,
            procs: ProcessOptions::default(),
            lanes: LaneLimits::default(),
            http: None,
            drain: Duration::from_secs(crate::config::DEFAULT_DRAIN_SECONDS),
            routes: None,
        }
    }
}

/// How often the heartbeat is written.
const HEARTBEAT: Duration = Duration::from_secs(30);

/// Run every adapter until `stop` resolves or one of them ends, with the
/// sweeper and the heartbeat. Returns when everything has stopped and the
/// final heartbeat is written; an adapter's error is the result.
pub async fn run(
    service: Arc<Service>,
    front_ends: Vec<Box<dyn Adapter>>,
    opts: RunOptions,
    stop: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    if front_ends.is_empty() {
        anyhow::bail!("no adapter to run");
    }
    let mut platforms: Vec<Platform> = front_ends.iter().map(|a| a.platform()).collect();
    platforms.sort_by_key(|p| p.key());
    if let Some([p, _]) = platforms.windows(2).find(|w| w.first() == w.get(1)) {
        anyhow::bail!("more than one adapter for {}", p.key());
    }
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
    let (mut hub, stop_tx) =
        Hub::with_ai_workers(service, opts.ai_workers.unwrap_or_else(cpu_cores));
    hub.set_process_options(opts.procs);
    hub.downtime = credited;
    hub.set_lane_limits(opts.lanes);
    tracing::info!(ai_workers = hub.ai_workers(), "hub ready");
    // the operator's endpoints, served until the end (through the drain:
    // /healthz says "stopping")
    let http = match opts.http {
        Some(addr) => {
            let listener = tokio::net::TcpListener::bind(addr)
                .await
                .map_err(|e| anyhow::anyhow!("[http] listen {addr}: {e}"))?;
            tracing::info!(listen = %addr, web = opts.routes.is_some(), "serving /healthz and /metrics");
            let extra = opts.routes.map(|r| r(hub.clone()));
            Some(tokio::spawn(http::serve_with(listener, hub.clone(), extra)))
        }
        None => None,
    };
    // the sweeper first, so each adapter can ask it for a pass at once
    let background = [
        sweeper::start(hub.clone(), opts.scheduled),
        tokio::spawn(sweeper::heartbeat(hub.clone(), HEARTBEAT)),
    ];
    let mut starting = Vec::new();
    for adapter in front_ends {
        let platform = adapter.platform();
        // its replies wait for its transport
        hub.expect_transport(platform);
        starting.push((platform, adapter.run(hub.clone())));
    }
    // among other processes on the database: what this one's transactions
    // write is claimed by it (the replies of its platforms; the jobs when
    // it has workers), a dead predecessor's claims are freed, and the job
    // pump, the outbox poller and the claims' renewal run
    hub.service().set_roles(Roles {
        runs_jobs: hub.ai_workers() > 0,
        delivers: platforms.clone(),
        claim: opts.procs.claim,
    });
    if let Err(e) = hub.blocking(|svc| svc.free_dead_holders()).await {
        tracing::warn!(error = %e, "looking for dead processes' claims failed");
    }

    // before any adapter runs (so one that ends at once, the console at
    // the end of its input, still waits for them): the replies committed
    // and not sent when the bot last stopped go first, then the AI moves
    // and analyses the games were waiting for are queued
    let owed = hub.resume_owed_replies().await;
    if owed > 0 {
        tracing::info!(n = owed, "sending the replies owed since the last run");
    }
    hub.resume_pending_jobs().await;
    // then the job pump, the outbox poller and the claims' renewal
    let process_tasks = procs::start(&hub);
    let mut running = tokio::task::JoinSet::new();
    for (platform, fut) in starting {
        running.spawn(async move {
            fut.await
                .map_err(|e| anyhow::anyhow!("{}: {e}", platform.key()))
        });
    }
    let mut failed = None;
    tokio::select! {
        _ = stop => {}
        Some(res) = running.join_next() => {
            // an adapter ended by itself: the console's input ended, or a
            // bot cannot go on (bad token, ...)
            match res {
                Ok(Ok(())) => tracing::info!("an adapter stopped: shutting down"),
                Ok(Err(e)) => { tracing::error!(error = %e, "adapter failed"); failed = Some(e); }
                Err(e) => { tracing::error!(error = %e, "adapter panicked"); failed = Some(anyhow::anyhow!("adapter panicked: {e}")); }
            }
        }
    }
    // the drain: stop taking updates; the updates queued in the lanes are
    // handled, the AI moves in flight finish and their replies (and the
    // rest the outbox owes this run) are sent, within the drain's time
    let _ = stop_tx.send(true);
    let began = std::time::Instant::now();
    tracing::info!(
        queued = hub.tracker().in_flight(),
        within = ?opts.drain,
        "draining"
    );
    if hub.tracker().wait_idle(opts.drain).await {
        tracing::info!(took = ?began.elapsed(), "drained");
    } else {
        tracing::warn!(
            n = hub.tracker().in_flight(),
            "still in flight when the drain's time ran out: their replies stay owed in the outbox"
        );
    }
    // each adapter returns (the replies were delivered above)
    let rest = opts.drain.saturating_sub(began.elapsed());
    let _ = tokio::time::timeout(rest.max(Duration::from_secs(1)), async {
        while running.join_next().await.is_some() {}
    })
    .await;
    running.abort_all();
    for b in background {
        let _ = tokio::time::timeout(Duration::from_secs(5), b).await;
    }
    for t in &process_tasks {
        t.abort();
    }
    // what this process did not finish (replies left owed by the drain,
    // jobs still thinking) is anyone's at once
    if let Err(e) = hub.blocking(|svc| svc.release_claims()).await {
        tracing::warn!(error = %e, "releasing this process's claims failed");
    }
    hub.blocking(|svc| svc.heartbeat()).await?;
    if let Some(h) = http {
        h.abort();
    }
    tracing::info!("stopped");
    match failed {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Options of [`work`].
#[derive(Debug, Clone, Copy)]
pub struct WorkOptions {
    /// Jobs run at once (engine threads).
    pub threads: usize,
    /// Leases, claims and polling among processes on one database.
    pub procs: ProcessOptions,
    /// How long the jobs running at a stop may take to finish.
    pub drain: Duration,
}

/// `shashki worker`: claim and run jobs (AI moves, analyses) from the
/// database's queue on `threads` workers until `stop` resolves; their
/// replies are written to the outbox in their transactions, for the bot
/// processes to send. At the stop no new job is claimed, the running ones
/// may finish within the drain, and every claim left is released (anyone's
/// at once).
pub async fn work(
    service: Arc<Service>,
    opts: WorkOptions,
    stop: impl Future<Output = ()>,
) -> anyhow::Result<()> {
    let threads = opts.threads.max(1);
    service.set_roles(Roles {
        runs_jobs: true,
        delivers: Vec::new(),
        claim: opts.procs.claim,
    });
    let (hub, stop_tx) = Hub::with_ai_workers(service, threads);
    hub.set_process_options(opts.procs);
    if let Err(e) = hub.blocking(|svc| svc.free_dead_holders()).await {
        tracing::warn!(error = %e, "looking for dead processes' claims failed");
    }
    tracing::info!(threads, holder = %hub.service().holder(), "worker ready");
    let pump = tokio::spawn(procs::job_pump(hub.clone()));
    stop.await;
    let _ = stop_tx.send(true);
    tracing::info!(running = hub.jobs_in_flight(), within = ?opts.drain, "stopping");
    if !hub.tracker().wait_idle(opts.drain).await {
        tracing::warn!(
            n = hub.jobs_in_flight(),
            "jobs still running when the drain's time ran out: released for others"
        );
    }
    pump.abort();
    hub.blocking(|svc| svc.release_claims()).await?;
    tracing::info!("stopped");
    Ok(())
}
