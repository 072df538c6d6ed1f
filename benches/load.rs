//! Load: many chats and users sending moves and commands at once against one
//! database, every commit durable (SQLite: synchronous=FULL; PostgreSQL:
//! whatever the server does — benches/load-pg.sh starts one with fsync and
//! synchronous_commit on, and the bench prints both settings).
//!
//! `cargo bench --bench load -- [chats] [users-per-chat] [moves] [options]`
//! (defaults 50, 20, 20000). Each chat is served in order by its own
//! thread, like the runtime's per-chat queues; chats run concurrently.
//! Prints moves/s, latency percentiles per command, and checks that every
//! game's stored ply equals the moves its players sent (0 lost, 0 doubled).
//!
//! Options (for several bench processes on one database, see
//! benches/load-pg.sh):
//! - `--db LOCATION`: a SQLite file or a `postgres://` URL (else
//!   `SHASHKI_BENCH_DB`, else a file in a temporary directory);
//! - `--chat-offset N`: this process's chats are `chat{N}`… (two processes
//!   on one database never share a chat);
//! - `--ready FILE --go FILE`: after the set-up, create `FILE` (ready) and
//!   wait until the other exists (go), so that processes start together;
//! - `--sent FILE`: write each game's id and the moves sent to it;
//! - `--rate R`: paced, R events a second in all (each chat one every
//!   chats/R seconds, latency counted from when it was due), instead of
//!   each chat sending its next event as soon as the last is answered;
//! - `--check FILE…` (instead of a run): compare every game in the database
//!   with the `--sent` files of the processes that played: its ply and its
//!   rows in `moves` equal the moves sent, and no game is unaccounted for.
//!
//! Besides the human lines, a run prints one line for scripts:
//! `RESULT moves=… commands=… start_ms=… end_ms=… p50=… p90=… p99=… lost=… doubled=… trips_per_event=…`
//! (the round trips to the database of the timed part, per event: see
//! `Service::store_round_trips`).

use shashki::core::{ChatRef, Config, Event, Input, Platform, Service, SystemClock, UserRef};
use shashki::engine::{Color, Game, Position, Variant8};
use shashki::store::{self, Location, Store};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

fn event(chat: usize, who: &str, input: Input, n: u64) -> Event {
    Event {
        platform: Platform::Telegram,
        chat: ChatRef {
            id: format!("chat{chat}"),
            title: Some(format!("Chat {chat}")),
            is_private: false,
        },
        user: UserRef {
            id: who.into(),
            name: who.into(),
            handle: Some(who.into()),
            lang: None,
            is_admin: false,
        },
        input,
        update_id: Some(format!("u{chat}-{n}")),
        bare_moves: true,
        thread: None,
    }
}

/// The command line: three numbers and the options above.
#[derive(Default)]
struct Args {
    numbers: Vec<usize>,
    db: Option<String>,
    chat_offset: usize,
    ready: Option<String>,
    go: Option<String>,
    sent: Option<String>,
    check: Vec<String>,
    rate: Option<f64>,
}

fn args() -> Args {
    let mut a = Args::default();
    let mut it = std::env::args().skip(1);
    let mut checking = false;
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().unwrap_or_else(|| panic!("{name} needs a value"));
        match arg.as_str() {
            "--db" => a.db = Some(value("--db")),
            "--chat-offset" => {
                a.chat_offset = value("--chat-offset").parse().expect("--chat-offset N")
            }
            "--ready" => a.ready = Some(value("--ready")),
            "--go" => a.go = Some(value("--go")),
            "--sent" => a.sent = Some(value("--sent")),
            "--rate" => a.rate = Some(value("--rate").parse().expect("--rate EVENTS-PER-SECOND")),
            "--check" => checking = true,
            "--bench" => {} // cargo bench passes it
            other if checking && !other.starts_with('-') => a.check.push(other.to_string()),
            other => {
                if let Ok(n) = other.parse() {
                    a.numbers.push(n);
                }
            }
        }
    }
    if checking && a.check.is_empty() {
        panic!("--check needs the --sent files");
    }
    a.db =
        a.db.or_else(|| std::env::var("SHASHKI_BENCH_DB").ok())
            .filter(|d| !d.trim().is_empty());
    a
}

fn unix_ms() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0)
}

/// Every game in the database: its ply and its rows in `moves`.
fn stored_games(at: &Location) -> BTreeMap<i64, (i64, i64)> {
    let q =
        "SELECT g.id, g.ply, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) FROM games g";
    match at {
        Location::Sqlite(path) => {
            let store = Store::open(path).unwrap();
            let mut st = store.conn().prepare(q).unwrap();
            let rows = st
                .query_map([], |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?))))
                .unwrap();
            rows.map(Result::unwrap).collect()
        }
        Location::Postgres(url) => {
            let mut c = postgres::Client::connect(url, postgres::NoTls).unwrap();
            c.query(q, &[])
                .unwrap()
                .iter()
                .map(|r| (r.get(0), (r.get(1), r.get(2))))
                .collect()
        }
    }
}

