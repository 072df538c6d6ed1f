//! Games on the wide boards ([`GameOn`]): the draw rules of International
//! draughts (FMJD art. 6: repetition, 25 king-only moves, 16 moves with
//! three pieces against a lone king, 5 with two), Frisian's (the limit of
//! three non-capturing moves in a row by one king while its side has men;
//! two kings against one, 7 moves) and Russian draughts on 10×8 (15
//! king-only moves, three kings against one, 15 moves).

use shashki_engine::fen::parse_fen_on;
use shashki_engine::game::{DrawReason, GameOn, Outcome};
use shashki_engine::rules::{Frisian, International, Rules, Russian10x8};
use shashki_engine::GameError;

fn game<R: Rules>(fen: &str) -> GameOn<R> {
    GameOn::from_position(
        parse_fen_on::<R::Shape>(fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"))
            .position,
    )
}

/// Play `plies` non-capturing king moves, each to a position not seen
/// before in the game, the game going on after every one but the last
/// (depth-first, taking moves back where a line gets stuck). False when
/// no such line exists.
fn wander<R: Rules>(g: &mut GameOn<R>, plies: usize) -> bool {
    if plies == 0 {
        return true;
    }
    for mv in g.legal_moves() {
        if mv.is_capture() || !mv.is_king_move() {
            continue;
        }
        g.play(&mv).expect("legal");
        let fresh = g.repetitions() == 1;
        if fresh && plies == 1 {
            return true;
        }
        if fresh && g.outcome().is_none() && wander(g, plies - 1) {
            return true;
        }
        g.undo();
    }
    false
}

/// Play `plies` plies as [`wander`] does; the outcome of the last one,
/// having checked that the one before left the game going.
fn outcome_after<R: Rules>(g: &mut GameOn<R>, plies: usize) -> Option<Outcome> {
    assert!(wander(g, plies), "{plies} plies of king moves");
    let end = g.outcome();
    let last = g.undo().expect("a move");
    assert_eq!(g.outcome(), None, "the game went on before the last move");
    g.play(&last).expect("legal again");
    end
}

fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

#[test]
fn international_25_king_only_moves_each_draw() {
    // two kings and two men each, the men on the edges where no one can
    // take them; only kings move
    let mut g = game::<International>("W:WK33,K38,36,45:BK13,K18,6,15");
    assert_eq!(outcome_after(&mut g, 50), draw(DrawReason::KingsOnly));
    assert_eq!(g.counters().kings_only_plies, 50);
    // a man's move resets the count
    g.undo();
    let man = g
        .legal_moves()
        .into_iter()
        .find(|m| !m.is_king_move())
        .expect("a man move");
    assert_eq!(g.play(&man), Ok(None));
    assert_eq!(g.counters().kings_only_plies, 0);
}

#[test]
fn international_16_moves_with_three_pieces_against_a_lone_king() {
    let mut g = game::<International>("W:WK28,36,45:BK3");
    assert_eq!(outcome_after(&mut g, 31), draw(DrawReason::LoneKing));
    assert_eq!(g.counters().lone_king_moves, 16);
    // with the side to move the lone king's, the count is the stronger
    // side's moves: 16 of them after 32 plies
    let mut g = game::<International>("B:WK28,36,45:BK3");
    assert_eq!(outcome_after(&mut g, 32), draw(DrawReason::LoneKing));
}

#[test]
fn international_5_moves_with_two_pieces_against_a_lone_king() {
    let mut g = game::<International>("W:WK28,36:BK3");
    assert_eq!(outcome_after(&mut g, 9), draw(DrawReason::LoneKing));
    // four pieces against a lone king: no such rule; 25 king moves apply
    let mut g = game::<International>("W:WK28,36,45,K47:BK3");
    assert!(wander(&mut g, 40));
    assert!(g.outcome().is_none());
}

#[test]
fn international_third_repetition_draws() {
    let mut g = game::<International>("W:WK50,36,45:BK1,6,15");
    for (i, mv) in ["50-44", "1-7", "44-50", "7-1", "50-44", "1-7", "44-50"]
        .into_iter()
        .enumerate()
    {
        assert_eq!(g.play_text(mv).map(|_| g.outcome()), Ok(None), "{i}: {mv}");
    }
    assert_eq!(g.repetitions(), 2);
    g.play_text("7-1").unwrap();
    assert_eq!(g.outcome(), draw(DrawReason::Repetition));
    assert!(matches!(g.play_text("50-44"), Err(GameError::Over(_))));
    // taking the move back reopens the game
    g.undo();
    assert_eq!(g.outcome(), None);
}

/// White's king shuffles 50-44-50-44, Black's 1-7-1-7: three moves in a
/// row each.
const SHUFFLE: [(&str, &str); 3] = [("50-44", "1-7"), ("44-50", "7-1"), ("50-44", "1-7")];

#[test]
fn frisian_king_may_not_move_a_fourth_time_in_a_row_while_its_side_has_men() {
    let mut g = game::<Frisian>("W:WK50,36,45:BK1,6,15");
    for (w, b) in SHUFFLE {
        g.play_text(w).unwrap();
        g.play_text(b).unwrap();
    }
    assert_eq!(g.king_run().moves, 3);
    let legal = g.legal_moves();
    assert!(!legal.is_empty());
    assert!(
        legal.iter().all(|m| m.from().to_string() != "44"),
        "the king on 44 has moved three times: {legal:?}"
    );
    let err = g.play_text("44-50").unwrap_err();
    assert!(matches!(err, GameError::Move(_)), "{err}");
    // International has no such limit
    let mut intl = game::<International>("W:WK50,36,45:BK1,6,15");
    for (w, b) in SHUFFLE {
        intl.play_text(w).unwrap();
        intl.play_text(b).unwrap();
    }
    assert!(intl.play_text("44-50").is_ok());
    // a man's move; Black's king (Black has men) is under the same limit
    g.play_text("36-31").unwrap();
    assert_eq!(g.king_run().moves, 3, "Black's own run");
    assert!(g.legal_moves().iter().all(|m| m.from().to_string() != "7"));
    assert!(g.play_text("7-1").is_err());
    g.play_text("15-20").unwrap();
    // White's man move ended its king's run
    g.play_text("44-50").unwrap();
    assert_eq!(g.king_run().moves, 0, "Black's run ended with its man move");
    // another king's move starts its own count
    let mut g = game::<Frisian>("W:WK50,K48,36,45:BK1,6,15");
    for (w, b) in SHUFFLE {
        g.play_text(w).unwrap();
        g.play_text(b).unwrap();
    }
    g.play_text("48-43").unwrap();
    g.play_text("6-11").unwrap();
    assert_eq!(g.king_run().moves, 1);
    assert!(g.legal_moves().iter().any(|m| m.from().to_string() == "44"));
}

#[test]
fn frisian_king_limit_does_not_apply_with_kings_only() {
    let mut g = game::<Frisian>("W:WK50,K48:BK1,K3");
    for (w, b) in SHUFFLE {
        g.play_text(w).unwrap();
        g.play_text(b).unwrap();
    }
    assert_eq!(g.king_run().moves, 3);
    assert!(g.play_text("44-50").is_ok(), "no men: no limit");
}

#[test]
fn frisian_two_kings_against_one_draw_after_seven_moves() {
    let mut g = game::<Frisian>("W:WK46,K50:BK3");
    assert_eq!(outcome_after(&mut g, 13), draw(DrawReason::LoneKing));
    assert_eq!(g.counters().lone_king_moves, 7);
    // a king against a king: 2 moves (of White)
    let mut g = game::<Frisian>("W:WK46:BK3");
    assert_eq!(outcome_after(&mut g, 3), draw(DrawReason::LoneKing));
    // three kings against one: no such rule
    let mut g = game::<Frisian>("W:WK46,K50,K48:BK3");
    assert!(wander(&mut g, 20));
    assert_eq!(g.outcome(), None);
}

#[test]
fn russian_10x8_fifteen_king_moves_and_three_kings_against_one() {
    // kings and men on both sides, men on the edges: 15 moves each of kings
    let mut g = game::<Russian10x8>("W:WKc1,Ke1,a3,k2:BKd8,Kf8,a7,k6");
    assert_eq!(outcome_after(&mut g, 30), draw(DrawReason::KingsOnly));
    // three kings against a lone king: 15 moves of the stronger side
    let mut g = game::<Russian10x8>("W:WKa1,Kc1,Ke1:BKk8");
    assert_eq!(outcome_after(&mut g, 29), draw(DrawReason::LoneKing));
    assert_eq!(g.counters().lone_king_moves, 15);
}
