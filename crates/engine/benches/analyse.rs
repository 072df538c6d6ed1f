//! Post-game analysis time: self-play games between two weak levels (level
//! 3, human-like noise, so there are mistakes to find) of at least the
//! given number of moves, each analysed at the default depth.
//!
//! `cargo bench -p shashki-engine --bench analyse -- [moves] [games]`
//! (defaults 60 and 3). Prints, per game, the plies, the time, the marks
//! and the accuracies. With `SHASHKI_BENCH_PDN=FILE` the first game is
//! written there as PDN (the README's example game).

use shashki_engine::analysis::{analyse, AnalyseOptions, Mark};
use shashki_engine::search::{choose_move, ChooseOptions, Level, Searcher};
use shashki_engine::{Color, Game, Position, Variant8};
use std::time::Instant;

fn self_play(seed: u64, min_plies: usize) -> Option<Game> {
    let mut g = Game::from_position(Variant8::Russian, Position::initial());
    let mut s = Searcher::new(16);
    while !g.is_over() && g.moves().len() < 300 {
        let history = g.history_hashes();
        let opts = ChooseOptions {
            history: &history,
            kings_only_plies: g.counters().kings_only_plies,
            params: Level::new(3)?.params(),
            seed: seed ^ g.moves().len() as u64,
            stop: None,
            variant: Variant8::Russian,
        };
        let r = choose_move(&mut s, g.position(), &opts)?;
        g.play(&r.best_move).ok()?;
    }
    (g.moves().len() >= min_plies).then_some(g)
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let moves = args.first().copied().unwrap_or(60);
    let games = args.get(1).copied().unwrap_or(3);
    let opts = AnalyseOptions::default();
    println!(
        "analysis at depth {} ({} ms at most a search), games of at least {moves} moves",
        opts.depth, opts.movetime_ms
    );
    let mut seed = 1u64;
    let mut done = 0;
    let mut times = Vec::new();
    while done < games && seed < 200 {
        seed += 1;
        let Some(g) = self_play(seed, 2 * moves) else {
            continue;
        };
        let t = Instant::now();
        if let (0, Some(path)) = (done, std::env::var_os("SHASHKI_BENCH_PDN")) {
            let tags = [
                ("Event", "self-play, level 3"),
                ("White", "level 3"),
                ("Black", "level 3"),
            ];
            let pdn = shashki_engine::pdn::write_pdn(&g, &tags, Default::default());
            if let Err(e) = std::fs::write(&path, pdn) {
                eprintln!("{}: {e}", std::path::Path::new(&path).display());
            }
        }
        let a = analyse(
            Variant8::Russian,
            g.start_position(),
            g.moves(),
            &opts,
            |_, _| {},
        );
        let secs = t.elapsed().as_secs_f64();
        times.push(secs);
        let marks = |m| a.count(Color::White, m) + a.count(Color::Black, m);
        println!(
            "seed {seed}: {} plies in {secs:.1} s ({:.0} ms a ply); ?? {} ? {} ?! {} ! {}; accuracy White {:.1} Black {:.1}",
            g.moves().len(),
            1000.0 * secs / g.moves().len() as f64,
            marks(Mark::Blunder),
            marks(Mark::Mistake),
            marks(Mark::Inaccuracy),
            marks(Mark::Only),
            a.accuracy(Color::White),
            a.accuracy(Color::Black),
        );
        done += 1;
    }
    times.sort_by(f64::total_cmp);
    if let Some(m) = times.get(times.len() / 2) {
        println!("median {m:.1} s a game");
    }
}