/// `--check`: the whole database against the moves every process sent.
fn check(at: &Location, files: &[String]) {
    let mut sent: BTreeMap<i64, i64> = BTreeMap::new();
    for f in files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        for line in text.lines() {
            let mut w = line.split_whitespace();
            let (Some(id), Some(n)) = (w.next(), w.next()) else {
                continue;
            };
            let (id, n) = (id.parse().unwrap(), n.parse().unwrap());
            assert!(sent.insert(id, n).is_none(), "game {id} sent twice");
        }
    }
    let stored = stored_games(at);
    let (mut lost, mut doubled, mut unknown, mut missing) = (0i64, 0i64, 0, 0);
    let mut moves = 0;
    for (id, (ply, rows)) in &stored {
        let Some(&n) = sent.get(id) else {
            unknown += 1;
            continue;
        };
        moves += n;
        // a move lost shows in the ply or in the moves' rows; so does one
        // doubled
        lost += (n - ply).max(0).max(n - rows);
        doubled += (ply - n).max(0).max(rows - n);
    }
    for id in sent.keys() {
        if !stored.contains_key(id) {
            missing += 1;
        }
    }
    println!(
        "whole database: {} games ({} in the sent files), {moves} moves sent",
        stored.len(),
        sent.len()
    );
    println!("  lost {lost}, doubled {doubled}, games unaccounted for {unknown}, games missing {missing}");
    println!("CHECK games={} moves={moves} lost={lost} doubled={doubled} unknown={unknown} missing={missing}", stored.len());
    assert_eq!((lost, doubled, unknown, missing), (0, 0, 0, 0));
}

/// The server's durability settings, printed with a run on PostgreSQL.
fn durability(url: &str) -> String {
    let mut c = postgres::Client::connect(url, postgres::NoTls).unwrap();
    let show = |c: &mut postgres::Client, what: &str| -> String {
        c.query_one(&format!("SHOW {what}"), &[]).unwrap().get(0)
    };
    format!(
        "fsync={} synchronous_commit={} wal_sync_method={} server={}",
        show(&mut c, "fsync"),
        show(&mut c, "synchronous_commit"),
        show(&mut c, "wal_sync_method"),
        show(&mut c, "server_version"),
    )
}

