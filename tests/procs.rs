//! Several processes on one database (issue 22): bot hubs and a worker,
//! each on a service of its own (its own connection and holder), on one
//! PostgreSQL database (a real server, `common/pg.rs`) and on one SQLite
//! file. AI moves made once by the worker's queue, replies sent once
//! across the bots, a dead claimant's job taken over, the sweeper under a
//! lease.

mod common;
use common::pg;

use shashki::core::{Config, Input, Platform, Reply, Roles, Service, SystemClock};
use shashki::runtime::{self, Hub, ProcessOptions, ReplyRx, Scheduled, WorkOptions};
use shashki::store::{self, Location, Store};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn config() -> Config {
    Config {
        ai_max_movetime: Duration::from_millis(20),
        board_size: 160,
        ..Config::default()
    }
}

/// A blocking store call from a test's async code (PostgreSQL's sync
/// client may not run on a tokio worker as it is).
fn blocking<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| s.spawn(f).join().expect("a blocking call panicked"))
}

fn service(at: &Location) -> Arc<Service> {
    blocking(|| {
        Arc::new(Service::open_at(at, config(), Arc::new(SystemClock)).expect("open the store"))
    })
}

/// A store of the test's own, to look at the database (behind a mutex:
/// read on a thread of its own).
fn open_check(at: &Location) -> std::sync::Mutex<Store> {
    std::sync::Mutex::new(blocking(|| Store::open_at(at).expect("open the store")))
}

fn opts(claim_ms: u64) -> ProcessOptions {
    ProcessOptions {
        lease: Duration::from_millis(claim_ms),
        claim: Duration::from_millis(claim_ms),
        poll: Duration::from_millis(50),
    }
}

/// A bot process with no AI workers, sending the console's replies (on
/// its channel), with its pump, poller and renewal running.
fn bot(at: &Location, o: ProcessOptions) -> (Hub, ReplyRx, tokio::sync::watch::Sender<bool>) {
    let svc = service(at);
    svc.set_roles(Roles {
        runs_jobs: false,
        delivers: vec![Platform::Console],
        claim: o.claim,
    });
    let (hub, stop) = Hub::with_ai_workers(svc, 0);
    hub.set_process_options(o);
    let rx = hub.register(Platform::Console);
    runtime::procs::start(&hub);
    (hub, rx, stop)
}

/// `shashki worker`'s runtime with `threads`, stopped by the sender.
fn worker(
    at: &Location,
    threads: usize,
    o: ProcessOptions,
) -> (
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<anyhow::Result<()>>,
) {
    let svc = service(at);
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let opts = WorkOptions {
        threads,
        procs: o,
        drain: Duration::from_secs(5),
    };
    let task = tokio::spawn(runtime::work(svc, opts, async move {
        let _ = rx.await;
    }));
    (tx, task)
}

fn event(chat: usize, input: Input, n: u64) -> shashki::core::Event {
    common::group_event(
        &format!("c{chat}"),
        &format!("Chat {chat}"),
        &format!("P{chat}"),
        input,
        n,
    )
}

fn drain(rx: &mut ReplyRx, into: &mut Vec<Reply>) {
    while let Ok(r) = rx.try_recv() {
        into.push(r);
    }
}

/// Where the tests run: one SQLite file, and a PostgreSQL database when a
/// server is there.
fn places(dir: &tempfile::TempDir) -> Vec<(Location, Option<pg::TestDb>)> {
    let mut v = vec![(Location::Sqlite(dir.path().join("shared.sqlite")), None)];
    if let Some(db) = blocking(pg::fresh_database) {
        v.push((Location::Postgres(db.url.clone()), Some(db)));
    }
    v
}

const GAMES: usize = 20;
const ROUNDS: usize = 3;

