//! Perft on the wider boards against the published counts
//! (`tests/data/perft_ten_by_ten.txt`, a copy of `shared/perft/ten-by-ten.txt`):
//!
//! ```text
//! cargo run --release -p shashki-engine --example perft_wide -- [MAX_DEPTH] [LINE]
//! ```
//!
//! Every International, `international-10x8` and Frisian line (or only line number
//! LINE, from 1, in the file's order), each depth up to MAX_DEPTH (all
//! published depths when omitted), printing the count, the time and the
//! leaves per second, and stopping at the first count that differs.

use shashki_engine::fen::parse_fen_on;
use shashki_engine::perft;
use shashki_engine::rules::{Frisian, International, International10x8, Rules};
use std::time::Instant;

fn run<R: Rules>(fen: &str, counts: &[u64], max_depth: usize) -> bool {
    let pos = parse_fen_on::<R::Shape>(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .position;
    println!("{} {fen}", R::NAME);
    for (i, &expect) in counts.iter().enumerate().take(max_depth) {
        let depth = i as u32 + 1;
        let t = Instant::now();
        let n = perft::<R>(&pos, depth);
        let s = t.elapsed().as_secs_f64();
        let ok = if n == expect { "ok" } else { "WRONG" };
        println!(
            "  {depth:>2} {n:>14} {s:>9.3} s {:>7.1} M/s  {ok} (published {expect})",
            n as f64 / s.max(1e-9) / 1e6
        );
        if n != expect {
            return false;
        }
    }
    true
}

fn main() {
    let mut args = std::env::args().skip(1);
    let max_depth: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(99);
    let only: Option<usize> = args.next().and_then(|a| a.parse().ok());
    let data = include_str!("../tests/data/perft_ten_by_ten.txt");
    let mut all_ok = true;
    let lines = data
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    for (n, line) in lines.enumerate() {
        if only.is_some_and(|o| o != n + 1) {
            continue;
        }
        let mut parts = line.split('|');
        let (Some(name), Some(fen), Some(counts)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let counts: Vec<u64> = counts
            .split_whitespace()
            .map(|c| c.parse().expect("count"))
            .collect();
        all_ok &= match name {
            "international" => run::<International>(fen, &counts, max_depth),
            "international-10x8" => run::<International10x8>(fen, &counts, max_depth),
            "frisian" => run::<Frisian>(fen, &counts, max_depth),
            _ => {
                println!("{name}: not played by the engine, skipped");
                true
            }
        };
    }
    std::process::exit(if all_ok { 0 } else { 1 });
}
