//! `cargo bench -p shashki-engine --bench search_speed [-- MS]`: nodes per
//! second and the depth reached in a fixed time over a fixed set of
//! middlegame positions (the figures in BENCHMARKS.md "## Search").

use shashki_engine::search::{Limits, Searcher};
use shashki_engine::Position;

/// Middlegame positions (after the openings of ordinary games).
pub const MIDDLEGAMES: [&str; 8] = [
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:W17,21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,16",
    "B:W18,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,11,12,15",
    "W:W19,21,22,23,25,26,27,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12",
    "W:W18,20,21,22,23,25,27,28,30,31:B2,3,4,5,6,7,9,11,12,13",
    "B:W17,19,21,22,24,25,27,28,31,32:B1,3,4,5,6,8,10,11,12,15",
    "W:W14,18,22,23,24,25,27,29,31:B3,5,6,7,9,10,11,12,13",
    "B:W15,19,21,22,25,26,28,30:B2,3,6,7,8,10,11,12",
];

fn main() {
    let ms: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(1000);
    let mut total_nodes = 0u64;
    let mut total_secs = 0.0;
    let mut depth_sum = 0u32;
    for fen in MIDDLEGAMES {
        let pos = Position::from_fen(fen).expect("valid FEN");
        let mut s = Searcher::new(64);
        let r = s
            .search(&pos, &[], &Limits::movetime(ms), |_| {})
            .expect("a move");
        println!(
            "{fen}\tdepth {} seldepth {} nodes {} time {} ms  best {} score {}",
            r.depth,
            r.seldepth,
            r.nodes,
            r.elapsed.as_millis(),
            r.best_move,
            r.score
        );
        total_nodes += r.nodes;
        total_secs += r.elapsed.as_secs_f64();
        depth_sum += r.depth;
    }
    println!(
        "average depth {:.2} in {ms} ms; {:.0} nodes/s",
        depth_sum as f64 / MIDDLEGAMES.len() as f64,
        total_nodes as f64 / total_secs
    );
}
