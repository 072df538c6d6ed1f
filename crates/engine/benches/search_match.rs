//! Engine-only self-play for quick A/B tests while the `shashki` binary is
//! not at hand (the same games as `shashki match`, fewer config keys):
//! `cargo bench -p shashki-engine --bench search_match -- A B GAMES`
//! where A and B are e.g. `movetime=20` or `depth=6,lmr=0` or `level=5`.

use shashki_engine::search::{
    choose_move, ChooseOptions, Level, LevelParams, Limits, Options, Searcher,
};
use shashki_engine::{Color, Game, Move, Position, Variant8};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

const OPENINGS: &str = include_str!("../../../assets/openings/russian-3move.txt");

#[derive(Clone)]
struct Config {
    level: Option<LevelParams>,
    limits: Limits,
    options: Options,
}

fn parse(text: &str) -> Config {
    let mut c = Config {
        level: None,
        limits: Limits::default(),
        options: Options::default(),
    };
    for part in text.split(',').filter(|p| !p.is_empty()) {
        let (k, v) = part.split_once('=').expect("key=value");
        let n: u64 = v.parse().unwrap_or(0);
        match k {
            "level" => c.level = Some(Level::new(n as u8).expect("1..=8").params()),
            "movetime" => c.limits.movetime = Some(Duration::from_millis(n)),
            "depth" => c.limits.depth = Some(n as u32),
            "nodes" => c.limits.nodes = Some(n),
            "tt" => c.options.tt = n != 0,
            "lmr" => c.options.lmr = n != 0,
            "killers" => c.options.killers = n != 0,
            "history" => c.options.history = n != 0,
            "threat" => c.options.threat_extension = n != 0,
            "aspiration" => c.options.aspiration = n != 0,
            "futility" => c.options.futility = n != 0,
            "eval" if v == "hand" => {
                c.options.weights = shashki_engine::search::eval::hand_weights()
            }
            _ => panic!("unknown key {k}"),
        }
    }
    if let Some(l) = c.level.as_mut() {
        if let Some(t) = c.limits.movetime {
            l.movetime = t;
        }
        if let Some(d) = c.limits.depth {
            l.depth = Some(d);
        }
    }
    c
}

fn pick(c: &Config, s: &mut Searcher, game: &Game, seed: u64) -> Option<Move> {
    let quiet = game.counters().kings_only_plies;
    let hist = game.history_hashes();
    if let Some(p) = &c.level {
        let options = ChooseOptions {
            history: &hist,
            kings_only_plies: quiet,
            params: p.clone(),
            seed,
            stop: None,
            variant: game.variant(),
        };
        return choose_move(s, game.position(), &options).map(|r| r.best_move);
    }
    let mut limits = c.limits.clone();
    limits.quiet_plies = quiet;
    s.search(game.position(), &hist, &limits, |_| {})
        .map(|r| r.best_move)
}

/// +1 A wins, 0 draw, -1 A loses.
fn play(
    a: &Config,
    b: &Config,
    sa: &mut Searcher,
    sb: &mut Searcher,
    opening: &[Move],
    a_white: bool,
    seed: u64,
) -> i32 {
    sa.clear();
    sb.clear();
    let mut game = Game::new(Variant8::Russian);
    for m in opening {
        game.play(m).expect("legal opening");
    }
    for ply in 0..300u64 {
        if game.is_over() {
            break;
        }
        let white = game.side_to_move() == Color::White;
        let mv = if white == a_white {
            pick(a, sa, &game, seed + ply)
        } else {
            pick(b, sb, &game, seed + ply)
        };
        let Some(mv) = mv else { break };
        game.play(&mv).expect("legal");
    }
    match game.outcome().and_then(|o| o.winner()) {
        None => 0,
        Some(c) => {
            if (c == Color::White) == a_white {
                1
            } else {
                -1
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let (a, b) = (parse(&args[0]), parse(&args[1]));
    let games: usize = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(100);
    let openings: Arc<Vec<Vec<Move>>> = Arc::new(
        OPENINGS
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| {
                let mut pos = Position::initial();
                l.split('#')
                    .next()
                    .unwrap()
                    .split_whitespace()
                    .map(|t| {
                        let m = pos
                            .legal_moves()
                            .into_iter()
                            .find(|m| m.to_string() == t)
                            .expect("legal");
                        pos = pos.make(&m);
                        m
                    })
                    .collect()
            })
            .collect(),
    );
    let next = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel();
    for t in 0..2 {
        let (a, b, openings, next, tx) = (
            a.clone(),
            b.clone(),
            openings.clone(),
            next.clone(),
            tx.clone(),
        );
        std::thread::spawn(move || {
            let mut sa = Searcher::with_options(16, a.options.clone());
            let mut sb = Searcher::with_options(16, b.options.clone());
            loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games {
                    break;
                }
                let op = &openings[(g / 2) % openings.len()];
                let r = play(
                    &a,
                    &b,
                    &mut sa,
                    &mut sb,
                    op,
                    g % 2 == 0,
                    g as u64 * 7919 + t,
                );
                tx.send(r).unwrap();
            }
        });
    }
    drop(tx);
    let (mut w, mut d, mut l) = (0, 0, 0);
    for r in rx {
        match r {
            1 => w += 1,
            0 => d += 1,
            _ => l += 1,
        }
    }
    let n = (w + d + l) as f64;
    let s = (w as f64 + 0.5 * d as f64) / n;
    let var =
        (w as f64 * (1.0 - s).powi(2) + d as f64 * (0.5 - s).powi(2) + l as f64 * s.powi(2)) / n;
    let se = (var / n).sqrt();
    let elo = |p: f64| -400.0 * (1.0 / p.clamp(1e-4, 1.0 - 1e-4) - 1.0).log10();
    println!(
        "{} vs {}: +{w} ={d} -{l} score {:.1}% Elo {:+.1} ± {:.1}",
        args[0],
        args[1],
        100.0 * s,
        elo(s),
        (elo(s + 1.96 * se) - elo(s - 1.96 * se)) / 2.0
    );
}