/// Two bot hubs (no AI workers) and one worker thread on one database:
/// 20 games against the AI at once, each person's moves sent to the two
/// bots in turn; every AI move is made once (one board per AI ply, the
/// plies all there), every reply is sent once across the two bots.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_bots_and_a_worker_play_twenty_ai_games_each_move_and_reply_once() {
    let dir = tempfile::tempdir().unwrap();
    for (at, db) in places(&dir) {
        let o = opts(3_000);
        // the schema first (two services migrating at once is shown safe
        // elsewhere)
        drop(service(&at));
        let (a, mut rx_a, _sa) = bot(&at, o);
        let (b, mut rx_b, _sb) = bot(&at, o);
        let (stop_worker, worker_task) = worker(&at, 1, o);
        let bots = [a.clone(), b.clone()];
        let began = Instant::now();
        let mut games = Vec::new();
        for i in 0..GAMES {
            let bots = bots.clone();
            games.push(tokio::spawn(async move {
                let mut n = (i * 100) as u64;
                let first = &bots[i % 2];
                first
                    .submit(event(i, Input::Text("/challenge ai 1 black".into()), n))
                    .await
                    .unwrap();
                for round in 0..ROUNDS {
                    let hub = &bots[(i + round + 1) % 2];
                    // the AI (White) moves first, in the worker
                    let deadline = Instant::now() + Duration::from_secs(60);
                    let choices = loop {
                        let mine = hub
                            .moves_to_play(Platform::Console, format!("c{i}"), format!("p{i}"))
                            .await
                            .unwrap();
                        if let Some((_, c)) = mine.into_iter().next() {
                            break c;
                        }
                        assert!(Instant::now() < deadline, "game {i}: the AI never moved");
                        tokio::time::sleep(Duration::from_millis(20)).await;
                    };
                    n += 1;
                    let pick = choices.first().expect("a legal move").payload.clone();
                    hub.submit(event(i, Input::Choice(pick), n)).await.unwrap();
                }
            }));
        }
        for g in games {
            g.await.unwrap();
        }
        // the AI's last moves, and every reply out
        let check = open_check(&at);
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let owed = blocking(|| store::count_owed(check.lock().unwrap().read()).unwrap());
            let queued = blocking(|| {
                store::queued_jobs(check.lock().unwrap().read())
                    .unwrap()
                    .len()
            });
            if owed == 0 && queued == 0 {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{owed} replies, {queued} jobs left"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let took = began.elapsed();
        // let the bots' queues settle
        tokio::time::sleep(Duration::from_millis(300)).await;
        let (mut got_a, mut got_b) = (Vec::new(), Vec::new());
        drain(&mut rx_a, &mut got_a);
        drain(&mut rx_b, &mut got_b);
        // each outbox row sent once, by one bot
        let mut sent: HashMap<shashki::core::OutboxId, usize> = HashMap::new();
        for r in got_a.iter().chain(&got_b) {
            for id in &r.outbox {
                *sent.entry(*id).or_default() += 1;
            }
        }
        let twice: Vec<_> = sent.iter().filter(|(_, n)| **n > 1).collect();
        assert!(twice.is_empty(), "sent twice: {twice:?}");
        // every AI move made once: one board of the AI's per AI ply
        let mut ai_boards: HashMap<String, usize> = HashMap::new();
        for r in got_a.iter().chain(&got_b) {
            if r.text.starts_with("AI (level 1): ") {
                *ai_boards.entry(r.chat_id().to_string()).or_default() += 1;
            }
        }
        for i in 0..GAMES {
            let game = store::GameId(i as i64 + 1);
            let row = blocking(|| {
                store::game(check.lock().unwrap().read(), game)
                    .unwrap()
                    .unwrap()
            });
            // AI, person, AI, … ending on the AI's move
            assert_eq!(row.ply.0, (2 * ROUNDS + 1) as i64, "game {i}");
        }
        let total: usize = ai_boards.values().sum();
        assert_eq!(total, GAMES * (ROUNDS + 1), "{ai_boards:?}");
        assert!(
            ai_boards.values().all(|&n| n == ROUNDS + 1),
            "{ai_boards:?}"
        );
        // both bots sent (the worker's replies are claimed by either)
        assert!(!got_a.is_empty() && !got_b.is_empty());
        println!(
            "{at}: {} AI moves by one worker thread, {} replies ({} + {}) in {took:?}: {:.0} jobs/s",
            GAMES * (ROUNDS + 1),
            sent.len(),
            got_a.len(),
            got_b.len(),
            (GAMES * (ROUNDS + 1)) as f64 / took.as_secs_f64()
        );
        stop_worker.send(()).unwrap();
        worker_task.await.unwrap().unwrap();
        // nothing left claimed by the worker (it released what it held)
        let holders = blocking(|| store::holders(check.lock().unwrap().read()).unwrap());
        assert!(
            holders
                .iter()
                .all(|h| h == a.service().holder() || h == b.service().holder()),
            "{holders:?}"
        );
        // the database dropped off the async threads
        blocking(move || drop(db));
    }
}

