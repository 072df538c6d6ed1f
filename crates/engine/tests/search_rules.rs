//! The search never returns an illegal move, respects its time limit, can be
//! stopped from another thread, knows wins and draws, and its levels differ.

use shashki_engine::search::{
    self, choose_move, ChooseOptions, Level, Limits, SearchResult, Searcher, WIN_BOUND,
};
use shashki_engine::Position;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The move `level` chooses in `pos` on a fresh searcher.
fn level_move(pos: &Position, level: Level, seed: u64) -> SearchResult {
    let params = level.params();
    let mut searcher = Searcher::new(params.tt_mb);
    let options = ChooseOptions {
        params,
        seed,
        ..ChooseOptions::default()
    };
    choose_move(&mut searcher, pos, &options).expect("a move")
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

fn random_positions(n: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut pos = Position::initial();
        let plies = rng.next() % 90;
        for _ in 0..plies {
            let m = pos.legal_moves();
            if m.is_empty() {
                break;
            }
            pos = pos.make(&m[(rng.next() % m.len() as u64) as usize]);
        }
        if !pos.legal_moves().is_empty() {
            out.push(pos);
        }
    }
    out
}

#[test]
fn never_returns_an_illegal_move() {
    let mut s = Searcher::new(4);
    for (i, pos) in random_positions(300, 7).into_iter().enumerate() {
        let limits = Limits {
            depth: Some(1 + (i % 6) as u32),
            nodes: Some(20_000),
            ..Limits::default()
        };
        let r = s.search(&pos, &[], &limits, |_| {}).expect("a move");
        assert!(
            pos.legal_moves().contains(&r.best_move),
            "{pos:?}: {}",
            r.best_move
        );
        for l in [Level::MIN, Level::new(3).unwrap()] {
            let r = level_move(&pos, l, i as u64);
            assert!(pos.legal_moves().contains(&r.best_move));
        }
    }
}

#[test]
fn no_move_means_none() {
    // Black to move with no piece able to move: a loss, no move returned
    let pos =
        Position::from_fen("B:Wc3,d4:Ba1").unwrap_or_else(|_| Position::from_fen("B:W:B").unwrap());
    if pos.legal_moves().is_empty() {
        assert!(search::search(&pos, &[], &Limits::depth(3)).is_none());
    }
}

#[test]
fn respects_the_time_limit() {
    let mut s = Searcher::new(16);
    for pos in random_positions(6, 11) {
        let t = Instant::now();
        let r = s.search(&pos, &[], &Limits::movetime(150), |_| {}).unwrap();
        let took = t.elapsed();
        // generous bound: the limit is checked every 1024 nodes
        assert!(took < Duration::from_millis(400), "took {took:?}");
        assert!(pos.legal_moves().contains(&r.best_move));
    }
}

#[test]
fn stops_from_another_thread() {
    let stop = Arc::new(AtomicBool::new(false));
    let s2 = stop.clone();
    let h = std::thread::spawn(move || {
        let mut s = Searcher::new(16);
        let limits = Limits {
            stop: Some(s2),
            ..Limits::default()
        };
        let t = Instant::now();
        let r = s.search(&Position::initial(), &[], &limits, |_| {});
        (r, t.elapsed())
    });
    std::thread::sleep(Duration::from_millis(200));
    stop.store(true, Ordering::Relaxed);
    let (r, took) = h.join().unwrap();
    assert!(r.is_some());
    assert!(took < Duration::from_secs(2));
}

#[test]
fn sees_a_won_king_ending_and_a_draw() {
    // three kings against a lone king off the main road: winning
    let pos = Position::from_fen("W:WKa1,Kc1,Ke1:BKg7").unwrap();
    let r = search::search(&pos, &[], &Limits::depth(6)).unwrap();
    assert!(r.score > 300, "{}", r.score);
    // one king against one king: a draw
    let pos = Position::from_fen("W:WKa1:BKh2").unwrap();
    let r = search::search(&pos, &[], &Limits::depth(8)).unwrap();
    assert!(r.score.abs() < 50, "{}", r.score);
}

#[test]
fn finds_a_win_by_distance() {
    // White king takes the last black man
    let pos = Position::from_fen("W:WKa1,c3:Bf6").unwrap();
    let r = search::search(&pos, &[], &Limits::depth(10)).unwrap();
    assert!(r.score > WIN_BOUND || r.score > 200, "{}", r.score);
}

#[test]
fn repetition_in_history_is_a_draw() {
    // kings only, equal: a position already seen twice scores zero anyway,
    // but the search must accept history without panicking
    let pos = Position::from_fen("W:WKa1,Kc1:BKh8,Kf8").unwrap();
    let child = pos.make(&pos.legal_moves()[0]);
    let hist = vec![pos.hash(), child.hash(), pos.hash(), child.hash()];
    let r = search::search(&pos, &hist, &Limits::depth(6)).unwrap();
    assert!(pos.legal_moves().contains(&r.best_move));
}

#[test]
fn levels_differ() {
    let positions = random_positions(10, 99);
    let mut nodes = [0u64; 8];
    for l in Level::all() {
        for (i, p) in positions.iter().enumerate() {
            let r = level_move(p, l, i as u64);
            nodes[l.number() as usize - 1] += r.nodes;
        }
    }
    for w in 1..7 {
        assert!(
            nodes[w] >= nodes[w - 1],
            "level {} searched less than level {}: {nodes:?}",
            w + 1,
            w
        );
    }
    assert!(nodes[7] > nodes[0] * 20, "{nodes:?}");
    for l in Level::all().skip(1) {
        assert!(l.budget() <= Duration::from_secs(5));
    }
}

#[test]
fn weak_levels_are_deterministic_given_a_seed() {
    let pos = random_positions(1, 5)[0];
    let l = Level::new(2).unwrap();
    let a = level_move(&pos, l, 42);
    let b = level_move(&pos, l, 42);
    assert_eq!(a.best_move, b.best_move);
}

#[test]
fn weak_levels_do_not_give_pieces_away() {
    // a position where one move hangs a man for nothing: levels 1-3 avoid it
    // every time (over many seeds); we check that no chosen move loses a man
    // to an immediate single capture that gains nothing back
    for pos in random_positions(40, 3) {
        if pos.must_capture() {
            continue;
        }
        let best = search::search(&pos, &[], &Limits::depth(4)).unwrap().score;
        if best.abs() > 500 {
            continue; // already decided: any winning line will do
        }
        for seed in 0..3 {
            let r = level_move(&pos, Level::MIN, seed);
            let after = pos.make(&r.best_move);
            let reply = search::search(&after, &[], &Limits::depth(3))
                .unwrap()
                .score;
            // the opponent's view after our move at depth 3 vs our best at depth 4
            assert!(
                -reply > best - 250,
                "{pos:?}: {} loses too much ({} vs {best})",
                r.best_move,
                -reply
            );
        }
    }
}
