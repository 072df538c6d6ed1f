use shashki_engine::{perft, rules::Russian, Position};
fn main() {
    let d: u32 = std::env::args()
        .nth(1)
        .map(|s| s.parse().unwrap())
        .unwrap_or(10);
    let t = std::time::Instant::now();
    let n = perft::<Russian>(&Position::initial(), d);
    let s = t.elapsed().as_secs_f64();
    println!("{d} {n} {s:.3} {:.1} M/s", n as f64 / s / 1e6);
}
