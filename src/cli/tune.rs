//! `shashki tune`: fit the evaluation weights (Texel's method).
//!
//! 1. Self-play: games between two copies of a configuration (by default
//!    `level=5,depth=4`: a shallow search with a little noise so the games
//!    differ) from the balloted openings; every quiet position (no capture
//!    for the side to move, no known-ending rule applying) is kept with the
//!    game's result.
//! 2. Fit: the sigmoid of the linear evaluation is fitted to the results by
//!    Adam on the mean squared error; the man's middlegame value stays 100 as
//!    the unit.
//! 3. Output: the Rust source of `crates/engine/src/search/tuned.rs`
//!    (to stdout, or to the file given with `--write`).

use super::match_::{parse_config, parse_opening, play_game_recorded, GameResult, Player};
use super::{progress_bar, CliError, CliResult};
use shashki_engine::search::eval::{self, FeatureVec, Weights, N_FEATURES};
use shashki_engine::{Color, Position};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

const OPENINGS: &str = include_str!("../../assets/openings/russian-3move.txt");

#[derive(clap::Args)]
pub struct TuneArgs {
    /// Self-play games to generate.
    #[arg(long, default_value_t = 2000)]
    games: usize,
    /// The self-play configuration (as in `shashki match`).
    #[arg(long, default_value = "level=5,depth=4")]
    play: String,
    /// Optimisation passes over the data.
    #[arg(long, default_value_t = 400)]
    epochs: usize,
    /// Adam step size (centi-men).
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// Worker threads for self-play (default: the number of cores).
    #[arg(long)]
    threads: Option<usize>,
    /// L2 pull towards the hand-set weights (keeps rare features sane).
    #[arg(long, default_value_t = 5e-8)]
    reg: f64,
    /// Start from the hand-set weights instead of the current ones.
    #[arg(long)]
    from_hand: bool,
    /// Write the Rust source of the weights to this file.
    #[arg(long)]
    write: Option<String>,
}

struct Sample {
    features: Vec<(u16, i16)>,
    phase: f64,
    result: f64,
}

fn collect(a: &TuneArgs) -> Result<Vec<Sample>, CliError> {
    let config = parse_config(&a.play).map_err(|e| CliError::Input(format!("--play: {e}")))?;
    let openings: Vec<_> = OPENINGS
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(parse_opening)
        .collect::<Result<_, _>>()
        .map_err(CliError::Input)?;
    let openings = Arc::new(openings);
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let next = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel::<(GameResult, Vec<Position>)>();
    let games = a.games;
    let mut handles = Vec::new();
    for t in 0..threads {
        let (config, openings, next, tx) =
            (config.clone(), openings.clone(), next.clone(), tx.clone());
        handles.push(std::thread::spawn(move || {
            let mut w = Player::new(config.clone());
            let mut b = Player::new(config);
            loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games {
                    break;
                }
                let op = &openings[g % openings.len()];
                let mut positions = Vec::new();
                let seed = (g as u64).wrapping_mul(0x2545_F491_4F6C_DD1D) ^ t as u64;
                let r = play_game_recorded(&mut w, &mut b, op, 250, seed, Some(&mut positions));
                if tx.send((r, positions)).is_err() {
                    break;
                }
            }
        }));
    }
    drop(tx);
    let bar = progress_bar(games as u64, "self-play");
    let mut samples = Vec::new();
    let (mut ww, mut dd, mut bb) = (0, 0, 0);
    for (r, positions) in rx {
        let result = match r {
            GameResult::WhiteWins => {
                ww += 1;
                1.0
            }
            GameResult::Draw => {
                dd += 1;
                0.5
            }
            GameResult::BlackWins => {
                bb += 1;
                0.0
            }
        };
        for p in positions {
            if p.must_capture() || p.legal_moves().is_empty() {
                continue;
            }
            // positions where the endgame rules override the linear score
            if eval::endgame_white(&p, 1000) != 1000 {
                continue;
            }
            let mut f = FeatureVec::default();
            eval::features(&p, &mut f);
            samples.push(Sample {
                features: f.items,
                phase: eval::phase(&p) as f64 / 24.0,
                result,
            });
        }
        bar.set_message(format!("+{ww} ={dd} -{bb}, {} positions", samples.len()));
        bar.inc(1);
    }
    bar.finish_and_clear();
    for h in handles {
        let _ = h.join();
    }
    eprintln!(
        "self-play: {games} games (white +{ww} ={dd} -{bb}), {} positions",
        samples.len()
    );
    Ok(samples)
}

