//! `cargo bench -p shashki-engine --bench search_speed [-- MS]`: nodes per
//! second and the depth reached in a fixed time over a fixed set of
//! middlegame positions (the figures in BENCHMARKS.md "## Search").

use shashki_engine::search::{Limits, Searcher};
use shashki_engine::Position;

/// Middlegame positions: 3-move ballot openings 1, 27, 53, … continued by
/// depth-7 self-play for 12 (first eight) and 22 (last eight) more moves.
pub const MIDDLEGAMES: [&str; 16] = [
    "B:Wa1,c1,e1,g1,h2,a3,e3,g3,d4:Bc5,g5,b6,h6,c7,b8,d8,f8,h8",
    "B:Wa1,e1,g1,b2,f2,h2,a3,g3,b4,f4:Bc5,e5,d6,f6,h6,a7,e7,b8,f8,h8",
    "B:Wa1,c1,e1,g1,b2,d2,a3,g3,a5:Bc5,e5,d6,h6,e7,b8,d8,f8,h8",
    "B:Wa1,c1,e1,g1,d2,h2,b4,d4:Bg3,f4,f6,a7,e7,b8,d8,f8,h8",
    "B:Wa1,c1,e1,g1,b2,e3,g3,a5:Be5,h6,a7,e7,b8,d8,f8,h8",
    "B:Wa1,c1,e1,g1,f2,h2,a3,c5:Bh4,g5,f6,a7,b8,d8,f8,h8",
    "B:Wa1,c1,e1,g1,f2,a3,c3,d4,f4,h4:Bb6,d6,h6,c7,e7,g7,b8,d8,f8,h8",
    "W:Wa1,c1,e1,g1,b2,f2,h2,a3:Bd4,e5,g5,a7,e7,b8,f8,h8",
    "B:Wc1,g1,b2,h2,a3,e3,g3:Bc5,b6,d6,b8,d8,f8,h8",
    "B:Wa1,e1,b2,f2,a3,f4,h4,a5:Bd4,d6,h6,a7,c7,e7,f8,h8",
    "B:Wa1,c1,d2,a3,c3,h4,a5,g5:Be5,d6,c7,e7,d8,f8,h8",
    "B:Wc1,g1,b2,d4,f4,a5:Bf6,a7,e7,g7,b8,f8",
    "B:Wa1,c1,e1,g1,g3,d4:Bg5,b6,b8,d8,f8,h8",
    "B:Wa1,g1,d2,f2,h2,a3,c5:Be5,f6,a7,c7,b8,f8,h8",
    "B:Wa1,e1,d2,a3,c3,e3,d4,f4:Ba5,d6,h6,c7,g7,b8,d8,f8",
    "B:Wa1,c1,b2,d2,h2,a5:Be5,d6,a7,b8,h8",
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
