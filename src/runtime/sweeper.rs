//! Time-driven work: the sweeper (reminders, timeouts, challenge expiry,
//! the scheduled jobs such as the daily puzzle posts, and a look for AI
//! moves the games wait for) and the heartbeat the core measures downtime
//! with. A panic in the sweep or in one scheduled job is logged; the rest
//! of the pass and the sweeper go on.

use super::hub::{Hub, SweepRequest};
use super::lanes::panic_message;
use super::shutdown::stopped;
use crate::core::{Reply, Service, SWEEPER_LEASE};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

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

/// How often the sweeper looks for AI moves the games wait for (a job lost
/// with a crash, or one that gave up for a while).
pub const JOBS_RECHECK: Duration = Duration::from_secs(60);

/// `f`, or `None` with the panic logged as `what`'s.
fn contained<T>(what: &str, f: impl FnOnce() -> T) -> Option<T> {
    catch_unwind(AssertUnwindSafe(f))
        .map_err(|p| {
            tracing::error!(work = what, panic = %panic_message(p.as_ref()), "sweeper: panicked");
        })
        .ok()
}

/// One pass on a blocking thread: sweep, run the scheduled jobs that are
/// due; the replies, when the next thing is due, and now. Each part is on
/// its own: one that fails or panics leaves the others' replies.
fn pass(svc: &Service, jobs: &[Scheduled]) -> (Vec<Reply>, Option<i64>, i64) {
    let mut out = match contained("sweep", || svc.sweep()) {
        Some(Ok(r)) => r,
        Some(Err(e)) => {
            tracing::error!(error = %e, "sweep failed");
            Vec::new()
        }
        None => Vec::new(),
    };
    for j in jobs {
        let due = contained(j.name, || (j.next)(svc)).flatten();
        if due.is_some_and(|t| t <= svc.now()) {
            tracing::info!(job = j.name, "scheduled job due");
            out.extend(contained(j.name, || (j.run)(svc)).unwrap_or_default());
        }
    }
    let mut next = contained("next wakeup", || svc.next_wakeup())
        .unwrap_or(Ok(None))
        .unwrap_or_else(|e| {
            tracing::error!(error = %e, "next_wakeup failed");
            None
        });
    for j in jobs {
        if let Some(t) = contained(j.name, || (j.next)(svc)).flatten() {
            next = Some(next.map_or(t, |n| n.min(t)));
        }
    }
    (out, next, svc.now())
}

/// Start the sweeper: it answers [`Hub::sweep_now`] from the moment this
/// returns, and stops at shutdown.
pub fn start(hub: Hub, scheduled: Vec<Scheduled>) -> JoinHandle<()> {
    let (tx, rx) = mpsc::unbounded_channel();
    *hub.sweeps.lock().unwrap_or_else(|p| p.into_inner()) = Some(tx);
    tokio::spawn(sweeper(hub, scheduled, rx))
}

