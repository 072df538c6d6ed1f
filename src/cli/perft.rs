//! `shashki perft --depth N [--fen FEN] [--divide]`: one line per depth,
//! `d nodes seconds`; with `--divide`, per-move counts for the last depth.

use super::{position_arg_in, progress_bar, variant_arg, CliResult};
use shashki_engine::{perft, with_rules, Move, Rules};
use std::time::Instant;

#[derive(clap::Args)]
pub struct PerftArgs {
    /// Deepest depth to count (every depth from 1 is printed).
    #[arg(long, short)]
    depth: u32,
    /// Start position (PDN FEN); the initial position when absent.
    #[arg(long)]
    fen: Option<String>,
    /// Also print the count under each legal move at the last depth.
    #[arg(long)]
    divide: bool,
    /// Rule set: russian, poddavki, brazilian, pool, english, czech, italian, portuguese.
    #[arg(long, default_value = "russian")]
    variant: String,
}

pub fn run(a: PerftArgs) -> CliResult {
    let variant = variant_arg(&a.variant)?;
    let pos = position_arg_in(a.fen.as_deref(), variant)?;
    with_rules!(variant, R => run_with::<R>(&pos, a.depth, a.divide))
}

fn run_with<R: Rules<Shape = shashki_engine::square::Board8>>(
    pos: &shashki_engine::Position,
    depth: u32,
    divide: bool,
) -> CliResult {
    let mut roots: Vec<Move> = Vec::new();
    shashki_engine::generate::<R>(pos, &mut roots);
    for d in 1..=depth {
        let start = Instant::now();
        let mut per_move = Vec::new();
        let nodes = if d >= 9 || (divide && d == depth) {
            // root by root, so deep counts show progress and --divide has its numbers
            let bar = progress_bar(roots.len() as u64, &format!("perft {d}"));
            let mut sum = 0;
            for mv in &roots {
                bar.set_message(mv.to_string());
                let n = perft::<R>(&pos.make(mv), d - 1);
                per_move.push((*mv, n));
                sum += n;
                bar.inc(1);
            }
            bar.finish_and_clear();
            sum
        } else {
            perft::<R>(pos, d)
        };
        println!("{d} {nodes} {:.3}", start.elapsed().as_secs_f64());
        if divide && d == depth {
            for (mv, n) in per_move {
                println!("{mv} {n}");
            }
        }
    }
    Ok(())
}