fn linear(s: &Sample, mg: &[f64], eg: &[f64]) -> f64 {
    let mut m = 0.0;
    let mut e = 0.0;
    for &(i, c) in &s.features {
        m += mg[i as usize] * c as f64;
        e += eg[i as usize] * c as f64;
    }
    m * s.phase + e * (1.0 - s.phase)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn error(samples: &[Sample], mg: &[f64], eg: &[f64], k: f64) -> f64 {
    samples
        .iter()
        .map(|s| (sigmoid(k * linear(s, mg, eg)) - s.result).powi(2))
        .sum::<f64>()
        / samples.len() as f64
}

pub fn run(a: TuneArgs) -> CliResult {
    let samples = collect(&a)?;
    if samples.len() < 100 {
        return Err(CliError::Failed("too few positions to tune".into()));
    }
    let start = if a.from_hand {
        eval::hand_weights()
    } else {
        Weights::default()
    };
    let prior = eval::hand_weights();
    let prior: Vec<f64> = prior
        .mg
        .iter()
        .chain(prior.eg.iter())
        .map(|&v| v as f64)
        .collect();
    let mut mg: Vec<f64> = start.mg.iter().map(|&v| v as f64).collect();
    let mut eg: Vec<f64> = start.eg.iter().map(|&v| v as f64).collect();
    // the scaling constant that fits the starting weights best
    let mut k = 0.01;
    let mut best = f64::MAX;
    for i in 1..=60 {
        let kk = i as f64 * 0.0005;
        let e = error(&samples, &mg, &eg, kk);
        if e < best {
            best = e;
            k = kk;
        }
    }
    eprintln!("k = {k:.4}, starting error {best:.6}");
    let n = N_FEATURES;
    let (mut m1, mut v1) = (vec![0.0; 2 * n], vec![0.0; 2 * n]);
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let bar = progress_bar(a.epochs as u64, "fit");
    for epoch in 1..=a.epochs {
        let mut grad = vec![0.0; 2 * n];
        for s in &samples {
            let p = sigmoid(k * linear(s, &mg, &eg));
            let g = 2.0 * (p - s.result) * p * (1.0 - p) * k;
            for &(i, c) in &s.features {
                grad[i as usize] += g * c as f64 * s.phase;
                grad[n + i as usize] += g * c as f64 * (1.0 - s.phase);
            }
        }
        let len = samples.len() as f64;
        for j in 0..2 * n {
            if j == eval::MAN {
                continue; // the unit
            }
            let w = if j < n { mg[j] } else { eg[j - n] };
            let g = grad[j] / len + 2.0 * a.reg * (w - prior[j]);
            m1[j] = b1 * m1[j] + (1.0 - b1) * g;
            v1[j] = b2 * v1[j] + (1.0 - b2) * g * g;
            let mh = m1[j] / (1.0 - b1.powi(epoch as i32));
            let vh = v1[j] / (1.0 - b2.powi(epoch as i32));
            let step = a.rate * mh / (vh.sqrt() + eps);
            if j < n {
                mg[j] -= step;
            } else {
                eg[j - n] -= step;
            }
        }
        if epoch % 50 == 0 {
            bar.set_message(format!("error {:.6}", error(&samples, &mg, &eg, k)));
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    eprintln!("final error {:.6}", error(&samples, &mg, &eg, k));
    let w = Weights {
        mg: std::array::from_fn(|i| mg[i].round() as i32),
        eg: std::array::from_fn(|i| eg[i].round() as i32),
    };
    let src = rust_source(&w, &a, samples.len());
    match &a.write {
        Some(path) => std::fs::write(path, src)?,
        None => print!("{src}"),
    }
    let _ = Color::White;
    Ok(())
}

fn rust_source(w: &Weights, a: &TuneArgs, n: usize) -> String {
    let fmt = |v: &[i32]| {
        v.chunks(8)
            .map(|c| {
                format!(
                    "        {},",
                    c.iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    format!(
        "//! Weights fitted by `shashki tune` (see BENCHMARKS.md \"## Search\").\n\
         //! Generated by: shashki tune --games {} --play {} --epochs {} --reg {}{} ({n} positions).\n\
         //! Feature order: see the constants in `eval.rs`.\n\n\
         use super::eval::Weights;\n\n\
         /// The engine's default evaluation weights.\n\
         pub fn tuned_weights() -> Weights {{\n    Weights {{\n        mg: [\n{}\n        ],\n        eg: [\n{}\n        ],\n    }}\n}}\n",
        a.games,
        a.play,
        a.epochs,
        a.reg,
        if a.from_hand { " --from-hand" } else { "" },
        fmt(&w.mg).replace("\n        ", "\n            ").replacen("        ", "            ", 1),
        fmt(&w.eg).replace("\n        ", "\n            ").replacen("        ", "            ", 1),
    )
}