fn main() {
    let a = args();
    let dir = tempfile::tempdir().unwrap();
    let at = match &a.db {
        Some(d) => Location::parse(d),
        None => Location::Sqlite(dir.path().join("load.sqlite")),
    };
    if !a.check.is_empty() {
        check(&at, &a.check);
        return;
    }
    let chats = a.numbers.first().copied().unwrap_or(50);
    let users = a.numbers.get(1).copied().unwrap_or(20).max(2) & !1;
    let moves = a.numbers.get(2).copied().unwrap_or(20_000);
    let offset = a.chat_offset;
    match &at {
        Location::Sqlite(p) => println!("database: SQLite {} (synchronous=FULL)", p.display()),
        Location::Postgres(url) => println!("database: PostgreSQL {at} ({})", durability(url)),
    }
    let config = Config {
        limits: shashki::core::Limits {
            active_games_per_chat: 1_000,
            ..Default::default()
        },
        ..Config::default()
    };
    let svc = Arc::new(Service::open_at(&at, config, Arc::new(SystemClock)).unwrap());

    // set-up: in each chat, users pair off into games
    let mut games: Vec<Vec<(shashki::core::GameId, String, String)>> = Vec::new();
    for chat in offset..offset + chats {
        let mut here = Vec::new();
        for pair in 0..users / 2 {
            let (a, b) = (format!("c{chat}a{pair}"), format!("c{chat}b{pair}"));
            let say =
                |who: &str, input: Input, n: u64| svc.handle(&event(chat, who, input, n)).unwrap();
            say(&b, Input::Text("/help".into()), (pair * 3) as u64);
            let card = say(
                &a,
                Input::Text(format!("/challenge @{b} 3 white")),
                (pair * 3 + 1) as u64,
            );
            let accept = card.replies[0].choices[0][0].payload.clone();
            let out = say(&b, Input::Choice(accept), (pair * 3 + 2) as u64);
            here.push((out.replies[0].game_id.unwrap(), a, b));
        }
        games.push(here);
    }

    if let (Some(ready), Some(go)) = (&a.ready, &a.go) {
        std::fs::write(ready, b"ready\n").unwrap();
        while !std::path::Path::new(go).exists() {
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    // `--rate R`: each chat sends an event (a move, or one command in ten)
    // every chats/R seconds, R events a second in all (open loop, as
    // people do), instead of the next as soon as the last is answered
    let pace = a
        .rate
        .filter(|r| *r > 0.0)
        .map(|r| Duration::from_secs_f64(chats as f64 / r));
    let done = Arc::new(AtomicUsize::new(0));
    let trips_before = svc.store_round_trips();
    let start_ms = unix_ms();
    let started = Instant::now();
    let threads: Vec<_> = games
        .into_iter()
        .enumerate()
        .map(|(idx, here)| {
            let chat = offset + idx;
            let svc = Arc::clone(&svc);
            let done = Arc::clone(&done);
            std::thread::spawn(move || {
                let mut state: Vec<(shashki::core::GameId, String, String, Game, usize)> = here
                    .into_iter()
                    .map(|(id, a, b)| {
                        let g = Game::from_position(Variant8::Russian, Position::initial());
                        (id, a, b, g, 0)
                    })
                    .collect();
                let mut seed = 0x2545_F491_4F6C_DD1Du64 ^ chat as u64;
                let mut n = 1_000_000u64;
                let mut move_lat = Vec::new();
                let mut other_lat = Vec::new();
                let mut i = 0;
                // the chats' events spread evenly over each interval
                let mut due = started
                    + pace.map_or(Duration::ZERO, |every| {
                        every.mul_f64(idx as f64 / chats as f64)
                    });
                while done.load(Ordering::Relaxed) < moves {
                    n += 1;
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let k = i % state.len();
                    i += 1;
                    let (id, a, b, g, sent) = &mut state[k];
                    if g.is_over() {
                        continue;
                    }
                    let who = if g.side_to_move() == Color::White {
                        a.clone()
                    } else {
                        b.clone()
                    };
                    // paced: this chat's next event is due at `due`, and
                    // its latency counts from then (a late start counts)
                    let t = match pace {
                        Some(every) => {
                            due += every;
                            if let Some(wait) = due.checked_duration_since(Instant::now()) {
                                std::thread::sleep(wait);
                            }
                            due
                        }
                        None => Instant::now(),
                    };
                    if seed.is_multiple_of(10) {
                        // a command among the moves
                        svc.handle(&event(chat, &who, Input::Text("/games".into()), n))
                            .unwrap();
                        other_lat.push(t.elapsed());
                        continue;
                    }
                    let legal = g.legal_moves();
                    let mv = legal[(seed % legal.len() as u64) as usize];
                    let out = svc
                        .handle(&event(
                            chat,
                            &who,
                            Input::Text(format!("/move #{id} {mv}")),
                            n,
                        ))
                        .unwrap();
                    move_lat.push(t.elapsed());
                    assert!(
                        out.replies.iter().any(|r| r.game_id == Some(*id)),
                        "{out:?}"
                    );
                    g.play(&mv).unwrap();
                    *sent += 1;
                    done.fetch_add(1, Ordering::Relaxed);
                }
                (move_lat, other_lat, state)
            })
        })
        .collect();
    let mut move_lat = Vec::new();
    let mut other_lat = Vec::new();
    let mut all = Vec::new();
    for t in threads {
        let (m, o, s) = t.join().unwrap();
        move_lat.extend(m);
        other_lat.extend(o);
        all.extend(s);
    }
    let wall = started.elapsed();
    let end_ms = unix_ms();
    let trips = svc.store_round_trips() - trips_before;
    let reader = Store::open_at(&at).unwrap();
    let (mut lost, mut doubled) = (0, 0);
    for (id, _, _, _, sent) in &all {
        let ply = store::game(reader.read(), *id).unwrap().unwrap().ply.0 as usize;
        lost += sent.saturating_sub(ply);
        doubled += ply.saturating_sub(*sent);
    }
    let pct = |v: &mut Vec<Duration>, p: f64| {
        v.sort();
        v.get(((v.len() as f64 * p) as usize).min(v.len().saturating_sub(1)))
            .map(|d| d.as_secs_f64() * 1000.0)
            .unwrap_or(0.0)
    };
    let n_moves = move_lat.len();
    if let Some(r) = a.rate {
        println!("paced: {r} events a second offered (latency from when each was due)");
    }
    println!(
        "{chats} chats × {users} users ({} games), {n_moves} moves + {} commands in {:.2} s",
        all.len(),
        other_lat.len(),
        wall.as_secs_f64()
    );
    println!(
        "  moves/s {:.0}   move p50 {:.2} ms  p90 {:.2} ms  p99 {:.2} ms   command p50 {:.2} ms  p99 {:.2} ms",
        n_moves as f64 / wall.as_secs_f64(),
        pct(&mut move_lat, 0.5),
        pct(&mut move_lat, 0.9),
        pct(&mut move_lat, 0.99),
        pct(&mut other_lat, 0.5),
        pct(&mut other_lat, 0.99),
    );
    println!("  lost {lost}, doubled {doubled}");
    let events = (n_moves + other_lat.len()).max(1);
    println!(
        "  {trips} round trips to the database ({:.1} an event; SQLite: statements)",
        trips as f64 / events as f64
    );
    if let Some(f) = &a.sent {
        let lines: String = all
            .iter()
            .map(|(id, _, _, _, sent)| format!("{} {sent}\n", id.0))
            .collect();
        std::fs::write(f, lines).unwrap();
    }
    println!(
        "RESULT moves={n_moves} commands={} start_ms={start_ms} end_ms={end_ms} p50={:.2} p90={:.2} p99={:.2} lost={lost} doubled={doubled} trips_per_event={:.1}",
        other_lat.len(),
        pct(&mut move_lat, 0.5),
        pct(&mut move_lat, 0.9),
        pct(&mut move_lat, 0.99),
        trips as f64 / events as f64,
    );
    assert_eq!((lost, doubled), (0, 0));
}
