//! Vigman perft (a ply is one sub-move): `perft_vigman [DEPTH]`.
use shashki_engine::vigman::{perft, VigmanPosition};

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(7);
    let pos = VigmanPosition::initial();
    for d in 1..=depth {
        let t = std::time::Instant::now();
        let n = perft(&pos, d);
        println!("{d} {n} {:.3}", t.elapsed().as_secs_f64());
    }
}
