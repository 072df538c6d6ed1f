//! Chat service speed: a move command through the core — parse, checks,
//! engine, one IMMEDIATE SQLite transaction with `synchronous=FULL` (WAL),
//! and the 640 px board PNG of the reply — measured per command.
//!
//! `cargo bench --bench core` prints p50/p90/p99 latency and sustained moves
//! per second.

use shashki::core::{ChatRef, Config, Event, Input, ManualClock, Platform, Service, UserRef};
use shashki::engine::{Color, Game, Position, Variant8};
use shashki::store::{self, Store};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn event(who: &str, text: String, n: u64) -> Event {
    Event {
        platform: Platform::Console,
        chat: ChatRef {
            id: "bench".into(),
            title: None,
            is_private: false,
        },
        user: UserRef {
            id: who.into(),
            name: who.into(),
            handle: Some(who.into()),
            lang: None,
            is_admin: false,
        },
        input: Input::Text(text),
        update_id: Some(format!("b{n}")),
        to_bot: true,
        thread: None,
    }
}

fn main() {
    let moves: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(2000);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bench.sqlite");
    let clock = Arc::new(ManualClock::new(1_795_000_000));
    let svc = Service::open(&path, Config::default(), clock.clone()).unwrap();
    let n = std::cell::Cell::new(0u64);
    let next = || {
        n.set(n.get() + 1);
        n.get()
    };
    let say = |who: &str, text: String| svc.handle(&event(who, text, next())).unwrap();
    let reader = Store::open(&path).unwrap();
    let mut latencies = Vec::with_capacity(moves);
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut game: Option<(shashki::core::GameId, Game)> = None;
    let started = Instant::now();
    while latencies.len() < moves {
        let (id, g) = match game.take() {
            Some(x) => x,
            None => {
                say("bob", "/help".into());
                let card = say("anna", "/challenge @bob 3 white".into());
                let accept = card.replies[0].choices[0][0].payload.clone();
                let out = svc
                    .handle(&Event {
                        input: Input::Choice(accept),
                        ..event("bob", String::new(), next())
                    })
                    .unwrap();
                let id = out.replies[0].game_id.unwrap();
                (
                    id,
                    Game::from_position(Variant8::Russian, Position::initial()),
                )
            }
        };
        let legal = g.legal_moves();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mv = legal[(seed % legal.len() as u64) as usize];
        let who = if g.side_to_move() == Color::White {
            "anna"
        } else {
            "bob"
        };
        let t = Instant::now();
        let out = say(who, format!("/move #{id} {mv}"));
        latencies.push(t.elapsed());
        assert!(
            out.replies.iter().any(|r| r.image.is_some()),
            "move applied"
        );
        let mut g = g;
        g.play(&mv).unwrap();
        let row = store::game(reader.read(), id).unwrap().unwrap();
        assert_eq!(row.ply.0 as usize, g.ply());
        if row.status == store::GameStatus::Active && !g.is_over() {
            game = Some((id, g));
        }
    }
    let total = started.elapsed();
    latencies.sort();
    let pct = |p: f64| latencies[((latencies.len() as f64 * p) as usize).min(latencies.len() - 1)];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!("core move command → reply (incl. SQLite commit, synchronous=FULL, 640 px PNG), {moves} moves:");
    println!(
        "  p50 {:.2} ms   p90 {:.2} ms   p99 {:.2} ms   max {:.2} ms",
        ms(pct(0.5)),
        ms(pct(0.9)),
        ms(pct(0.99)),
        ms(*latencies.last().unwrap())
    );
    println!(
        "  sustained: {:.0} moves/s (wall clock {:.2} s, including game set-up)",
        moves as f64 / total.as_secs_f64(),
        total.as_secs_f64()
    );
}
