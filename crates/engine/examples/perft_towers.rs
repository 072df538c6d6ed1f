//! Bashni perft: `perft_towers [DEPTH] [FEN]` prints each depth's leaves
//! and time.
use shashki_engine::towers::{parse_tower_fen, perft, TowerPosition};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(7);
    let pos = match args.next() {
        Some(fen) => match parse_tower_fen(&fen) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        },
        None => TowerPosition::initial(),
    };
    for d in 1..=depth {
        let t = std::time::Instant::now();
        let n = perft(&pos, d);
        println!("{d} {n} {:.3}", t.elapsed().as_secs_f64());
    }
}
