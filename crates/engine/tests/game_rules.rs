//! Results and every draw rule of RULES.md: each rule is reached, and does not
//! fire one ply earlier.

use shashki_engine::game::{DrawReason, Game, GameError, Outcome, WinReason, LONG_DIAGONAL};
use shashki_engine::{Color, Move, Position, Variant8};

fn game(fen: &str) -> Game {
    Game::from_position(Variant8::Russian, Position::from_fen(fen).unwrap())
}

/// Find `plies` moves from the current position such that no capture is ever
/// available, no position repeats, and every move passes `ok`. Depth-first.
fn find_line(g: &mut Game, plies: usize, ok: &dyn Fn(&Game, &Move) -> bool) -> Option<Vec<Move>> {
    if plies == 0 {
        return Some(Vec::new());
    }
    for mv in g.legal_moves() {
        if mv.is_capture() || !ok(g, &mv) {
            continue;
        }
        let after = g.position().make(&mv);
        if g.positions().contains(&after) || after.must_capture() {
            continue;
        }
        g.play(&mv).unwrap();
        let finished = g.is_over();
        if !finished || plies == 1 {
            if let Some(mut rest) = find_line(g, plies - 1, ok) {
                rest.insert(0, mv);
                g.undo();
                return Some(rest);
            }
        }
        g.undo();
    }
    None
}

/// Play `line` and check the game runs until its last move, which ends it.
fn play_to_end(g: &mut Game, line: &[Move]) -> Outcome {
    let (last, before) = line.split_last().unwrap();
    for mv in before {
        assert_eq!(g.play(mv).unwrap(), None, "ended early at ply {}", g.ply());
    }
    g.play(last).unwrap().expect("the last move ends the game")
}

#[test]
fn no_legal_moves_loses_and_wins_in_poddavki() {
    // White man a1 blocked by b2 (backed by c3): White cannot move
    let pos = Position::from_fen("W:Wa1:Bb2,c3").unwrap();
    let g = Game::from_position(Variant8::Russian, pos);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoLegalMoves
        })
    );
    let g = Game::from_position(Variant8::Poddavki, pos);
    assert_eq!(g.outcome().unwrap().winner(), Some(Color::White));

    // capturing the last piece wins
    let mut g = game("W:Wc3:Bd4");
    assert_eq!(
        g.play_text("c3:e5").unwrap().to_string(),
        "c3:e5",
        "the only move"
    );
    assert_eq!(g.outcome().unwrap().winner(), Some(Color::White));
    assert_eq!(g.outcome().unwrap().pdn_result(), "2-0");
    assert!(matches!(g.play_text("e5-d6"), Err(GameError::Over(_))));
}

#[test]
fn resignation_timeout_agreement_and_undo() {
    let mut g = Game::new(Variant8::Russian);
    g.play_text("c3-d4").unwrap();
    assert_eq!(g.move_number(), 1);
    assert_eq!(g.side_to_move(), Color::Black);
    let o = g.resign(Color::Black).unwrap();
    assert_eq!(o.pdn_result(), "2-0");
    assert!(g.agree_draw().is_err(), "cannot end twice");

    let mut g = Game::new(Variant8::Russian);
    assert_eq!(
        g.time_out(Color::White).unwrap().winner(),
        Some(Color::Black)
    );

    let mut g = Game::new(Variant8::Russian);
    assert_eq!(g.agree_draw().unwrap().pdn_result(), "1-1");

    let mut g = Game::new(Variant8::Russian);
    let mv = g.play_text("g3-h4").unwrap();
    assert_eq!(g.undo(), Some(mv));
    assert_eq!(g.position(), &Position::initial());
    assert_eq!(g.undo(), None);
    let e = g.play_text("a1-b2").unwrap_err();
    assert!(e.to_string().contains("legal moves"), "{e}");
}

#[test]
fn threefold_repetition() {
    // 4 pieces, both sides with kings: the 30-move rule is far away
    let mut g = game("W:WKa1,c1:BKh6,f8");
    let cycle = ["a1-b2", "h6-g5", "b2-a1", "g5-h6"];
    for (i, m) in cycle.iter().chain(cycle.iter()).enumerate() {
        g.play_text(m).unwrap();
        assert_eq!(g.is_over(), i == 7, "ply {}", i + 1);
        if i == 3 {
            assert_eq!(g.repetitions(), 2);
        }
        if i == 7 {
            assert_eq!(
                g.outcome(),
                Some(Outcome::Draw {
                    reason: DrawReason::Repetition
                })
            );
        }
    }
}

#[test]
fn fifteen_moves_of_kings_only() {
    // 8 pieces: no piece-count rule applies
    let mut g = game("W:WKa1,Kc1,e1,g1:BKh8,Kf8,d8,b8");
    let line = find_line(&mut g, 30, &|_, m| m.is_king_move()).expect("a line exists");
    assert_eq!(
        play_to_end(&mut g, &line),
        Outcome::Draw {
            reason: DrawReason::KingsOnly
        }
    );
    assert_eq!(g.ply(), 30);

    // a man move resets the count
    let mut g = game("W:WKa1,Kc1,e1,g1:BKh8,Kf8,d8,b8");
    let line = find_line(&mut g, 29, &|_, m| m.is_king_move()).unwrap();
    for m in &line {
        g.play(m).unwrap();
    }
    assert_eq!(g.counters().kings_only_plies, 29);
    let man_move = g
        .legal_moves()
        .into_iter()
        .find(|m| !m.is_king_move() && !m.is_capture())
        .expect("Black has a man move");
    assert_eq!(g.play(&man_move).unwrap(), None);
    assert_eq!(g.counters().kings_only_plies, 0);
}

