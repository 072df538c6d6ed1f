//! A process among others on one database (docs/operations.md, "Several
//! processes"): the tasks that make it one — the job pump (claims the jobs
//! of the database's queue its workers can take: other processes' and the
//! ones whose claimant died), the outbox poller (claims the replies other
//! processes wrote for the platforms it sends — a worker's AI moves — and
//! the ones a dead process held) and the renewal of its claims on the
//! replies waiting in its delivery queues. The sweeper's lease is the
//! sweeper's own (`super::sweeper`).

use super::hub::Hub;
use super::shutdown::stopped;
use std::time::Duration;
use tokio::task::JoinHandle;

/// Start this process's tasks on `hub`: the job pump when it has workers,
/// the outbox poller and the claims' renewal when it sends replies. They
/// stop at shutdown.
pub fn start(hub: &Hub) -> Vec<JoinHandle<()>> {
    let mut tasks = Vec::new();
    if hub.ai_workers() > 0 {
        tasks.push(tokio::spawn(job_pump(hub.clone())));
    }
    if !hub.platforms().is_empty() {
        tasks.push(tokio::spawn(outbox_poller(hub.clone())));
        tasks.push(tokio::spawn(renew_claims(hub.clone())));
    }
    tasks
}

/// Claim and run jobs while a worker is free and the queue has one;
/// then wait for a worker to free up, or [`super::ProcessOptions::poll`].
pub async fn job_pump(hub: Hub) {
    let mut stop = hub.shutdown();
    let poll = hub.process_options().poll;
    loop {
        while !hub.is_shutting_down() && hub.claim_next().await {}
        tokio::select! {
            _ = tokio::time::sleep(poll) => {}
            _ = hub.job_wake.notified() => {}
            _ = stopped(&mut stop) => return,
        }
    }
}

/// Every [`super::ProcessOptions::poll`], claim the owed replies nobody
/// sends and deliver them.
async fn outbox_poller(hub: Hub) {
    let mut stop = hub.shutdown();
    let poll = hub.process_options().poll;
    loop {
        tokio::select! {
            _ = tokio::time::sleep(poll) => {}
            _ = stopped(&mut stop) => return,
        }
        let n = hub.resume_owed_replies().await;
        if n > 0 {
            tracing::debug!(n, "replies other processes wrote, claimed");
        }
    }
}

/// Every third of the claim's length, extend this process's claims on the
/// replies it has yet to send (they wait in its delivery queues) — through
/// the drain too, until the task is aborted at the end of the run.
async fn renew_claims(hub: Hub) {
    let ttl = hub.process_options().claim;
    let every = (ttl / 3).max(Duration::from_millis(10));
    loop {
        tokio::time::sleep(every).await;
        if let Err(e) = hub.blocking(move |svc| svc.renew_reply_claims(ttl)).await {
            tracing::warn!(error = %e, "renewing the claims on owed replies failed");
        }
    }
}
