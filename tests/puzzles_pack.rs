//! The shipped puzzle pack: a year of well-formed, unique puzzles, and the
//! engine re-proves them (a sample here; every one with
//! `PUZZLES_FULL=1 cargo test --test puzzles_pack` or
//! `shashki puzzles verify assets/puzzles/pack.pdn`).

use shashki::core::puzzles::{read_pack, PACK};
use shashki::engine::puzzle::{Settings, Verifier};
use std::collections::HashSet;

#[test]
fn the_pack_has_a_year_of_unique_well_formed_puzzles() {
    let pack = read_pack(PACK);
    let games = shashki::engine::pdn::parse_pdn(PACK).unwrap();
    assert_eq!(pack.len(), games.len(), "every game is a puzzle");
    assert!(pack.len() >= 365, "{} puzzles", pack.len());
    let mut starts = HashSet::new();
    let mut ends = HashSet::new();
    let mut numbers = HashSet::new();
    for (n, p, pdn) in &pack {
        assert!(numbers.insert(*n), "number {n} twice");
        assert!(starts.insert(p.start.hash()), "#{n}: duplicate start");
        let mut end = p.start;
        for mv in p.main_line() {
            end = end.make(&mv);
        }
        assert!(ends.insert(end.hash()), "#{n}: same ending as another");
        assert!(p.shortest_line() >= 2, "#{n}: a one-move line");
        assert!(
            !p.start.must_capture(),
            "#{n}: starts with a capture pending"
        );
        assert!((1..=5).contains(&p.difficulty), "#{n}");
        assert!((800..=2400).contains(&p.rating), "#{n}");
        assert!(pdn.contains("[FEN \""), "#{n}");
    }
    // a mix of solvers and of lengths
    let black = pack
        .iter()
        .filter(|(_, p, _)| p.solver() == shashki::engine::Color::Black)
        .count();
    assert!(
        black > pack.len() / 5 && black < pack.len() * 4 / 5,
        "{black}"
    );
    assert!(pack.iter().any(|(_, p, _)| p.solver_moves() >= 4));
    assert!(pack.iter().any(|(_, p, _)| p.root.steps.len() == 2));
}

#[test]
fn the_engine_re_proves_a_sample_of_the_pack() {
    let pack = read_pack(PACK);
    let every = if std::env::var("PUZZLES_FULL").is_ok() {
        1
    } else {
        pack.len() / 24
    };
    let mut v = Verifier::new(Settings::default());
    let mut failed = Vec::new();
    let mut checked = 0;
    for (n, p, _) in pack.iter().step_by(every.max(1)) {
        checked += 1;
        if let Err(e) = v.verify(p) {
            failed.push(format!("#{n}: {e}"));
        }
    }
    assert!(checked >= 20);
    assert!(failed.is_empty(), "{failed:#?}");
}