#[test]
fn three_kings_against_a_lone_king() {
    // the lone king keeps off the long diagonal (else the 5-move rule applies)
    let off_diagonal =
        |g: &Game, m: &Move| g.side_to_move() == Color::White || m.to().bb() & LONG_DIAGONAL == 0;
    let mut g = game("W:WKc1,Ke1,Kg1:BKh2");
    let line = find_line(&mut g, 29, &off_diagonal).expect("a line exists");
    // White's 15th move is ply 29
    assert_eq!(
        play_to_end(&mut g, &line),
        Outcome::Draw {
            reason: DrawReason::LoneKing
        }
    );
    assert_eq!(g.counters().lone_king_moves, 15);

    // counting starts when the balance arises: here by a capture
    let mut g = game("W:WKa1,Kc1,Ke1,Kg1:BKh2,f6");
    // White king a1 takes f6 (b2..e5 empty), leaving four kings v one king
    let take = g
        .legal_moves()
        .into_iter()
        .find(|m| m.is_capture())
        .expect("a capture");
    g.play(&take).unwrap();
    assert_eq!(g.counters().lone_king_moves, 0);
}

#[test]
fn lone_king_on_the_long_diagonal() {
    let on_diagonal =
        |g: &Game, m: &Move| g.side_to_move() == Color::White || m.to().bb() & LONG_DIAGONAL != 0;
    let mut g = game("W:WKc1,Ke1,Kg1:BKa1");
    let line = find_line(&mut g, 9, &on_diagonal).expect("a line exists");
    // White's 5th move is ply 9
    assert_eq!(
        play_to_end(&mut g, &line),
        Outcome::Draw {
            reason: DrawReason::LongDiagonal
        }
    );

    // two kings and a man count as three pieces too; leaving the diagonal resets
    let mut g = game("W:WKc1,Ke1,g3:BKa1");
    let line = find_line(&mut g, 4, &on_diagonal).unwrap();
    for m in &line {
        g.play(m).unwrap();
    }
    assert_eq!(g.counters().long_diagonal_moves, 2);
    let off = find_line(&mut g, 2, &|g, m| {
        g.side_to_move() == Color::White || m.to().bb() & LONG_DIAGONAL == 0
    })
    .unwrap();
    for m in &off {
        g.play(m).unwrap();
    }
    assert_eq!(g.counters().long_diagonal_moves, 0);
}

#[test]
fn balance_unchanged_two_or_three_pieces_five_moves() {
    let mut g = game("W:WKc1:BKf8");
    let line = find_line(&mut g, 10, &|_, _| true).unwrap();
    assert_eq!(
        play_to_end(&mut g, &line),
        Outcome::Draw {
            reason: DrawReason::BalanceUnchanged {
                pieces: 2,
                moves: 5
            }
        }
    );
    let mut g = game("W:WKc1,Ke1:BKf8");
    let line = find_line(&mut g, 10, &|_, _| true).unwrap();
    assert_eq!(
        play_to_end(&mut g, &line),
        Outcome::Draw {
            reason: DrawReason::BalanceUnchanged {
                pieces: 3,
                moves: 5
            }
        }
    );
}

#[test]
fn balance_unchanged_four_pieces_thirty_moves() {
    // a man must move now and then, or the kings-only rule ends it first;
    // men move only when needed so they last the 60 plies
    let mixed = |g: &Game, m: &Move| {
        let k = g.counters().kings_only_plies;
        if m.is_king_move() {
            k < 20
        } else {
            k >= 18 && !m.is_promotion()
        }
    };
    let mut g = game("W:WKc1,a3:BKf8,h6");
    let line = find_line(&mut g, 60, &mixed).expect("a line exists");
    assert_eq!(
        play_to_end(&mut g, &line),
        Outcome::Draw {
            reason: DrawReason::BalanceUnchanged {
                pieces: 4,
                moves: 30
            }
        }
    );
}

#[test]
fn balance_rule_needs_kings_on_both_sides_and_resets_on_crowning() {
    // only White has a king: no piece-count rule
    let mut g = game("W:WKa1,c1:Bh8,f8");
    let line = find_line(&mut g, 12, &|_, m| !m.is_promotion()).unwrap();
    for m in &line {
        assert_eq!(g.play(m).unwrap(), None);
    }
    assert_eq!(g.counters().balance_plies, 12);
    // a crowning changes the balance
    let mut g = game("W:WKa1,c7:BKh8,a3");
    g.play_text("c7-b8").unwrap();
    assert_eq!(g.counters().balance_plies, 0);
    assert!(!g.is_over());
}
