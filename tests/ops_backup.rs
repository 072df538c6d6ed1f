//! `shashki backup OUT --db FILE` (issue 22): a consistent copy while the
//! bot writes; OUT is never overwritten without `--force`.

mod common;
use common::shashki;
use shashki::core::{Config, Event, Input, Service, SystemClock};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// Player `n` starts a game against the AI in chat `n` and plays a move:
/// two transactions (the game, then its move).
fn play(svc: &Service, n: u64) {
    let who = format!("p{n}");
    let chat = format!("c{n}");
    let mut ev: Event = common::group_event(
        &chat,
        "Club",
        &who,
        Input::Text("/challenge ai 1 white".into()),
        2 * n,
    );
    svc.handle(&ev).unwrap();
    ev.input = Input::Text("c3d4".into());
    ev.update_id = Some(format!("u{}", 2 * n + 1));
    svc.handle(&ev).unwrap();
}

/// (games, games whose move is stored) in a database file; panics unless
/// the games are 1..=n without a gap, every game's ply matches its moves,
/// and every game but the last has its move (a prefix of what was
/// written, game then move).
fn prefix(path: &Path) -> (i64, i64) {
    let c = rusqlite::Connection::open(path).unwrap();
    let check: String = c
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    let (n, max): (i64, Option<i64>) = c
        .query_row("SELECT count(*), max(id) FROM games", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert_eq!(max.unwrap_or(0), n, "games 1..=n, no gap");
    let odd: i64 = c
        .query_row(
            "SELECT count(*) FROM games g WHERE g.ply != \
             (SELECT count(*) FROM moves m WHERE m.game_id = g.id)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(odd, 0, "every game's ply is its moves");
    let moved: i64 = c
        .query_row("SELECT count(*) FROM moves", [], |r| r.get(0))
        .unwrap();
    let unmoved_not_last: i64 = c
        .query_row(
            "SELECT count(*) FROM games g WHERE g.ply = 0 AND g.id < ?1",
            [n],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(
        unmoved_not_last, 0,
        "only the last game may wait for its move"
    );
    (n, moved)
}

#[test]
fn a_backup_while_the_bot_writes_moves_is_whole_and_a_prefix() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.sqlite");
    let config = Config {
        board_size: 160,
        ..Config::default()
    };
    let svc = Arc::new(Service::open(&db, config, Arc::new(SystemClock)).unwrap());
    // ballast: a file of many pages, so the copy takes several steps and
    // the writes between them restart it
    {
        let raw = rusqlite::Connection::open(&db).unwrap();
        raw.execute_batch(
            "CREATE TABLE ballast (b BLOB); \
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) \
             INSERT INTO ballast SELECT randomblob(3000) FROM n;",
        )
        .unwrap();
    }
    let stop = Arc::new(AtomicBool::new(false));
    let played = Arc::new(AtomicU64::new(0));
    let writer = {
        let (svc, stop, played) = (Arc::clone(&svc), Arc::clone(&stop), Arc::clone(&played));
        std::thread::spawn(move || {
            let mut n = 0;
            while !stop.load(Ordering::SeqCst) {
                n += 1;
                play(&svc, n);
                played.store(n, Ordering::SeqCst);
            }
        })
    };
    while played.load(Ordering::SeqCst) < 10 {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let out = dir.path().join("copy.sqlite");
    let (code, stdout, err) = shashki(&[
        "backup",
        out.to_str().unwrap(),
        "--db",
        db.to_str().unwrap(),
    ]);
    let during = played.load(Ordering::SeqCst);
    // the bot went on writing while (and after) the copy was made
    while played.load(Ordering::SeqCst) < during + 5 {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    stop.store(true, Ordering::SeqCst);
    writer.join().unwrap();
    assert_eq!(code, 0, "{err}");
    assert_eq!(stdout, "", "quiet when piped");
    assert!(!dir.path().join("copy.sqlite.partial").exists());
    let (games, moves) = prefix(&out);
    assert!(games >= 10, "the games before the copy are in it: {games}");
    let total = played.load(Ordering::SeqCst) as i64;
    assert!(games < total, "not the games after it: {games} of {total}");
    assert!(
        moves == games || moves == games - 1,
        "{moves} moves, {games} games"
    );
    // the copy is a database the bot opens
    let copy = Service::open(&out, Config::default(), Arc::new(SystemClock)).unwrap();
    copy.ping().unwrap();
}

#[test]
fn a_backup_never_overwrites_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bot.sqlite");
    let svc = Service::open(&db, Config::default(), Arc::new(SystemClock)).unwrap();
    play(&svc, 1);
    let out = dir.path().join("copy.sqlite");
    std::fs::write(&out, b"yesterday's copy").unwrap();
    let args = [
        "backup",
        out.to_str().unwrap(),
        "--db",
        db.to_str().unwrap(),
    ];
    let (code, _, err) = shashki(&args);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--force"), "{err}");
    assert_eq!(std::fs::read(&out).unwrap(), b"yesterday's copy");
    let (code, _, err) = shashki(&[&args[..], &["--force"]].concat());
    assert_eq!(code, 0, "{err}");
    assert_eq!(prefix(&out), (1, 1));
    // no database there: refused, nothing created
    let missing = dir.path().join("none.sqlite");
    let other = dir.path().join("other.sqlite");
    let (code, _, err) = shashki(&[
        "backup",
        other.to_str().unwrap(),
        "--db",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(!missing.exists() && !other.exists());
}
