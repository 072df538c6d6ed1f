//! SIGTERM drains (issue 22): the real binary on the fake Bot API stops
//! taking updates, handles the ones queued in its lanes, sends what they
//! owe within `[runtime] drain_seconds`, and exits 0; what it could not
//! send in that time stays owed in the outbox, and an update it never
//! handled was never confirmed to Telegram (it comes again). Nothing is
//! lost. (The updates here are refused commands, `/board N`: a refusal
//! rolls its event back, so only its reply — owed in the outbox like any
//! other — says it was handled.)
#![cfg(unix)]

mod common {
    pub mod process;
    pub mod telegram;
}

use common::telegram::*;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn config(dir: &Path, addr: std::net::SocketAddr, drain: u64) -> PathBuf {
    let config = dir.join("config.toml");
    std::fs::write(
        &config,
        format!(
            "[database]\npath = \"bot.sqlite\"\n[log]\nlevel = \"info\"\n\
             [runtime]\ndrain_seconds = {drain}\n\
             [telegram]\ntoken = \"{TOKEN}\"\napi_url = \"http://{addr}\"\n\
             poll_timeout_secs = 1\nset_commands = false\n"
        ),
    )
    .unwrap();
    config
}

/// `/board N` from the person whose private chat is `chat`: refused with
/// "There is no game N." — one message naming its update.
fn ask(id: i64, chat: i64, n: i64) -> Value {
    let from = json!({"id": chat, "is_bot": false, "first_name": "P", "language_code": "en"});
    message_from(id, 100 + id, chat, from, &format!("/board {n}"))
}

/// Texts of the messages the fake server took.
fn sent(fake: &Fake) -> Vec<String> {
    fake.calls()
        .iter()
        .filter(|c| c.method == "sendMessage")
        .map(shown_text)
        .collect()
}

/// The replies still owed (as stored in the outbox).
fn owed(db: &Path) -> Vec<String> {
    let c = rusqlite::Connection::open(db).unwrap();
    let mut s = c
        .prepare("SELECT reply FROM outbox WHERE sent_at IS NULL")
        .unwrap();
    let owed = s
        .query_map([], |r| r.get::<_, String>(0))
        .unwrap()
        .map(|r| r.unwrap())
        .collect();
    owed
}

/// Replies written to the outbox so far (sent or not).
fn written(db: &Path) -> i64 {
    let c = rusqlite::Connection::open(db).unwrap();
    c.query_row("SELECT count(*) FROM outbox", [], |r| r.get(0))
        .unwrap_or(0)
}

/// 4 chats × 4 updates, each chat's sends slow: SIGTERM once the first
/// reply is out (the rest queued in the lanes and the delivery queues).
/// Every one is handled and its reply sent; exit 0.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_finishes_the_queued_updates_and_sends_their_replies() {
    let (fake, addr) = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let chats = [5001, 5002, 5003, 5004];
    for chat in chats {
        fake.slow
            .lock()
            .unwrap()
            .insert(chat, Duration::from_millis(400));
    }
    let mut id = 0;
    for round in 0..4 {
        for chat in chats {
            id += 1;
            fake.push_update(ask(id, chat, 9000 + id));
            let _ = round;
        }
    }
    let (child, guard, reader) = common::process::spawn_logged(&config(dir.path(), addr, 20));
    let pid = child.id();
    fake.wait_for(0, "a first reply", |c| c.method == "sendMessage")
        .await;
    common::process::sigterm(pid);
    let at_term = sent(&fake).len() as i64;
    let exit = common::process::exit_within(child, Duration::from_secs(30)).await;
    drop(guard);
    let log = reader.join().unwrap();
    assert!(exit.success(), "{log}");
    assert!(log.contains("drained"), "{log}");
    assert!(at_term < id, "updates were still queued at SIGTERM");
    let texts = sent(&fake);
    for n in 1..=id {
        let want = format!("There is no game #{}.", 9000 + n);
        assert!(
            texts.iter().any(|t| t.contains(&want)),
            "update {n} answered: {texts:#?}\n{log}"
        );
    }
    let owed = owed(&dir.path().join("bot.sqlite"));
    assert!(owed.is_empty(), "nothing left owed: {owed:?}");
}

/// The drain is bounded: with `drain_seconds = 1` and sends that take 4
/// seconds the bot exits 0 within a few seconds, and every update is
/// either handled with its reply sent or owed in the outbox, or not
/// handled and not confirmed to Telegram (it comes again).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_drain_is_bounded_and_what_it_could_not_send_stays_owed() {
    let (fake, addr) = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.sqlite");
    let chats = [6001, 6002];
    for chat in chats {
        fake.slow
            .lock()
            .unwrap()
            .insert(chat, Duration::from_secs(4));
    }
    let mut id = 0;
    for _ in 0..3 {
        for chat in chats {
            id += 1;
            fake.push_update(ask(id, chat, 7000 + id));
        }
    }
    let (child, guard, reader) = common::process::spawn_logged(&config(dir.path(), addr, 1));
    let pid = child.id();
    // the first updates are handled (their replies on their slow way)
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while !db.exists() || written(&db) < 2 {
        if std::time::Instant::now() > deadline {
            common::process::sigterm(pid);
            drop(guard);
            panic!(
                "nothing handled: {:?} {:?}\n{}",
                db.exists().then(|| owed(&db)),
                fake.calls()
                    .iter()
                    .map(|c| c.method.clone())
                    .collect::<Vec<_>>(),
                reader.join().unwrap()
            );
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let term = std::time::Instant::now();
    common::process::sigterm(pid);
    let exit = common::process::exit_within(child, Duration::from_secs(15)).await;
    let took = term.elapsed();
    drop(guard);
    let log = reader.join().unwrap();
    assert!(exit.success(), "{log}");
    assert!(
        took < Duration::from_secs(4),
        "bounded by the drain: {took:?}\n{log}"
    );
    let texts = sent(&fake);
    let owed = owed(&db);
    assert!(!owed.is_empty(), "the slow sends were cut short: {log}");
    let confirmed = fake.last_offset();
    for n in 1..=id {
        let want = format!("There is no game #{}.", 7000 + n);
        let answered = texts.iter().any(|t| t.contains(&want));
        let is_owed = owed.iter().any(|r| r.contains(&want));
        // handled: its reply sent or owed; else never confirmed to
        // Telegram, which sends it again
        assert!(
            answered || is_owed || n >= confirmed,
            "update {n} lost (offset {confirmed}): {texts:?} {owed:?}\n{log}"
        );
    }
}
