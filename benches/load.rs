//! Load: many chats and users sending moves and commands at once against one
//! SQLite file, every commit durable (synchronous=FULL).
//!
//! `cargo bench --bench load -- [chats] [users-per-chat] [moves]`
//! (defaults 50, 20, 20000). Each chat is served in order by its own
//! thread, like the runtime's per-chat queues; chats run concurrently.
//! Prints moves/s, latency percentiles per command, and checks that every
//! game's stored ply equals the moves its players sent (0 lost, 0 doubled).

use shashki::core::{ChatRef, Config, Event, Input, Platform, Service, SystemClock, UserRef};
use shashki::engine::{Color, Game, Position, Variant};
use shashki::store::{self, Store};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

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

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let chats = args.first().copied().unwrap_or(50);
    let users = args.get(1).copied().unwrap_or(20).max(2) & !1;
    let moves = args.get(2).copied().unwrap_or(20_000);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("load.sqlite");
    let config = Config {
        limits: shashki::core::Limits {
            active_games_per_chat: 1_000,
            ..Default::default()
        },
        ..Config::default()
    };
    let svc = Arc::new(Service::open(&path, config, Arc::new(SystemClock)).unwrap());

    // set-up: in each chat, users pair off into games
    let mut games: Vec<Vec<(shashki::core::GameId, String, String)>> = Vec::new();
    for chat in 0..chats {
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

    let done = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let threads: Vec<_> = games
        .into_iter()
        .enumerate()
        .map(|(chat, here)| {
            let svc = Arc::clone(&svc);
            let done = Arc::clone(&done);
            std::thread::spawn(move || {
                let mut state: Vec<(shashki::core::GameId, String, String, Game, usize)> = here
                    .into_iter()
                    .map(|(id, a, b)| {
                        let g = Game::from_position(Variant::Russian, Position::initial());
                        (id, a, b, g, 0)
                    })
                    .collect();
                let mut seed = 0x2545_F491_4F6C_DD1Du64 ^ chat as u64;
                let mut n = 1_000_000u64;
                let mut move_lat = Vec::new();
                let mut other_lat = Vec::new();
                let mut i = 0;
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
                    if seed.is_multiple_of(10) {
                        // a command among the moves
                        let t = Instant::now();
                        svc.handle(&event(chat, &who, Input::Text("/games".into()), n))
                            .unwrap();
                        other_lat.push(t.elapsed());
                        continue;
                    }
                    let legal = g.legal_moves();
                    let mv = legal[(seed % legal.len() as u64) as usize];
                    let t = Instant::now();
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
    let reader = Store::open(&path).unwrap();
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
    assert_eq!((lost, doubled), (0, 0));
}