/// Sleep until the next due item (or a change, a request, or a minute),
/// then sweep, run the scheduled jobs that are due, and route what they
/// say; every [`JOBS_RECHECK`], start the AI moves the games wait for that
/// are not running. Stops at shutdown.
async fn sweeper(
    hub: Hub,
    scheduled: Vec<Scheduled>,
    mut requests: mpsc::UnboundedReceiver<SweepRequest>,
) {
    let mut stop = hub.shutdown();
    let scheduled: Arc<[Scheduled]> = scheduled.into();
    let mut answer: Vec<SweepRequest> = Vec::new();
    // the runtime looks for pending jobs at start-up
    let mut jobs_checked = Instant::now();
    let lease = hub.process_options().lease;
    // renewed at least every third of its length
    let renew = (lease / 3).max(Duration::from_millis(10));
    let mut leading = false;
    loop {
        // one process at a time sweeps and posts (the lease; another takes
        // over within its length when the holder dies)
        let held = match hub
            .blocking(move |svc| svc.take_lease(SWEEPER_LEASE, lease))
            .await
        {
            Ok(h) => h,
            Err(e) => {
                tracing::error!(error = %e, "taking the sweeper's lease failed");
                false
            }
        };
        if held != leading {
            leading = held;
            if held {
                tracing::info!("this process sweeps (it holds the sweeper's lease)");
            } else {
                tracing::info!("another process sweeps (it holds the sweeper's lease)");
            }
        }
        if !held {
            for a in answer.drain(..) {
                let _ = a.send(());
            }
            tokio::select! {
                _ = tokio::time::sleep(renew) => {}
                Some(r) = requests.recv() => answer.push(r),
                _ = stopped(&mut stop) => return,
            }
            continue;
        }
        let jobs = Arc::clone(&scheduled);
        let swept = tokio::task::spawn_blocking({
            let svc = Arc::clone(&hub.service);
            move || pass(&svc, &jobs)
        })
        .await;
        let wait = match swept {
            Ok((replies, next, now)) => {
                if !replies.is_empty() {
                    tracing::info!(n = replies.len(), "sweeper: reminders, timeouts, expiries");
                }
                let delivery = hub.route(replies);
                if !answer.is_empty() {
                    // who asked for this pass hears of it once its replies
                    // are out
                    delivery.wait().await;
                }
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
        if jobs_checked.elapsed() >= JOBS_RECHECK {
            jobs_checked = Instant::now();
            hub.resume_pending_jobs().await;
        }
        // the replies are routed: the pass asked for is done
        for a in answer.drain(..) {
            let _ = a.send(());
        }
        // a due item: sweep at once (but not in a tight loop if it stays
        // due); the lease renewed in time
        let wait = wait.max(Duration::from_millis(200)).min(renew);
        tokio::select! {
            _ = tokio::time::sleep(wait) => {}
            _ = hub.wake.notified() => {
                // let a burst of changes settle
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Some(r) = requests.recv() => answer.push(r),
            _ = stopped(&mut stop) => {
                // the next process need not wait for the lease to run out
                if let Err(e) = hub.blocking(|svc| svc.release_lease(SWEEPER_LEASE)).await {
                    tracing::warn!(error = %e, "releasing the sweeper's lease failed");
                }
                return;
            }
        }
        // everyone who asked by now gets this pass
        while let Ok(r) = requests.try_recv() {
            answer.push(r);
        }
    }
}

/// Write a heartbeat every `every` (the core measures downtime with it).
pub async fn heartbeat(hub: Hub, every: Duration) {
    let mut stop = hub.shutdown();
    loop {
        if let Err(e) = hub.blocking(|svc| svc.heartbeat()).await {
            tracing::error!(error = %e, "heartbeat failed");
        }
        tokio::select! {
            _ = tokio::time::sleep(every) => {}
            _ = stopped(&mut stop) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Config, Platform, SystemClock, Target};
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    fn reply(text: &str) -> Reply {
        Reply::text(Platform::Console, Target::Chat("c".into()), text)
    }

    fn hub(dir: &tempfile::TempDir) -> (Hub, tokio::sync::watch::Sender<bool>) {
        let svc = Service::open(
            &dir.path().join("t.sqlite"),
            Config::default(),
            Arc::new(SystemClock),
        )
        .unwrap();
        Hub::new(Arc::new(svc))
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_sweeper_runs_scheduled_jobs_when_due() {
        let dir = tempfile::tempdir().unwrap();
        let (hub, stop) = hub(&dir);
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
                    vec![reply("daily")]
                }
            }),
        };
        let task = start(hub.clone(), vec![job]);
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
        // the sweeper is gone: asking for a pass does not wait
        tokio::time::timeout(Duration::from_secs(1), hub.sweep_now())
            .await
            .expect("no sweeper: no wait");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_panicking_job_leaves_the_others_and_the_sweeper_going() {
        let dir = tempfile::tempdir().unwrap();
        let (hub, stop) = hub(&dir);
        let mut rx = hub.register(Platform::Console);
        let broken = Scheduled {
            name: "broken",
            next: Arc::new(|s: &Service| Some(s.now())),
            run: Arc::new(|_s: &Service| panic!("a scheduled job broke")),
        };
        let broken_clock = Scheduled {
            name: "broken clock",
            next: Arc::new(|_s: &Service| panic!("cannot tell when")),
            run: Arc::new(|_s: &Service| vec![reply("never")]),
        };
        let fine = Scheduled {
            name: "fine",
            next: Arc::new(|s: &Service| Some(s.now())),
            run: Arc::new(|_s: &Service| vec![reply("fine")]),
        };
        let task = start(hub.clone(), vec![broken, broken_clock, fine]);
        for _ in 0..3 {
            hub.sweep_now().await;
            let mut seen = Vec::new();
            while let Ok(r) = rx.try_recv() {
                seen.push(r.text);
            }
            assert!(seen.contains(&"fine".to_string()), "{seen:?}");
            assert!(!seen.contains(&"never".to_string()), "{seen:?}");
        }
        assert!(!task.is_finished());
        stop.send(true).unwrap();
        tokio::time::timeout(Duration::from_secs(5), task)
            .await
            .unwrap()
            .unwrap();
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sweep_now_waits_for_a_whole_pass() {
        let dir = tempfile::tempdir().unwrap();
        let (hub, stop) = hub(&dir);
        let mut rx = hub.register(Platform::Console);
        let runs = Arc::new(AtomicUsize::new(0));
        let counting = Scheduled {
            name: "every pass",
            next: Arc::new(|s: &Service| Some(s.now())),
            run: Arc::new({
                let runs = Arc::clone(&runs);
                move |_s: &Service| {
                    let n = runs.fetch_add(1, Ordering::SeqCst) + 1;
                    vec![reply(&format!("pass {n}"))]
                }
            }),
        };
        let task = start(hub.clone(), vec![counting]);
        for _ in 0..3 {
            let before = runs.load(Ordering::SeqCst);
            hub.sweep_now().await;
            // a pass that began after the request has routed its reply
            let mut seen = Vec::new();
            while let Ok(r) = rx.try_recv() {
                seen.push(r.text);
            }
            assert!(
                seen.iter().any(|t| t
                    .strip_prefix("pass ")
                    .and_then(|n| n.parse::<usize>().ok())
                    .is_some_and(|n| n > before)),
                "{before}: {seen:?}"
            );
        }
        stop.send(true).unwrap();
        tokio::time::timeout(Duration::from_secs(5), task)
            .await
            .unwrap()
            .unwrap();
    }
}
