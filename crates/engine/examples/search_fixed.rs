//! `cargo run --release -p shashki-engine --example search_fixed -- [DEPTH]`:
//! a fixed-depth Russian search of eight middlegame positions (the first
//! eight of `benches/search_speed.rs`), one 16 MiB table each, printing the
//! nodes. Deterministic, so its instruction count (valgrind
//! `--tool=callgrind`) measures the search's speed (BENCHMARKS.md).

use shashki_engine::search::{Limits, Searcher};
use shashki_engine::Position;

const POSITIONS: [&str; 8] = [
    "B:Wa1,c1,e1,g1,h2,a3,e3,g3,d4:Bc5,g5,b6,h6,c7,b8,d8,f8,h8",
    "B:Wa1,e1,g1,b2,f2,h2,a3,g3,b4,f4:Bc5,e5,d6,f6,h6,a7,e7,b8,f8,h8",
    "B:Wa1,c1,e1,g1,b2,d2,a3,g3,a5:Bc5,e5,d6,h6,e7,b8,d8,f8,h8",
    "B:Wa1,c1,e1,g1,d2,h2,b4,d4:Bg3,f4,f6,a7,e7,b8,d8,f8,h8",
    "B:Wa1,c1,e1,g1,b2,e3,g3,a5:Be5,h6,a7,e7,b8,d8,f8,h8",
    "B:Wa1,c1,e1,g1,f2,h2,a3,c5:Bh4,g5,f6,a7,b8,d8,f8,h8",
    "B:Wa1,c1,e1,g1,f2,a3,c3,d4,f4,h4:Bb6,d6,h6,c7,e7,g7,b8,d8,f8,h8",
    "W:Wa1,c1,e1,g1,b2,f2,h2,a3:Bd4,e5,g5,a7,e7,b8,f8,h8",
];

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10);
    let t = std::time::Instant::now();
    let mut nodes = 0;
    for fen in POSITIONS {
        let pos = Position::from_fen(fen).expect("valid FEN");
        let mut s = Searcher::new(16);
        let r = s
            .search(&pos, &[], &Limits::depth(depth), |_| {})
            .expect("a move");
        println!("{fen}\t{} {} nodes {}", r.best_move, r.score, r.nodes);
        nodes += r.nodes;
    }
    println!(
        "depth {depth}: {nodes} nodes in {:.3} s",
        t.elapsed().as_secs_f64()
    );
}
