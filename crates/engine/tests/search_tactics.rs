//! Tactical positions ("shots"): the engine must find the exact winning
//! first move. The positions were found by `mine_shots` below (random games,
//! kept when a quiet first move — a sacrifice the opponent must take — wins
//! at least a man and a half more than any other move) and each was then
//! checked by a deeper search and by hand.

use shashki_engine::search::{Limits, Searcher};
use shashki_engine::{Color, Position};

/// (FEN, winning first move).
const SHOTS: &[(&str, &str)] = &[
    (
        "W:Wa1,c1,e1,g1,d2,h2,a3,c3,h4:Bf4,a5,c5,a7,c7,e7,g7,b8,d8,h8",
        "c3-b4",
    ),
    ("W:Wc1,g1,b2,b4,c5,a7:Bh2,g5,b6,d6,e7", "a7-b8"),
    (
        "B:Wa1,g1,f2,h2,a3,e3,f4,h4:Ba5,f6,h6,e7,g7,b8,d8,f8,h8",
        "f6-g5",
    ),
    (
        "W:Wa1,e1,f2,h2,c3,e3,g3,d4:Ba5,g5,a7,c7,g7,b8,d8,h8",
        "c3-b4",
    ),
    (
        "B:Wa1,c1,e1,f2,h2,a3,c3,g3,f4,h4:Bd6,f6,h6,a7,e7,g7,d8,f8,h8",
        "f6-g5",
    ),
    (
        "W:Wa1,c1,e1,g1,d2,f2,h2,c3,d4,h4:Bg5,b6,f6,h6,a7,c7,e7,g7,b8,d8",
        "d4-e5",
    ),
    (
        "B:We1,g1,h2,c3,e3,g3,b4,h4:Be5,g5,f6,e7,g7,b8,d8,h8",
        "e5-f4",
    ),
    (
        "W:Wa1,c1,g1,b2,d2,f2,h2,a3,c3,e3:Bc5,e5,d6,h6,a7,c7,e7,g7,d8,f8",
        "e3-d4",
    ),
    (
        "B:Wa1,c1,g1,d2,f2,h2,a3,e3,h6:Ba5,c5,e5,f6,a7,c7,g7,d8,f8,h8",
        "e5-f4",
    ),
    ("W:Wa1,b2,h2,c7:Bd4,a7,h8", "b2-c3"),
    ("B:Wa1,e1,b2,d2,f2,h2,d4:Bf4,g5,h6,e7,g7,f8", "f4-e3"),
    (
        "B:Wa1,e1,g1,b2,h2,e3,b4,h4,a5:Bg5,b6,d6,f6,a7,c7,d8,f8",
        "f6-e5",
    ),
    (
        "B:Wa1,e1,g1,b2,f2,h2,g3,b4,f4:Bf6,h6,a7,c7,e7,b8,d8,f8,h8",
        "f6-e5",
    ),
    (
        "W:Wa1,e1,g1,b2,f2,h2,a3,e3,h6:Ba5,e5,a7,c7,e7,g7,f8,h8",
        "a3-b4",
    ),
    ("B:Wa1,f4,Kd8:Ba3,b6,c7,g7", "b6-a5"),
    (
        "B:Wa1,e1,g1,b2,f2,b4,f4,h4:Bf6,h6,a7,e7,g7,b8,f8,h8",
        "f6-e5",
    ),
    ("W:Wc1,e1,g1,g3,g5,h6:Ba5,e5,a7,c7,h8", "g5-f6"),
];

fn material(pos: &Position, c: Color) -> i32 {
    let (m, k) = pos.count(c);
    100 * m as i32 + 300 * k as i32
}

#[test]
fn finds_the_shots() {
    let mut failed = Vec::new();
    for (fen, want) in SHOTS {
        let pos = Position::from_fen(fen).unwrap();
        let mut s = Searcher::new(16);
        let r = s.search(&pos, &[], &Limits::depth(12), |_| {}).unwrap();
        if r.best_move.to_string() != *want {
            failed.push(format!(
                "{fen}: wanted {want}, got {} ({})",
                r.best_move, r.score
            ));
        }
    }
    assert!(failed.is_empty(), "missed shots:\n{}", failed.join("\n"));
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// `cargo test --release -p shashki-engine --test search_tactics -- --ignored --nocapture`
#[test]
#[ignore]
fn mine_shots() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut found = 0;
    for game in 0..4000 {
        let mut pos = Position::initial();
        let plies = 12 + rng.next() % 30;
        let mut ok = true;
        for _ in 0..plies {
            let m = pos.legal_moves();
            if m.is_empty() {
                ok = false;
                break;
            }
            pos = pos.make(&m[(rng.next() % m.len() as u64) as usize]);
        }
        if !ok || pos.must_capture() || pos.legal_moves().len() < 3 {
            continue;
        }
        let us = pos.side_to_move();
        let base = material(&pos, us) - material(&pos, us.opposite());
        let mut s = Searcher::new(8);
        let scored = s.root_scores(&pos, &[], 7, &Limits::default());
        let (best, bs) = scored[0];
        let second = scored[1].1;
        if best.is_capture() || bs - second < 150 || bs < 150 || !(-100..=100).contains(&base) {
            continue;
        }
        let after = pos.make(&best);
        if !after.must_capture() {
            continue;
        }
        // confirm deeper
        let r = s.search(&pos, &[], &Limits::depth(12), |_| {}).unwrap();
        if r.best_move != best || r.score < 150 {
            continue;
        }
        println!(
            "    (\"{}\", \"{}\"), // score {} vs {} game {game}",
            pos.to_fen(),
            best,
            bs,
            second
        );
        found += 1;
        if found >= 30 {
            break;
        }
    }
}