/// A worker that died mid-think (its claim left behind, never released):
/// the job is taken over once the claim runs out, by another worker.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_dead_workers_job_is_taken_over_when_its_claim_runs_out() {
    let dir = tempfile::tempdir().unwrap();
    for (at, db) in places(&dir) {
        let o = opts(1_500);
        drop(service(&at));
        let (bot, mut rx, _s) = bot(&at, o);
        bot.submit(event(1, Input::Text("/challenge ai 1 black".into()), 1))
            .await
            .unwrap();
        // the dead worker claimed the AI's move and vanished mid-think
        let dead = service(&at);
        let claimed = blocking(|| dead.claim_next_job(Duration::from_millis(1_500)))
            .unwrap()
            .expect("the AI's move is queued");
        let claimed_at = Instant::now();
        blocking(|| drop(dead));
        let (stop_worker, task) = worker(&at, 1, o);
        let check = open_check(&at);
        let queued = blocking(|| store::queued_jobs(check.lock().unwrap().read()).unwrap());
        assert_eq!(queued.len(), 1);
        assert!(queued[0].1.is_some(), "still the dead worker's");
        // the AI's board comes once the claim ran out
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut seen = Vec::new();
        let took = loop {
            drain(&mut rx, &mut seen);
            if seen.iter().any(|r| r.text.starts_with("AI (level 1): ")) {
                break claimed_at.elapsed();
            }
            assert!(Instant::now() < deadline, "never taken over: {seen:?}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        assert!(
            took >= Duration::from_millis(1_400),
            "taken over before the claim ran out: {took:?}"
        );
        assert!(took < Duration::from_secs(5), "{took:?}");
        let row = blocking(|| {
            store::game(check.lock().unwrap().read(), claimed.job.game)
                .unwrap()
                .unwrap()
        });
        assert_eq!(row.ply.0, 1, "the AI moved once");
        println!("{at}: a dead worker's job taken over after {took:?} (claim 1.5 s)");
        stop_worker.send(()).unwrap();
        task.await.unwrap().unwrap();
        // the database dropped off the async threads
        blocking(move || drop(db));
    }
}

/// Two sweepers on one database: only the lease's holder runs the
/// scheduled work; when it stops without a word (its task gone, the lease
/// not released), the other takes over once the lease runs out.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_sweeper_at_a_time_and_another_takes_over_when_it_dies() {
    let dir = tempfile::tempdir().unwrap();
    for (at, db) in places(&dir) {
        let o = opts(1_500);
        drop(service(&at));
        let counting = |runs: Arc<AtomicUsize>| Scheduled {
            name: "count",
            next: Arc::new(|s: &Service| Some(s.now())),
            run: Arc::new(move |_s: &Service| {
                runs.fetch_add(1, Ordering::SeqCst);
                Vec::new()
            }),
        };
        let (ra, rb) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let (a, _rx_a, _sa) = bot(&at, o);
        let sweeper_a = runtime::sweeper::start(a.clone(), vec![counting(Arc::clone(&ra))]);
        tokio::time::sleep(Duration::from_millis(200)).await;
        let (b, _rx_b, _sb) = bot(&at, o);
        let sweeper_b = runtime::sweeper::start(b.clone(), vec![counting(Arc::clone(&rb))]);
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        assert!(ra.load(Ordering::SeqCst) > 0, "a sweeps");
        assert_eq!(rb.load(Ordering::SeqCst), 0, "b waits");
        // a dies: its sweeper gone, the lease left to run out
        sweeper_a.abort();
        let died = Instant::now();
        let deadline = died + Duration::from_secs(10);
        while rb.load(Ordering::SeqCst) == 0 {
            assert!(Instant::now() < deadline, "b never took over");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let took = died.elapsed();
        assert!(took <= Duration::from_millis(1_500 + 600), "{took:?}");
        println!(
            "{at}: the sweeper's lease taken over {took:?} after its holder died (lease 1.5 s)"
        );
        sweeper_b.abort();
        // the database dropped off the async threads
        blocking(move || drop(db));
    }
}
