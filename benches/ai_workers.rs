//! AI moves a second with N `shashki worker` processes (benches/ai-workers.sh
//! runs it with 0, 1 and 2). This process is the bot with `[ai] workers = 0`:
//! it drives `Service::handle` directly and never thinks, so every AI move
//! is a job in the database's queue that only a worker makes.
//!
//! `cargo bench --bench ai_workers -- --db postgres://… [games] [level] [seconds]`
//! (defaults 20, 2, 20). Each of `games` chats plays white against the AI
//! at `level`; whenever it is white's turn the driver sends a random legal
//! move at once, and a finished game is replaced by a new one. After a
//! short warm-up it counts the AI moves stored (rows of `moves` without a
//! user) over `seconds` and prints them a second:
//! `AI moves=… seconds=… per_second=…`.

use shashki::core::{ChatRef, Config, Event, Input, Platform, Service, SystemClock, UserRef};
use shashki::engine::{Color, Position};
use shashki::store::{self, GameId, GameStatus, Location, Store};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn event(chat: usize, text: String, n: u64) -> Event {
    let who = format!("p{chat}");
    Event {
        platform: Platform::Telegram,
        chat: ChatRef {
            id: format!("aichat{chat}"),
            title: Some(format!("AI chat {chat}")),
            is_private: false,
        },
        user: UserRef {
            id: who.clone(),
            name: who.clone(),
            handle: Some(who),
            lang: None,
            is_admin: false,
        },
        input: Input::Text(text),
        update_id: Some(format!("ai{chat}-{n}")),
        to_bot: true,
        thread: None,
    }
}

fn ai_moves(url: &str) -> i64 {
    let mut c = postgres::Client::connect(url, postgres::NoTls).unwrap();
    c.query_one("SELECT COUNT(*) FROM moves WHERE user_id IS NULL", &[])
        .unwrap()
        .get(0)
}

fn main() {
    let mut db = std::env::var("SHASHKI_BENCH_DB").ok();
    let mut numbers = Vec::new();
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--db" => db = it.next(),
            "--bench" => {}
            other => numbers.extend(other.parse::<u64>().ok()),
        }
    }
    let url = db.expect("--db postgres://… (the database the workers use)");
    let games = numbers.first().copied().unwrap_or(20) as usize;
    let level = numbers.get(1).copied().unwrap_or(2);
    let seconds = numbers.get(2).copied().unwrap_or(20);
    let at = Location::parse(&url);
    let Location::Postgres(pg_url) = at.clone() else {
        panic!("a postgres:// URL: the workers share the database");
    };
    let config = Config {
        limits: shashki::core::Limits {
            active_games_per_chat: 1_000,
            ..Default::default()
        },
        ..Config::default()
    };
    let svc = Service::open_at(&at, config, Arc::new(SystemClock)).unwrap();
    let reader = Store::open_at(&at).unwrap();
    let mut n = 0u64;
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let start = |chat: usize, n: &mut u64| -> GameId {
        *n += 1;
        let out = svc
            .handle(&event(chat, format!("/challenge ai {level} white"), *n))
            .unwrap();
        out.replies
            .iter()
            .find_map(|r| r.game_id)
            .unwrap_or_else(|| panic!("no game: {out:?}"))
    };
    let mut ids: Vec<GameId> = (0..games).map(|c| start(c, &mut n)).collect();
    let warmup = Duration::from_secs(3);
    let began = Instant::now();
    let mut counted: Option<(Instant, i64)> = None;
    let (mut human, mut finished) = (0u64, 0u64);
    loop {
        let now = Instant::now();
        if counted.is_none() && now >= began + warmup {
            counted = Some((now, ai_moves(&pg_url)));
        }
        if let Some((t0, _)) = counted {
            if now >= t0 + Duration::from_secs(seconds) {
                break;
            }
        }
        let mut sent = false;
        for (chat, id) in ids.iter_mut().enumerate() {
            let g = store::game(reader.read(), *id).unwrap().unwrap();
            if g.status != GameStatus::Active {
                finished += 1;
                *id = start(chat, &mut n);
                sent = true;
                continue;
            }
            let pos = Position::from_fen(&g.fen).unwrap();
            if pos.side_to_move() != Color::White {
                continue; // the AI's turn: a worker's job
            }
            let legal = pos.legal_moves();
            if legal.is_empty() {
                continue;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = legal[(seed % legal.len() as u64) as usize];
            n += 1;
            svc.handle(&event(chat, format!("/move #{id} {mv}"), n))
                .unwrap();
            human += 1;
            sent = true;
        }
        if !sent {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    let (t0, before) = counted.unwrap();
    let secs = t0.elapsed().as_secs_f64();
    let made = ai_moves(&pg_url) - before;
    println!(
        "{games} games against the AI at level {level}; {human} moves by the people, {finished} games finished"
    );
    println!(
        "AI moves={made} seconds={secs:.1} per_second={:.2}",
        made as f64 / secs
    );
}
