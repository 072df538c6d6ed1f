//! `shashki bestmove --fen FEN [--movetime MS] [--level L] [--depth D]`:
//! one `info depth … score … nodes … nps … pv …` line per completed
//! iteration, then `bestmove <move>` (algebraic) as the last line.

use super::{position_arg, CliError, CliResult};
use shashki_engine::search::{self, ChooseOptions, Level, Limits, Searcher};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

#[derive(clap::Args)]
pub struct BestmoveArgs {
    /// The position (PDN FEN); the initial position when absent.
    #[arg(long)]
    fen: Option<String>,
    /// Time limit per move in milliseconds (default 1000 unless --depth or
    /// --level is given).
    #[arg(long)]
    movetime: Option<u64>,
    /// Play at this level (1–8) instead of a plain search; --movetime then
    /// overrides the level's budget.
    #[arg(long)]
    level: Option<u8>,
    /// Deepest iteration in plies.
    #[arg(long)]
    depth: Option<u32>,
    /// Stop after about this many nodes.
    #[arg(long)]
    nodes: Option<u64>,
    /// Seed for the weak levels' choices.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
}

pub fn run(a: BestmoveArgs) -> CliResult {
    let pos = position_arg(a.fen.as_deref())?;
    if pos.legal_moves().is_empty() {
        return Err(CliError::Input(
            "the side to move has no legal move (the game is over)".into(),
        ));
    }
    let stop = Arc::new(AtomicBool::new(false));
    if let Some(l) = a.level {
        let level =
            Level::new(l).ok_or_else(|| CliError::Input(format!("level must be 1–8, got {l}")))?;
        let mut params = level.params();
        if let Some(ms) = a.movetime {
            params.movetime = Duration::from_millis(ms);
        }
        if let Some(d) = a.depth {
            params.depth = Some(d);
        }
        let mut searcher = Searcher::new(params.tt_mb);
        let options = ChooseOptions {
            params,
            seed: a.seed,
            stop: Some(stop),
            ..ChooseOptions::default()
        };
        let r = search::choose_move(&mut searcher, &pos, &options)
            .ok_or_else(|| CliError::Failed("no move found".into()))?;
        print_info(r.depth, r.score, r.nodes, r.elapsed, &r.pv);
        println!("bestmove {}", r.best_move);
        return Ok(());
    }
    let movetime = match (a.movetime, a.depth.or(a.nodes.map(|_| 0))) {
        (Some(ms), _) => Some(Duration::from_millis(ms)),
        (None, Some(_)) => None,
        (None, None) => Some(Duration::from_millis(1000)),
    };
    let limits = Limits {
        depth: a.depth,
        movetime,
        nodes: a.nodes,
        stop: Some(stop),
        ..Limits::default()
    };
    let mut searcher = Searcher::new(a.hash);
    let r = searcher
        .search(&pos, &[], &limits, |i| {
            print_info(i.depth, i.score, i.nodes, i.elapsed, &i.pv)
        })
        .ok_or_else(|| CliError::Failed("no move found".into()))?;
    println!("bestmove {}", r.best_move);
    Ok(())
}

fn print_info(depth: u32, score: i32, nodes: u64, elapsed: Duration, pv: &[shashki_engine::Move]) {
    let secs = elapsed.as_secs_f64();
    let nps = if secs > 0.0 {
        (nodes as f64 / secs) as u64
    } else {
        0
    };
    let pv: Vec<String> = pv.iter().map(|m| m.to_string()).collect();
    println!(
        "info depth {depth} score {score} nodes {nodes} nps {nps} time {} pv {}",
        elapsed.as_millis(),
        pv.join(" ")
    );
}
