//! The International puzzle pack (`assets/puzzles/international.pdn`, made
//! by `shashki puzzles generate --variant international`): well formed, in
//! the square numbers 1–50, and every puzzle proved again by the engine —
//! every stored solver move wins, every other move does not, every reply is
//! the best defence, every line ends won.

use shashki_engine::fen::parse_fen_on;
use shashki_engine::moves::has_capture;
use shashki_engine::pdn::parse_pdn;
use shashki_engine::puzzle::{judge, walk, Answer, Puzzle, Reject, Settings, Verifier};
use shashki_engine::rules::International;
use shashki_engine::{Board10, Color};
use std::collections::HashSet;

const PACK: &str = include_str!("../../../assets/puzzles/international.pdn");

type Intl = Puzzle<International>;

/// The pack's puzzles with their Round numbers.
fn pack() -> Vec<(usize, Intl)> {
    let games = parse_pdn(PACK).expect("the pack parses");
    games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let p = Intl::from_pdn_in(g).unwrap_or_else(|e| panic!("puzzle {}: {e}", i + 1));
            let n = g.tag("Round").and_then(|r| r.parse().ok()).unwrap_or(0);
            (n, p)
        })
        .collect()
}

#[test]
fn the_pack_has_a_hundred_unique_well_formed_puzzles_in_square_numbers() {
    let pack = pack();
    assert!(pack.len() >= 100, "{} puzzles", pack.len());
    // the file is exactly what the writer writes: numbered 1, 2, 3, …
    let written: String = pack.iter().map(|(n, p)| p.to_pdn(*n)).collect();
    assert_eq!(written, PACK, "the pack is not as `to_pdn` writes it");
    let mut starts = HashSet::new();
    let mut ends = HashSet::new();
    for (i, (n, p)) in pack.iter().enumerate() {
        assert_eq!(*n, i + 1, "Round numbers run 1, 2, 3, …");
        assert!(starts.insert(p.start.hash()), "#{n}: duplicate start");
        let mut end = p.start;
        for mv in p.main_line() {
            end = end.make(&mv);
        }
        assert!(ends.insert(end.hash()), "#{n}: same ending as another");
        assert!(p.shortest_line() >= 2, "#{n}: a one-move line");
        assert!(
            !has_capture::<International>(&p.start),
            "#{n}: a capture is pending at the start"
        );
        assert!((1..=5).contains(&p.difficulty), "#{n}");
        assert!((800..=2400).contains(&p.rating), "#{n}");
    }
    // square numbers only, in the FEN tags and the moves
    for g in parse_pdn(PACK).unwrap() {
        assert_eq!(g.tag("GameType"), Some("20"));
        let fen = g.tag("FEN").expect("a FEN tag");
        assert!(parse_fen_on::<Board10>(fen).is_ok(), "{fen}");
        assert!(!fen[2..].chars().any(|c| c.is_ascii_lowercase()), "{fen}");
        let mut moves = g.moves.clone();
        while let Some(m) = moves.pop() {
            assert!(
                m.text
                    .split(['-', 'x'])
                    .all(|s| s.parse::<u8>().is_ok_and(|n| (1..=50).contains(&n))),
                "{}",
                m.text
            );
            moves.extend(m.variations.into_iter().flatten());
        }
    }
    // a mix of solvers, lengths and difficulties
    let black = pack
        .iter()
        .filter(|(_, p)| p.solver() == Color::Black)
        .count();
    assert!(
        black > pack.len() / 5 && black < pack.len() * 4 / 5,
        "{black}"
    );
    assert!(pack.iter().any(|(_, p)| p.solver_moves() >= 4));
    let levels: HashSet<u8> = pack.iter().map(|(_, p)| p.difficulty).collect();
    assert!(levels.len() >= 3, "{levels:?}");
}

/// Every puzzle of the pack, proved again (on two threads: about three
/// minutes of CPU in the test profile).
#[test]
fn the_engine_proves_every_puzzle_of_the_pack_again() {
    let pack = pack();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    let failed: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let pack = &pack;
                s.spawn(move || {
                    let mut v = Verifier::<International>::new_in(Settings::default());
                    pack.iter()
                        .skip(t)
                        .step_by(threads)
                        .filter_map(|(n, p)| v.verify(p).err().map(|e| format!("#{n}: {e}")))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a verifier thread"))
            .collect()
    });
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn tampered_international_puzzles_are_refused() {
    let pack = pack();
    let mut v = Verifier::<International>::new_in(Settings::default());
    let (n, good) = pack
        .iter()
        .find(|(_, p)| p.root.steps.len() == 1 && p.root.steps[0].reply.is_some())
        .expect("a puzzle with one first move and a reply");
    let first = good.main_line()[0];
    let after = good.start.make(&first);
    let mut legal = Vec::new();
    shashki_engine::moves::generate::<International>(&good.start, &mut legal);

    // another first move stored as the solution
    let wrong = legal.iter().find(|m| **m != first).expect("two moves");
    let mut p = good.clone();
    p.root.steps[0].mv = *wrong;
    assert!(v.verify(&p).is_err(), "#{n}: first move {wrong}");

    // a weaker reply instead of the best defence (the position after it
    // may differ, so the rest of the line is kept only when it is legal)
    let best = good.main_line()[1];
    let mut replies = Vec::new();
    shashki_engine::moves::generate::<International>(&after, &mut replies);
    for reply in replies.into_iter().filter(|r| *r != best) {
        let mut p = good.clone();
        if let Some((r, _)) = p.root.steps[0].reply.as_mut() {
            *r = reply;
        }
        assert!(v.verify(&p).is_err(), "#{n}: reply {reply}");
    }

    // the line cut before the win
    let mut p = good.clone();
    p.root.steps[0].reply = None;
    assert!(
        matches!(v.verify(&p), Err(Reject::Mismatch(_) | Reject::TooShort)),
        "#{n}: cut short"
    );

    // the judge follows the tree in International moves
    let Answer::Continue { reply, .. } = judge(&good.root, &first) else {
        panic!("#{n}: the first move is accepted");
    };
    assert_eq!(reply, best);
    assert!(walk(good, &[first, best]).is_some());
    assert_eq!(judge(&good.root, wrong), Answer::Wrong);
}

/// Proving the bare start positions of the first puzzles again finds the
/// same first moves (a retuned engine may see a borderline move there,
/// which only the generator's thresholds refuse).
#[test]
fn the_first_puzzles_are_found_again_from_their_start() {
    let pack = pack();
    let mut v = Verifier::<International>::new_in(Settings::default());
    for (n, p) in pack.iter().take(3) {
        match v.prove(&p.start) {
            Ok(again) => {
                let firsts = |q: &Intl| q.root.steps.iter().map(|s| s.mv).collect::<HashSet<_>>();
                assert_eq!(firsts(&again), firsts(p), "#{n}");
                assert_eq!(again.main_line(), p.main_line(), "#{n}");
            }
            Err(Reject::Ambiguous(_) | Reject::TooManyWins) => {}
            Err(e) => panic!("#{n}: {e}"),
        }
    }
}
