//! Tests of the hub (events, panics, AI jobs, resume).
use super::*;
use crate::core::{Config, ServiceError, SystemClock, Target};
use crate::runtime::test_fixtures::{event, service};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn submitted_events_reply_through_the_route_and_wait_for_the_ai() -> Result<(), ServiceError>
{
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

/// A clock that panics the next `n` times it is read.
#[derive(Default)]
struct Flaky(std::sync::atomic::AtomicUsize);

impl Flaky {
    fn panic_next(&self, n: usize) {
        self.0.store(n, std::sync::atomic::Ordering::SeqCst);
    }
}

impl crate::core::Clock for Flaky {
    fn now(&self) -> i64 {
        use std::sync::atomic::Ordering::SeqCst;
        if self
            .0
            .fetch_update(SeqCst, SeqCst, |n| n.checked_sub(1))
            .is_ok()
        {
            panic!("the clock broke");
        }
        crate::core::Clock::now(&SystemClock)
    }
}

fn flaky_service(dir: &tempfile::TempDir) -> (Arc<Service>, Arc<Flaky>) {
    let clock = Arc::new(Flaky::default());
    let config = Config {
        ai_max_movetime: Duration::from_millis(20),
        board_size: 160,
        ..Config::default()
    };
    let svc = Service::open(&dir.path().join("t.sqlite"), config, clock.clone()).unwrap();
    (Arc::new(svc), clock)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_while_handling_is_an_error_and_serve_says_sorry() {
    let dir = tempfile::tempdir().unwrap();
    let (svc, clock) = flaky_service(&dir);
    let (hub, _stop) = Hub::with_ai_workers(svc, 1);
    clock.panic_next(1);
    let err = hub.handle(event("/help")).await.unwrap_err();
    assert!(matches!(err, ServiceError::Internal(_)), "{err}");
    // serve: a note for the sender alone, in their language
    clock.panic_next(1);
    let mut ev = event("/help");
    ev.user.lang = Some("ru-RU".into());
    let out = hub.serve(ev).await;
    assert!(out.jobs.is_empty());
    assert_eq!(out.replies.len(), 1);
    let r = &out.replies[0];
    assert_eq!(
        r.target,
        Target::User {
            chat: "c".into(),
            user: "anna".into()
        }
    );
    assert!(r.text.starts_with("Что-то пошло не так"), "{}", r.text);
    let out = hub.serve(event("/nonsense")).await;
    assert!(!out.replies[0].text.contains("went wrong"));
    // and the hub goes on
    let out = hub.handle(event("/help")).await.unwrap();
    assert!(out.replies[0].text.contains("/challenge"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_job_is_tried_again_and_never_runs_twice_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let (svc, clock) = flaky_service(&dir);
    let (hub, _stop) = Hub::with_ai_workers(svc, 1);
    let mut rx = hub.register(Platform::Console);
    let out = hub.handle(event("/challenge ai 1 black")).await.unwrap();
    assert_eq!(out.jobs.len(), 1);
    // the AI's first try panics (after thinking, as it plays)
    clock.panic_next(1);
    let done = hub.spawn_jobs(out.jobs.clone());
    // the same job again while it is queued or running: not doubled
    let again = hub.spawn_jobs(out.jobs.clone());
    assert_eq!(hub.jobs_in_flight(), 1);
    tokio::time::timeout(Duration::from_secs(30), done.wait())
        .await
        .expect("the job ran again and finished");
    again.wait().await;
    assert_eq!(hub.jobs_in_flight(), 0);
    let r = rx.try_recv().expect("the AI's move came on the second try");
    assert!(r.text.starts_with("AI (level 1): "), "{}", r.text);
    assert!(rx.try_recv().is_err(), "played once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn jobs_lost_with_a_crash_are_found_and_run() {
    let dir = tempfile::tempdir().unwrap();
    let (hub, _stop) = Hub::with_ai_workers(service(&dir), 1);
    let mut rx = hub.register(Platform::Console);
    // the game waits for the AI, and its job is lost
    let out = hub.handle(event("/challenge ai 1 black")).await.unwrap();
    assert_eq!(out.jobs.len(), 1);
    drop(out);
    assert_eq!(hub.resume_pending_jobs().await, 1);
    // found again while it runs: not started twice
    assert_eq!(hub.resume_pending_jobs().await, 0);
    let r = tokio::time::timeout(Duration::from_secs(30), rx.recv())
        .await
        .unwrap()
        .unwrap();
    assert!(r.text.starts_with("AI (level 1): "), "{}", r.text);
    assert!(hub.tracker().wait_idle(Duration::from_secs(10)).await);
    // the human's turn now: nothing pending
    assert_eq!(hub.resume_pending_jobs().await, 0);
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
